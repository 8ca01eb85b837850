import request from 'supertest';
import { Registry } from 'prom-client';
import { waitForValue, waitUntil } from '@alpenpass/infra/test/support';
import { registerWaitingRoomGauges, waitingRoomWait } from './waiting-room-metrics';
import { waitingRoomErrorCodes, WAITING_ROOM_ADMISSION_HEADER } from '@alpenpass/contracts';
import { shopHeaders } from '../../test/support/shop-headers';
import { createWaitingRoomTestKit, type WaitingRoomTestKit } from '../../test/support/waiting-room-kit';

/** The waiting room over HTTP (docs/waiting-room.md): staff's sales, the queue, admissions and the gate. */
let kit: WaitingRoomTestKit;
let admin: string;
let customer: string;
let visitorCount = 0;

beforeAll(async () => {
  kit = await createWaitingRoomTestKit();
  await kit.checkout.basket.scheduleSlot(31, 400);
  admin = await kit.checkout.basket.identity.bearer({ subject: 'staff-sales', roles: ['admin'] });
  customer = await kit.checkout.basket.identity.bearer({
    subject: 'c-0',
    roles: ['customer'],
    accountId: '900',
  });
});
afterAll(async () => {
  await kit?.close();
});

const sales = '/api/admin/waiting-room/sales';
const as = (authorization: string | null) => ({
  ...shopHeaders,
  ...(authorization ? { authorization } : {}),
});
const inMinutes = (minutes: number) => new Date(kit.clock.now.getTime() + minutes * 60_000).toISOString();
/** a signed-in visitor of their own */
const visitor = () => {
  visitorCount += 1;
  return kit.checkout.basket.identity.bearer({
    subject: `visitor-${visitorCount}`,
    roles: ['customer'],
    accountId: String(1000 + visitorCount),
  });
};
async function schedule(body: object): Promise<number> {
  const created = await request(kit.app).post(sales).set(as(admin)).send(body);
  expect(created.status).toBe(201);
  return created.body.id;
}
const join = (saleId: number, who: string | null, app = kit.app) =>
  request(app).post(`/api/waiting-room/${saleId}/queue`).set(as(who));
const place = (saleId: number, ticketId: string, who: string | null, app = kit.app) =>
  request(app).get(`/api/waiting-room/${saleId}/queue/${ticketId}`).set(as(who));
const end = (saleId: number) => request(kit.app).delete(`${sales}/${saleId}`).set(as(admin));

