import { join } from 'node:path';
import { IANAZone } from 'luxon';
import { z } from 'zod';
import {
  CLIENT_ID,
  defaultSaleLimits,
  envBoolean,
  envList,
  envPort,
  envPositiveNumber,
  envUrl,
  featureFlagName,
  personFieldRulesFromEnv,
  taskQueues,
} from '@alpenpass/contracts';
import { DEFAULT_CLOCK_TOLERANCE_SECONDS, DEFAULT_MAX_TOKEN_LIFETIME_SECONDS } from './auth/verifier';
import { developmentSecrets } from './development-secrets';
import { trustProxySetting } from './http/trust-proxy';
import { documented } from './settings';
import { shopClockInstant } from './shop-clock';

export const allRoles = ['api', 'relay', 'projector', 'worker'] as const;
export type ProcessRole = (typeof allRoles)[number];

export const repositoryRoot = join(__dirname, '..', '..', '..');

const streamName = /^[A-Za-z0-9_-]+$/;
const developmentSecret = 'a published development secret (development only)';

/** Every variable of the platform and the shop-wide settings, with its default and what it means. A bad
 * value stops start-up naming the variable (config.ts). */
export const platformVariables = z.object({
  ALPENPASS_ENV: documented(
    z.enum(['development', 'production']).optional(),
    '`development` or `production`: production refuses default secrets and serves no source maps',
    '`development` (`production` when `NODE_ENV=production`)',
  ),
  PORT: documented(envPort.default(3000), 'HTTP port of the api role'),
  TRUST_PROXY: documented(
    trustProxySetting,
    'the proxies in front of the shop whose `X-Forwarded-*` headers are believed (Express\'s `trust proxy`): a number of hops (`1`: one load balancer), or comma-separated addresses and CIDR networks (`10.0.0.0/8`, `loopback`, …). Off, every client behind a proxy shares the proxy\'s address; `true` is refused (docs/http.md, "Client address and proxies")',
    'off',
  ),
  ROLES: documented(
    envList.pipe(z.array(z.enum(allRoles))).transform((list) => (list.length ? list : [...allRoles])),
    'which roles run (`npm start`: spread over its processes; `node services/src/main.js` of the production build: all in one process)',
    '`api,relay,projector,worker`',
  ),
  LOG_FORMAT: documented(
    z.enum(['json', 'pretty']).optional(),
    'readable lines (pino-pretty) or JSON lines',
    '`pretty` in development, `json` in production',
  ),
  SHOP_CLOCK: documented(
    z
      .string()
      .refine(
        (value) => shopClockInstant(value) !== undefined,
        'Expected a day (yyyy-MM-dd) or an ISO 8601 date-time with its offset',
      )
      .optional(),
    'development and tests only (production refuses it): the instant the shop\'s clock reads when it starts — an ISO 8601 date-time with its offset, or a day (10:00 in Zurich) — running on from there (docs/development.md, "The shop\'s clock")',
    'the real clock',
  ),
  LOG_LEVEL: documented(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    'pino level (`silent` to mute)',
  ),
  DATABASE_URL: documented(
    envUrl.default('postgres://postgres@127.0.0.1:5432/alpenpass'),
    'application database (created and migrated at start)',
  ),
  NATS_URL: documented(envUrl.default('nats://127.0.0.1:4222'), 'NATS with JetStream'),
  NATS_STREAM: documented(
    z.string().regex(streamName, 'Expected a NATS stream name').default('EVENTS'),
    'JetStream stream the relay publishes the events to',
  ),
  NATS_SUBJECT_PREFIX: documented(
    z.string().regex(streamName, 'Expected a NATS subject token').default('events'),
    "the first token of the events' subjects (`events.<category>.<type>`); tests give each shop its own",
  ),
  ACCESS_USAGE_STREAM: documented(
    z.string().regex(streamName, 'Expected a NATS stream name').default('ACCESS_USAGE'),
    'JetStream stream the access system publishes its usage events to (docs/consumptions.md)',
  ),
  ACCESS_USAGE_SUBJECT_PREFIX: documented(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'Expected NATS subject tokens separated by dots')
      .default('access.usage'),
    "the usage events' subjects: `<prefix>.<system>`",
  ),
  TEMPORAL_ADDRESS: documented(z.string().min(3).default('127.0.0.1:7233'), 'Temporal frontend'),
  TEMPORAL_NAMESPACE: documented(z.string().min(1).default('default'), 'Temporal namespace'),
  TEMPORAL_TASK_QUEUE: documented(
    z.string().min(1).default(taskQueues.workflows),
    "the worker's task queue; shops sharing a namespace keep apart by it",
  ),
  EVENT_STORE: documented(z.enum(['postgres', 'eventstoredb']).default('postgres'), 'which event store'),
  EVENTSTORE_URL: documented(
    z.string().optional(),
    "KurrentDB/EventStoreDB connection string (with `EVENT_STORE=eventstoredb`; also enables that adapter's contract tests)",
  ),
  CLIENT_ID: documented(
    z
      .literal(String(CLIENT_ID), `Expected ${CLIENT_ID}: the shop serves one client`)
      .default(String(CLIENT_ID)),
    'the one client this shop serves (`x-client-id`)',
  ),
  CHANNEL_ID: documented(
    z.uuid('Expected UUID string').default('6a1c7e52-3b8f-4e0a-9d2c-5f4b8a7e1d30'),
    'the sales channel uuid (`x-channel-id`); its branding is the look of mails, sign-in pages and PDFs',
  ),
  AUTH_JWKS_URI: documented(
    envUrl.optional(),
    "the identity provider's key set; unset, the API trusts the embedded key in `.data/keys`",
    '– (the embedded key)',
  ),
  AUTH_AUDIENCE: documented(envUrl.default('https://api.alpenpass.local'), 'expected token audience'),
  AUTH_ISSUERS: documented(
    envList,
    'accepted token issuers, comma-separated',
    '`https://auth.alpenpass.local/` and `IDENTITY_ISSUER`',
  ),
  AUTH_MAX_TOKEN_LIFETIME_SECONDS: documented(
    envPositiveNumber.default(DEFAULT_MAX_TOKEN_LIFETIME_SECONDS),
    'longest accepted token lifetime (`exp` − `iat`) and age (now − `iat`); longer → 401',
    `\`${DEFAULT_MAX_TOKEN_LIFETIME_SECONDS}\` (24 h)`,
  ),
  AUTH_CLOCK_TOLERANCE_SECONDS: documented(
    z
      .string()
      .regex(/^\d{1,3}$/, 'Expected whole seconds from 0 to 600')
      .transform(Number)
      .pipe(z.number().max(600, 'Expected whole seconds from 0 to 600'))
      .default(DEFAULT_CLOCK_TOLERANCE_SECONDS),
    'clock skew allowed for `iat`/`nbf` in the future and `exp` just past (0–600)',
  ),
  AUTH_SIGNING_KEY_FILE: documented(
    z.string().default(join(repositoryRoot, '.data', 'keys', 'signing-key.json')),
    "the embedded identity provider's key (created on first start)",
    '`.data/keys/signing-key.json`',
  ),
  FEATURE_FLAGS: documented(
    envList.pipe(z.array(featureFlagName)),
    'comma-separated §6 flags to switch on (all off by default; docs/feature-flags.md)',
  ),
  BASKET_HOLD_TTL_SECONDS: documented(
    envPositiveNumber.default(1800),
    'how long a basket holds slot capacity without activity',
  ),
  BASKET_HOLD_MAX_LIFETIME_SECONDS: documented(
    envPositiveNumber.default(3600),
    'a hold never lasts longer than this from its first held place, however active the basket',
  ),
  BASKET_MAX_QUANTITY_PER_ENTRY: documented(
    envPositiveNumber.default(defaultSaleLimits.maxQuantityPerEntry),
    'places one basket entry may ask for (staff not bound)',
  ),
  BASKET_MAX_PLACES: documented(
    envPositiveNumber.default(defaultSaleLimits.maxPlacesPerBasket),
    'places one basket may hold in all (deposits not counted; staff not bound)',
  ),
  HOLD_MAX_PLACES_PER_SLOT: documented(
    envPositiveNumber.default(defaultSaleLimits.maxPlacesPerSlotHolder),
    'places one customer (or guest client, across its baskets) may hold on one slot …',
  ),
  HOLD_MAX_SLOT_SHARE_PERCENT: documented(
    envPositiveNumber
      .pipe(z.number().max(100, 'Expected at most 100'))
      .default(defaultSaleLimits.maxSlotSharePercent),
    '… and at most this share of the slot\'s capacity (docs/basket.md, "Fair holds")',
  ),
  BASKET_CREATIONS_PER_MINUTE: documented(
    envPositiveNumber.default(30),
    'guest baskets one client address may create per minute (429 past it)',
  ),
  PROMO_CODE_ATTEMPTS_PER_MINUTE: documented(
    envPositiveNumber.default(30),
    'promo codes one account or client address may try (apply or validate) per minute (429 past it; docs/discounts.md)',
  ),
  WEB_DIST: documented(
    z.string().default(join(repositoryRoot, 'web', 'dist')),
    "the built SPA the api role serves at `/` (its logo files also draw the PDFs' logo)",
    '`web/dist`',
  ),
  SERVE_WEB: documented(envBoolean, 'serve the built SPA at `/`', '`true`'),
  CONTENT_WEBHOOK_SECRET: documented(
    z.string().min(16).default(developmentSecrets.CONTENT_WEBHOOK_SECRET),
    'HMAC secret of the content-system webhook, at least 16 characters; required outside development',
    developmentSecret,
  ),
  LOAD_DEMO_DATA: documented(envBoolean, 'load the demo resort into an empty database', '`true`'),
  API_PROCESSES: documented(
    envPositiveNumber
      .pipe(z.number().int('Expected a whole number').max(64, 'Expected at most 64'))
      .default(2),
    'API processes sharing the port (node:cluster) when a process runs the api role alone, as `npm start` does',
  ),
  CHECKOUT_PAYMENT_TIMEOUT_SECONDS: documented(
    envPositiveNumber.default(1200),
    'an order not paid (or reserved on site) by then is cancelled and its places released (docs/checkout.md)',
  ),
  CHECKOUT_PAYMENT_POLL_SECONDS: documented(
    envPositiveNumber.default(30),
    'while a card payment is pending, the checkout workflow asks the provider this often (a lost notification and a lost redirect still end PAID; docs/checkout.md)',
  ),
  ORDER_CANCEL_CUTOFF_DAYS: documented(
    z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, 'Expected a whole number of days, 0 to 365')
      .transform(Number)
      .pipe(z.number().max(365, 'Expected a whole number of days, 0 to 365'))
      .default(1),
    'customers cancel an item themselves until the end of the day this many days before its validity (1: until the day before; 0: until its first day ends); staff are not bound (docs/after-sale.md)',
  ),
  ORDER_CANCEL_TIMEZONE: documented(
    z
      .string()
      .refine((zone) => IANAZone.isValidZone(zone), 'Expected an IANA time zone such as Europe/Zurich')
      .default('Europe/Zurich'),
    'the time zone whose days the cut-off counts',
  ),
  REFUND_ATTEMPTS: documented(
    envPositiveNumber
      .pipe(z.number().int('Expected a whole number').max(100, 'Expected at most 100'))
      .default(5),
    'attempts of a refund (provider credit) before staff see it `FAILING`; it keeps trying after that (docs/after-sale.md)',
  ),
  REFUND_RETRY_PAUSE_SECONDS: documented(
    envPositiveNumber.default(900),
    'pause between rounds of attempts of a failing refund (staff may retry at once)',
  ),
  PSP_WEBHOOK_URL: documented(
    envUrl.optional(),
    "the shop's notification endpoint as the card provider reaches it, named in every transaction; required with `PSP_BASE_URL` outside development",
    '`http://127.0.0.1:$PORT/api/payment-provider/notifications` (development only)',
  ),
  ALLOWED_REDIRECT_ORIGINS: documented(
    envList
      .pipe(z.array(z.url().transform((url) => new URL(url).origin)))
      .transform((list) => (list.length ? list : ['http://localhost:3000'])),
    "comma-separated origins a payment's redirect URLs may point to (no open redirect)",
    '`http://localhost:3000`',
  ),
  ORDER_ACCESS_SECRET: documented(
    z.string().min(16).default(developmentSecrets.ORDER_ACCESS_SECRET),
    "HMAC secret of the access tokens of guests' orders (and of the PDF links), at least 16 characters; required outside development",
    developmentSecret,
  ),
  SHOP_PUBLIC_URL: documented(
    envUrl.optional(),
    'where customers reach the shop: the order page links in mails (docs/mails.md)',
    'the first of `ALLOWED_REDIRECT_ORIGINS`',
  ),
  IDENTITY_PROVIDER: documented(
    z.enum(['embedded', 'none']).optional(),
    '`embedded` runs the OIDC provider at `/oidc`, `none` switches it off (docs/auth.md)',
    '`embedded` in development when `AUTH_ISSUERS` names `IDENTITY_ISSUER`',
  ),
  IDENTITY_ISSUER: documented(
    envUrl.optional(),
    "the embedded provider's issuer, as browsers reach it; must be one of `AUTH_ISSUERS`",
    '`http://localhost:$PORT/oidc`',
  ),
  IDENTITY_COOKIE_SECRET: documented(
    z.string().min(16).optional(),
    "the embedded provider's cookie key, at least 16 characters; required outside development",
    developmentSecret,
  ),
  IDENTITY_CLIENT_SECRET: documented(
    z.string().min(16).optional(),
    "the shop client's secret at the embedded provider, at least 16 characters; required outside development",
    developmentSecret,
  ),
  AUTH_SECRET: documented(
    z.string().min(16).optional(),
    'Auth.js session cookie secret, at least 16 characters; outside development `/api/auth` runs only with it',
    developmentSecret,
  ),
  AUTH_OIDC_ISSUER: documented(
    envUrl.optional(),
    'the OIDC provider `/api/auth` signs in with (Auth0, Keycloak: docs/auth.md, "Swapping the provider")',
    'the embedded provider',
  ),
  AUTH_OIDC_CLIENT_ID: documented(
    z.string().min(1).optional(),
    "the shop's client at that provider",
    "the embedded provider's",
  ),
  AUTH_OIDC_CLIENT_SECRET: documented(
    z.string().min(1).optional(),
    "that client's secret",
    "the embedded provider's",
  ),
  SIGNIN_ATTEMPTS_PER_WINDOW: documented(
    envPositiveNumber.default(5),
    'sign-in, reset and registration attempts per e-mail and client address in one window (429 past it)',
  ),
  SIGNIN_ATTEMPTS_PER_ADDRESS: documented(
    envPositiveNumber.default(50),
    'the same attempts per client address in one window',
  ),
  SIGNIN_WINDOW_SECONDS: documented(envPositiveNumber.default(900), 'the window of those attempts'),
  IDENTITY_ACCESS_TOKEN_TTL_SECONDS: documented(
    envPositiveNumber
      .pipe(z.number().int('Expected a whole number').min(61, 'Expected more than the 60 s refresh margin'))
      .default(900),
    "lifetime of the embedded provider's access tokens (> 60, the renewal margin)",
  ),
});

/** §5 "Owner and person fields": which person fields a customer must give and which not. */
export const personFieldVariables = z.object({
  PERSON_REQUIRED_FIELDS: documented(
    z.string().optional(),
    'person fields a customer must give (§5; the owner always needs firstName, lastName, birthdate)',
    '`firstName,lastName,birthdate`',
  ),
  PERSON_DISABLED_FIELDS: documented(
    z.string().optional(),
    'person fields a customer may not give',
    '`avatar,phone`',
  ),
});

/** Both person-field lists are judged together, so a problem names both variables. */
export const personFieldsEnvironment = personFieldVariables.transform((e, context) => {
  const rules = personFieldRulesFromEnv.safeParse({
    required: e.PERSON_REQUIRED_FIELDS,
    disabled: e.PERSON_DISABLED_FIELDS,
  });
  if (rules.success) return rules.data;
  for (const issue of rules.error.issues)
    context.addIssue({
      code: 'custom',
      message: issue.message,
      path: ['PERSON_REQUIRED_FIELDS / PERSON_DISABLED_FIELDS'],
    });
  return z.NEVER;
});
