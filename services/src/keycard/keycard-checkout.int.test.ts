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
import { unwiredPaymentProvider } from '../order/payment/card-payment-port';
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
let keycardService: ReturnType<typeof createKeycardService>;
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
  keycardService = keycards(kit.store, kit.db.knex);
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
      keycardsRouter(keycardService),
    ],
    readiness: [],
    idempotentRequests: idempotentRequests(kit.db.knex),
  });
  for (const name of ['alice', 'bob', 'carla', 'dora'])
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

describe('a basket entry refuses a card that does not fit, and says why', () => {
  // kitNow is 20 December 2030; 1011 is the adult day pass (16 to 64) offered on SKIDATA and SwissPass
  const as = (method: 'post' | 'patch', path: string) => call(method, path, 'carla');
  let carla: number;
  let mia: number;
  let personalize: (body: object) => Promise<request.Response>;

  beforeAll(async () => {
    const person = async (path: string, firstName: string, birthdate: string) =>
      (await as('post', path).send({ firstName, lastName: 'Cima', birthdate })).body.id as number;
    carla = await person('/users/persons/owner', 'Carla', '1988-02-11');
    mia = await person('/users/persons', 'Mia', '2020-07-03');
    const basket = await as('post', '/baskets').send({
      entries: [{ productDefinitionId: 1011, validity: { from: '2030-12-21', to: '2030-12-21' } }],
    });
    expect(basket.status).toBe(201);
    const path = `/baskets/${basket.body.id}/entries/${basket.body.entries[0].id}/personalization`;
    personalize = (body) => as('patch', path).send(body);
  });

  const card = async (body: object) => {
    const added = await as('post', '/keycards').send(body);
    expect(added.status).toBe(201);
    return added.body.id as number;
  };

  it("refuses a child's card for an adult pass, with or without the child named", async () => {
    const miasCard = await card({
      personId: mia,
      type: 'SKIDATA',
      dataCarrierId: '02-1614 7255 0123 4567 8901-1',
    });
    for (const personId of [mia, null]) {
      const refused = await personalize({ personId, medium: 'SKIDATA', keycardId: miasCard });
      expect(refused.status).toBe(400);
      expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(refused.body).toMatchObject({
        code: 'PERSON_AGE_NOT_ALLOWED',
        errors: [{ path: personId === null ? 'keycardId' : 'personId' }],
      });
      expect(refused.body.detail ?? refused.body.errors[0].message).toContain(
        `Person ${mia} is 10 years old on 2030-12-21, outside the ages of product definition 1011 (16 to 64).`,
      );
    }
  });

  it('refuses a medium the card cannot carry, and a card whose medium the product does not offer', async () => {
    const swissPass = await card({
      personId: carla,
      type: 'SWISSPASS',
      zip: '3920',
      ausweisId: 'S98765432109',
    });
    const axess = await card({ personId: carla, type: 'AXESS', wtp: 'C1A2B3C4-D5E-F6G' });
    const mismatch = await personalize({ personId: carla, medium: 'SKIDATA', keycardId: swissPass });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ code: 'KEYCARD_MEDIUM_MISMATCH', errors: [{ path: 'keycardId' }] });
    const notOffered = await personalize({ personId: carla, medium: 'AXESS', keycardId: axess });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body).toMatchObject({ code: 'MEDIUM_NOT_OFFERED', errors: [{ path: 'medium' }] });
    const notTheirs = await personalize({ personId: mia, medium: 'SWISSPASS', keycardId: swissPass });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body).toMatchObject({ code: 'KEYCARD_NOT_OF_PERSON' });
    const fits = await personalize({ personId: carla, medium: 'SWISSPASS', keycardId: swissPass });
    expect(fits.status).toBe(200);
  });

  it("refuses an expired card of the account's, and another account's card like an unknown one", async () => {
    const travelPass = await card({
      personId: carla,
      type: 'SWISSTRAVELPASS',
      cardId: 'STP4455667',
      validity: { from: '2030-12-20', to: '2030-12-21' },
    });
    await keycardService.revalidateAll('2030-12-22');
    const expired = await personalize({ personId: carla, medium: 'SWISSPASS', keycardId: travelPass });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'KEYCARD_NOT_ACTIVE', errors: [{ path: 'keycardId' }] });
    expect(expired.body.errors[0].message).toBe(
      `Keycard ${travelPass} is EXPIRED: only an active card can carry a pass.`,
    );
    // the checkout's items are judged by the same rules
    const basket = await as('post', '/baskets').send({
      entries: [{ productDefinitionId: 1011, validity: { from: '2030-12-21', to: '2030-12-21' } }],
    });
    const checkout = await as('post', '/checkout').send({ basketId: basket.body.id });
    expect(checkout.status).toBe(201);
    const atCheckout = await as(
      'patch',
      `/checkout/${checkout.body.id}/items/${checkout.body.order.items[0].id}/personalization`,
    ).send({ personId: carla, mediumType: 'SWISSPASS', keycardId: travelPass });
    expect(atCheckout.status).toBe(400);
    expect(atCheckout.body).toMatchObject({ code: 'KEYCARD_NOT_ACTIVE' });
    const dora = (
      await call('post', '/users/persons/owner', 'dora').send({
        firstName: 'Dora',
        lastName: 'Berg',
        birthdate: '1985-01-01',
      })
    ).body.id as number;
    const dorasCard = (
      await call('post', '/keycards', 'dora').send({ personId: dora, type: 'AXESS', wtp: 'D0D0D0D0-D0D-D0D' })
    ).body.id as number;
    expect(dorasCard).toEqual(expect.any(Number));
    const foreign = await personalize({ personId: null, medium: 'AXESS', keycardId: dorasCard });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'KEYCARD_NOT_FOUND' });
  });
});
