/**
 * A settings problem without its shape and example (netlify/lib/kit/settings.ts `settingProblem`), e.g.
 * `follow-up: SALES_TEAM is invalid`, for tests about which variables are named rather than how.
 */
export const namesOnly = (text: string): string => text.replace(/: expected [^;]*/g, "");
