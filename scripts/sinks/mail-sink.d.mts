export interface RecordedMessage {
  id: number;
  receivedAt: string;
  to: string[];
  from: string;
  replyTo: string | null;
  subject: string;
  text: string | null;
  html: string | null;
  customArgs: Record<string, string>;
  attachments: { content: string; filename: string; type?: string; disposition?: string }[];
  body: unknown;
}
export interface SinkMode {
  status: number | "hang";
  times?: number;
  retryAfter?: number;
}
export interface MailSink {
  url: string;
  port: number;
  messages(): RecordedMessage[];
  /** How many sandbox-mode messages it answered (never recorded as messages). */
  sandboxed(): number;
  clear(): void;
  setMode(mode: SinkMode): void;
  close(): Promise<void>;
}
export function startMailSink(options?: {
  port?: number;
  host?: string;
  apiKey?: string;
  dir?: string;
  onMessage?: (message: RecordedMessage) => void;
}): Promise<MailSink>;
