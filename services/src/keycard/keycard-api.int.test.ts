import request from 'supertest';
import {
  defaultFeatureFlags,
  defaultPersonFieldRules,
  keycardStreamName,
  type FeatureFlags,
} from '@alpenpass/contracts';
import { accountResourcesOf } from '../account/account-resources';
import { createAccountService } from '../account/account-service';
import { personsRouter } from '../account/api';
import { noAccountResources } from '../basket/account-resources';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { keycardsProjection } from '@alpenpass/projections/src/keycard';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { keycardAdminRouter, keycardIntegrationRouter } from './admin-api';
import { keycardsRouter } from './api';
import { keycardResourcesOf } from './index';
import { createKeycardService, type KeycardService } from './keycard-service';

/** Keycards over HTTP on PostgreSQL: customers' cards per person, the registry that keeps a card on one
 * account, the basket's ownership port, staff import and the access system's token (kitNow: 20 Dec 2030). */
let kit: BasketTestKit;
let app: ReturnType<typeof createHttpApp>;
let keycards: KeycardService;
const flags: FeatureFlags = { ...defaultFeatureFlags };
const bearer: Record<'alice' | 'bob' | 'carol' | 'staff', string> = {
  alice: '',
  bob: '',
  carol: '',
  staff: '',
};
const persons: Record<string, number> = {};

const skidata = '01-1614 7255 0123 4567 8901-3';
const otherSkidata = '02-2345 6789 0123 4567 8901-0';
const swissPass = { type: 'SWISSPASS', zip: '3920', ausweisId: 'S12 345 678 901' };

beforeAll(async () => {
  const accounts = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
    createAccountService({ store, knex, personFieldRules: defaultPersonFieldRules });
  const keycardsOn = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
    createKeycardService({
      store,
      knex,
      accounts: accounts(store, knex),
      featureFlags: flags,
      now: () => kitNow,
    });
  kit = await createBasketTestKit({
    accounts: (store, knex) =>
      accountResourcesOf(accounts(store, knex), {
        keycards: keycardResourcesOf(keycardsOn(store, knex)),
        paymentDetails: noAccountResources.paymentDetails,
      }),
  });
  keycards = keycardsOn(kit.store, kit.db.knex);
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: [
      personsRouter(accounts(kit.store, kit.db.knex)),
      keycardsRouter(keycards),
      keycardAdminRouter({
        service: keycards,
        knex: kit.db.knex,
        featureFlags: flags,
        mintAccessToken: (subject, hours) =>
          kit.identity.tokenFor({ subject, roles: ['integrator'], expiresIn: `${hours}h` }),
        maxTokenLifetimeSeconds: 24 * 3600,
      }),
      keycardIntegrationRouter(keycards),
    ],
    readiness: [],
  });
  for (const name of ['alice', 'bob', 'carol'] as const)
    bearer[name] = await kit.identity.bearer({ subject: `c-${name}`, roles: ['customer'], accountId: name });
  bearer.staff = await kit.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
  for (const [account, first] of [
    ['alice', 'Alice'],
    ['bob', 'Bob'],
    ['carol', 'Carol'],
  ] as const) {
    const owner = await call('post', '/users/persons/owner', account).send({
      firstName: first,
      lastName: 'Alpin',
      birthdate: '1990-04-01',
    });
    persons[account] = owner.body.id;
  }
  persons.mia = (
    await call('post', '/users/persons', 'alice').send({
      firstName: 'Mia',
      lastName: 'Alpin',
      birthdate: '2015-07-03',
    })
  ).body.id;
}, 60_000);
afterAll(async () => {
  await kit.close();
});

type Who = keyof typeof bearer | 'guest' | { token: string };
function call(method: 'get' | 'post' | 'patch' | 'delete', path: string, who: Who = 'alice', target = app) {
  const test = request(target)[method](`/api${path}`).set(shopHeaders);
  if (who === 'guest') return test;
  return test.set('authorization', typeof who === 'string' ? bearer[who] : `Bearer ${who.token}`);
}
const eventTypes = async (personId: number) =>
  (await kit.store.readStream(keycardStreamName(personId))).map((event) => event.type);

