import type { Knex } from 'knex';
import type { Registry } from 'prom-client';
import type { NatsConnection } from 'nats';
import type { Client as TemporalClient } from '@temporalio/client';
import type { RecordedEvent } from '@alpenpass/contracts';
import type { AnyProjection } from '@alpenpass/projections';
import type { AppConfig } from './config';
import type { EventStore } from './event-store/event-store';
import type { ApiRouter } from './http/api-router';
import type { Logger } from './logger';

/** What every bounded context receives from the composition root. */
export interface ContextDeps {
  config: AppConfig;
  store: EventStore;
  /** the application database: read models and the tables of the write side */
  knex: Knex;
  log: Logger;
  /** connects lazily: roles that never start workflows never open a Temporal connection */
  temporal: () => Promise<TemporalClient>;
}

/**
 * What a bounded context hands to the composition root (the `index.ts` of each area). A context
 * that lends command handlers to the worker's activities says which with `ActivityLender`.
 */
export interface ContextModule {
  name: string;
  /** product routes behind the shop headers, mounted under /api */
  routers?: ApiRouter[];
  /** routes for outside systems (webhooks) that authenticate themselves */
  externalRouters?: ApiRouter[];
  projections?: AnyProjection[];
  /** follow-ups of events (start or signal workflows), run by the worker role over the bus */
  reactors?: Reactor[];
  /** consumers of outside systems' messages on NATS (the access system's usage events), run by the worker role */
  inboundConsumers?: InboundConsumer[];
  /** loops the worker role runs beside its reactors (the webhook dispatcher) */
  backgroundJobs?: BackgroundJob[];
  /** shop-wide gauges of GET /metrics this area reads once per scrape (docs/operations.md, "Metrics") */
  shopGauges?: (registry: Registry) => void;
}

export interface BackgroundJob {
  name: string;
  start(): Promise<{ stop(): Promise<void> }>;
}

export interface InboundConsumer {
  name: string;
  start(nats: NatsConnection): Promise<{ stop(): Promise<void> }>;
}

/**
 * Reacts to the events of one stream category, at least once (a durable JetStream consumer, acked after
 * `react` finished): `react` must be idempotent and must not depend on the order of deliveries.
 */
export interface Reactor {
  /** the durable consumer's name is `reactor-<name>` */
  name: string;
  /** the stream category it follows (`basket` for basket-<id>) */
  category: string;
  react(event: RecordedEvent): Promise<void>;
}

export type ContextFactory = (deps: ContextDeps) => ContextModule;

/** The command handlers a context lends to the worker's activities (workflows/src/activities.ts): the
 * composition root puts every lender's together, and the compiler checks that none is missing. */
export interface ActivityLender<Dependencies> {
  activityDependencies: Dependencies;
}