describe("staff's sales", () => {
  it('schedules, lists, changes before the opening and cancels a sale; only staff', async () => {
    const body = {
      name: 'Season pass launch',
      productDefinitionIds: [7001, 7002],
      opensAt: inMinutes(10),
      admissionsPerMinute: 120,
      places: 300,
    };
    expect((await request(kit.app).post(sales).set(as(customer)).send(body)).status).toBe(403);
    expect((await request(kit.app).post(sales).set(as(null)).send(body)).status).toBe(401);
    const created = await request(kit.app).post(sales).set(as(admin)).send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...body,
      opensAt: new Date(body.opensAt).toISOString(),
      status: 'SCHEDULED',
      admitted: 0,
      waiting: 0,
    });

    const changed = await request(kit.app)
      .patch(`${sales}/${created.body.id}`)
      .set(as(admin))
      .send({ admissionsPerMinute: 60, places: null });
    expect(changed.body).toMatchObject({ admissionsPerMinute: 60, places: null, status: 'SCHEDULED' });
    expect(
      (await request(kit.app).get(sales).set(as(admin))).body.map((sale: { id: number }) => sale.id),
    ).toContain(created.body.id);

    kit.clock.advance(10 * 60_000);
    const late = await request(kit.app)
      .patch(`${sales}/${created.body.id}`)
      .set(as(admin))
      .send({ name: 'x' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe(waitingRoomErrorCodes.saleAlreadyOpen);
    expect((await end(created.body.id)).body.status).toBe('ENDED');
    expect((await end(created.body.id)).status).toBe(409);

    const cancelled = await schedule({ ...body, opensAt: inMinutes(5) });
    expect((await end(cancelled)).body.status).toBe('CANCELLED');
  });

  it("announces scheduled and open sales to anyone, without staff's figures; an ended sale is no longer announced", async () => {
    const announced = () => request(kit.app).get('/api/waiting-room/sales').set(as(null));
    const saleId = await schedule({
      name: 'Announced launch',
      productDefinitionIds: [7102, 7101],
      opensAt: inMinutes(3),
      admissionsPerMinute: 30,
      places: 50,
    });
    const before = await announced();
    expect(before.status).toBe(200);
    const sale = before.body.find((candidate: { id: number }) => candidate.id === saleId);
    expect(sale).toEqual({
      id: saleId,
      productDefinitionIds: [7101, 7102],
      opensAt: new Date(kit.clock.now.getTime() + 3 * 60_000).toISOString(),
    });
    kit.clock.advance(3 * 60_000);
    expect((await announced()).body.map((candidate: { id: number }) => candidate.id)).toContain(saleId);
    await end(saleId);
    expect((await announced()).body.map((candidate: { id: number }) => candidate.id)).not.toContain(saleId);
  });

  it('refuses bad dates and values with their messages (400)', async () => {
    const valid = {
      name: 'Launch',
      productDefinitionIds: [7003],
      opensAt: inMinutes(5),
      admissionsPerMinute: 60,
    };
    const refused = async (body: object) => {
      const answer = await request(kit.app).post(sales).set(as(admin)).send(body);
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
      return answer.body;
    };
    expect((await refused({ ...valid, opensAt: '2030-12-20 12:00' })).detail).toBe(
      'opensAt must be an ISO 8601 date-time with a time zone offset.',
    );
    expect((await refused({ ...valid, opensAt: '2030-02-30T10:00:00Z' })).detail).toBe(
      'opensAt must be an ISO 8601 date-time with a time zone offset.',
    );
    expect(await refused({ ...valid, opensAt: inMinutes(0.5) })).toMatchObject({
      code: waitingRoomErrorCodes.openingTooSoon,
      detail: 'The opening time must be at least one minute from now.',
    });
    expect((await refused({ ...valid, productDefinitionIds: [] })).detail).toBe(
      'A sale names at least one product definition.',
    );
    expect((await refused({ ...valid, admissionsPerMinute: 0 })).detail).toBe(
      'admissionsPerMinute must be a whole number from 1 to 100000.',
    );
    const saleId = await schedule(valid);
    const moved = await request(kit.app)
      .patch(`${sales}/${saleId}`)
      .set(as(admin))
      .send({ opensAt: inMinutes(-1) });
    expect(moved.status).toBe(400);
    expect(moved.body.detail).toBe('The opening time must be at least one minute from now.');
    await end(saleId);
  });
});

