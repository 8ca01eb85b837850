import { createKnex } from '@alpenpass/infra';
import { contextFactories } from './contexts';
import type { AppConfig } from './platform/config';
import type { ContextDeps } from './platform/context-module';
import { createEventStore } from './platform/event-store/create-event-store';
import type { ApiRouter } from './platform/http/api-router';
import { buildOpenApiDocument } from './platform/http/openapi';
import type { Logger } from './platform/logger';

/**
 * Every router the API role mounts, built the way the shop builds them but over a connection pool that
 * never connects and without Temporal: for the OpenAPI document outside a running shop (`npm run
 * lint:openapi`, tests). `close` ends the unused pool.
 */
export function shopRouters(
  config: AppConfig,
  log: Logger,
): { routers: ApiRouter[]; close(): Promise<void> } {
  const knex = createKnex(config.databaseUrl, { max: 1 });
  const deps: ContextDeps = {
    config,
    knex,
    log,
    store: createEventStore({ kind: 'postgres' }, { knex, logger: log }),
    temporal: () => Promise.reject(new Error('no Temporal outside a running shop')),
  };
  const contexts = contextFactories.map((factory) => factory(deps));
  return {
    routers: contexts.flatMap((context) => [...(context.externalRouters ?? []), ...(context.routers ?? [])]),
    close: () => knex.destroy(),
  };
}

/** The document GET /api/openapi.json serves, without a running shop. */
export async function shopOpenApiDocument(config: AppConfig, log: Logger): Promise<object> {
  const { routers, close } = shopRouters(config, log);
  try {
    return buildOpenApiDocument(routers);
  } finally {
    await close();
  }
}
