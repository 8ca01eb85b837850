// The waiting room at an on-sale surge, in simulated time: VISITORS arrive within 10 s around the opening of a
// sale of PLACES places (a gondola slot of that many places) admitted at RATE a minute. Each visitor joins the
// queue, asks for its place again as the SPA does (poll-delay.ts: a quarter of the estimate, 2–30 s), and once
// admitted adds one place and checks out with its admission. Requests go through HTTP into one in-process shop
// (the waiting-room test kit) one at a time, so the add/checkout latencies are those of a quiet shop, not of
// a loaded one. Prints: add and checkout p99, admission order against arrival (pre-openers shuffled, FIFO
// after), oversold places, lost orders, and the error of the first estimate each visitor was shown.
import { loadavg } from 'node:os';
import request from 'supertest';
import { WAITING_ROOM_ADMISSION_HEADER } from '@alpenpass/contracts';
import { shopHeaders } from '../../services/test/support/shop-headers';
import { createWaitingRoomTestKit } from '../../services/test/support/waiting-room-kit';

const VISITORS = Number(process.argv[2] ?? 2000);
const PLACES = Number(process.argv[3] ?? 300);
const RATE = Number(process.argv[4] ?? 120);
const ARRIVAL_WINDOW_MS = 10_000;
const SLOT_ID = 61;

/** as the SPA asks again (web/src/features/waiting-room/poll-delay.ts): the server's hint, else a quarter (half before the opening) of the estimate, 2–30 s */
function nextPollDelayMs(ticket: {
  status: string;
  estimatedWaitSeconds: number | null;
  pollAfterSeconds?: number | null;
}): number {
  if (ticket.status !== 'BEFORE_OPENING' && ticket.status !== 'WAITING') return 0;
  if (typeof ticket.pollAfterSeconds === 'number') return Math.max(2_000, ticket.pollAfterSeconds * 1000);
  const share = ticket.status === 'BEFORE_OPENING' ? 2 : 4;
  return Math.round(Math.min(30_000, Math.max(2_000, ((ticket.estimatedWaitSeconds ?? 0) * 1000) / share)));
}

const percentile = (values: number[], p: number) =>
  values.length === 0
    ? NaN
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

interface Visitor {
  index: number;
  arrivalMs: number;
  authorization: string;
  ticketId?: string;
  firstEstimate?: { atMs: number; waitSeconds: number };
  admittedAtMs?: number;
  orderId?: number;
}

