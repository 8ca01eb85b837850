import { createPublicKey } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { shopHeaders } from '../../test/support/shop-headers';
import { readTicketCode } from './ticket-code';
import { createTicketTestKit, type TicketTestKit } from '../../test/support/ticket-kit';

let kit: TicketTestKit;
let customerOne: string;
let customerTwo: string;
let integrator: string;
let clock = new Date();

beforeAll(async () => {
  kit = await createTicketTestKit({
    env: {
      TICKET_SIGNING_KEY_FILE: join(mkdtempSync(join(tmpdir(), 'tickets-')), 'key.pem'),
      DOCUMENT_LINK_TTL_SECONDS: '60',
    },
    now: () => clock,
  });
  await kit.checkout.basket.scheduleSlot(31, 40);
  customerOne = await kit.checkout.basket.identity.bearer({
    subject: 'c-1',
    roles: ['customer'],
    accountId: '1',
  });
  customerTwo = await kit.checkout.basket.identity.bearer({
    subject: 'c-2',
    roles: ['customer'],
    accountId: '2',
  });
  integrator = await kit.checkout.basket.identity.bearer({ subject: 'gate-1', roles: ['integrator'] });
}, 60_000);
afterAll(() => kit?.close());

const api = () => request(kit.app);
const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);
const verify = (code: string, token = integrator) =>
  api().post('/api/keycards/tickets/verification').set(as(token)).send({ code });

async function paidWithTickets(caller: string | null, quantity: number) {
  const order = await kit.paidOrder(caller, 31, quantity);
  await kit.fulfilOrder(order.orderId);
  await kit.project();
  return order;
}

