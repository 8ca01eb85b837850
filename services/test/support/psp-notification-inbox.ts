import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDER_SIGNATURE_HEADER } from '@alpenpass/contracts';
import { waitForValue } from '@alpenpass/infra/test/support';

export interface ReceivedNotification {
  rawBody: string;
  signature: string | undefined;
  transactionId: string | undefined;
  status: string | undefined;
}

/** Stands in for the shop's notification endpoint: records every POST exactly as it arrived. */
export class NotificationInbox {
  readonly received: ReceivedNotification[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let parsed: { transactionId?: string; status?: string } = {};
        try {
          parsed = JSON.parse(rawBody) as typeof parsed;
        } catch {
          // recorded as it came
        }
        const header = req.headers[PROVIDER_SIGNATURE_HEADER];
        this.received.push({
          rawBody,
          signature: typeof header === 'string' ? header : undefined,
          transactionId: parsed.transactionId,
          status: parsed.status,
        });
        res.statusCode = 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/payment-notifications`;
  }

  for(transactionId: string): ReceivedNotification[] {
    return this.received.filter((notification) => notification.transactionId === transactionId);
  }

  /** Waits until `transactionId` has at least `count` notifications (the patient deadline only bounds a failure). */
  waitFor(transactionId: string, count = 1, baseMs = 20_000): Promise<ReceivedNotification[]> {
    return this.waitForReceived(
      transactionId,
      `${count} notifications`,
      (list) => list.length >= count,
      baseMs,
    );
  }

  /** Waits until a notification with `status` for `transactionId` is here; answers all of the transaction's. */
  waitForStatus(transactionId: string, status: string, baseMs = 20_000): Promise<ReceivedNotification[]> {
    return this.waitForReceived(
      transactionId,
      `a ${status} notification`,
      (list) => list.some((notification) => notification.status === status),
      baseMs,
    );
  }

  private waitForReceived(
    transactionId: string,
    expected: string,
    done: (received: ReceivedNotification[]) => boolean,
    baseMs: number,
  ): Promise<ReceivedNotification[]> {
    return waitForValue(
      `${expected} for ${transactionId}`,
      async () => this.for(transactionId),
      done,
      baseMs,
      { intervalMs: 25 },
    );
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
