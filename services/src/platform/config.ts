import { join } from 'node:path';
import type { z } from 'zod';
import {
  featureFlagsFromList,
  type FeatureFlags,
  type SaleLimits,
  type PersonFieldRules,
} from '@alpenpass/contracts';
import { deploymentEnvironmentOf, unsafeSecrets, type DeploymentEnvironment } from './development-secrets';
import type { TrustProxy } from './http/trust-proxy';
import {
  personFieldsEnvironment,
  platformVariables,
  repositoryRoot,
  type ProcessRole,
} from './platform-settings';
import { ConfigError, invalidConfiguration, settingsFrom } from './settings';

export { allRoles, type ProcessRole } from './platform-settings';
export { ConfigError, documented, invalidConfiguration, settingsFrom } from './settings';

export interface AppConfig {
  /** where the shop runs (ALPENPASS_ENV, else NODE_ENV): production refuses development secrets */
  environment: DeploymentEnvironment;
  /** the variables the configuration was read from: an area reads its own settings from them (the card
   * provider's, the tickets'), so that this platform config knows no business area */
  env: Readonly<Record<string, string | undefined>>;
  /** the installation's own files (generated keys): `.data` beside the sources */
  dataDirectory: string;
  port: number;
  /** which proxies in front of the shop may name the client's address, protocol and host (off by default) */
  trustProxy: TrustProxy;
  roles: ProcessRole[];
  /** processes serving the api role behind one port (node:cluster) when a process runs the api role alone */
  apiProcesses: number;
  logLevel: string;
  /** readable lines in development (pino-pretty), JSON in production; LOG_FORMAT overrides */
  logFormat: 'json' | 'pretty';
  databaseUrl: string;
  nats: { url: string; stream: string; subjectPrefix: string };
  /** where the access system publishes usage events (docs/consumptions.md): `<subjectPrefix>.<system>` */
  accessUsage: { stream: string; subjectPrefix: string };
  temporal: { address: string; namespace: string; taskQueue: string };
  eventStore: { kind: 'postgres' | 'eventstoredb'; url?: string };
  clientId: string;
  channelId: string;
  auth: {
    jwksUri?: string;
    audience: string;
    issuers: string[];
    signingKeyFile: string;
    maxTokenLifetimeSeconds: number;
    clockToleranceSeconds: number;
  };
  featureFlags: FeatureFlags;
  basketHoldTtlMs: number;
  /** a hold's total lifetime: renewals never extend it past this from its start */
  basketHoldMaxLifetimeMs: number;
  /** the shop's default sale limits (docs/basket.md, "Sale rules"); a channel may set its own */
  saleLimits: SaleLimits;
  /** baskets a guest may create per client address and minute */
  basketCreationsPerMinute: number;
  /** promo codes one account or client address may try per minute (docs/discounts.md) */
  promoCodeAttemptsPerMinute: number;
  /** §5 "Owner and person fields": which person fields are required or refused */
  personFieldRules: PersonFieldRules;
  /** sourceMaps: whether *.map files of the built SPA are served (development only) */
  web: { dist: string; serve: boolean; sourceMaps: boolean };
  contentWebhookSecret: string;
  loadDemoData: boolean;
  /** how long an order waits for its payment before it is cancelled and its holds released */
  checkoutPaymentTimeoutMs: number;
  /** a pending card payment asks the provider this often (lost notification and lost redirect) */
  checkoutPaymentPollMs: number;
  /** where a payment provider may send the customer back to (no open redirect) */
  allowedRedirectOrigins: string[];
  /** signs the access tokens of guests' orders */
  orderAccessSecret: string;
  /** where customers reach the shop, for the links in mails (no trailing slash) */
  shopPublicUrl: string;
  /** after the sale (docs/after-sale.md): the customer's cancellation cut-off, refund retry rounds */
  afterSale: {
    cancelCutoffDays: number;
    cancelTimezone: string;
    refundAttempts: number;
    refundRetryPauseMs: number;
  };
  /** /api/auth and the embedded identity provider (docs/auth.md); null when switched off */
  signIn: SignInSettings | null;
}