describe("an order's tickets", () => {
  it('a paid order lists one VALID ticket per person (a slot is one day); only its customer and staff see them', async () => {
    const { orderId } = await paidWithTickets(customerOne, 2);
    const listed = await api().get(`/api/keycards/tickets?orderId=${orderId}`).set(as(customerOne));
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    expect(listed.body.map((ticket: { personIndex: number }) => ticket.personIndex)).toEqual([1, 2]);
    expect(listed.body[0]).toMatchObject({
      orderId,
      status: 'VALID',
      slotId: 31,
      productDefinitionId: 1031,
      personCount: 2,
      code: expect.stringMatching(/^[A-Za-z0-9_-]{124}$/),
    });
    expect(listed.body[0].day).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(new Set(listed.body.map((ticket: { code: string }) => ticket.code)).size).toBe(2);

    expect((await api().get(`/api/keycards/tickets?orderId=${orderId}`).set(as(kit.staff))).body).toEqual(
      listed.body,
    );
    for (const other of [customerTwo, null]) {
      const refused = await api().get(`/api/keycards/tickets?orderId=${orderId}`).set(as(other));
      expect(refused.status).toBe(404);
      expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    expect((await api().get('/api/keycards/tickets?orderId=999999999').set(as(customerOne))).status).toBe(
      404,
    );
    for (const bad of ['', 'abc', '-1', '0', '1e99'])
      expect((await api().get(`/api/keycards/tickets?orderId=${bad}`).set(as(customerOne))).status).toBe(400);
  });

  it("a guest reads their order's tickets with the order's token", async () => {
    const { orderId, accessToken } = await paidWithTickets(null, 1);
    expect(accessToken).toEqual(expect.any(String));
    const listed = await api()
      .get(`/api/keycards/tickets?orderId=${orderId}&token=${accessToken}`)
      .set(as(null));
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
    expect(
      (await api().get(`/api/keycards/tickets?orderId=${orderId}&token=wrong`).set(as(null))).status,
    ).toBe(404);
  });

  it('an unpaid order has no tickets, and fulfilling it issues none', async () => {
    const basket = await api()
      .post('/api/baskets')
      .set(as(customerOne))
      .send({ entries: [{ productDefinitionId: 1031, slotId: 31, allocation: { quantity: 1 } }] });
    const order = await api().post('/api/orders').set(as(customerOne)).send({ basketId: basket.body.id });
    await kit.fulfilOrder(order.body.id);
    await kit.project();
    expect(
      (await api().get(`/api/keycards/tickets?orderId=${order.body.id}`).set(as(customerOne))).body,
    ).toEqual([]);
    expect((await kit.tickets.loadTickets(order.body.id)).issued).toBe(false);
    const link = await api().get(`/api/templates/ticket-url?orderId=${order.body.id}`).set(as(customerOne));
    expect(link.status).toBe(409);
    expect(link.body.code).toBe('TICKETS_NOT_ISSUED');
    expect(
      (await api().get(`/api/templates/receipt-url?orderId=${order.body.id}`).set(as(customerOne))).body.code,
    ).toBe('RECEIPT_NOT_AVAILABLE');
  });
});

describe('verifying, blocking and cancelling', () => {
  it('verifies a genuine code as valid; an altered or foreign code is tampered; customers may not verify', async () => {
    const { orderId } = await paidWithTickets(customerOne, 1);
    const [ticket] = (await api().get(`/api/keycards/tickets?orderId=${orderId}`).set(as(customerOne))).body;
    const valid = await verify(ticket.code);
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ result: 'valid', ticket: { id: ticket.id, status: 'VALID' } });
    expect((await verify(ticket.code, kit.staff)).body.result).toBe('valid');

    const altered = `${ticket.code.slice(0, 30)}${ticket.code[30] === 'A' ? 'B' : 'A'}${ticket.code.slice(31)}`;
    expect((await verify(altered)).body).toEqual({ result: 'tampered' });
    expect((await verify('x'.repeat(124))).body).toEqual({ result: 'tampered' });
    expect((await verify(customerOne)).body).toEqual({ result: 'tampered' });
    expect((await verify('')).status).toBe(400);
    expect((await verify(ticket.code, customerOne)).status).toBe(403);
    expect(
      (await api().post('/api/keycards/tickets/verification').set(as(null)).send({ code: ticket.code }))
        .status,
    ).toBe(401);
  });

  it('the public key, served without shop headers, verifies a code offline', async () => {
    const { orderId } = await paidWithTickets(customerOne, 1);
    const [ticket] = (await api().get(`/api/keycards/tickets?orderId=${orderId}`).set(as(customerOne))).body;
    const published = await api().get('/api/keycards/tickets/signing-key');
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      algorithm: 'Ed25519',
      publicKeyJwk: { kty: 'OKP', crv: 'Ed25519' },
    });
    const payload = readTicketCode(createPublicKey(published.body.publicKeyPem), ticket.code);
    expect(payload).toEqual({
      ticketId: ticket.id,
      orderId,
      productDefinitionId: 1031,
      firstDay: ticket.day,
      lastDay: ticket.day,
    });
  });

  it('the customer blocks a lost ticket: it fails verification until staff unblock it; nobody else may touch it', async () => {
    const { orderId } = await paidWithTickets(customerOne, 2);
    const [lost, kept] = (await api().get(`/api/keycards/tickets?orderId=${orderId}`).set(as(customerOne)))
      .body;

    expect((await api().post(`/api/keycards/tickets/${lost.id}/block`).set(as(customerTwo))).status).toBe(
      404,
    );
    expect((await api().post(`/api/keycards/tickets/${lost.id}/block`).set(as(null))).status).toBe(404);
    expect(
      (
        await api()
          .post('/api/keycards/tickets/00000000-0000-4000-8000-000000000099/block')
          .set(as(customerOne))
      ).body.code,
    ).toBe('TICKET_NOT_FOUND');
    expect((await api().post('/api/keycards/tickets/not-a-uuid/block').set(as(customerOne))).status).toBe(
      400,
    );
    expect((await verify(lost.code)).body.result).toBe('valid');

    const blocked = await api().post(`/api/keycards/tickets/${lost.id}/block`).set(as(customerOne));
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ id: lost.id, status: 'BLOCKED' });
    expect(
      (await api().post(`/api/keycards/tickets/${lost.id}/block`).set(as(customerOne))).body.status,
    ).toBe('BLOCKED');
    expect((await verify(lost.code)).body).toMatchObject({
      result: 'blocked',
      ticket: { status: 'BLOCKED' },
    });
    expect((await verify(kept.code)).body.result).toBe('valid');
    await kit.project();
    expect(
      (await api().get(`/api/keycards/tickets?orderId=${orderId}`).set(as(customerOne))).body.map(
        (ticket: { status: string }) => ticket.status,
      ),
    ).toEqual(['BLOCKED', 'VALID']);

    expect((await api().post(`/api/admin/tickets/${lost.id}/unblock`).set(as(customerOne))).status).toBe(403);
    const unblocked = await api().post(`/api/admin/tickets/${lost.id}/unblock`).set(as(kit.staff));
    expect(unblocked.body).toMatchObject({ status: 'VALID' });
    expect((await verify(lost.code)).body.result).toBe('valid');
  });

  it('the tickets of cancelled order items are cancelled: they fail verification and cannot be blocked', async () => {
    const { orderId } = await paidWithTickets(customerOne, 1);
    const [ticket] = (await api().get(`/api/keycards/tickets?orderId=${orderId}`).set(as(customerOne))).body;
    const cancelled = await kit.tickets.cancelTicketsOfItems(orderId, [ticket.orderItemId]);
    expect(cancelled).toEqual([expect.objectContaining({ id: ticket.id, status: 'CANCELLED' })]);
    expect(await kit.tickets.cancelTicketsOfItems(orderId, [ticket.orderItemId])).toEqual(cancelled);
    expect((await verify(ticket.code)).body.result).toBe('cancelled');
    const refused = await api().post(`/api/keycards/tickets/${ticket.id}/block`).set(as(customerOne));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TICKET_CANCELLED');
    await kit.project();
    expect(
      (await api().get(`/api/keycards/tickets?orderId=${orderId}`).set(as(customerOne))).body[0].status,
    ).toBe('CANCELLED');
  });
});

