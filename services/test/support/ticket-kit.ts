import type { Express } from 'express';
import request from 'supertest';
import type { ChannelBranding } from '@alpenpass/contracts';
import { channelsProjection } from '@alpenpass/projections/src/channel';
import { ticketProjections } from '@alpenpass/projections/src/ticket';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { basketRouter } from '../../src/basket/api';
import { createCheckoutTestKit, type CheckoutTestKit, type CheckoutTestKitOptions } from './checkout-kit';
import { testOrderContext } from './order-context';
import { createHttpApp } from '../../src/platform/http/app';
import { idempotentRequests } from '../../src/platform/idempotent-requests';
import { createLogger } from '../../src/platform/logger';
import { shopHeaders, testChannelId } from './shop-headers';
import { ticketContext, type TicketContextOptions } from '../../src/ticket';
import { createChannelService } from '../../src/channel';
import { readPdf, type PdfPage } from './read-pdf';
import type { TicketService } from '../../src/ticket/ticket-service';

/** Test support (not shipped): the checkout kit plus the ticket context on the same database, and a
 * helper that takes an order to PAID the on-site way (reserve, staff confirm, places booked); the
 * fulfilment is left to the test. */
export interface TicketTestKit {
  checkout: CheckoutTestKit;
  /** the order and checkout routes this kit serves, with the ticket context as the orders' tickets */
  orders: ReturnType<typeof testOrderContext>;
  app: Express;
  tickets: TicketService;
  /** the fulfilment activity the checkout workflow runs once an order is paid */
  fulfilOrder(orderId: number): Promise<void>;
  /** a paid order of `quantity` places on `slotId` for the caller (null: a guest; answers its token) */
  paidOrder(
    caller: string | null,
    slotId: number,
    quantity: number,
  ): Promise<{ orderId: number; accessToken?: string }>;
  /** a paid order of any basket entries (as POST /baskets takes them) */
  paidOrderOf(caller: string | null, entries: object[]): Promise<{ orderId: number; accessToken?: string }>;
  staff: string;
  /** the pages of an order's tickets or receipt as a reader sees them, fetched through its signed link */
  documentPages(
    caller: string,
    orderId: number,
    kind: 'ticket-url' | 'receipt-url',
    language: string,
  ): Promise<PdfPage[]>;
  /** creates the shop's channel with its look and company (before the first document is drawn) */
  brandChannel(name: string, branding: Partial<ChannelBranding>): Promise<void>;
  project(): Promise<void>;
  close(): Promise<void>;
}

export async function createTicketTestKit(
  options: CheckoutTestKitOptions & TicketContextOptions = {},
): Promise<TicketTestKit> {
  const checkout = await createCheckoutTestKit(options);
  const context = ticketContext(checkout.deps, options);
  const orders = testOrderContext(checkout.deps, {
    basket: checkout.basket.service,
    workflows: { start: async () => undefined, reserved: async () => undefined, paid: async () => undefined },
    accounts: options.accounts?.(checkout.basket.store, checkout.basket.db.knex),
    tickets: context.service,
  });
  for (const projection of ticketProjections)
    await ensureLiveGeneration(checkout.basket.db.knex, checkout.basket.store, projection);
  const app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: checkout.basket.identity.verifyToken,
    publicKeys: [],
    externalRouters: context.externalRouters,
    routers: [basketRouter(checkout.basket.service), ...(orders.routers ?? []), ...(context.routers ?? [])],
    readiness: [],
    idempotentRequests: idempotentRequests(checkout.basket.db.knex),
  });
  const staff = await checkout.basket.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
  const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);

  async function paidOrderOf(caller: string | null, entries: object[]) {
    const basket = await request(app).post('/api/baskets').set(as(caller)).send({ entries });
    if (basket.status !== 201) throw new Error(`basket: ${basket.status} ${JSON.stringify(basket.body)}`);
    const started = await request(app)
      .post('/api/checkout')
      .set(as(caller))
      .send({ basketId: basket.body.id });
    if (started.status !== 201)
      throw new Error(`checkout: ${started.status} ${JSON.stringify(started.body)}`);
    const checkoutId = started.body.id as string;
    await request(app)
      .post(`/api/checkout/${checkoutId}/checkout-conditions`)
      .set(as(caller))
      .send({ formValues: { acceptTerms: true } });
    const reserved = await request(app)
      .post(`/api/checkout/${checkoutId}/payment`)
      .set(as(caller))
      .send({ intent: 'onSite' });
    if (reserved.body.checkout?.order?.status !== 'RESERVED')
      throw new Error(`payment: ${reserved.status} ${JSON.stringify(reserved.body)}`);
    const paid = await request(app).post(`/api/admin/orders/${started.body.orderId}/confirm`).set(as(staff));
    if (paid.body.status !== 'PAID') throw new Error(`confirm: ${paid.status} ${JSON.stringify(paid.body)}`);
    // as the checkout workflow does next: the held places become bookings
    await orders.orders.bookOrderPlaces(started.body.orderId as number);
    return {
      orderId: started.body.orderId as number,
      accessToken: started.body.order.accessToken as string | undefined,
    };
  }

  return {
    checkout,
    orders,
    app,
    tickets: context.service,
    staff,
    fulfilOrder: (orderId) => context.activityDependencies!.fulfilOrder!(orderId),
    paidOrder: (caller, slotId, quantity) =>
      paidOrderOf(caller, [{ productDefinitionId: 1031, slotId, allocation: { quantity } }]),
    paidOrderOf,
    async documentPages(caller, orderId, kind, language) {
      const link = await request(app)
        .get(`/api/templates/${kind}?orderId=${orderId}&language=${language}`)
        .set(as(caller));
      if (link.status !== 200) throw new Error(`${kind}: ${link.status} ${JSON.stringify(link.body)}`);
      const pdf = await request(app)
        .get(link.body.url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      if (pdf.status !== 200) throw new Error(`${kind} PDF: ${pdf.status}`);
      return readPdf(pdf.body as Buffer);
    },
    async brandChannel(name, branding) {
      const { knex } = checkout.basket.db;
      await createChannelService({ store: checkout.basket.store }).create(
        { id: checkout.deps.config.channelId, name, type: 'WEB', productIds: [], branding },
        { actor: 'system', correlationId: 'test-channel', causationId: null },
      );
      await ensureLiveGeneration(knex, checkout.basket.store, channelsProjection);
      await catchUp(knex, checkout.basket.store, channelsProjection, liveTarget(channelsProjection.name));
    },
    async project() {
      await checkout.project();
      for (const projection of ticketProjections)
        await catchUp(
          checkout.basket.db.knex,
          checkout.basket.store,
          projection,
          liveTarget(projection.name),
        );
    },
    close: () => checkout.close(),
  };
}
