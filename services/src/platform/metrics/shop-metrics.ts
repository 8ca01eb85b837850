import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { Gauge, Registry } from 'prom-client';
import { projectionStatus, type AnyProjection, type EventSource } from '@alpenpass/projections';

export interface ShopMetricsSources {
  knex: Knex;
  store: EventSource;
  projections: readonly AnyProjection[];
  temporal: () => Promise<Client>;
  taskQueue: string;
  /** the gauges areas add of their own (the capacity's held places, the webhook outbox's, …) */
  areaGauges?: readonly ((registry: Registry) => void)[];
}

/** the Temporal workflow types the shop starts */
const workflowTypes = ['checkoutWorkflow', 'priceGenerationWorkflow'];

/**
 * Facts of the whole shop, the same whichever process is asked: read from PostgreSQL and Temporal when
 * scraped, once per scrape, so they are never summed over API processes. A source that does not answer
 * leaves its gauges out of that scrape rather than failing it.
 */
export function shopMetricsRegistry(sources: ShopMetricsSources): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'alpenpass_projection_position',
    help: 'Global position up to which each projection has applied the event store',
    labelNames: ['projection', 'state'] as const,
    registers: [registry],
    async collect() {
      const statuses = await projectionStatus(sources.knex, sources.store, sources.projections).catch(
        () => [],
      );
      this.reset();
      for (const { name, state, position } of statuses)
        if (position !== null) this.set({ projection: name, state }, position);
    },
  });
  new Gauge({
    name: 'alpenpass_projection_lag_events',
    help: 'Events in the store that each projection has not applied yet (head minus checkpoint)',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      const statuses = await projectionStatus(sources.knex, sources.store, sources.projections).catch(
        () => [],
      );
      this.reset();
      for (const { name, lag } of statuses) if (lag !== null) this.set({ projection: name }, lag);
    },
  });
  const workflows = (name: string, help: string, status?: string) =>
    new Gauge({
      name,
      help,
      labelNames: ['workflow'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const client = await sources.temporal();
          for (const type of workflowTypes) {
            const query = `WorkflowType = '${type}' AND TaskQueue = '${sources.taskQueue}'${status ? ` AND ExecutionStatus = '${status}'` : ''}`;
            this.set({ workflow: type }, (await client.workflow.count(query)).count);
          }
        } catch {
          // Temporal not answering: /api/ready says so; the scrape goes on without these
        }
      },
    });
  workflows(
    'alpenpass_workflow_starts',
    'Workflow executions started on the shop task queue, per type (Temporal visibility)',
  );
  workflows(
    'alpenpass_workflow_failures',
    'Workflow executions on the shop task queue that failed, per type (Temporal visibility)',
    'Failed',
  );
  for (const register of sources.areaGauges ?? []) register(registry);
  return registry;
}