describe('ticket and receipt links', () => {
  it('the customer gets short-lived links that serve the PDFs without a session; staff get them for any order', async () => {
    const { orderId } = await paidWithTickets(customerOne, 1);
    for (const [path, kind] of [
      ['ticket-url', 'tickets'],
      ['receipt-url', 'receipt'],
    ] as const) {
      const link = await api().get(`/api/templates/${path}?orderId=${orderId}`).set(as(customerOne));
      expect(link.status).toBe(200);
      expect(link.body.url).toMatch(
        new RegExp(`^/api/documents/orders/${orderId}/${kind}\\.pdf\\?lang=en&exp=\\d+&sig=`),
      );
      expect(Date.parse(link.body.expiresAt) - clock.getTime()).toBeLessThanOrEqual(60_000);
      const pdf = await api().get(link.body.url).buffer(true);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-');

      expect((await api().get(`/api/templates/${path}?orderId=${orderId}`).set(as(customerTwo))).status).toBe(
        404,
      );
      expect(
        (await api().get(`/api/orders/management/orders/${orderId}/${path}`).set(as(customerOne))).status,
      ).toBe(403);
      const managed = await api().get(`/api/orders/management/orders/${orderId}/${path}`).set(as(kit.staff));
      expect(managed.status).toBe(200);
      expect((await api().get(managed.body.url)).status).toBe(200);
    }
  });

  it('a link to tickets that were all blocked since is a 409, not an empty PDF', async () => {
    const { orderId } = await paidWithTickets(customerOne, 1);
    const { url } = (await api().get(`/api/templates/ticket-url?orderId=${orderId}`).set(as(customerOne)))
      .body;
    const [ticket] = (await api().get(`/api/keycards/tickets?orderId=${orderId}`).set(as(customerOne))).body;
    await api().post(`/api/keycards/tickets/${ticket.id}/block`).set(as(customerOne));
    const refused = await api().get(url);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TICKETS_NOT_ISSUED');
    expect(
      (await api().get(`/api/templates/ticket-url?orderId=${orderId}`).set(as(customerOne))).status,
    ).toBe(409);
  });

  it('a changed link is 403 and an expired one 410, as problem documents', async () => {
    const { orderId } = await paidWithTickets(customerOne, 1);
    const other = await paidWithTickets(customerTwo, 1);
    const { url } = (
      await api().get(`/api/templates/ticket-url?orderId=${orderId}&language=de`).set(as(customerOne))
    ).body;
    expect(url).toContain('lang=de');
    const changed = [
      url.replace(`/orders/${orderId}/`, `/orders/${other.orderId}/`),
      url.replace('tickets.pdf', 'receipt.pdf'),
      url.replace('lang=de', 'lang=fr'),
      url.replace(/exp=(\d+)/, (_: string, exp: string) => `exp=${Number(exp) + 3600}`),
      url.replace(/sig=.*/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    ];
    for (const tampered of changed) {
      const refused = await api().get(tampered);
      expect(refused.status).toBe(403);
      expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(refused.body.code).toBe('DOCUMENT_LINK_INVALID');
    }
    const unsigned = await api().get(url.replace(/&sig=.*/, ''));
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.errors).toEqual([expect.objectContaining({ path: 'query.sig' })]);
    clock = new Date(clock.getTime() + 61_000);
    try {
      const expired = await api().get(url);
      expect(expired.status).toBe(410);
      expect(expired.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(expired.body).toMatchObject({ status: 410, code: 'DOCUMENT_LINK_EXPIRED' });
    } finally {
      clock = new Date();
    }
  });
});