describe('the queue', () => {
  it('shuffles the visitors who came before the opening, and queues later ones behind them in arrival order', async () => {
    const saleId = await schedule({
      name: 'Shuffle',
      productDefinitionIds: [7010],
      opensAt: inMinutes(2),
      admissionsPerMinute: 6,
    });
    const early = await Promise.all(Array.from({ length: 30 }, () => visitor()));
    const tickets: string[] = [];
    for (const who of early) {
      const joined = await join(saleId, who);
      expect(joined.status).toBe(201);
      expect(joined.body).toMatchObject({
        status: 'BEFORE_OPENING',
        position: null,
        estimatedWaitSeconds: 120,
      });
      tickets.push(joined.body.ticketId);
    }
    const again = await join(saleId, early[0]!);
    expect(again.body.ticketId).toBe(tickets[0]);

    kit.clock.advance(2 * 60_000);
    const late = [await visitor(), await visitor()];
    const lateTickets = [];
    for (const who of late) lateTickets.push((await join(saleId, who)).body.ticketId);
    const positions = [];
    for (const [index, who] of early.entries())
      positions.push((await place(saleId, tickets[index]!, who)).body.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(positions).not.toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect((await place(saleId, lateTickets[0], late[0]!)).body).toMatchObject({
      status: 'WAITING',
      position: 31,
      estimatedWaitSeconds: 310,
    });
    expect((await place(saleId, lateTickets[1], late[1]!)).body.position).toBe(32);
    await end(saleId);
  });

  it('admits at the staff-set rate, first come first served after the opening', async () => {
    const saleId = await schedule({
      name: 'Rate',
      productDefinitionIds: [7020],
      opensAt: inMinutes(1),
      admissionsPerMinute: 60,
    });
    kit.clock.advance(60_000);
    const visitors = [];
    const tickets = [];
    for (let index = 0; index < 8; index += 1) {
      const who = await visitor();
      visitors.push(who);
      const joined = await join(saleId, who);
      expect(joined.body).toMatchObject({
        status: 'WAITING',
        position: index + 1,
        estimatedWaitSeconds: index + 1,
      });
      tickets.push(joined.body.ticketId);
    }
    kit.clock.advance(3_000);
    const statuses = [];
    for (const [index, who] of visitors.entries())
      statuses.push((await place(saleId, tickets[index]!, who)).body);
    expect(statuses.map((status) => status.status)).toEqual([
      'ADMITTED',
      'ADMITTED',
      'ADMITTED',
      'WAITING',
      'WAITING',
      'WAITING',
      'WAITING',
      'WAITING',
    ]);
    expect(statuses[0].admissionToken).toEqual(expect.any(String));
    expect(statuses[3]).toMatchObject({ position: 1, estimatedWaitSeconds: 1, admissionToken: null });
    kit.clock.advance(2_000);
    expect((await place(saleId, tickets[4]!, visitors[4]!)).body.status).toBe('ADMITTED');
    expect((await place(saleId, tickets[5]!, visitors[5]!)).body).toMatchObject({
      status: 'WAITING',
      position: 1,
    });
    const read = (await request(kit.app).get(`${sales}/${saleId}`).set(as(admin))).body;
    expect(read).toMatchObject({ status: 'OPEN', admitted: 5, waiting: 3 });
    const registry = new Registry();
    registerWaitingRoomGauges(registry, kit.knex);
    const scraped = await registry.metrics();
    expect(scraped).toContain(`alpenpass_waiting_room_queue_length{sale="${saleId}"} 3`);
    expect(scraped).toContain(`alpenpass_waiting_room_admitted{sale="${saleId}"} 5`);
    expect(scraped).toContain(`alpenpass_waiting_room_abandoned{sale="${saleId}",reason="LAPSED"} 0`);
    expect(scraped).toMatch(
      new RegExp(`alpenpass_waiting_room_wait_quantile_seconds\\{sale="${saleId}",quantile="0.99"\\} \\d`),
    );
    expect(await waitingRoomWait.get()).toMatchObject({
      values: expect.arrayContaining([
        expect.objectContaining({ metricName: 'alpenpass_waiting_room_wait_seconds_count' }),
      ]),
    });
    await end(saleId);
    expect((await place(saleId, tickets[5]!, visitors[5]!)).body.status).toBe('CLOSED');
  });

  it("follows the shop's measured capacity: a process answering twice too slowly halves the pace, a fixed-rate sale keeps the staff's", async () => {
    const { pace } = kit.settings;
    const reportSlowProcess = () =>
      kit
        .knex('waiting_room_process_load')
        .insert({
          process_id: 'test-slow-api-process',
          p99_ms: pace.targetP99Ms * 2,
          requests: 500,
          in_flight: 3,
          reported_at: kit.clock.now,
        })
        .onConflict('process_id')
        .merge();
    const sale = { opensAt: inMinutes(1), admissionsPerMinute: 60 };
    const following = await schedule({ ...sale, name: 'Following', productDefinitionIds: [7030] });
    const fixed = await schedule({
      ...sale,
      name: 'Fixed',
      productDefinitionIds: [7031],
      followCapacity: false,
    });
    kit.clock.advance(60_000);
    await reportSlowProcess();
    const queueOf = async (saleId: number) => {
      const queued = [];
      for (let index = 0; index < 8; index += 1) {
        const who = await visitor();
        queued.push({ who, ticketId: (await join(saleId, who)).body.ticketId as string });
      }
      return queued;
    };
    const queues = { following: await queueOf(following), fixed: await queueOf(fixed) };
    const admittedOf = async (saleId: number, queued: { who: string; ticketId: string }[]) => {
      const places = [];
      for (const { who, ticketId } of queued) places.push((await place(saleId, ticketId, who)).body);
      return places;
    };

    kit.clock.advance(4_000);
    await reportSlowProcess();
    const fixedPlaces = await admittedOf(fixed, queues.fixed);
    const followingPlaces = await admittedOf(following, queues.following);
    expect(fixedPlaces.filter((ticket) => ticket.status === 'ADMITTED')).toHaveLength(4);
    expect(followingPlaces.filter((ticket) => ticket.status === 'ADMITTED')).toHaveLength(2);
    expect(followingPlaces[2]).toMatchObject({ status: 'WAITING', position: 1, estimatedWaitSeconds: 2 });
    expect((await request(kit.app).get(`${sales}/${following}`).set(as(admin))).body).toMatchObject({
      followCapacity: true,
      currentAdmissionsPerMinute: 30,
    });
    expect((await request(kit.app).get(`${sales}/${fixed}`).set(as(admin))).body).toMatchObject({
      followCapacity: false,
      currentAdmissionsPerMinute: 60,
    });
    // this process reported its own load (beside the answers, so it may land just after them)
    const ownReports = (): Promise<{ reported_at: Date }[]> =>
      kit.knex('waiting_room_process_load').whereNot('process_id', 'test-slow-api-process');
    await waitUntil(
      "this process's own load report, at the test clock's time",
      async () => (await ownReports()).some((row) => row.reported_at.getTime() === kit.clock.now.getTime()),
      2_000,
      { intervalMs: 50 },
    );

    // the slow report goes stale: full pace again
    kit.clock.advance(pace.reportFreshMs + 1_000);
    await admittedOf(following, queues.following.slice(2, 3));
    expect(
      (await request(kit.app).get(`${sales}/${following}`).set(as(admin))).body.currentAdmissionsPerMinute,
    ).toBe(60);
    await end(following);
    await end(fixed);
  });

  it('keeps the queue in PostgreSQL: another API process and a restarted one see the same places and admissions', async () => {
    const saleId = await schedule({
      name: 'Two processes',
      productDefinitionIds: [7030],
      opensAt: inMinutes(1),
      admissionsPerMinute: 60,
    });
    kit.clock.advance(60_000);
    const other = kit.instance();
    const [first, second] = [await visitor(), await visitor()];
    const firstTicket = (await join(saleId, first, kit.app)).body.ticketId;
    const secondTicket = (await join(saleId, second, other.app)).body.ticketId;
    expect((await place(saleId, secondTicket, second, kit.app)).body.position).toBe(2);
    kit.clock.advance(1_000);
    const admitted = (await place(saleId, firstTicket, first, other.app)).body;
    expect(admitted.status).toBe('ADMITTED');
    const restarted = kit.instance();
    expect((await place(saleId, firstTicket, first, restarted.app)).body.admissionToken).toBe(
      admitted.admissionToken,
    );
    expect((await place(saleId, secondTicket, second, restarted.app)).body).toMatchObject({
      status: 'WAITING',
      position: 1,
    });
    await end(saleId);
  });
});

describe('the cost of asking', () => {
  /** the statements the shop's knex runs while `call` does */
  async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const listener = (query: { sql: string }) => seen.push(query.sql);
    kit.knex.on('query', listener);
    try {
      await call();
    } finally {
      kit.knex.removeListener('query', listener);
    }
    return seen;
  }

  it("answers a waiting visitor's ask from the process's snapshot, without a statement, and asks again less often further back", async () => {
    const saleId = await schedule({
      name: 'Snapshot',
      productDefinitionIds: [7040],
      opensAt: inMinutes(1),
      admissionsPerMinute: 6,
    });
    kit.clock.advance(60_000);
    const queued: { who: string; ticketId: string }[] = [];
    for (let index = 0; index < 4; index += 1) {
      const who = await visitor();
      queued.push({ who, ticketId: (await join(saleId, who)).body.ticketId as string });
    }
    // a second on, the first ask moves the admission clock and takes a snapshot; the next asks within the
    // second need no statement (this process's load report, beside the answers, aside)
    kit.clock.advance(1_000);
    await place(saleId, queued[0]!.ticketId, queued[0]!.who);
    const answers: { position: number; pollAfterSeconds: number }[] = [];
    const statements = await statementsOf(async () => {
      for (const { who, ticketId } of queued) answers.push((await place(saleId, ticketId, who)).body);
    });
    expect(statements.filter((sql) => !sql.includes('waiting_room_process_load'))).toEqual([]);
    expect(answers.map((answer) => answer.position)).toEqual([1, 2, 3, 4]);
    // 10 s a place at 6 a minute: a quarter of the estimate, at least 2 s
    expect(answers.map((answer) => answer.pollAfterSeconds)).toEqual([3, 5, 8, 10]);
    // someone else's ticket is still not found
    const stranger = await visitor();
    expect((await place(saleId, queued[0]!.ticketId, stranger)).status).toBe(404);
    await end(saleId);
  });

  it('writes when visitors asked in batches, and lets go exactly of those who stopped asking', async () => {
    const saleId = await schedule({
      name: 'Abandon',
      productDefinitionIds: [1031],
      opensAt: inMinutes(1),
      admissionsPerMinute: 60,
      places: 1,
    });
    kit.clock.advance(60_000);
    const [first, asking, silent] = [await visitor(), await visitor(), await visitor()];
    const firstTicket = (await join(saleId, first)).body.ticketId;
    const askingTicket = (await join(saleId, asking)).body.ticketId;
    const silentTicket = (await join(saleId, silent)).body.ticketId;
    kit.clock.advance(kit.settings.abandonAfterMs / 2);
    // asked of another process: its batch reaches PostgreSQL within a second or so
    const other = kit.instance();
    const askedAt = kit.clock.now;
    expect((await place(saleId, askingTicket, asking, other.app)).body).toMatchObject({
      status: 'WAITING',
      position: 1,
    });
    const lastSeen = () =>
      kit
        .knex('waiting_room_tickets')
        .where('id', askingTicket)
        .first('last_seen_at')
        .then((row: { last_seen_at: Date }) => row.last_seen_at.getTime());
    expect(
      await waitForValue(
        "the other process's batch in PostgreSQL",
        lastSeen,
        (seen) => seen === askedAt.getTime(),
        3_000,
        { intervalMs: 50 },
      ),
    ).toBe(askedAt.getTime());
    // the one place went to the first visitor, who uses it
    const admitted = (await place(saleId, firstTicket, first)).body;
    expect(admitted.status).toBe('ADMITTED');
    const basket = await request(kit.checkout.app)
      .post('/api/baskets')
      .set({ ...as(first), [WAITING_ROOM_ADMISSION_HEADER]: admitted.admissionToken })
      .send({ entries: [{ productDefinitionId: 1031, slotId: 31 }] });
    expect(basket.status).toBe(201);

    kit.clock.advance(kit.settings.abandonAfterMs / 2 + 1_000);
    expect((await place(saleId, silentTicket, silent)).body.status).toBe('EXPIRED');
    expect((await place(saleId, askingTicket, asking)).body).toMatchObject({
      status: 'WAITING',
      position: 1,
    });
    const left = await kit.knex('waiting_room_tickets').where('id', silentTicket).first('left_reason');
    expect(left.left_reason).toBe('ABANDONED');
    await end(saleId);
  });
});

