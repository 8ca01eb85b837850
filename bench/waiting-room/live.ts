// The waiting room at an on-sale surge against the shop as `npm start` runs it (API_PROCESSES, default 2),
// in real time: VISITORS signed-in customers arrive within 10 s around the opening of a sale of PLACES
// places (a gondola slot of that many places) admitted at most RATE a minute, following the shop's measured
// capacity (docs/waiting-room.md, "Pace"). Each visitor joins, asks again as the SPA does (a quarter of the
// estimate, half before the opening, 2–30 s), and once admitted opens a basket with one place and checks out
// with its admission. Visitors are async tasks of this process (its CPU is printed beside the shop's).
// Prints: add and checkout p99 of the admitted (target ≤ 250 ms), the queue calls' p99, admission order against
// arrival (FIFO after the opening), oversold places, lost orders, the first estimate's error, and the pace.
// Usage: npm run bench:waiting-room-live -- [visitors=2000] [places=300] [rate=120]
import { loadavg } from 'node:os';
import { WAITING_ROOM_ADMISSION_HEADER } from '@alpenpass/contracts';
import { createKnex } from '../../infra/src';
import { slotGroup } from '../booking-surge/surge-slots';
import { percentile } from '../load/load-job';
import { startShop } from '../shop/shop-process';
import { projectionsCaughtUp, sleep, waitUntil } from '../shop/shop-readiness';

const VISITORS = Number(process.argv[2] ?? 2000);
const PLACES = Number(process.argv[3] ?? 300);
const RATE = Number(process.argv[4] ?? 120);
const ARRIVAL_WINDOW_MS = 10_000;
/** staff schedule a sale at least a minute ahead (MIN_OPENING_LEAD_MS) */
const OPENING_LEAD_MS = 65_000;

interface Ticket {
  ticketId: string;
  status: string;
  position: number | null;
  estimatedWaitSeconds: number | null;
  admissionToken: string | null;
  /** the server's hint (absent from servers older than the cheap polls) */
  pollAfterSeconds?: number | null;
}

/** as the SPA asks again (web/src/features/waiting-room/poll-delay.ts): the server's hint when it gives one */
function nextPollDelayMs(ticket: Ticket): number {
  if (ticket.pollAfterSeconds !== undefined) return (ticket.pollAfterSeconds ?? 0) * 1000;
  const share = ticket.status === 'BEFORE_OPENING' ? 2 : ticket.status === 'WAITING' ? 4 : 0;
  if (share === 0) return 0;
  return Math.round(Math.min(30_000, Math.max(2_000, ((ticket.estimatedWaitSeconds ?? 0) * 1000) / share)));
}

const p = (values: number[], q: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    q,
  );

