import type { Sink, SinkOptions } from "./mail-sink.mjs";

export type RecordedDelivery = {
  id: number;
  receivedAt: string;
  headers: Partial<Record<"content-type" | "webhook-id" | "webhook-timestamp" | "webhook-signature", string>>;
  body: unknown;
  raw: string;
};
export type WebhookSink = Sink & { origin: string; deliveries(): RecordedDelivery[] };
export function startWebhookSink(
  options?: SinkOptions & { onDelivery?: (delivery: RecordedDelivery) => void },
): Promise<WebhookSink>;
