export function startLocalWebhook(root: string): Promise<{ url: string; close: () => Promise<void> } | null>;