export interface SignInSettings {
  /** Auth.js: signs and encrypts the session cookie */
  secret: string;
  /** the OIDC provider the sign-in service sends customers to (the embedded one by default) */
  oidc: { issuer: string; clientId: string; clientSecret: string };
  /** the embedded provider at /oidc, when it runs */
  embedded: {
    issuer: string;
    cookieSecret: string;
    clientSecret: string;
    accessTokenTtlSeconds: number;
  } | null;
  attempts: { perAccountAndAddress: number; perAddress: number; windowMs: number };
}

const developmentSignInSecrets = {
  AUTH_SECRET: 'alpenpass-dev-auth-js-session-secret',
  IDENTITY_COOKIE_SECRET: 'alpenpass-dev-identity-cookie-secret',
  IDENTITY_CLIENT_SECRET: 'alpenpass-dev-identity-client-secret',
} as const;

/** The embedded provider runs in development when the API trusts its issuer (or IDENTITY_PROVIDER=embedded);
 * outside development its secrets must be the operator's. Without AUTH_SECRET in production there is no /api/auth. */
function signInSettings(
  e: z.infer<typeof platformVariables>,
  deployment: DeploymentEnvironment,
  issuers: string[],
): SignInSettings | null {
  const embeddedIssuer = e.IDENTITY_ISSUER ?? `http://localhost:${e.PORT}/oidc`;
  const trusted = issuers.includes(embeddedIssuer);
  const embeddedOn =
    e.IDENTITY_PROVIDER === 'embedded' ||
    (e.IDENTITY_PROVIDER === undefined && deployment === 'development' && trusted);
  if (embeddedOn && !trusted)
    throw invalidConfiguration(`IDENTITY_ISSUER: ${embeddedIssuer} must be one of AUTH_ISSUERS`);
  const secret = (variable: keyof typeof developmentSignInSecrets): string | undefined => {
    const value = e[variable];
    if (deployment === 'development') return value ?? developmentSignInSecrets[variable];
    if (value === developmentSignInSecrets[variable])
      throw invalidConfiguration(
        `${variable}: holds the development default, which is published in the source; set a secret of your own`,
      );
    return value;
  };
  const authSecret = secret('AUTH_SECRET');
  if (!authSecret) return null;
  let embedded: SignInSettings['embedded'] = null;
  if (embeddedOn) {
    const cookieSecret = secret('IDENTITY_COOKIE_SECRET');
    const clientSecret = secret('IDENTITY_CLIENT_SECRET');
    if (!cookieSecret || !clientSecret)
      throw invalidConfiguration(
        'IDENTITY_COOKIE_SECRET, IDENTITY_CLIENT_SECRET: required for the embedded identity provider outside development',
      );
    embedded = {
      issuer: embeddedIssuer,
      cookieSecret,
      clientSecret,
      accessTokenTtlSeconds: e.IDENTITY_ACCESS_TOKEN_TTL_SECONDS,
    };
  }
  const oidcIssuer = e.AUTH_OIDC_ISSUER ?? embedded?.issuer;
  const clientId = e.AUTH_OIDC_CLIENT_ID ?? (embedded ? embeddedClientId : undefined);
  const clientSecret = e.AUTH_OIDC_CLIENT_SECRET ?? embedded?.clientSecret;
  if (!oidcIssuer || !clientId || !clientSecret) return null;
  return {
    secret: authSecret,
    oidc: { issuer: oidcIssuer, clientId, clientSecret },
    embedded,
    attempts: {
      perAccountAndAddress: Math.floor(e.SIGNIN_ATTEMPTS_PER_WINDOW),
      perAddress: Math.floor(e.SIGNIN_ATTEMPTS_PER_ADDRESS),
      windowMs: e.SIGNIN_WINDOW_SECONDS * 1000,
    },
  };
}