describe('admissions at the basket and the checkout', () => {
  const gondola = (productDefinitionId = 1031) => ({ entries: [{ productDefinitionId, slotId: 31 }] });
  const withAdmission = (who: string, token?: string) => ({
    ...as(who),
    ...(token ? { [WAITING_ROOM_ADMISSION_HEADER]: token } : {}),
  });
  async function admittedVisitor(saleId: number) {
    const who = await visitor();
    const joined = await join(saleId, who);
    kit.clock.advance(1_000);
    const status = (await place(saleId, joined.body.ticketId, who)).body;
    expect(status.status).toBe('ADMITTED');
    return { who, ticketId: joined.body.ticketId as string, token: status.admissionToken as string };
  }

  it("refuses a sale's products without an admission of this visitor, and leaves other products and earlier checkouts alone", async () => {
    const prefilled = await visitor();
    const early = await request(kit.checkout.app).post('/api/baskets').set(as(prefilled)).send(gondola());
    expect(early.status).toBe(201);
    const saleId = await schedule({
      name: 'Gondola',
      productDefinitionIds: [1031],
      opensAt: inMinutes(1),
      admissionsPerMinute: 600,
    });
    kit.clock.advance(60_000);

    const stranger = await visitor();
    const refused = await request(kit.checkout.app).post('/api/baskets').set(as(stranger)).send(gondola());
    expect(refused.status).toBe(409);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: waitingRoomErrorCodes.admissionRequired });
    expect(refused.body.detail).toMatch(/waiting room/);
    expect(
      (await request(kit.checkout.app).post('/api/baskets').set(as(stranger)).send(gondola(1032))).status,
    ).toBe(201);

    const { who, ticketId, token } = await admittedVisitor(saleId);
    expect(
      (
        await request(kit.checkout.app)
          .post('/api/baskets')
          .set(withAdmission(stranger, token))
          .send(gondola())
      ).body.code,
    ).toBe(waitingRoomErrorCodes.admissionRequired);
    expect((await place(saleId, ticketId, stranger)).status).toBe(404);
    const basket = await request(kit.checkout.app)
      .post('/api/baskets')
      .set(withAdmission(who, token))
      .send(gondola());
    expect(basket.status).toBe(201);
    const added = await request(kit.checkout.app)
      .post(`/api/baskets/${basket.body.id}/entries`)
      .set(withAdmission(who, token))
      .send(gondola());
    expect(added.status).toBe(200);

    const unqueued = await request(kit.checkout.app)
      .post('/api/checkout')
      .set(as(prefilled))
      .send({ basketId: early.body.id });
    expect(unqueued.status).toBe(409);
    expect(unqueued.body.code).toBe(waitingRoomErrorCodes.admissionRequired);
    const placed = await request(kit.checkout.app)
      .post('/api/orders')
      .set(withAdmission(who, token))
      .send({ basketId: basket.body.id });
    expect(placed.status).toBe(201);
    // a customer already in checkout is never sent back: the same basket answers its order without an admission
    const again = await request(kit.checkout.app)
      .post('/api/checkout')
      .set(as(who))
      .send({ basketId: basket.body.id });
    expect(again.status).toBe(201);
    expect(again.body.orderId).toBe(placed.body.id);
    await end(saleId);
  });

  it("asks for an admission when a sale's product is added to an unpaid order, not for what it holds", async () => {
    const saleId = await schedule({
      name: 'Gondola, items of an unpaid order',
      productDefinitionIds: [1031],
      opensAt: inMinutes(1),
      admissionsPerMinute: 600,
    });
    kit.clock.advance(60_000);
    const { who, token } = await admittedVisitor(saleId);
    const basket = await request(kit.checkout.app).post('/api/baskets').set(as(who)).send(gondola(1032));
    const checkout = await request(kit.checkout.app)
      .post('/api/checkout')
      .set(as(who))
      .send({ basketId: basket.body.id });
    expect(checkout.status).toBe(201);
    const addItems = (headers: Record<string, string>) =>
      request(kit.checkout.app)
        .post(`/api/checkout/${checkout.body.id}/items`)
        .set(headers)
        .send({ items: gondola().entries });
    const unqueued = await addItems(as(who));
    expect(unqueued.status).toBe(409);
    expect(unqueued.body.code).toBe(waitingRoomErrorCodes.admissionRequired);
    expect((await addItems(withAdmission(who, token))).status).toBe(200);
    await end(saleId);
  });

  it('an admission not used within the grace time lapses; a used one lasts its session', async () => {
    const saleId = await schedule({
      name: 'Grace',
      productDefinitionIds: [1031],
      opensAt: inMinutes(1),
      admissionsPerMinute: 600,
    });
    kit.clock.advance(60_000);
    const idle = await admittedVisitor(saleId);
    const active = await admittedVisitor(saleId);
    expect(
      (
        await request(kit.checkout.app)
          .post('/api/baskets')
          .set(withAdmission(active.who, active.token))
          .send(gondola())
      ).status,
    ).toBe(201);

    kit.clock.advance(kit.settings.admissionGraceMs + 1_000);
    const lapsed = await request(kit.checkout.app)
      .post('/api/baskets')
      .set(withAdmission(idle.who, idle.token))
      .send(gondola());
    expect(lapsed.status).toBe(409);
    expect(lapsed.body.code).toBe(waitingRoomErrorCodes.admissionExpired);
    expect((await place(saleId, idle.ticketId, idle.who)).body.status).toBe('EXPIRED');
    expect(
      (
        await request(kit.checkout.app)
          .post('/api/baskets')
          .set(withAdmission(active.who, active.token))
          .send(gondola())
      ).status,
    ).toBe(201);

    kit.clock.advance(kit.settings.admissionSessionMs);
    const over = await request(kit.checkout.app)
      .post('/api/baskets')
      .set(withAdmission(active.who, active.token))
      .send(gondola());
    expect(over.body.code).toBe(waitingRoomErrorCodes.admissionExpired);
    const rejoined = await join(saleId, idle.who);
    expect(rejoined.body.ticketId).not.toBe(idle.ticketId);
    // once staff end the sale its products sell freely again
    await end(saleId);
    expect(
      (await request(kit.checkout.app).post('/api/baskets').set(as(idle.who)).send(gondola())).status,
    ).toBe(201);
  });
});
