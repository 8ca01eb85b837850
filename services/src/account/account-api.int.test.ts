import request from 'supertest';
import { defaultPersonFieldRules } from '@alpenpass/contracts';
import { noAccountResources } from '../basket/account-resources';
import { createBasketTestKit, type BasketTestKit } from '../../test/support/basket-kit';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { accountResourcesOf } from './account-resources';
import { createAccountService } from './account-service';
import { addressesRouter, personsRouter } from './api';

/** Persons, owner and addresses over HTTP on PostgreSQL; the basket sees them through its
 * ownership port (kitNow: 20 December 2030). */
let kit: BasketTestKit;
let accountsApp: ReturnType<typeof createHttpApp>;
let alice: string;
let bob: string;

beforeAll(async () => {
  const service = (kitStore: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
    createAccountService({ store: kitStore, knex, personFieldRules: defaultPersonFieldRules });
  kit = await createBasketTestKit({
    accounts: (store, knex) => accountResourcesOf(service(store, knex), noAccountResources),
  });
  const accounts = service(kit.store, kit.db.knex);
  accountsApp = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: [personsRouter(accounts), addressesRouter(accounts)],
    readiness: [],
  });
  alice = await kit.identity.bearer({ subject: 'c-alice', roles: ['customer'], accountId: 'alice' });
  bob = await kit.identity.bearer({ subject: 'c-bob', roles: ['customer'], accountId: 'bob' });
  await kit.scheduleSlot(41, 32);
}, 60_000);
afterAll(async () => {
  await kit.close();
});

const call = (method: 'get' | 'post' | 'patch' | 'delete', path: string, authorization?: string) => {
  const agent = request(path.startsWith('/baskets') ? kit.app : accountsApp);
  const test = agent[method](`/api${path}`).set(shopHeaders);
  return authorization ? test.set('authorization', authorization) : test;
};
const address = {
  addressLine1: 'Dorfstrasse 1',
  city: 'Zermatt',
  zip: '3920',
  countryCode: 'che',
  purpose: ['BILLING', 'SHIPPING'],
};

