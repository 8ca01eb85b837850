import request from 'supertest';
import { defaultFeatureFlags, defaultPersonFieldRules } from '@alpenpass/contracts';
import { orderProjections } from '@alpenpass/projections/src/order';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { accountResourcesOf } from '../account/account-resources';
import { createAccountService } from '../account/account-service';
import { personsRouter } from '../account/api';
import { basketRouter } from '../basket/api';
import { noAccountResources } from '../basket/account-resources';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';
import { testOrderContext } from '../../test/support/order-context';
import { unwiredPaymentProvider } from '../order/payment/payment-provider';
import { loadConfig } from '../platform/config';
import { createHttpApp } from '../platform/http/app';
import { idempotentRequests } from '../platform/idempotent-requests';
import { createLogger } from '../platform/logger';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { keycardsRouter } from './api';
import { keycardResourcesOf } from './index';
import { createKeycardService } from './keycard-service';

/** Personalising a checkout item with a keycard: the order checks the card is the person's and fits the medium. */
let kit: BasketTestKit;
let app: ReturnType<typeof createHttpApp>;
const bearer: Record<string, string> = {};

beforeAll(async () => {
  const accounts = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
    createAccountService({ store, knex, personFieldRules: defaultPersonFieldRules });
  const keycards = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
    createKeycardService({
      store,
      knex,
      accounts: accounts(store, knex),
      featureFlags: defaultFeatureFlags,
      now: () => kitNow,
    });
  const resources = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
    accountResourcesOf(accounts(store, knex), {
      keycards: keycardResourcesOf(keycards(store, knex)),
      paymentDetails: noAccountResources.paymentDetails,
    });
  kit = await createBasketTestKit({ accounts: resources });
  const log = createLogger('silent');
  const deps = {
    config: loadConfig({ ...process.env, FEATURE_FLAGS: 'guestCheckout', LOG_LEVEL: 'silent' }),
    store: kit.store,
    knex: kit.db.knex,
    log,
    temporal: () => Promise.reject(new Error('no Temporal here')),
  };
  const noWorkflows = {
    start: async () => undefined,
    reserved: async () => undefined,
    paid: async () => undefined,
  };
  const checkout = testOrderContext(deps, {
    accounts: resources(kit.store, kit.db.knex),
    basket: kit.service,
    workflows: noWorkflows,
    payments: unwiredPaymentProvider,
  });
  for (const projection of orderProjections) await ensureLiveGeneration(kit.db.knex, kit.store, projection);
  app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: [
      basketRouter(kit.service),
      ...(checkout.routers ?? []),
      personsRouter(accounts(kit.store, kit.db.knex)),
      keycardsRouter(keycards(kit.store, kit.db.knex)),
    ],
    readiness: [],
    idempotentRequests: idempotentRequests(kit.db.knex),
  });
  for (const name of ['alice', 'bob'])
    bearer[name] = await kit.identity.bearer({ subject: `c-${name}`, roles: ['customer'], accountId: name });
}, 60_000);
afterAll(() => kit?.close());

const call = (method: 'get' | 'post' | 'patch', path: string, who = 'alice') =>
  request(app)[method](`/api${path}`).set(shopHeaders).set('authorization', bearer[who]!);

it("loads a checkout item onto the customer's own card of a fitting medium only", async () => {
  const alice = (
    await call('post', '/users/persons/owner').send({
      firstName: 'Alice',
      lastName: 'Alpin',
      birthdate: '1990-04-01',
    })
  ).body.id as number;
  const bob = (
    await call('post', '/users/persons/owner', 'bob').send({
      firstName: 'Bob',
      lastName: 'Alpin',
      birthdate: '1990-04-01',
    })
  ).body.id as number;
  const pass = (
    await call('post', '/keycards').send({
      personId: alice,
      type: 'SWISSPASS',
      zip: '3920',
      ausweisId: 'S12345678901',
    })
  ).body;
  const bobsCard = (
    await call('post', '/keycards', 'bob').send({
      personId: bob,
      type: 'SKIDATA',
      dataCarrierId: '01-1614 7255 0123 4567 8901-3',
    })
  ).body;

  const basket = await call('post', '/baskets').send({
    entries: [{ productDefinitionId: 1011, validity: { from: '2030-12-21', to: '2030-12-21' } }],
  });
  const checkout = await call('post', '/checkout').send({ basketId: basket.body.id });
  expect(checkout.status).toBe(201);
  const path = `/checkout/${checkout.body.id}/items/${checkout.body.order.items[0].id}/personalization`;

  const wrongMedium = await call('patch', path).send({
    personId: alice,
    mediumType: 'SKIDATA',
    keycardId: pass.id,
  });
  expect(wrongMedium.status).toBe(400);
  expect(wrongMedium.body).toMatchObject({
    code: 'KEYCARD_MEDIUM_MISMATCH',
    errors: [{ path: 'keycardId' }],
  });
  expect(
    (await call('patch', path).send({ personId: null, mediumType: 'SKIDATA', keycardId: bobsCard.id }))
      .status,
  ).toBe(404);
  const done = await call('patch', path).send({
    personId: alice,
    mediumType: 'SWISSPASS',
    keycardId: pass.id,
  });
  expect(done.status).toBe(200);
  expect(done.body.order.items[0].personalization).toEqual({
    personId: alice,
    medium: 'SWISSPASS',
    keycardId: pass.id,
  });
});