async function main(): Promise<void> {
  const kit = await createWaitingRoomTestKit();
  const app = kit.app;
  const shop = kit.checkout.app;
  try {
    await kit.checkout.basket.scheduleSlot(SLOT_ID, PLACES);
    const admin = await kit.checkout.basket.identity.bearer({ subject: 'bench-staff', roles: ['admin'] });
    const opensAtMs = kit.clock.now.getTime() + 5 * 60_000;
    const sale = await request(app)
      .post('/api/admin/waiting-room/sales')
      .set({ ...shopHeaders, authorization: admin })
      .send({
        name: 'Bench launch',
        productDefinitionIds: [1031],
        opensAt: new Date(opensAtMs).toISOString(),
        admissionsPerMinute: RATE,
        places: PLACES,
      });
    const saleId: number = sale.body.id;
    const visitors: Visitor[] = [];
    for (let index = 0; index < VISITORS; index += 1) {
      visitors.push({
        index,
        // half before the opening, half after
        arrivalMs: opensAtMs - ARRIVAL_WINDOW_MS / 2 + Math.random() * ARRIVAL_WINDOW_MS,
        authorization: await kit.checkout.basket.identity.bearer({
          subject: `bench-visitor-${index}`,
          roles: ['customer'],
          accountId: String(100_000 + index),
        }),
      });
    }
    const agenda: { atMs: number; visitor: Visitor }[] = visitors.map((visitor) => ({
      atMs: visitor.arrivalMs,
      visitor,
    }));
    const adds: number[] = [];
    const checkouts: number[] = [];
    const refusedAdds: string[] = [];
    let requests = 0;
    const started = performance.now();
    while (agenda.length > 0) {
      agenda.sort((a, b) => a.atMs - b.atMs);
      const { atMs, visitor } = agenda.shift()!;
      kit.clock.now = new Date(Math.max(kit.clock.now.getTime(), atMs));
      const headers = { ...shopHeaders, authorization: visitor.authorization };
      requests += 1;
      const answer = visitor.ticketId
        ? await request(app).get(`/api/waiting-room/${saleId}/queue/${visitor.ticketId}`).set(headers)
        : await request(app).post(`/api/waiting-room/${saleId}/queue`).set(headers);
      const ticket = answer.body;
      visitor.ticketId = ticket.ticketId;
      if (ticket.status === 'WAITING' && !visitor.firstEstimate)
        visitor.firstEstimate = { atMs: kit.clock.now.getTime(), waitSeconds: ticket.estimatedWaitSeconds };
      if (ticket.status === 'ADMITTED') {
        visitor.admittedAtMs = kit.clock.now.getTime();
        const admitted = { ...headers, [WAITING_ROOM_ADMISSION_HEADER]: ticket.admissionToken };
        let t = performance.now();
        const basket = await request(shop)
          .post('/api/baskets')
          .set(admitted)
          .send({ entries: [{ productDefinitionId: 1031, slotId: SLOT_ID }] });
        adds.push(performance.now() - t);
        if (basket.status !== 201) {
          refusedAdds.push(basket.body.code);
          continue;
        }
        t = performance.now();
        const checkout = await request(shop)
          .post('/api/checkout')
          .set(admitted)
          .send({ basketId: basket.body.id });
        checkouts.push(performance.now() - t);
        if (checkout.status === 201) visitor.orderId = checkout.body.orderId;
        continue;
      }
      const delay = nextPollDelayMs(ticket);
      const admittedSoFar = visitors.filter((candidate) => candidate.admittedAtMs !== undefined).length;
      // sold out: once every place is admitted the rest would wait until staff end the sale
      if (delay > 0 && admittedSoFar < PLACES)
        agenda.push({ atMs: kit.clock.now.getTime() + delay, visitor });
    }
    const wallSeconds = (performance.now() - started) / 1000;

    const admitted = visitors.filter((visitor) => visitor.admittedAtMs !== undefined);
    const rows: { id: string; admitted_at: Date; joined_at: Date; phase: number }[] = await kit
      .knex('waiting_room_tickets')
      .where('sale_id', saleId)
      .whereNotNull('admitted_at')
      .orderBy([{ column: 'admitted_at' }, { column: 'phase' }, { column: 'order_key' }])
      .select('id', 'admitted_at', 'joined_at', 'phase');
    const byTicket = new Map(visitors.map((visitor) => [visitor.ticketId, visitor]));
    const lateOrder = rows.filter((row) => row.phase === 1).map((row) => byTicket.get(row.id)!.arrivalMs);
    const fifoBreaks = lateOrder.filter(
      (arrival, index) => index > 0 && arrival < lateOrder[index - 1]!,
    ).length;
    const earlyAdmitted = rows.filter((row) => row.phase === 0).map((row) => byTicket.get(row.id)!.arrivalMs);
    const earlyInArrivalOrder = earlyAdmitted.filter(
      (arrival, index) => index > 0 && arrival > earlyAdmitted[index - 1]!,
    ).length;
    const firstLate = rows.findIndex((row) => row.phase === 1);
    const lateBeforeEarly = firstLate >= 0 && firstLate < rows.findLastIndex((row) => row.phase === 0);
    const slot = await kit.checkout.basket.store.readStream(`slot-${SLOT_ID}`);
    const orders = visitors.filter((visitor) => visitor.orderId !== undefined);
    const storedOrders = await Promise.all(
      orders.map(
        async (visitor) =>
          (await kit.checkout.basket.store.readStream(`order-${visitor.orderId}`)).length > 0,
      ),
    );
    const held = slot.filter((event) => event.type === 'CapacityHeld').length;
    const estimateErrors = admitted
      .filter((visitor) => visitor.firstEstimate)
      .map((visitor) => {
        const actualSeconds = (visitor.admittedAtMs! - visitor.firstEstimate!.atMs) / 1000;
        return Math.abs(actualSeconds - visitor.firstEstimate!.waitSeconds);
      });
    console.log(
      `waiting room: ${VISITORS} visitors within ${ARRIVAL_WINDOW_MS / 1000} s around the opening, ${PLACES} places at ${RATE}/min; ${requests} queue requests in ${wallSeconds.toFixed(1)} s; load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `admitted ${admitted.length}, orders ${orders.length}, refused adds ${refusedAdds.length} ${[...new Set(refusedAdds)].join(' ')}`,
    );
    console.log(
      `add p50 ${percentile(adds, 50).toFixed(1)} ms, p99 ${percentile(adds, 99).toFixed(1)} ms; checkout p50 ${percentile(checkouts, 50).toFixed(1)} ms, p99 ${percentile(checkouts, 99).toFixed(1)} ms (target p99 ≤ 250 ms)`,
    );
    console.log(
      `order of admission: ${fifoBreaks} of ${lateOrder.length} after-opening arrivals admitted out of arrival order (FIFO: 0); pre-openers admitted in arrival order ${earlyInArrivalOrder} of ${Math.max(0, earlyAdmitted.length - 1)} neighbours (shuffled: about half); a later arrival before a pre-opener: ${lateBeforeEarly}`,
    );
    console.log(
      `oversold: ${Math.max(0, held - PLACES)} (places held ${held} of ${PLACES}); lost orders: ${storedOrders.filter((stored) => !stored).length}`,
    );
    console.log(
      `estimate error (first estimate shown vs admission, ${estimateErrors.length} visitors): p50 ${percentile(estimateErrors, 50).toFixed(1)} s, p99 ${percentile(estimateErrors, 99).toFixed(1)} s (polling every 2–30 s adds up to a poll's delay)`,
    );
  } finally {
    await kit.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
