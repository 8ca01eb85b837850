import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { Reactor } from '../platform/context-module';
import type { EventStore } from '../platform/event-store/event-store';
import type { Mailer } from '../platform/mail/mailer';
import { sendOnce } from '../platform/mail/sent-mails';
import { subscriptionFolder, type WebhookSubscriptionEvent } from './webhook-subscription';

export interface FailureNoticeDeps {
  knex: Knex;
  store: EventStore;
  mailer: Mailer;
  /** OPERATOR_EMAIL */
  operatorEmail: string;
  messageIdDomain: string;
}

const reasons = {
  FAILING: 'its receiver kept failing for the whole retry schedule (about three days)',
  GONE: 'its receiver answered 410 Gone: it no longer wants these webhooks',
};

/**
 * Tells the operator (OPERATOR_EMAIL) when the dispatcher switched a subscription off, once per such event:
 * a reaction to WebhookSubscriptionDisabled, so a failed send is retried with the bus's redelivery, and
 * the Message-ID derives from the event (docs/mails.md, "At most once per event").
 */
export function failureNoticeReactor(deps: FailureNoticeDeps): Reactor {
  return {
    name: 'webhook-failure-notices',
    category: 'webhook',
    async react(event: RecordedEvent) {
      const disabled = event as unknown as WebhookSubscriptionEvent;
      if (disabled.type !== 'WebhookSubscriptionDisabled' || disabled.data.reason === 'STAFF') return;
      const { subscriptionId, reason, deliveryId, error } = disabled.data;
      const history = (await deps.store.readStream(event.streamName)).filter(
        (earlier) => earlier.revision < event.revision,
      );
      const state = history.reduce(
        (folded, earlier) =>
          subscriptionFolder.evolve(folded, earlier as unknown as WebhookSubscriptionEvent),
        subscriptionFolder.initialState(),
      );
      const target =
        state.status === 'live'
          ? `${state.description ? `${state.description} — ` : ''}${state.url}`
          : subscriptionId;
      const lines = [
        `The webhook subscription ${target} was disabled: ${reasons[reason]}.`,
        '',
        `Subscription: ${subscriptionId}`,
        `Last delivery: ${deliveryId ?? '–'}, ${error ?? 'no details'}`,
        `When: ${event.metadata.at}`,
        '',
        'Events keep being queued while it is off. Once the receiver works again, switch it on (PATCH /api/admin/webhooks/subscriptions/' +
          `${subscriptionId} {"enabled": true}); what waited goes out in order, and POST …/redeliveries {from, to} sends a time range again.`,
      ];
      const messageId = `<webhook-${subscriptionId}.disabled.${event.eventId}@${deps.messageIdDomain}>`;
      await sendOnce(
        deps.knex,
        { messageId, orderId: null, kind: 'webhook-disabled', recipient: deps.operatorEmail, language: 'en' },
        () =>
          deps.mailer.send({
            to: deps.operatorEmail,
            subject: `Webhook subscription disabled: ${target}`,
            text: lines.join('\n'),
            html: `<!doctype html><html lang="en"><body>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body></html>`,
            messageId,
          }),
      );
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
