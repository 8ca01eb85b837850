import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { basketRouter } from '../../src/basket/api';
import { postgresHoldScheduler, registerHoldTimerGauges } from '../../src/basket/hold-timers';
import { registerCapacityGauges } from '../../src/capacity/capacity-metrics';
import { createBasketTestKit, kitProjections, type BasketTestKit } from '../support/basket-kit';
import { loadConfig } from '../../src/platform/config';
import { createHttpApp } from '../../src/platform/http/app';
import { createLogger } from '../../src/platform/logger';
import { lazyTemporalClient } from '../../src/platform/temporal-client';
import { shopHeaders, testChannelId } from '../support/shop-headers';
import { shopMetricsRegistry } from '../../src/platform/metrics/shop-metrics';
import { timeAppends } from '../../src/platform/metrics/timed-appends';

/** The shape of GET /metrics (names and labels), not the values' timing. */
const config = loadConfig({ ...process.env, TEMPORAL_TASK_QUEUE: `metrics-test-${randomUUID()}` });
const temporal = lazyTemporalClient(config.temporal);
let kit: BasketTestKit;
let app: ReturnType<typeof createHttpApp>;

beforeAll(async () => {
  kit = await createBasketTestKit();
  timeAppends(kit.store);
  await kit.scheduleSlot(31, 4); // a guest may hold 1 of 4 places (25 %)
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: [basketRouter(kit.service)],
    readiness: [],
    metrics: shopMetricsRegistry({
      knex: kit.db.knex,
      store: kit.store,
      projections: kitProjections,
      temporal: temporal.client,
      taskQueue: config.temporal.taskQueue,
      areaGauges: [
        (registry) => registerHoldTimerGauges(registry, kit.db.knex),
        (registry) => registerCapacityGauges(registry, kit.db.knex),
      ],
    }),
  });
}, 60_000);
afterAll(async () => {
  await temporal.close();
  await kit.close();
});

const slotEntry = (quantity: number) => ({
  entries: [{ productDefinitionId: 1031, slotId: 31, allocation: { quantity } }],
});

it('serves Prometheus text with latency per route, commands and refusals, appends, projections, workflows and holds per slot', async () => {
  const created = await request(app).post('/api/baskets').set(shopHeaders).send(slotEntry(1));
  expect(created.status).toBe(201);
  await request(app).get(`/api/baskets/${created.body.id}`).set(shopHeaders).expect(200);
  const other = await request(app).post('/api/baskets').set(shopHeaders).send({ entries: [] });
  await request(app)
    .post(`/api/baskets/${other.body.id}/entries`)
    .set(shopHeaders)
    .send(slotEntry(2))
    .expect(409);
  await kit.project();
  // the hold reactor does not run here: the created basket's timer, due five seconds ago
  await postgresHoldScheduler(kit.db.knex).holdUntil(created.body.id, { expiresAtMs: Date.now() - 5000 });

  const scraped = await request(app).get('/metrics');
  expect(scraped.status).toBe(200);
  expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = scraped.text;
  const has = (line: RegExp) => expect(text).toMatch(line);
  has(
    /^alpenpass_http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/baskets",status="201"\} \d+$/m,
  );
  has(
    /^alpenpass_http_request_duration_seconds_count\{method="GET",route="\/api\/baskets\/:basketId",status="200"\} 1$/m,
  );
  has(/^alpenpass_commands_total\{command="POST \/api\/baskets",outcome="accepted"\} 2$/m);
  has(/^alpenpass_commands_total\{command="POST \/api\/baskets\/:basketId\/entries",outcome="refused"\} 1$/m);
  has(
    /^alpenpass_command_refusals_total\{command="POST \/api\/baskets\/:basketId\/entries",code="SLOT_HOLD_LIMIT"\} 1$/m,
  );
  has(/^alpenpass_event_store_append_duration_seconds_count\{category="basket",result="ok"\} \d+$/m);
  has(/^alpenpass_event_store_append_duration_seconds_count\{category="slot",result="ok"\} \d+$/m);
  has(/^alpenpass_projection_position\{projection="capacity-admin-slots",state="ok"\} \d+$/m);
  has(/^alpenpass_projection_lag_events\{projection="capacity-admin-slots"\} 0$/m);
  has(/^alpenpass_slot_held_places\{slot="31"\} 1$/m);
  has(/^alpenpass_workflow_starts\{workflow="checkoutWorkflow"\} 0$/m);
  has(/^alpenpass_basket_hold_timers\{measure="count"\} 1$/m);
  expect(
    Number(/^alpenpass_basket_hold_timers\{measure="overdue_seconds"\} ([\d.]+)$/m.exec(text)?.[1]),
  ).toBeGreaterThanOrEqual(5);
  has(/^alpenpass_workflow_failures\{workflow="priceGenerationWorkflow"\} 0$/m);
  has(/^# TYPE alpenpass_process_cpu_seconds_total counter$/m);
}, 60_000);