describe('a customer adds, lists and deletes keycards', () => {
  it('adds a SwissPass and two licence plates for the owner and lists them in canonical form', async () => {
    const pass = await call('post', '/keycards').send({ personId: persons.alice, ...swissPass });
    expect(pass.status).toBe(201);
    expect(pass.body).toMatchObject({
      personId: persons.alice,
      type: 'SWISSPASS',
      clientKey: 'PASS:SWISSPASS',
      status: 'ACTIVE',
      dataCarrierId: 'S12345678901',
      fields: { zip: '3920' },
    });
    for (const plate of ['VS 123-456', 'vs 99']) {
      expect(
        (
          await call('post', '/keycards').send({
            personId: persons.alice,
            type: 'IDENTIFICATION:LICENSEPLATE',
            licensePlate: plate,
            countryCode: 'ch',
          })
        ).status,
      ).toBe(201);
    }
    const listed = await call('get', '/keycards');
    expect(listed.body.map((card: { dataCarrierId: string }) => card.dataCarrierId)).toEqual([
      'S12345678901',
      'CH VS123456',
      'CH VS99',
    ]);
  });

  it('checks a card without adding it (POST /keycards/validation)', async () => {
    const checked = await call('post', '/keycards/validation').send({
      personId: persons.mia,
      type: 'SKIDATA',
      dataCarrierId: '01161472550123456789013',
    });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ valid: true, type: 'SKIDATA', dataCarrierId: skidata });
    expect(await eventTypes(persons.mia!)).toEqual([]);
    const bad = await call('post', '/keycards/validation').send({
      personId: persons.mia,
      type: 'SKIDATA',
      dataCarrierId: '01-1614 7255 0123 4567 8901-4',
    });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.body.errors).toContainEqual({
      path: 'body.dataCarrierId',
      message: 'The check digit of the SKIDATA data carrier id does not match: please check the number',
    });
  });

  it.each([
    ['an AXESS number of the wrong shape', { type: 'AXESS', wtp: '12345' }, 'body.wtp'],
    ['a SwissPass without zip', { type: 'SWISSPASS', ausweisId: 'S12345678901' }, 'body.zip'],
    [
      'a licence plate with a 3-letter country',
      { type: 'LICENSEPLATE', licensePlate: 'ZH 1', countryCode: 'CHE' },
      'body.countryCode',
    ],
    [
      'a travel pass ending before it starts',
      { type: 'SWISSTRAVELPASS', cardId: 'STP123456', validity: { from: '2031-01-10', to: '2031-01-01' } },
      'body.validity.to',
    ],
  ])('refuses %s with 400 on the field and writes nothing', async (_name, card, path) => {
    const response = await call('post', '/keycards').send({ personId: persons.mia, ...card });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await eventTypes(persons.mia!)).toEqual([]);
  });

  it('refuses a second SKIDATA card for the same person with 409, and gives its number back', async () => {
    expect(
      (
        await call('post', '/keycards').send({
          personId: persons.mia,
          type: 'SKIDATA',
          dataCarrierId: skidata,
        })
      ).status,
    ).toBe(201);
    const second = await call('post', '/keycards').send({
      personId: persons.mia,
      type: 'KEYCARD:SKIDATA',
      dataCarrierId: otherSkidata,
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('KEYCARD_LIMIT_REACHED');
    expect(
      (await call('get', `/keycards/unique?datacarrierid=${encodeURIComponent(otherSkidata)}`)).body,
    ).toEqual({ datacarrierid: otherSkidata, unique: true });
    expect(
      (await call('get', `/keycards/unique?datacarrierid=${encodeURIComponent(skidata)}`)).body.unique,
    ).toBe(false);
    expect((await call('get', '/keycards/unique?datacarrierid=%3F%3F')).status).toBe(400);
    expect((await call('get', `/keycards/unique?datacarrierid=${'1'.repeat(101)}`)).status).toBe(400);
    expect((await call('get', '/keycards/unique')).status).toBe(400);
  });

  it('deletes a card (CANCELLED, out of the list) and frees its number for someone else', async () => {
    const card = (
      await call('post', '/keycards').send({ personId: persons.alice, type: 'FERATEL', cardId: 'FE998877' })
    ).body;
    expect((await call('delete', `/keycards/${card.id}`)).status).toBe(204);
    expect((await call('delete', `/keycards/${card.id}`)).status).toBe(404);
    expect((await call('get', '/keycards')).body.map((listed: { id: number }) => listed.id)).not.toContain(
      card.id,
    );
    expect((await call('get', '/keycards?status=CANCELLED')).body).toMatchObject([
      { id: card.id, status: 'CANCELLED' },
    ]);
    expect(
      (
        await call('post', '/keycards', 'carol').send({
          personId: persons.carol,
          type: 'FERATEL',
          cardId: 'fe-998877',
        })
      ).status,
    ).toBe(201);
  });

  it('answers the validity of a card for a date', async () => {
    const pass = (
      await call('post', '/keycards').send({
        personId: persons.mia,
        type: 'SWISSTRAVELPASS',
        cardId: 'STP123456',
        validity: { from: '2030-12-18', to: '2030-12-24' },
      })
    ).body;
    expect((await call('post', `/keycards/${pass.id}/check-validity`).send({})).body).toEqual({
      keycardId: pass.id,
      date: '2030-12-20',
      status: 'ACTIVE',
      valid: true,
      reason: null,
    });
    expect(
      (await call('post', `/keycards/${pass.id}/check-validity`).send({ date: '2030-12-25' })).body,
    ).toMatchObject({ valid: false, reason: 'The pass was valid until 2030-12-24.' });
    expect(
      (await call('post', `/keycards/${pass.id}/check-validity`).send({ date: '2030-02-30' })).status,
    ).toBe(400);
  });
});

