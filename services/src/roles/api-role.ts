import type { Server } from 'node:http';
import type { Registry } from 'prom-client';
import type { AddressInfo } from 'node:net';
import { createHttpApp, type HttpAppOptions } from '../platform/http/app';
import type { ReadinessCheck } from '../platform/http/health';
import type { ContextModule } from '../platform/context-module';
import type { AppConfig } from '../platform/config';
import type { Logger } from '../platform/logger';
import type { IdentityProvider } from '../platform/auth/identity-provider';
import type { IdempotentRequests } from '../platform/idempotent-requests';

export interface RunningApi {
  url: string;
  stop(): Promise<void>;
}

export async function startApi(options: {
  config: AppConfig;
  log: Logger;
  identity: IdentityProvider;
  contexts: ContextModule[];
  readiness: ReadinessCheck[];
  idempotentRequests: IdempotentRequests;
  metrics?: Registry;
  signIn?: HttpAppOptions['signIn'];
  publicPageMarks?: HttpAppOptions['publicPageMarks'];
}): Promise<RunningApi> {
  const { config, contexts } = options;
  const appOptions: HttpAppOptions = {
    log: options.log,
    shop: { clientId: config.clientId, channelId: config.channelId },
    verifyToken: options.identity.verifyToken,
    publicKeys: options.identity.publicKeys,
    routers: contexts.flatMap((context) => context.routers ?? []),
    externalRouters: contexts.flatMap((context) => context.externalRouters ?? []),
    readiness: options.readiness,
    idempotentRequests: options.idempotentRequests,
    webDist: config.web.serve ? config.web.dist : undefined,
    webSourceMaps: config.web.sourceMaps,
    publicPageMarks: options.publicPageMarks,
    metrics: options.metrics,
    signIn: options.signIn,
    production: config.environment === 'production',
    trustProxy: config.trustProxy,
  };
  const app = createHttpApp(appOptions);
  const server: Server = await new Promise((resolve, reject) => {
    // Express 5 calls this back with the error too (a taken port), before any 'error' listener of ours
    const listening = app.listen(config.port, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
