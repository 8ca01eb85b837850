/**
 * Which part of the code may import which: the one place the allowed dependencies are stated. The
 * linter enforces them (eslint.config.mjs, eslint-plugin-boundaries): an import that is not listed
 * here — a new back-arrow, or a new arrow nobody decided on — fails `npm run lint`.
 * docs/ARCHITECTURE.md, "Dependencies", draws the picture and gives the reasons.
 *
 * Each key is a folder (an area), each value the areas its code may import besides its own folder.
 * Tests and test support are not areas: a test may reach whatever it exercises.
 */

/** The workspace packages (docs/ARCHITECTURE.md, "Packages"). */
export const packages = {
  contracts: [],
  infra: [],
  projections: ['contracts'],
  workflows: ['contracts'],
  services: ['contracts', 'infra', 'projections', 'workflows'],
  web: ['contracts'],
};

/** services/src: business areas over the platform, the composition root (app) on top. An area is entered
 * by the others only through its index.ts; the ground (platform/) is a toolkit whose modules any area
 * imports directly. */
export const serviceGround = ['platform'];
export const serviceAreas = {
  platform: [],
  'payment-provider': ['platform'],
  catalogue: ['platform'],
  pricing: ['platform'],
  capacity: ['platform'],
  channel: ['platform'],
  identity: ['platform', 'channel'],
  export: ['platform'],
  'online-credit': ['platform'],
  booking: ['platform', 'catalogue', 'capacity'],
  'waiting-room': ['platform'],
  basket: ['platform', 'catalogue', 'capacity', 'waiting-room'],
  discount: ['platform', 'basket'],
  voucher: ['platform', 'discount'],
  'payment-detail': ['platform', 'payment-provider', 'voucher'],
  order: [
    'platform',
    'basket',
    'capacity',
    'discount',
    'voucher',
    'online-credit',
    'payment-provider',
    'payment-detail',
    'waiting-room',
  ],
  ticket: ['platform', 'channel', 'order'],
  'order-mail': ['platform', 'channel', 'order'],
  'cause-we-care': ['platform', 'order'],
  subscription: ['platform', 'basket', 'order'],
  account: ['platform', 'basket', 'channel', 'order', 'online-credit'],
  keycard: ['platform', 'basket', 'account'],
  consumption: ['platform', 'basket', 'order', 'keycard', 'ticket'],
  signin: ['platform', 'identity', 'account'],
  demo: ['platform', 'catalogue', 'capacity', 'channel', 'pricing'],
  'psp-simulator': ['platform', 'payment-provider'],
  webhook: ['platform'],
};

// Everything else in services/src (main.ts, runtime.ts, composition.ts, contexts.ts, roles/, supervisor/,
// cli/) is the composition root: it may import any area, and no area imports it.

/**
 * web/src: the SPA's features over the shared ground (lib/, components/, config/, i18n/), the app shell
 * and router (app/) on top. Each feature lists the features it may import; every feature may import the
 * ground. The arrows point one way: a feature that needs something of a feature above it gets it handed
 * down (the checkout puts its "Proceed" onto the basket page, basket-checkout-page.tsx) or the shared
 * piece moves down (order shapes and problem answers in lib/api, the customer hooks in lib/session).
 */
export const webGround = ['lib', 'components', 'config', 'i18n'];
export const webAreas = {
  config: [],
  i18n: ['config'],
  lib: ['config'],
  components: ['lib', 'config'],
  'features/client': [],
  'features/catalogue': ['features/client'],
  'features/pages': ['features/client'],
  'features/online-credit': [],
  'features/waiting-room': [],
  'features/account': ['features/client'],
  'features/keycard': ['features/account', 'features/client'],
  'features/consumption': ['features/catalogue', 'features/keycard'],
  'features/payment-detail': ['features/consumption'],
  'features/subscription': ['features/catalogue', 'features/keycard'],
  'features/basket': [
    'features/account',
    'features/client',
    'features/consumption',
    'features/keycard',
    'features/waiting-room',
  ],
  'features/order': ['features/basket', 'features/consumption', 'features/subscription'],
  'features/checkout': [
    'features/basket',
    'features/client',
    'features/consumption',
    'features/online-credit',
    'features/order',
    'features/payment-detail',
  ],
  'features/auth': ['features/basket', 'features/client'],
};
// web/src/app (shell, router, locale layout) and main.tsx compose the SPA: they may import any area,
// and no area imports them.
