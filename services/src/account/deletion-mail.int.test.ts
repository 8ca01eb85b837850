import { randomUUID } from 'node:crypto';
import type { OrderEvent } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { customerOrdersProjection } from '@alpenpass/projections/src/order/customer-orders';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { mailsTo, waitForMail } from '../../test/support/mailpit';
import { orderPlacedEvent } from '../../test/support/order-events';
import type { Principal } from '../platform/auth/principal';
import type { EventStore } from '../platform/event-store/event-store';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import { lookOf } from '../channel/channel-look';
import { loadMailSettings } from '../platform/mail/mail-settings';
import { createSmtpMailer } from '../platform/mail/mailer';
import { accountDirectory } from './account-directory';
import { createAccountLifeService, type AccountLifeService } from './account-life-service';

/**
 * Deleting an account: the customer is told which orders are still open before, and the
 * address the account had gets a confirmation in the account's language naming them, once, before it is
 * erased — through real SMTP into Mailpit.
 */
let db: TestDatabase;
let store: EventStore;
let life: AccountLifeService;
const mailer = createSmtpMailer(loadMailSettings());
const messageIdDomain = loadMailSettings().messageIdDomain;
let clock = new Date('2030-12-01T08:00:00.000Z');

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  await ensureLiveGeneration(db.knex, store, customerOrdersProjection);
  life = createAccountLifeService({
    store,
    knex: db.knex,
    directory: accountDirectory(db.knex),
    gracePeriodMs: 60_000,
    scheduleErasure: async () => undefined,
    deletionMail: {
      mailer,
      look: async () => lookOf(null, 'https://shop.alpenpass.test'),
      messageIdDomain,
    },
    now: () => clock,
  });
}, 60_000);
afterAll(async () => {
  mailer.close();
  await db?.drop();
});

let nextOrderId = 7100;
/** an order of the account, as the order area records it, taken to `status` */
async function order(accountId: string, status: 'CREATED' | 'RESERVED' | 'PAID', amount: number) {
  const orderId = (nextOrderId += 1);
  const refno = `AP-${String(orderId).padStart(7, '0')}-1`;
  const events: OrderEvent[] = [
    orderPlacedEvent(orderId, accountId, refno, amount),
    ...(status === 'CREATED'
      ? []
      : [{ type: 'OrderReserved', data: { orderId, method: 'ON_SITE' } } as const]),
    ...(status === 'PAID'
      ? [{ type: 'OrderPaid', data: { orderId, method: 'ON_SITE', confirmedBy: 'staff-1' } } as const]
      : []),
  ];
  await store.append(`order-${orderId}`, events, { expectedRevision: 'no_stream' });
  await catchUp(db.knex, store, customerOrdersProjection, liveTarget(customerOrdersProjection.name));
  return refno;
}

async function accountToDelete(language: 'de' | 'en' | 'fr') {
  const email = `leaving-${randomUUID().slice(0, 8)}@example.ch`;
  const { id: accountId } = await life.createByStaff({ email, language }, 'staff-1');
  const principal: Principal = { subject: `c-${accountId}`, roles: ['customer'], accountId };
  return { accountId, email, principal };
}

describe('deleting an account', () => {
  it('names the open orders before, and after the grace period mails the address it had, in German, once', async () => {
    const { accountId, email, principal } = await accountToDelete('de');
    const reserved = await order(accountId, 'RESERVED', 11250);
    const unpaid = await order(accountId, 'CREATED', 4800);
    await order(accountId, 'PAID', 9000);

    expect((await life.openOrders(principal)).items).toEqual([
      expect.objectContaining({ refno: unpaid, status: 'CREATED', total: { amount: 4800, currency: 'CHF' } }),
      expect.objectContaining({
        refno: reserved,
        status: 'RESERVED',
        total: { amount: 11250, currency: 'CHF' },
      }),
    ]);

    await life.requestDeletion(principal);
    clock = new Date(clock.getTime() + 61_000);
    expect(await life.eraseAccount(accountId)).toEqual({ status: 'erased' });
    // a retried activity sends nothing more
    expect(await life.eraseAccount(accountId)).toEqual({ status: 'erased' });

    const mail = await waitForMail(`<account-${accountId}.erased@${messageIdDomain}>`);
    expect(mail.Subject).toBe('Ihr Konto wurde gelöscht');
    expect(mail.To.map((to) => to.Address)).toEqual([email]);
    expect(mail.Text).toContain('Sie hatten noch 2 offene Reservierungen:');
    expect(mail.Text).toContain(`${reserved} · vor Ort zu bezahlen · CHF 112.50`);
    expect(mail.Text).toContain(`${unpaid} · nicht bezahlt · CHF 48.00`);
    expect(mail.Text).toContain('Bezahlte Tickets bleiben gültig, bis sie benutzt sind');
    expect(mail.HTML).toContain('lang="de"');
    expect(mail.HTML).toContain(reserved);
    expect(await mailsTo(email)).toHaveLength(1);
    // the record of the sent mail keeps no address
    expect(
      await db.knex('sent_mails').where({ message_id: `<account-${accountId}.erased@${messageIdDomain}>` }),
    ).toEqual([expect.objectContaining({ recipient: 'ERASED', kind: 'account-erased', language: 'de' })]);
  });

  it('writes in the account’s language and says when nothing was open', async () => {
    const { accountId, email, principal } = await accountToDelete('fr');
    expect((await life.openOrders(principal)).items).toEqual([]);
    await life.requestDeletion(principal);
    clock = new Date(clock.getTime() + 61_000);
    await life.eraseAccount(accountId);
    const mail = await waitForMail(`<account-${accountId}.erased@${messageIdDomain}>`);
    expect(mail.To.map((to) => to.Address)).toEqual([email]);
    expect(mail.Subject).toBe('Votre compte a été supprimé');
    expect(mail.Text).toContain('Vous n’aviez aucune réservation en cours.');
    expect(mail.Text).not.toContain('AP-');
  });

  it('sends nothing when the deletion was aborted', async () => {
    const { accountId, email, principal } = await accountToDelete('en');
    await life.requestDeletion(principal);
    await life.abortDeletion(principal);
    clock = new Date(clock.getTime() + 61_000);
    expect(await life.eraseAccount(accountId)).toEqual({ status: 'aborted' });
    expect(await mailsTo(email)).toEqual([]);
  });
});
