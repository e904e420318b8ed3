export type RecordedMessage = {
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
};
export type SinkMode = { status: number | "hang"; times?: number; retryAfter?: number };
export type SinkOptions = { port?: number; dir?: string };
export type Sink = {
  url: string;
  port: number;
  clear(): void;
  setMode(mode: SinkMode): void;
  close(): Promise<void>;
};
export type MailSink = Sink & { messages(): RecordedMessage[] };
export function startMailSink(
  options?: SinkOptions & {
    apiKey?: string;
    onMessage?: (message: RecordedMessage) => void;
    timeZone?: () => { zone: string; source: string } | undefined;
  },
): Promise<MailSink>;
