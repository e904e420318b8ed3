/** Types for local-sinks.mjs (see its docstring). */
export const LOCAL_WEBHOOK: "local";
export function startLocalWebhook(root: string): Promise<{ url: string; close: () => Promise<void> } | null>;
