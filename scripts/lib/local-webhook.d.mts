/** Types for local-webhook.mjs (see its docstring). */
export function localWebhookAddress(value: string): { host: string; port: number; path: string } | null;
export function startLocalWebhook(root: string): Promise<{ url: string; close: () => Promise<void> } | null>;
