import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type Router } from 'express';
import { securityHeaders } from './security-headers';
import type { JWK } from 'jose';
import type { Logger } from '../logger';
import type { TokenVerifier } from '../auth/verifier';
import type { IdempotentRequests } from '../idempotent-requests';
import { requireShopHeaders, type ShopIdentity } from './api-headers';
import type { ApiRouter } from './api-router';
import { authenticate } from './authenticate';
import { docsRoutes } from './docs';
import { errorHandler, unknownRoute } from './error-handler';
import { healthRoutes, type ReadinessCheck } from './health';
import { jsonBody } from './json-body';
import { noStoreByDefault } from './no-store';
import { buildOpenApiDocument, checkOperationIds } from './openapi';
import { requestContext } from './request-context';
import type { Registry } from 'prom-client';
import { httpMetrics } from '../metrics/http-metrics';
import { metricsRoute } from '../metrics/metrics-route';
import { staticAssets } from './static-assets';
import { addPageLanguage } from './page-language';
import { renderedPages } from './rendered-pages';
import { forwardedAsTrusted } from './client-address';
import { compressedAnswers } from './compressed-answers';
import type { TrustProxy } from './trust-proxy';

export interface HttpAppOptions {
  log: Logger;
  shop: ShopIdentity;
  verifyToken: TokenVerifier;
  /** the embedded identity provider's public keys, served for other services to verify our tokens */
  publicKeys: JWK[];
  /** product routers, behind the shop headers */
  routers: ApiRouter[];
  /** routers for outside systems that cannot send shop headers (content webhook): own authentication */
  externalRouters?: ApiRouter[];
  readiness: ReadinessCheck[];
  /** where routes that take an Idempotency-Key keep claims and answers; required when a router has such a route */
  idempotentRequests?: IdempotentRequests;
  /** built SPA to serve at / (skipped when the folder does not exist) */
  webDist?: string;
  /** serve the SPA's *.map files (development only: they publish the source) */
  webSourceMaps?: boolean;
  /** the change marks of the read models the public pages show: given, those pages are rendered on the
   * server from the SPA's server bundle beside webDist (rendered-pages.ts) */
  publicPageMarks?: () => Promise<string>;
  /** serve GET /metrics (Prometheus) with these shop-wide gauges beside the processes' own metrics */
  metrics?: Registry;
  /** /api/auth (Auth.js) and, when it runs, the embedded identity provider at /oidc (docs/auth.md) */
  signIn?: { auth: Router; identityProvider: Router | null } | null;
  /** HSTS and upgrade-insecure-requests outside development */
  production?: boolean;
  /** Express's `trust proxy` (TRUST_PROXY): which senders may name the client's address, protocol and host */
  trustProxy?: TrustProxy;
}

export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('query parser', 'extended');
  app.use(securityHeaders({ production: options.production ?? false }));
  app.use(httpMetrics());
  app.use(requestContext(options.log));
  if (options.metrics) app.use(metricsRoute(options.metrics));
  app.use('/api', noStoreByDefault, compressedAnswers);
  if (options.signIn) app.use(['/oidc', '/api/auth'], forwardedAsTrusted);
  // both parse their own bodies (oidc-provider must see the raw stream)
  if (options.signIn?.identityProvider) app.use('/oidc', options.signIn.identityProvider);
  if (options.signIn) app.use('/api/auth', options.signIn.auth);
  app.use(jsonBody());

  const api = express.Router();
  api.use(healthRoutes(options.readiness));
  const allRouters = [...(options.externalRouters ?? []), ...options.routers];
  for (const router of allRouters) keepIdempotentAnswers(router, options.idempotentRequests);
  checkOperationIds(allRouters);
  let openApi: object | undefined;
  api.use(docsRoutes(() => (openApi ??= buildOpenApiDocument(allRouters))));
  api.get('/.well-known/jwks.json', (_req, res) => {
    res.json({ keys: options.publicKeys });
  });
  // each router is mounted at its path directly (no wrapping router per router: every request walked
  // through all of them until its own)
  const mount = (router: ApiRouter) => void api.use(router.mountPath || '/', router.express);
  api.use(authenticate(options.verifyToken));
  for (const router of options.externalRouters ?? []) mount(router);
  api.use(requireShopHeaders(options.shop));
  for (const router of options.routers) mount(router);
  api.use(unknownRoute);
  app.use('/api', api);

  if (options.webDist && existsSync(join(options.webDist, 'index.html')))
    serveSpa(app, options, options.webDist);
  app.use(unknownRoute);
  app.use(errorHandler(options.log));
  return app;
}

function keepIdempotentAnswers(router: ApiRouter, store: IdempotentRequests | undefined): void {
  if (store) router.keepIdempotentAnswersIn(store);
  else if (router.takesIdempotencyKeys)
    throw new Error(`${router.tag}: routes that take an Idempotency-Key need the app's idempotentRequests`);
}

function serveSpa(app: Express, options: HttpAppOptions, dist: string): void {
  if (!options.webSourceMaps) app.get(/\.map$/i, unknownRoute);
  const assets = staticAssets(dist);
  app.use(assets.files);
  // a page address without a language is sent to the same page with one first
  app.get(/^\/(?!api\/).*/, addPageLanguage);
  const serverEntry = join(dist, '..', 'dist-server', 'entry-server.js');
  if (options.publicPageMarks && existsSync(serverEntry)) {
    const pages = renderedPages({
      template: join(dist, 'index.html'),
      serverEntry,
      marks: options.publicPageMarks,
      log: options.log,
    });
    app.get(/^\/(?!api\/).*/, pages);
    void pages.warmUp();
  }
  // client-side routes (/de/…, /fr/…) all get the SPA shell
  app.get(/^\/(?!api\/).*/, assets.shell);
  void assets.warmUp(spaEntryFiles(dist)).catch(() => undefined); // a failure here only means compressing on first request
}

/** index.html and the built scripts and styles: what every visitor loads first */
function spaEntryFiles(dist: string): string[] {
  const assets = join(dist, 'assets');
  const built = existsSync(assets) ? readdirSync(assets).filter((name) => /\.(js|css)$/.test(name)) : [];
  return [join(dist, 'index.html'), ...built.map((name) => join(assets, name))];
}