describe('persons and the owner', () => {
  it('creates the owner once, with the deployed owner rules, and lists it among the persons', async () => {
    expect((await call('get', '/users/persons/owner', alice)).body.code).toBe('OWNER_NOT_FOUND');
    const missing = await call('post', '/users/persons/owner', alice).send({
      firstName: 'Alice',
      lastName: 'Alpin',
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'PERSON_FIELD_REQUIRED',
      errors: [{ path: 'body.birthdate' }],
    });
    const owner = await call('post', '/users/persons/owner', alice).send({
      firstName: 'Alice',
      lastName: 'Alpin',
      birthdate: '1990-04-01',
      phone: '+41 79 123 45 67',
    });
    expect(owner.status).toBe(201);
    expect(owner.body).toMatchObject({
      firstName: 'Alice',
      owner: true,
      phone: '+41791234567',
      avatar: null,
    });
    expect(
      (
        await call('post', '/users/persons/owner', alice).send({
          firstName: 'A',
          lastName: 'B',
          birthdate: '1990-01-01',
        })
      ).body.code,
    ).toBe('OWNER_EXISTS');
    expect(
      (await call('patch', '/users/persons/owner', alice).send({ lastName: 'Alpina' })).body.lastName,
    ).toBe('Alpina');
    expect((await call('delete', `/users/persons/${owner.body.id}`, alice)).body.code).toBe(
      'OWNER_NOT_DELETABLE',
    );
  });

  it('adds, changes and deletes persons with the §5 rules (persons may not carry a phone by default)', async () => {
    const child = await call('post', '/users/persons', alice).send({
      firstName: 'Mia',
      lastName: 'Alpin',
      birthdate: '2020-07-03',
      gender: 'f',
    });
    expect(child.status).toBe(201);
    expect(
      (
        await call('post', '/users/persons', alice).send({
          firstName: '',
          lastName: 'X',
          birthdate: '2000-01-01',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('post', '/users/persons', alice).send({
          firstName: 'Y',
          lastName: 'X',
          birthdate: '2000-01-01',
          gender: 'x',
        })
      ).body.errors[0].path,
    ).toBe('body.gender');
    expect(
      (
        await call('post', '/users/persons', alice).send({
          firstName: 'Y',
          lastName: 'X',
          birthdate: '1800-01-01',
        })
      ).body.errors[0].message,
    ).toBe('Expected birthday string');
    expect(
      (
        await call('post', '/users/persons', alice).send({
          firstName: 'Y',
          lastName: 'X',
          birthdate: '2000-01-01',
          phone: '+41791234567',
        })
      ).body.code,
    ).toBe('PERSON_FIELD_DISABLED');
    expect(
      (await call('patch', `/users/persons/${child.body.id}`, alice).send({ gender: 'd' })).body.gender,
    ).toBe('d');
    expect(
      (await call('get', '/users/persons', alice)).body.map(
        (person: { firstName: string }) => person.firstName,
      ),
    ).toEqual(['Alice', 'Mia']);
    const temporary = await call('post', '/users/persons', alice).send({
      firstName: 'Tom',
      lastName: 'Alpin',
      birthdate: '2012-01-01',
    });
    expect((await call('delete', `/users/persons/${temporary.body.id}`, alice)).status).toBe(204);
    expect((await call('get', `/users/persons/${temporary.body.id}`, alice)).status).toBe(404);
  });

  it("never shows or changes another account's persons (404 like an unknown id), and needs a customer", async () => {
    const persons = (await call('get', '/users/persons', alice)).body as { id: number }[];
    for (const { id } of persons) {
      expect((await call('get', `/users/persons/${id}`, bob)).status).toBe(404);
      expect((await call('patch', `/users/persons/${id}`, bob).send({ firstName: 'Mallory' })).status).toBe(
        404,
      );
      expect((await call('delete', `/users/persons/${id}`, bob)).status).toBe(404);
    }
    expect((await call('get', '/users/persons', bob)).body).toEqual([]);
    expect((await call('get', '/users/persons')).status).toBe(401);
  });
});

describe('addresses', () => {
  it('adds an address with an alpha-3 country and purposes, changes and deletes it; others get 404', async () => {
    const added = await call('post', '/users/addresses', alice).send(address);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      countryCode: 'CHE',
      purpose: ['BILLING', 'SHIPPING'],
      addressLine2: null,
    });
    expect(
      (await call('post', '/users/addresses', alice).send({ ...address, countryCode: 'ch' })).status,
    ).toBe(400);
    expect((await call('post', '/users/addresses', alice).send({ ...address, zip: '' })).status).toBe(400);
    expect(
      (await call('post', '/users/addresses', alice).send({ ...address, purpose: ['HOME'] })).status,
    ).toBe(400);
    expect(
      (await call('patch', `/users/addresses/${added.body.id}`, alice).send({ city: 'Täsch' })).body.city,
    ).toBe('Täsch');
    expect((await call('get', `/users/addresses/${added.body.id}`, bob)).status).toBe(404);
    expect((await call('patch', `/users/addresses/${added.body.id}`, bob).send({ city: 'X' })).status).toBe(
      404,
    );
    const spare = await call('post', '/users/addresses', alice).send(address);
    expect((await call('delete', `/users/addresses/${spare.body.id}`, alice)).status).toBe(204);
    expect((await call('get', '/users/addresses', alice)).body).toHaveLength(1);
  });

  it('lists the countries with names in the language asked for (fallback en)', async () => {
    const german = (await call('get', '/users/addresses/countries?language=de')).body as {
      alpha3: string;
      locale: { de: { name: string } };
    }[];
    expect(german.length).toBeGreaterThan(190);
    expect(german.find((country) => country.alpha3 === 'che')?.locale.de.name).toBe('Schweiz');
    const unknown = (await call('get', '/users/addresses/countries?language=xx')).body as {
      locale: { en: { name: string } };
    }[];
    expect(unknown.map((country) => country.locale.en.name)).toEqual(
      [...unknown.map((country) => country.locale.en.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });
});

describe('the basket sees what the account owns', () => {
  it('takes the account’s own address and person, refuses the other account’s, and checks a named person’s age', async () => {
    const [ownAddress] = (await call('get', '/users/addresses', alice)).body as { id: number }[];
    const persons = (await call('get', '/users/persons', alice)).body as { id: number; firstName: string }[];
    const mia = persons.find((person) => person.firstName === 'Mia')!;
    const basket = await call('post', '/baskets', alice).send({
      entries: [{ productDefinitionId: 1031, slotId: 41 }],
    });
    expect(basket.status).toBe(201);
    expect(
      (await call('patch', `/baskets/${basket.body.id}`, alice).send({ billingAddressId: ownAddress!.id }))
        .body.billingAddressId,
    ).toBe(ownAddress!.id);
    const entryId = basket.body.entries[0].id as string;
    // the entry is an adult gondola ticket: Mia (10) cannot ride on it, Alice can
    const personalize = (personId: number) =>
      call('patch', `/baskets/${basket.body.id}/entries/${entryId}/personalization`, alice).send({
        personId,
      });
    expect((await personalize(mia.id)).body.code).toBe('PERSON_AGE_NOT_ALLOWED');
    const aliceHerself = persons.find((person) => person.firstName === 'Alice')!;
    expect((await personalize(aliceHerself.id)).body.entries[0].personalization.personId).toBe(
      aliceHerself.id,
    );

    const bobsBasket = await call('post', '/baskets', bob).send({ entries: [] });
    expect(
      (await call('patch', `/baskets/${bobsBasket.body.id}`, bob).send({ billingAddressId: ownAddress!.id }))
        .body.code,
    ).toBe('ADDRESS_NOT_FOUND');
    const named = (productDefinitionId: number) => ({
      productDefinitionId,
      slotId: 41,
      allocation: {
        personTypes: [{ personType: productDefinitionId === 1031 ? 'adult' : 'child', personIds: [mia.id] }],
      },
    });
    expect(
      (await call('post', `/baskets/${bobsBasket.body.id}/entries`, bob).send({ entries: [named(1032)] }))
        .body.code,
    ).toBe('PERSON_NOT_FOUND');
    // Mia is 10 on 21 December 2030: a child ticket fits, an adult one does not
    expect(
      (await call('post', `/baskets/${basket.body.id}/entries`, alice).send({ entries: [named(1031)] })).body
        .code,
    ).toBe('PERSON_AGE_NOT_ALLOWED');
    expect(
      (await call('post', `/baskets/${basket.body.id}/entries`, alice).send({ entries: [named(1032)] }))
        .status,
    ).toBe(200);
  });
});