/** the shop's own client at the embedded provider */
export const embeddedClientId = 'alpenpass-shop';

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const e = settingsFrom(platformVariables, env);
  const personFields = settingsFrom(personFieldsEnvironment, env);
  if (e.EVENT_STORE === 'eventstoredb' && !e.EVENTSTORE_URL) {
    throw invalidConfiguration('EVENTSTORE_URL: required when EVENT_STORE=eventstoredb');
  }
  const deployment = deploymentEnvironmentOf(env);
  // the embedded identity provider's issuer is trusted by default, beside the one `npm run token` uses
  const issuers = e.AUTH_ISSUERS.length
    ? e.AUTH_ISSUERS
    : ['https://auth.alpenpass.local/', e.IDENTITY_ISSUER ?? `http://localhost:${e.PORT}/oidc`];
  const signIn = signInSettings(e, deployment, issuers);
  const unsafe: { variable: string; message: string }[] =
    deployment === 'production' ? unsafeSecrets(env) : [];
  if (deployment === 'production' && e.SHOP_CLOCK)
    unsafe.push({
      variable: 'SHOP_CLOCK',
      message: 'sets the clock for tests; production runs on the real one',
    });
  if (unsafe.length) {
    throw invalidConfiguration(...unsafe.map(({ variable, message }) => `${variable}: ${message}`));
  }
  return {
    environment: deployment,
    env,
    dataDirectory: join(repositoryRoot, '.data'),
    port: e.PORT,
    trustProxy: e.TRUST_PROXY,
    roles: e.ROLES,
    apiProcesses: e.API_PROCESSES,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (deployment === 'production' ? 'json' : 'pretty'),
    databaseUrl: e.DATABASE_URL,
    nats: { url: e.NATS_URL, stream: e.NATS_STREAM, subjectPrefix: e.NATS_SUBJECT_PREFIX },
    accessUsage: { stream: e.ACCESS_USAGE_STREAM, subjectPrefix: e.ACCESS_USAGE_SUBJECT_PREFIX },
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
    },
    eventStore: { kind: e.EVENT_STORE, url: e.EVENTSTORE_URL },
    clientId: e.CLIENT_ID,
    channelId: e.CHANNEL_ID,
    auth: {
      jwksUri: e.AUTH_JWKS_URI,
      audience: e.AUTH_AUDIENCE,
      issuers,
      signingKeyFile: e.AUTH_SIGNING_KEY_FILE,
      maxTokenLifetimeSeconds: e.AUTH_MAX_TOKEN_LIFETIME_SECONDS,
      clockToleranceSeconds: e.AUTH_CLOCK_TOLERANCE_SECONDS,
    },
    featureFlags: featureFlagsFromList(e.FEATURE_FLAGS),
    basketHoldTtlMs: e.BASKET_HOLD_TTL_SECONDS * 1000,
    basketHoldMaxLifetimeMs: e.BASKET_HOLD_MAX_LIFETIME_SECONDS * 1000,
    saleLimits: {
      maxQuantityPerEntry: Math.floor(e.BASKET_MAX_QUANTITY_PER_ENTRY),
      maxPlacesPerBasket: Math.floor(e.BASKET_MAX_PLACES),
      maxPlacesPerSlotHolder: Math.floor(e.HOLD_MAX_PLACES_PER_SLOT),
      maxSlotSharePercent: e.HOLD_MAX_SLOT_SHARE_PERCENT,
    },
    basketCreationsPerMinute: Math.floor(e.BASKET_CREATIONS_PER_MINUTE),
    promoCodeAttemptsPerMinute: Math.floor(e.PROMO_CODE_ATTEMPTS_PER_MINUTE),
    personFieldRules: personFields,
    web: {
      dist: e.WEB_DIST,
      serve: env.SERVE_WEB === undefined ? true : e.SERVE_WEB,
      sourceMaps: deployment === 'development',
    },
    contentWebhookSecret: e.CONTENT_WEBHOOK_SECRET,
    loadDemoData: env.LOAD_DEMO_DATA === undefined ? true : e.LOAD_DEMO_DATA,
    checkoutPaymentTimeoutMs: e.CHECKOUT_PAYMENT_TIMEOUT_SECONDS * 1000,
    checkoutPaymentPollMs: e.CHECKOUT_PAYMENT_POLL_SECONDS * 1000,
    allowedRedirectOrigins: e.ALLOWED_REDIRECT_ORIGINS,
    orderAccessSecret: e.ORDER_ACCESS_SECRET,
    shopPublicUrl: (e.SHOP_PUBLIC_URL ?? e.ALLOWED_REDIRECT_ORIGINS[0]!).replace(/\/+$/, ''),
    afterSale: {
      cancelCutoffDays: e.ORDER_CANCEL_CUTOFF_DAYS,
      cancelTimezone: e.ORDER_CANCEL_TIMEZONE,
      refundAttempts: e.REFUND_ATTEMPTS,
      refundRetryPauseMs: e.REFUND_RETRY_PAUSE_SECONDS * 1000,
    },
    signIn,
  };
}

/** The configuration of a starting process; a bad value ends it with the message naming the variable. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
