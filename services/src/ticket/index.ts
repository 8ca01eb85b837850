import { orderStreamName } from '@alpenpass/contracts';
import { ticketProjections } from '@alpenpass/projections/src/ticket';
import type { CheckoutDependencies } from '@alpenpass/workflows';
import type { ActivityLender, ContextDeps, ContextModule } from '../platform/context-module';
import { accessibleOrder } from '../order/access';
import { isOrderAccessToken } from '../order/order-ids';
import { orderFolder, type OrderEventWithTime, type OrderState } from '../order/order';
import type { OrderCaller } from '../order/order-service';
import { loadStreamState } from '../platform/event-store/command-handler';
import { documentRouters, documentUrlRouters, ticketAdminRouter, ticketRouter } from './api';
import { documentLinkKey } from './document-links';
import { loadTicketSigningKey, type TicketSigningKey } from './ticket-code';
import { createTicketService, type HolderNames, type TicketService } from './ticket-service';
import { ticketSettingsOf } from './ticket-settings';
import { documentBrand } from './document-brand';

export { createTicketService, type TicketService } from './ticket-service';
export { ticketAttachmentsOf } from './mail-attachments';

export interface TicketContextOptions {
  now?: () => Date;
  /** the holders' names on personalised tickets (the account area's, see contexts.ts) */
  holderNames?: HolderNames;
  signingKey?: TicketSigningKey;
}

/** The order as the ticket context reads it: the stream itself, and the order's own access rule
 * (staff, its customer, or a guest with its token; anyone else a 404). */
function orderReader(deps: ContextDeps) {
  const loadOrderAt = (orderId: number) =>
    loadStreamState<OrderState, OrderEventWithTime>(deps.store, orderStreamName(orderId), orderFolder);
  const loadOrder = async (orderId: number): Promise<OrderState> => (await loadOrderAt(orderId)).state;
  return {
    loadOrder,
    loadOrderAt,
    readable: async (caller: OrderCaller, orderId: number) =>
      accessibleOrder(
        await loadOrder(orderId),
        caller.principal,
        (id) =>
          caller.token !== undefined && isOrderAccessToken(deps.config.orderAccessSecret, id, caller.token),
      ),
  };
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
    orders: orderReader(deps),
    signingKey,
    linkKey,
    settings,
    flags: {
      dynamicTicketHeight: deps.config.featureFlags.dynamicTicketHeight,
      vmcReceipts: deps.config.featureFlags.vmcReceipts,
    },
    brand: documentBrand(deps),
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
