import type { Logger } from 'pino';
import { PROVIDER_SIGNATURE_HEADER } from '@alpenpass/contracts';
import { signNotification } from '../payment-provider';
import type { FaultSwitches } from './fault-switches';
import { statusView, type SimulatedTransaction } from './simulated-transaction';
import type { SimulatedMerchant } from './simulator-config';

interface Notification {
  url: string;
  transactionId: string;
  body: string;
}

/**
 * Server-to-server notifications: the transaction's status view, signed with the merchant's HMAC key,
 * POSTed to the init's webhook.url (else the merchant's). Sends for one transaction stay in order
 * unless a fault switch says otherwise; different transactions' notifications go out side by side, as
 * a provider's do (one queue for all would make every payment wait for the merchant's answers to the
 * others). A failed delivery is logged, not retried.
 */
export class Notifier {
  private readonly held: Notification[] = [];
  private readonly heldForReorder = new Map<string, Notification>();
  /** the sends still queued or running, per transaction (removed when its queue runs empty) */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly merchant: SimulatedMerchant,
    private readonly faults: FaultSwitches,
    private readonly log: Logger,
  ) {}

  notify(transaction: SimulatedTransaction): void {
    const url = transaction.webhookUrl ?? this.merchant.webhookUrl;
    if (!url) return;
    const notification = {
      url,
      transactionId: transaction.transactionId,
      body: JSON.stringify(statusView(transaction)),
    };
    const faults = this.faults.for(transaction.merchantId, transaction.transactionId);
    const earlier = this.heldForReorder.get(transaction.transactionId);
    if (earlier) {
      this.heldForReorder.delete(transaction.transactionId);
      this.enqueue(notification, faults.notificationDelayMs);
      this.enqueue(earlier, faults.notificationDelayMs);
      return;
    }
    switch (faults.notification) {
      case 'drop':
        this.log.info({ transactionId: transaction.transactionId }, 'notification dropped (fault switch)');
        return;
      case 'hold':
        this.held.push(notification);
        return;
      case 'reorder':
        this.heldForReorder.set(transaction.transactionId, notification);
        return;
      case 'duplicate':
        this.enqueue(notification, faults.notificationDelayMs, 2);
        return;
      default:
        this.enqueue(notification, faults.notificationDelayMs);
    }
  }

  /** Sends every held notification (held, and reorder-held still waiting for a successor) in the order
   * they were held; resolves once they were sent. */
  release(): Promise<number> {
    const released = [...this.held.splice(0), ...this.heldForReorder.values()];
    this.heldForReorder.clear();
    const sent = released.map((notification) => this.enqueue(notification));
    return Promise.all(sent).then(() => released.length);
  }

  /** resolves once this notification was sent (or failed) */
  private enqueue(notification: Notification, delayMs = 0, copies = 1): Promise<void> {
    const { transactionId } = notification;
    const chain = (this.chains.get(transactionId) ?? Promise.resolve()).then(async () => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      // signed when sent, as the provider does; copies of a duplicate are byte for byte the same
      const signature = signNotification(notification.body, this.merchant.hmacKeyHex, Date.now());
      for (let copy = 0; copy < copies; copy += 1) await this.send(notification, signature);
    });
    this.chains.set(transactionId, chain);
    void chain.then(() => {
      if (this.chains.get(transactionId) === chain) this.chains.delete(transactionId);
    });
    return chain;
  }

  private async send(notification: Notification, signature: string): Promise<void> {
    try {
      const response = await fetch(notification.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PROVIDER_SIGNATURE_HEADER]: signature },
        body: notification.body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      this.log.info(
        { transactionId: notification.transactionId, status: response.status },
        'notification sent',
      );
    } catch (error) {
      this.log.warn({ transactionId: notification.transactionId, err: error }, 'notification not delivered');
    }
  }
}