async function main(): Promise<void> {
  const shop = await startShop({ env: { API_PROCESSES: process.env.API_PROCESSES ?? '2' } });
  const knex = createKnex(shop.databaseUrl, { max: 2 });
  try {
    const [slotId] = await slotGroup(shop, 'Bench – launch', 17, 1, PLACES);
    const visitors = await Promise.all(
      Array.from({ length: VISITORS }, async (_, index) => ({
        index,
        headers: await shop.customerHeaders(`live-visitor-${index + 1}`),
        arrivalMs: 0,
        ticketId: undefined as string | undefined,
        firstEstimate: undefined as { atMs: number; seconds: number } | undefined,
        admittedAtMs: undefined as number | undefined,
        orderId: undefined as number | undefined,
      })),
    );
    await waitUntil(() => projectionsCaughtUp(shop), 'the projector', 120_000);
    const opensAtMs = Date.now() + OPENING_LEAD_MS;
    const sale = await fetch(`${shop.url}/api/admin/waiting-room/sales`, {
      method: 'POST',
      headers: { ...shop.adminHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench launch',
        productDefinitionIds: [1031],
        opensAt: new Date(opensAtMs).toISOString(),
        admissionsPerMinute: RATE,
        places: PLACES,
      }),
    });
    const saleId = ((await sale.json()) as { id: number }).id;
    console.log(
      `waiting room, live: ${VISITORS} visitors within ${ARRIVAL_WINDOW_MS / 1000} s around the opening, ${PLACES} places, at most ${RATE}/min following the shop's capacity; the shop as npm start runs it; load average ${loadavg()[0]!.toFixed(1)}`,
    );

    const queueCalls: number[] = [];
    const adds: number[] = [];
    const checkouts: number[] = [];
    const refused: string[] = [];
    let admittedCount = 0;
    const cpuBefore = process.cpuUsage();
    // a connection the shop drops under the surge counts as status 0 (asked again like a failed answer)
    const timed = async <T>(into: number[], call: () => Promise<Response>) => {
      const started = performance.now();
      try {
        const response = await call();
        const body = (await response.json()) as T;
        into.push(performance.now() - started);
        return { status: response.status, body };
      } catch {
        into.push(performance.now() - started);
        return { status: 0, body: {} as T };
      }
    };
    const post = (path: string, headers: Record<string, string>, body?: object) =>
      fetch(`${shop.url}/api${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });

    await Promise.all(
      visitors.map(async (visitor) => {
        visitor.arrivalMs = opensAtMs - ARRIVAL_WINDOW_MS / 2 + Math.random() * ARRIVAL_WINDOW_MS;
        await sleep(Math.max(0, visitor.arrivalMs - Date.now()));
        for (;;) {
          const answer = visitor.ticketId
            ? await timed<Ticket>(queueCalls, () =>
                fetch(`${shop.url}/api/waiting-room/${saleId}/queue/${visitor.ticketId}`, {
                  headers: visitor.headers,
                }),
              )
            : await timed<Ticket>(queueCalls, () => post(`/waiting-room/${saleId}/queue`, visitor.headers));
          if (answer.status === 0 || answer.status >= 300) {
            refused.push(`queue ${answer.status}`);
            await sleep(2_000);
            continue;
          }
          const ticket = answer.body;
          visitor.ticketId = ticket.ticketId;
          if (ticket.status === 'WAITING' && !visitor.firstEstimate)
            visitor.firstEstimate = { atMs: Date.now(), seconds: ticket.estimatedWaitSeconds ?? 0 };
          if (ticket.status === 'ADMITTED') {
            visitor.admittedAtMs = Date.now();
            admittedCount += 1;
            const admitted = { ...visitor.headers, [WAITING_ROOM_ADMISSION_HEADER]: ticket.admissionToken! };
            const basket = await timed<{ id: string; code?: string }>(adds, () =>
              post('/baskets', admitted, { entries: [{ productDefinitionId: 1031, slotId }] }),
            );
            if (basket.status !== 201) return void refused.push(`add ${basket.body.code ?? basket.status}`);
            const checkout = await timed<{ orderId: number; code?: string }>(checkouts, () =>
              post('/checkout', admitted, { basketId: basket.body.id }),
            );
            if (checkout.status !== 201)
              return void refused.push(`checkout ${checkout.body.code ?? checkout.status}`);
            visitor.orderId = checkout.body.orderId;
            return;
          }
          // every place admitted: the rest would wait until staff end the sale
          if (ticket.status !== 'WAITING' && ticket.status !== 'BEFORE_OPENING') return;
          if (admittedCount >= PLACES) return;
          await sleep(nextPollDelayMs(ticket));
        }
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);

    // what the visitors measured first: the checks below need a connection of a shared PostgreSQL
    console.log(
      `  admitted ${admittedCount}, orders ${visitors.filter((visitor) => visitor.orderId !== undefined).length}; refused: ${refused.length === 0 ? 'none' : [...new Set(refused)].map((what) => `${what} ×${refused.filter((r) => r === what).length}`).join(', ')}`,
    );
    console.log(
      `  admitted customers: add p50 ${p(adds, 50).toFixed(0)} ms, p99 ${p(adds, 99).toFixed(0)} ms; checkout p50 ${p(checkouts, 50).toFixed(0)} ms, p99 ${p(checkouts, 99).toFixed(0)} ms (target p99 ≤ 250 ms)`,
    );
    console.log(
      `  queue calls: ${queueCalls.length}, p50 ${p(queueCalls, 50).toFixed(0)} ms, p99 ${p(queueCalls, 99).toFixed(0)} ms`,
    );
    const rows: { id: string; phase: number }[] = await knex('waiting_room_tickets')
      .where('sale_id', saleId)
      .whereNotNull('admitted_at')
      .orderBy([{ column: 'admitted_at' }, { column: 'phase' }, { column: 'order_key' }])
      .select('id', 'phase');
    const byTicket = new Map(visitors.map((visitor) => [visitor.ticketId, visitor]));
    const late = rows.filter((row) => row.phase === 1).map((row) => byTicket.get(row.id)!.arrivalMs);
    const fifoBreaks = late.filter((arrival, index) => index > 0 && arrival < late[index - 1]!).length;
    const held = Number(
      (
        await knex('events')
          .where({ stream_name: `slot-${slotId}`, type: 'CapacityHeld' })
          .count<{ count: string }[]>('* as count')
      )[0]?.count ?? 0,
    );
    const orders = visitors.filter((visitor) => visitor.orderId !== undefined);
    const stored = Number(
      (
        await knex('events')
          .whereIn(
            'stream_name',
            orders.map((visitor) => `order-${visitor.orderId}`),
          )
          .countDistinct<{ count: string }[]>('stream_name as count')
      )[0]?.count ?? 0,
    );
    const pace = await knex('waiting_room_sales').where('id', saleId).first('current_admissions_per_minute');
    const estimateErrors = visitors
      .filter((visitor) => visitor.firstEstimate && visitor.admittedAtMs)
      .map((visitor) =>
        Math.abs(
          (visitor.admittedAtMs! - visitor.firstEstimate!.atMs) / 1000 - visitor.firstEstimate!.seconds,
        ),
      );
    console.log(
      `  pace at the end ${Math.round(Number(pace?.current_admissions_per_minute ?? 0))}/min of at most ${RATE}`,
    );
    console.log(
      `  order of admission: ${fifoBreaks} of ${late.length} after-opening arrivals admitted out of arrival order (FIFO: 0)`,
    );
    console.log(
      `  oversold: ${Math.max(0, held - PLACES)} (places held ${held} of ${PLACES}); lost orders: ${orders.length - stored}`,
    );
    console.log(
      `  estimate error (first estimate vs admission, ${estimateErrors.length} visitors): p50 ${p(estimateErrors, 50).toFixed(1)} s, p99 ${p(estimateErrors, 99).toFixed(1)} s; the visitors' process used ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU; load average ${loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await knex.destroy();
    await shop.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