describe('cheating customers', () => {
  it("never shows, checks or deletes another account's card (404 like an unknown id)", async () => {
    const aliceCards = (await call('get', '/keycards')).body as { id: number }[];
    expect(aliceCards.length).toBeGreaterThan(0);
    for (const { id } of aliceCards) {
      expect((await call('delete', `/keycards/${id}`, 'bob')).status).toBe(404);
      expect((await call('post', `/keycards/${id}/check-validity`, 'bob').send({})).status).toBe(404);
    }
    expect((await call('get', '/keycards', 'bob')).body).toEqual([]);
    expect((await call('get', '/keycards')).body).toHaveLength(aliceCards.length);
  });

  it("refuses a card for another account's person with 404, and a card another account holds with 409", async () => {
    const foreign = await call('post', '/keycards', 'bob').send({
      personId: persons.alice,
      type: 'AXESS',
      wtp: '1A2B3C4D-5E6-F7G',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('PERSON_NOT_FOUND');
    const taken = await call('post', '/keycards', 'bob').send({
      personId: persons.bob,
      ...swissPass,
      ausweisId: 's12-345-678-901',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'KEYCARD_ALREADY_REGISTERED',
      detail: 'This card is registered already.',
    });
    expect(await eventTypes(persons.bob!)).toEqual([]);
  });

  it('needs a signed-in customer, and refuses odd ids and huge numbers as bad input', async () => {
    expect((await call('get', '/keycards', 'guest')).status).toBe(401);
    expect(
      (await call('post', '/keycards', 'staff').send({ personId: persons.alice, ...swissPass })).status,
    ).toBe(403);
    expect((await call('delete', '/keycards/abc')).status).toBe(400);
    expect((await call('delete', '/keycards/99999999999')).status).toBe(400);
    expect((await call('post', '/keycards').send({ personId: -1, ...swissPass })).status).toBe(400);
    expect(
      (
        await call('post', '/keycards').send({
          personId: persons.alice,
          type: 'SKIDATA',
          dataCarrierId: '9'.repeat(5000),
        })
      ).status,
    ).toBe(400);
  });
});

describe('one card, one account: the registry under concurrency', () => {
  it('lets exactly one of several accounts register the same card at the same moment', async () => {
    const racers = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const accountId = `racer-${index}`;
        const token = await kit.identity.tokenFor({
          subject: `c-${accountId}`,
          roles: ['customer'],
          accountId,
        });
        const owner = await call('post', '/users/persons/owner', { token }).send({
          firstName: 'R',
          lastName: String(index),
          birthdate: '1990-01-01',
        });
        return { token, personId: owner.body.id as number };
      }),
    );
    const card = { type: 'AXESS', wtp: '9Z8Y7X6W-5V4-U3T' };
    const answers = await Promise.all(
      racers.map(({ token, personId }) => call('post', '/keycards', { token }).send({ personId, ...card })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const added = await kit.db
      .knex('events')
      .where({ type: 'KeycardAdded' })
      .whereRaw("data->'fields'->>'wtp' = ?", ['9Z8Y7X6W-5V4-U3T']);
    expect(added).toHaveLength(1);
    expect(
      await kit.db.knex('keycard_registry').where({ carrier_key: 'AXESS:9Z8Y7X6W-5V4-U3T' }),
    ).toHaveLength(1);
  });

  it("takes back a crashed request's old reservation, but not a fresh one", async () => {
    const leftover = (number: string, age: string) =>
      kit.db.knex.raw(
        "insert into keycard_registry (keycard_id, carrier_key, account_id, person_id, reserved_at) values (nextval('keycard_id_seq'), ?, 'ghost', 424242, now() - ?::interval)",
        [number, age],
      );
    await leftover('FERATEL:OLD12345', '1 hour');
    await leftover('FERATEL:NEW12345', '1 second');
    expect(
      (
        await call('post', '/keycards', 'bob').send({
          personId: persons.bob,
          type: 'FERATEL',
          cardId: 'OLD12345',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call('post', '/keycards', 'alice').send({
          personId: persons.mia,
          type: 'FERATEL',
          cardId: 'NEW12345',
        })
      ).status,
    ).toBe(409);
  });

  it('frees the numbers of a person who left the account', async () => {
    const token = await kit.identity.tokenFor({ subject: 'c-emil', roles: ['customer'], accountId: 'emil' });
    await call('post', '/users/persons/owner', { token }).send({
      firstName: 'Emil',
      lastName: 'Alpin',
      birthdate: '1980-01-01',
    });
    const son = (
      await call('post', '/users/persons', { token }).send({
        firstName: 'Jon',
        lastName: 'Alpin',
        birthdate: '2010-01-01',
      })
    ).body.id as number;
    expect(
      (
        await call('post', '/keycards', { token }).send({
          personId: son,
          type: 'AXESS',
          wtp: 'JON00000-111-222',
        })
      ).status,
    ).toBe(201);
    expect((await call('delete', `/users/persons/${son}`, { token })).status).toBe(204);
    expect((await call('get', '/keycards', { token })).body).toEqual([]);
    expect(
      (
        await call('post', '/keycards', 'carol').send({
          personId: persons.carol,
          type: 'AXESS',
          wtp: 'JON00000-111-222',
        })
      ).status,
    ).toBe(201);
  });

  it('lets one person add only one SKIDATA card when two arrive at once', async () => {
    const token = await kit.identity.tokenFor({ subject: 'c-dora', roles: ['customer'], accountId: 'dora' });
    const owner = (
      await call('post', '/users/persons/owner', { token }).send({
        firstName: 'Dora',
        lastName: 'Alpin',
        birthdate: '1990-01-01',
      })
    ).body.id as number;
    const numbers = ['03-1111 2222 3333 4444 5555', '04-1111 2222 3333 4444 5555'].map((digits) => {
      const compact = digits.replace(/\D/g, '');
      let sum = 0;
      for (let i = 0; i < compact.length; i += 1) {
        const digit = Number(compact[compact.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
        sum += digit > 9 ? digit - 9 : digit;
      }
      return `${digits}-${(10 - (sum % 10)) % 10}`;
    });
    const answers = await Promise.all(
      numbers.map((dataCarrierId) =>
        call('post', '/keycards', { token }).send({ personId: owner, type: 'SKIDATA', dataCarrierId }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await kit.db.knex('keycard_registry').where({ person_id: owner })).toHaveLength(1);
  });
});

describe('readOnlyKeycards', () => {
  afterEach(() => {
    flags.readOnlyKeycards = false;
  });

  it('stops customers adding or deleting cards while on; listing and checking go on; off again, they may', async () => {
    const card = (await call('get', '/keycards')).body[0] as { id: number };
    flags.readOnlyKeycards = true;
    const refused = await call('post', '/keycards').send({
      personId: persons.alice,
      type: 'LICENSEPLATE',
      licensePlate: 'BE 1',
      countryCode: 'CH',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('KEYCARDS_READ_ONLY');
    expect((await call('delete', `/keycards/${card.id}`)).body.code).toBe('KEYCARDS_READ_ONLY');
    expect((await call('get', '/keycards')).status).toBe(200);
    expect((await call('post', `/keycards/${card.id}/check-validity`).send({})).status).toBe(200);
    flags.readOnlyKeycards = false;
    expect(
      (
        await call('post', '/keycards').send({
          personId: persons.alice,
          type: 'LICENSEPLATE',
          licensePlate: 'BE 1',
          countryCode: 'CH',
        })
      ).status,
    ).toBe(201);
  });

  it('is an error when the flag is missing from the context', async () => {
    const partial = flags as Partial<FeatureFlags>;
    delete partial.readOnlyKeycards;
    const response = await call('post', '/keycards').send({
      personId: persons.alice,
      type: 'LICENSEPLATE',
      licensePlate: 'BE 2',
      countryCode: 'CH',
    });
    expect(response.status).toBe(500);
    expect(await kit.db.knex('keycard_registry').where({ carrier_key: 'LICENSEPLATE:CH:BE2' })).toHaveLength(
      0,
    );
  });
});

describe('personalising a basket entry with a keycard', () => {
  async function dayPassEntry() {
    const basket = await call('post', '/baskets', 'alice', kit.app).send({
      entries: [{ productDefinitionId: 1011, validity: { from: '2030-12-21', to: '2030-12-21' } }],
    });
    expect(basket.status).toBe(201);
    return { basketId: basket.body.id as string, entryId: basket.body.entries[0].id as string };
  }
  const cardOf = async (type: string, personId: number) =>
    ((await call('get', '/keycards')).body as { id: number; type: string; personId: number }[]).find(
      (card) => card.type === type && card.personId === personId,
    )!;

  it("loads the day pass onto the owner's SwissPass; the wrong medium, person or account is refused", async () => {
    const { basketId, entryId } = await dayPassEntry();
    const personalize = (body: object, who: Who = 'alice') =>
      call('patch', `/baskets/${basketId}/entries/${entryId}/personalization`, who, kit.app).send(body);
    const pass = await cardOf('SWISSPASS', persons.alice!);
    const plate = await cardOf('LICENSEPLATE', persons.alice!);
    const miaCard = await cardOf('SKIDATA', persons.mia!);

    const done = await personalize({ personId: persons.alice, medium: 'SWISSPASS', keycardId: pass.id });
    expect(done.status).toBe(200);
    expect(done.body.entries[0].personalization).toEqual({
      personId: persons.alice,
      medium: 'SWISSPASS',
      keycardId: pass.id,
    });

    const wrongMedium = await personalize({ personId: persons.alice, medium: 'SKIDATA', keycardId: pass.id });
    expect(wrongMedium.status).toBe(400);
    expect(wrongMedium.body).toMatchObject({
      code: 'KEYCARD_MEDIUM_MISMATCH',
      errors: [{ path: 'keycardId' }],
    });
    expect(wrongMedium.body.detail).toBe(
      `Keycard ${pass.id} is a SWISSPASS card and it cannot carry SKIDATA: choose the medium SWISSPASS.`,
    );
    expect(
      (await personalize({ personId: persons.alice, medium: null, keycardId: pass.id })).body.detail,
    ).toBe(`Keycard ${pass.id} is a SWISSPASS card and no medium was chosen: choose the medium SWISSPASS.`);
    expect(
      (await personalize({ personId: persons.alice, medium: 'LICENSEPLATE', keycardId: plate.id })).body.code,
    ).toBe('MEDIUM_NOT_OFFERED');
    expect(
      (await personalize({ personId: persons.alice, medium: 'SKIDATA', keycardId: miaCard.id })).body.code,
    ).toBe('KEYCARD_NOT_OF_PERSON');
    // Mia (15) is no adult: the keycard checks pass, the age rule of the adult day pass speaks
    expect(
      (await personalize({ personId: persons.mia, medium: 'SKIDATA', keycardId: miaCard.id })).body.code,
    ).not.toMatch(/KEYCARD/);

    const bobsCard = (
      await call('post', '/keycards', 'bob').send({
        personId: persons.bob,
        type: 'SKIDATA',
        dataCarrierId: otherSkidata,
      })
    ).body;
    expect((await personalize({ personId: null, medium: 'SKIDATA', keycardId: bobsCard.id })).status).toBe(
      404,
    );
  });

  it('refuses a cancelled card like an unknown one', async () => {
    const { basketId, entryId } = await dayPassEntry();
    const card = (
      await call('post', '/keycards').send({
        personId: persons.alice,
        type: 'AXESS',
        wtp: 'AAAABBBB-CCC-DDD',
      })
    ).body;
    expect((await call('delete', `/keycards/${card.id}`)).status).toBe(204);
    const response = await call(
      'patch',
      `/baskets/${basketId}/entries/${entryId}/personalization`,
      'alice',
      kit.app,
    ).send({ personId: null, medium: 'AXESS', keycardId: card.id });
    expect(response.status).toBe(404);
  });
});

describe('staff import and the access system', () => {
  it('imports keycards per row, idempotently; customers may not import', async () => {
    const rows = [
      {
        accountId: 'carol',
        personId: persons.carol,
        keycard: { type: 'SKIDATA', dataCarrierId: '02-2345 6789 0123 4567 8902-8' },
      },
      { accountId: 'carol', personId: persons.carol, keycard: { type: 'SKIDATA', dataCarrierId: '12' } },
      { accountId: 'carol', personId: persons.alice, keycard: { type: 'AXESS', wtp: 'CAROL000-111-222' } },
      {
        accountId: 'carol',
        personId: persons.carol,
        keycard: { type: 'LICENSEPLATE', licensePlate: 'GR 77', countryCode: 'CH' },
      },
    ];
    const first = await call('post', '/admin/keycards/import', 'staff').send({ keycards: rows });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ imported: 2, unchanged: 0, refused: 2 });
    expect(
      first.body.rows.map((row: { outcome: string; code: string | null }) => [row.outcome, row.code]),
    ).toEqual([
      ['IMPORTED', null],
      ['REFUSED', 'VALIDATION_FAILED'],
      ['REFUSED', 'PERSON_NOT_FOUND'],
      ['IMPORTED', null],
    ]);
    expect(first.body.rows[1].errors[0]).toEqual({
      path: 'keycards.1.keycard.dataCarrierId',
      message: 'A SKIDATA data carrier id has 23 digits, not 2',
    });
    const again = await call('post', '/admin/keycards/import', 'staff').send({
      keycards: [rows[0], rows[3]],
    });
    expect(again.body).toMatchObject({ imported: 0, unchanged: 2, refused: 0 });
    expect((await call('post', '/admin/keycards/import', 'carol').send({ keycards: rows })).status).toBe(403);
    expect((await call('post', '/admin/keycards/import', 'staff').send({ keycards: [] })).status).toBe(400);
  });

  it('imports even while customers are read-only', async () => {
    flags.readOnlyKeycards = true;
    try {
      const row = {
        accountId: 'carol',
        personId: persons.carol,
        keycard: { type: 'LICENSEPLATE', licensePlate: 'GR 78', countryCode: 'CH' },
      };
      expect(
        (await call('post', '/admin/keycards/import', 'staff').send({ keycards: [row] })).body.imported,
      ).toBe(1);
    } finally {
      flags.readOnlyKeycards = false;
    }
  });

  it("issues an integrator token with which the access system looks up a card's status", async () => {
    const issued = await call('post', '/admin/keycards/access-token', 'staff').send({
      system: 'skidata-gates',
      hours: 48,
    });
    expect(issued.status).toBe(400);
    const token = await call('post', '/admin/keycards/access-token', 'staff').send({
      system: 'skidata-gates',
      hours: 12,
    });
    expect(token.status).toBe(201);
    expect(token.body).toMatchObject({
      tokenType: 'Bearer',
      subject: 'access-system:skidata-gates',
      roles: ['integrator'],
    });
    const gate = { token: token.body.token as string };
    const found = await call(
      'get',
      `/access/keycards/lookup?datacarrierid=${encodeURIComponent(skidata)}`,
      gate,
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      type: 'SKIDATA',
      status: 'ACTIVE',
      dataCarrierId: skidata,
      personId: persons.mia,
    });
    expect((await call('get', '/access/keycards/lookup?datacarrierid=S99999999999', gate)).status).toBe(404);
    expect(
      (await call('get', `/access/keycards/lookup?datacarrierid=${encodeURIComponent(skidata)}`, 'alice'))
        .status,
    ).toBe(403);
    expect(
      (await call('post', '/admin/keycards/access-token', gate).send({ system: 'skidata-gates' })).status,
    ).toBe(403);
    expect((await call('post', '/admin/keycards/access-token', 'alice').send({ system: 'x1' })).status).toBe(
      403,
    );
  });
});

describe('the staff list of keycards', () => {
  it("lists every account's cards from the read model, filtered by status and account; customers may not", async () => {
    await ensureLiveGeneration(kit.db.knex, kit.store, keycardsProjection);
    await catchUp(kit.db.knex, kit.store, keycardsProjection, liveTarget(keycardsProjection.name));
    const all = await call('get', '/admin/keycards?take=100', 'staff');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(
      await kit.db
        .knex('events')
        .where({ type: 'KeycardAdded' })
        .count<{ count: string }[]>('* as count')
        .then((rows) => Number(rows[0]!.count)),
    );
    const cancelled = await call('get', '/admin/keycards?status=CANCELLED&take=100', 'staff');
    expect(cancelled.body.items.length).toBeGreaterThan(0);
    expect(cancelled.body.items.every((card: { status: string }) => card.status === 'CANCELLED')).toBe(true);
    const carols = await call('get', '/admin/keycards?accountId=carol&status=ACTIVE', 'staff');
    expect(carols.body.items.map((card: { accountId: string }) => card.accountId)).toEqual(
      carols.body.items.map(() => 'carol'),
    );
    expect(carols.body.items).toContainEqual(
      expect.objectContaining({ type: 'LICENSEPLATE', dataCarrierId: 'CH GR77', source: 'IMPORT' }),
    );
    expect((await call('get', '/admin/keycards?status=BROKEN', 'staff')).status).toBe(400);
    expect((await call('get', '/admin/keycards?take=100000', 'staff')).status).toBe(400);
    expect((await call('get', '/admin/keycards', 'alice')).status).toBe(403);
  });
});

describe('enableKeycardRevalidation (staff trigger)', () => {
  it('refuses while off; on, expires passes whose validity ended, once', async () => {
    const pass = (
      await call('post', '/keycards', 'carol').send({
        personId: persons.carol,
        type: 'EUINTERRAIL',
        passId: 'IR7654321',
        validity: { from: '2030-11-01', to: '2030-11-30' },
      })
    ).body;
    expect((await call('post', '/admin/keycards/revalidation', 'staff').send({})).body.code).toBe(
      'KEYCARD_REVALIDATION_OFF',
    );
    flags.enableKeycardRevalidation = true;
    try {
      const first = await call('post', '/admin/keycards/revalidation', 'staff').send({});
      expect(first.status).toBe(200);
      expect(first.body.expired).toBeGreaterThanOrEqual(1);
      expect((await call('post', '/admin/keycards/revalidation', 'staff').send({})).body.expired).toBe(0);
      expect(
        (await call('get', '/keycards?status=EXPIRED', 'carol')).body.map((card: { id: number }) => card.id),
      ).toEqual([pass.id]);
    } finally {
      flags.enableKeycardRevalidation = false;
    }
  });
});
