import type { SinkMode } from "./mail-sink.mjs";

export interface RecordedDelivery {
  id: number;
  receivedAt: string;
  headers: Partial<Record<"content-type" | "webhook-id" | "webhook-timestamp" | "webhook-signature", string>>;
  body: unknown;
  raw: string;
}
export interface WebhookSink {
  url: string;
  origin: string;
  port: number;
  deliveries(): RecordedDelivery[];
  clear(): void;
  setMode(mode: SinkMode): void;
  close(): Promise<void>;
}
export function startWebhookSink(options?: {
  port?: number;
  host?: string;
  path?: string;
  dir?: string;
  onDelivery?: (delivery: RecordedDelivery) => void;
}): Promise<WebhookSink>;
