import { ticketProjections } from '@alpenpass/projections/src/ticket';
import type { CheckoutDependencies } from '@alpenpass/workflows';
import type { ActivityLender, ContextDeps, ContextModule } from '../platform/context-module';
import { orderReaderOf } from '../order';
import { documentRouters, documentUrlRouters, ticketAdminRouter, ticketRouter } from './api';
import { documentLinkKey } from './document-links';
import { loadTicketSigningKey, type TicketSigningKey } from './ticket-code';
import { createTicketService, type HolderNames, type TicketService } from './ticket-service';
import { ticketSettingsOf } from './ticket-settings';
import { documentLook } from './document-brand';

export { createTicketService, type TicketService } from './ticket-service';
export { ticketAttachmentsOf } from './mail-attachments';
export { ticketSettingsOf, ticketVariables } from './ticket-settings';

export interface TicketContextOptions {
  now?: () => Date;
  /** the holders' names on personalised tickets (the account area's, see contexts.ts) */
  holderNames?: HolderNames;
  signingKey?: TicketSigningKey;
}

/**
 * Tickets and receipts (docs/tickets.md). It lends the checkout workflow's fulfilment activity
 * (`fulfilOrder`: the tickets of a paid order); `service.cancelTicketsOfItems` is for the order area,
 * which cancels order items.
 */
export function ticketContext(
  deps: ContextDeps,
  options: TicketContextOptions = {},
): ContextModule & ActivityLender<Pick<CheckoutDependencies, 'fulfilOrder'>> & { service: TicketService } {
  const settings = ticketSettingsOf(deps.config);
  const signingKey =
    options.signingKey ??
    loadTicketSigningKey({ privateKeyPem: settings.signingKeyPem, keyFile: settings.signingKeyFile });
  if (deps.config.environment === 'production' && !settings.signingKeyPem) {
    // a key file per host would make one host's tickets fail verification on another
    deps.log.warn(
      { keyFile: settings.signingKeyFile, keyId: signingKey.keyId },
      'TICKET_SIGNING_KEY is not set: tickets are signed with the key file of this host',
    );
  }
  const linkKey = documentLinkKey(deps.config.orderAccessSecret);
  const service = createTicketService({
    store: deps.store,
    knex: deps.knex,
    orders: orderReaderOf(deps),
    signingKey,
    linkKey,
    settings,
    flags: {
      dynamicTicketHeight: deps.config.featureFlags.dynamicTicketHeight,
      vmcReceipts: deps.config.featureFlags.vmcReceipts,
    },
    look: documentLook(deps),
    now: options.now,
    holderNames: options.holderNames,
    log: deps.log,
  });
  return {
    name: 'ticket',
    routers: [ticketRouter(service), ticketAdminRouter(service), ...documentUrlRouters(service)],
    externalRouters: documentRouters(service, { linkKey, signingKey, now: options.now }),
    projections: ticketProjections,
    activityDependencies: {
      fulfilOrder: async (orderId) => {
        await service.issueForOrder(orderId);
      },
    },
    service,
  };
}
