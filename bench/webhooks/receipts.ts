import type { ReceivedWebhook } from '../../services/test/support/webhook-receiver-process';
import { percentile } from '../load/load-job';

/** What the receiver took: per message, when it arrived and how long after its event (or its start). */
export interface Receipt {
  webhookId: string;
  type: string;
  at: number;
  lagMs: number;
}

export const receiptsOf = (
  received: ReceivedWebhook[],
  startOf: (message: ReceivedWebhook) => number = (message) => Date.parse(message.payload.timestamp),
): Receipt[] =>
  received.map((message) => ({
    webhookId: message.webhookId,
    type: message.payload.type,
    at: Date.parse(message.receivedAt),
    lagMs: Date.parse(message.receivedAt) - startOf(message),
  }));

export function describeReceipts(receipts: Receipt[], seconds: number): string {
  const lags = receipts.map((receipt) => receipt.lagMs).sort((a, b) => a - b);
  return `${receipts.length} deliveries in ${seconds.toFixed(1)} s = ${(receipts.length / seconds).toFixed(1)}/s; lag p50 ${percentile(lags, 50)} ms, p99 ${percentile(lags, 99)} ms, max ${lags.at(-1) ?? 0} ms`;
}

export const deliveriesPerSecond = (receipts: Receipt[], from: number) =>
  receipts.length / Math.max(0.001, (Math.max(...receipts.map((receipt) => receipt.at)) - from) / 1000);
