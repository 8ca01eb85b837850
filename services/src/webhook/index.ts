import type { ContextDeps, ContextModule } from '../platform/context-module';
import { loadMailSettings, type MailSettings } from '../platform/mail/mail-settings';
import { createSmtpMailer, type Mailer } from '../platform/mail/mailer';
import { webhookAdminRouter, webhookSchemasRouter } from './api';
import { webhookDeliveryLog } from './delivery-log';
import { startWebhookDispatcher, type WebhookDispatcher } from './dispatcher';
import { failureNoticeReactor } from './failure-notices';
import { createWebhookSender } from './http-delivery';
import { createOutboxFeeder } from './outbox-feeder';
import { outboxReactors } from './outbox-reactors';
import { createWebhookSubscriptionService } from './subscription-service';
import { webhookSettingsOf } from './webhook-settings';
import { registerWebhookGauges } from './webhook-metrics';

export { createWebhookSubscriptionService, type WebhookSubscriptionService } from './subscription-service';
export { webhookSettingsOf, webhookVariables } from './webhook-settings';

const feederPollMs = 5_000;

export interface WebhookContextOptions {
  /** default: SMTP_URL and MAIL_FROM from the environment */
  mailSettings?: MailSettings;
  mailer?: Mailer;
}

/**
 * Integrator webhooks (docs/webhooks.md): staff's subscriptions (api), the reactors that feed the outbox
 * from the store and tell the operator about disabled subscriptions, and the dispatcher (worker).
 */
export function webhookContext(deps: ContextDeps, options: WebhookContextOptions = {}): ContextModule {
  const settings = webhookSettingsOf(deps.config);
  const subscriptions = createWebhookSubscriptionService({
    store: deps.store,
    knex: deps.knex,
    targets: settings.targets,
  });
  const mailSettings = options.mailSettings ?? loadMailSettings();
  let dispatcher: WebhookDispatcher | undefined;
  const feeder = createOutboxFeeder({
    knex: deps.knex,
    store: deps.store,
    log: deps.log,
    onQueued: () => dispatcher?.wake(),
  });
  return {
    name: 'webhook',
    routers: [webhookAdminRouter({ subscriptions, log: webhookDeliveryLog(deps.knex) })],
    externalRouters: [webhookSchemasRouter()],
    reactors: [
      ...outboxReactors(feeder),
      failureNoticeReactor({
        knex: deps.knex,
        store: deps.store,
        mailer: options.mailer ?? createSmtpMailer(mailSettings),
        operatorEmail: settings.operatorEmail,
        messageIdDomain: mailSettings.messageIdDomain,
      }),
    ],
    shopGauges: (registry) => registerWebhookGauges(registry, deps.knex),
    backgroundJobs: [
      {
        name: 'webhook-dispatcher',
        async start() {
          dispatcher = startWebhookDispatcher({
            knex: deps.knex,
            settings,
            sender: createWebhookSender({ timeoutMs: settings.timeoutMs, targets: settings.targets }),
            log: deps.log.child({ role: 'webhook-dispatcher' }),
            disable: (subscriptionId, failure) => subscriptions.disableFailing(subscriptionId, failure),
          });
          // what the reactors queued before the dispatcher ran, and what waited while the worker was down
          dispatcher.wake();
          // the reactors wake the feeder on its categories' events; this keeps its checkpoint near the head
          // through long runs of other events (a surge of basket events) and while the bus is away
          const catchingUp = setInterval(
            () =>
              void feeder
                .catchUp()
                .catch((error: unknown) =>
                  deps.log.warn({ err: error }, 'webhook outbox: will catch up later'),
                ),
            feederPollMs,
          );
          const running = dispatcher;
          return {
            async stop() {
              clearInterval(catchingUp);
              await running.stop();
            },
          };
        },
      },
    ],
  };
}
