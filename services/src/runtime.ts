import { connect as connectNats, type NatsConnection } from 'nats';
import type { AnyProjection, RetryBackoff } from '@alpenpass/projections';
import { catalogueDocumentsProjection } from '@alpenpass/projections/src/catalogue';
import { channelsProjection } from '@alpenpass/projections/src/channel';
import { readModelMarks } from '@alpenpass/projections/src/pricing';
import { compose, type Composition } from './composition';
import { identityProviderFor } from './platform/auth/identity-provider';
import type { AppConfig } from './platform/config';
import type { ReadinessCheck } from './platform/http/health';
import { projectionsReadiness } from './platform/projector/projections-readiness';
import { busReadiness } from './platform/bus/bus-readiness';
import type { Logger } from './platform/logger';
import { idempotentRequests } from './platform/idempotent-requests';
import { startIdempotencyKeyExpiry } from './platform/idempotency-key-expiry';
import { startApi } from './roles/api-role';
import { startProjectorRole } from './roles/projector-role';
import { startRelayRole } from './roles/relay-role';
import { startWorker } from './roles/worker-role';
import { startReactors } from './platform/reactors';
import { clientOrderSubjects } from './order';
import { shopMetricsRegistry } from './platform/metrics/shop-metrics';
import { loadDemoData } from './demo';
import { createSignIn } from './signin';
import {
  accountAccessGuard,
  accountDirectory,
  accountSignInSteps,
  createAccountService,
  loadAccountSettings,
} from './account';

export interface Runtime extends Omit<Composition, 'close'> {
  /** the api role's address, when this process runs it */
  url?: string;
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  /** read models beyond the contexts' own (tests add one that cannot apply an event) */
  extraProjections?: AnyProjection[];
  /** how the projector retries a failed projection */
  projectorRetry?: RetryBackoff;
}

type Stoppable = { stop(): Promise<void> } | { shutdown(): Promise<void> };

/** Starts the roles the configuration asks for over one composition. */
export async function startRuntime(
  config: AppConfig,
  log: Logger,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  const composed = await compose(config, log);
  const composition = {
    ...composed,
    projections: [...composed.projections, ...(options.extraProjections ?? [])],
  };
  const { knex, store, temporal, deps, contexts, projections } = composition;
  const bus = { streamName: config.nats.stream, subjectPrefix: config.nats.subjectPrefix };

  const running: Stoppable[] = [];
  let nats: NatsConnection | undefined;
  const natsConnection = async () =>
    // a bus outage is not a shop outage: keep reconnecting however long NATS is away
    (nats ??= await connectNats({ servers: config.nats.url, name: 'alpenpass', maxReconnectAttempts: -1 }));
  const has = (role: AppConfig['roles'][number]) => config.roles.includes(role);

  const stop = async () => {
    for (const part of running.reverse())
      await ('stop' in part ? part.stop() : part.shutdown()).catch(() => undefined);
    await nats?.drain().catch(() => undefined);
    await composition.close();
  };

  try {
    if (has('projector'))
      running.push(
        await startProjectorRole({
          knex,
          store,
          projections,
          log,
          retry: options.projectorRetry,
        }),
      );
    if (has('relay'))
      running.push(
        await startRelayRole({
          knex,
          store,
          nats: await natsConnection(),
          bus,
          log,
          copySubjects: clientOrderSubjects(bus, config.clientId, config.featureFlags),
        }),
      );
    if (has('worker')) {
      running.push(await startWorker({ config, log, activities: composition.activities() }));
      // reactors start and signal workflows: they live with the worker, off the API's requests
      running.push(
        await startReactors({
          nats: await natsConnection(),
          bus,
          reactors: contexts.flatMap((context) => context.reactors ?? []),
          log,
        }),
      );
      for (const consumer of contexts.flatMap((context) => context.inboundConsumers ?? []))
        running.push(await consumer.start(await natsConnection()));
      for (const job of contexts.flatMap((context) => context.backgroundJobs ?? []))
        running.push(await job.start());
      running.push(startIdempotencyKeyExpiry(idempotentRequests(knex), log));
    }
    if (config.loadDemoData && has('api')) await loadDemoData(deps, log);

    let url: string | undefined;
    if (has('api')) {
      const readiness: ReadinessCheck[] = [
        { name: 'postgres', check: async () => void (await knex.raw('select 1')) },
        { name: 'eventStore', check: async () => void (await store.headPosition()) },
        busReadiness(natsConnection),
        { name: 'temporal', check: () => temporal.check() },
        projectionsReadiness(knex, store, projections),
      ];
      const provider = await identityProviderFor(config.auth, {
        embeddedProviderRuns: Boolean(config.signIn?.embedded),
      });
      // blocked and erased accounts' tokens are refused (docs/account.md, "Blocking")
      const identity = {
        ...provider,
        verifyToken: accountAccessGuard(provider.verifyToken, accountDirectory(knex), {
          cacheMs: loadAccountSettings().accessCacheMs,
        }).verifyToken,
      };
      const metrics = shopMetricsRegistry({
        knex,
        store,
        projections,
        temporal: temporal.client,
        taskQueue: config.temporal.taskQueue,
        areaGauges: contexts.flatMap((context) => (context.shopGauges ? [context.shopGauges] : [])),
      });
      const accounts = createAccountService({ store, knex, personFieldRules: config.personFieldRules });
      const signIn = await createSignIn({
        config,
        knex,
        accounts,
        ...accountSignInSteps(deps, provider.verifyToken),
        verifyToken: identity.verifyToken,
        flags: config.featureFlags,
        log,
      });
      const api = await startApi({
        config,
        log,
        identity,
        contexts,
        readiness,
        idempotentRequests: idempotentRequests(knex),
        metrics,
        signIn,
        publicPageMarks: () =>
          readModelMarks(knex, {
            prices: true,
            checkpointsOf: [catalogueDocumentsProjection.name, channelsProjection.name],
          }),
      });
      running.push(api);
      url = api.url;
    }
    return { ...composition, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
