import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client, Connection } from '@temporalio/client';
import {
  accountStreamName,
  defaultFeatureFlags,
  defaultPersonFieldRules,
  keycardFieldsBody,
  keycardStreamName,
  type FeatureFlags,
} from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { accountDeletionWorkflowId, startAccountDeletion, type RunningWorker } from '@alpenpass/workflows';
import { runTestWorker } from '@alpenpass/workflows/test/support/worker';
import { customerOrdersProjection } from '@alpenpass/projections/src/order/customer-orders';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { generateSigningKey, type SigningKey } from '../platform/auth/signing-key';
import { mintToken } from '../platform/auth/tokens';
import { createTokenVerifier } from '../platform/auth/verifier';
import type { EventStore } from '../platform/event-store/event-store';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { unlimited } from '../platform/rate-limit';
import { orderPlacedEvent } from '../../test/support/order-events';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { identityAccountContacts } from '../identity/account-contacts';
import { createKeycardService } from '../keycard/keycard-service';
import { createOnlineCreditService } from '../online-credit';
import { accountAccessGuard } from './account-access';
import { accountDirectory } from './account-directory';
import { adminAccountsRouter, currentAccountRouters } from './account-life-api';
import { createAccountLifeService } from './account-life-service';
import { createAccountService } from './account-service';
import { guestHandover } from './guest-handover';
import { basketHandover } from '../basket/guest-baskets';
import { orderHandover } from '../order/guest-orders';
import { foldedAccountList } from './folded-account-list';
import { addressesRouter, currentOwnerRouter, personsRouter } from './api';

/** §7 Users and accounts over HTTP on PostgreSQL, the deletion workflow on the Temporal dev server. */
jest.setTimeout(120_000);
const temporalAddress = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const taskQueue = `account-deletion-test-${randomUUID()}`;
const audience = 'https://api.alpenpass.test';
const shopIssuer = 'https://auth.alpenpass.test/';
const outsideIssuer = 'https://login.outside.test/';
const gracePeriodMs = 3000;

let db: TestDatabase;
let store: EventStore;
let connection: Connection;
let temporal: Client;
let worker: RunningWorker;
let app: ReturnType<typeof createHttpApp>;
/** the staff list with perfOptimizedAccountsQuery on (the directory); `app` folds the streams */
let directoryApp: ReturnType<typeof createHttpApp>;
let shopKey: SigningKey;
let outsideKey: SigningKey;
const flags: FeatureFlags = { ...defaultFeatureFlags };

const alice = { accountId: randomUUID(), userId: randomUUID(), email: 'alice@example.ch' };
const bob = { accountId: randomUUID(), userId: randomUUID(), email: 'bob@example.ch' };
const dave = { accountId: randomUUID(), userId: randomUUID(), email: 'dave@example.ch' };
const bearer = (subject: string, accountId?: string, roles: ('customer' | 'admin')[] = ['customer']) =>
  mintToken(shopKey, { issuer: shopIssuer, audience }, { subject, roles, accountId }).then(
    (token) => `Bearer ${token}`,
  );
const staff = () => bearer('staff-1', undefined, ['admin']);

const call = (method: 'get' | 'post' | 'patch' | 'delete', path: string, authorization?: string) => {
  const test = request(app)[method](`/api${path}`).set(shopHeaders);
  return authorization ? test.set('authorization', authorization) : test;
};

async function registerIdentityUser(
  user: { accountId: string; userId: string; email: string },
  locale: string,
) {
  await db.knex('identity_users').insert({
    id: user.userId,
    email: user.email,
    password_hash: 'x',
    account_id: user.accountId,
    roles: ['customer'],
    given_name: 'G',
    family_name: 'F',
    locale,
    email_verified_at: new Date(),
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  await ensureLiveGeneration(db.knex, store, customerOrdersProjection);
  [shopKey, outsideKey] = await Promise.all([generateSigningKey(), generateSigningKey()]);
  const directory = accountDirectory(db.knex);
  const verify = createTokenVerifier({
    audience,
    issuers: [shopIssuer, outsideIssuer],
    localKeys: [shopKey.publicJwk, outsideKey.publicJwk],
  });
  const guard = accountAccessGuard(verify, directory, { cacheMs: 0 });
  connection = await Connection.connect({ address: temporalAddress });
  temporal = new Client({ connection });
  const life = createAccountLifeService({
    store,
    knex: db.knex,
    directory,
    gracePeriodMs,
    scheduleErasure: (accountId, deleteAfter) =>
      startAccountDeletion(temporal, { accountId, deleteAfter }, { taskQueue }),
    forgetAccess: guard.forget,
  });
  worker = await runTestWorker({
    address: temporalAddress,
    taskQueue,
    activities: { eraseAccount: (accountId: string) => life.eraseAccount(accountId) },
  });
  const accounts = createAccountService({ store, knex: db.knex, personFieldRules: defaultPersonFieldRules });
  const apiDeps = {
    life,
    directory,
    onlineCredit: createOnlineCreditService({ store }),
    flags,
    verifyToken: guard.verifyToken,
    mintGuestToken: async (accountId: string) => ({
      accessToken: await mintToken(
        shopKey,
        { issuer: shopIssuer, audience },
        { subject: `guest:${accountId}`, roles: ['customer'], accountId, expiresIn: '2h' },
      ),
      expiresAt: 0,
    }),
    guestLimiter: unlimited,
    foldedList: foldedAccountList(store, db.knex),
    handOver: guestHandover({
      baskets: basketHandover(store),
      orders: orderHandover(store),
      knex: db.knex,
      directory,
      life,
      verifyToken: verify,
    }),
  };
  app = createHttpApp({
    log: createLogger(process.env.TEST_LOG_LEVEL === 'error' ? 'error' : 'silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: guard.verifyToken,
    publicKeys: [],
    routers: [
      personsRouter(accounts),
      addressesRouter(accounts),
      ...currentAccountRouters(apiDeps),
      adminAccountsRouter(apiDeps),
      personsRouter(accounts, '/accounts/current/persons'),
      addressesRouter(accounts, '/accounts/current/addresses'),
      currentOwnerRouter(accounts),
    ],
    readiness: [],
  });
  directoryApp = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: guard.verifyToken,
    publicKeys: [],
    routers: [
      adminAccountsRouter({
        ...apiDeps,
        flags: { ...defaultFeatureFlags, perfOptimizedAccountsQuery: true },
      }),
    ],
    readiness: [],
  });
  await registerIdentityUser(alice, 'fr-CH');
  await registerIdentityUser(bob, 'de');
  await registerIdentityUser(dave, 'en');
  // Dave has an owner, an address and a keycard: all of it goes at erasure
  const daveCaller = {
    principal: { subject: dave.userId, roles: ['customer' as const], accountId: dave.accountId },
    correlationId: 'test',
  };
  const owner = await accounts.addPerson(
    daveCaller,
    { firstName: 'Dave', lastName: 'Dachstein', birthdate: '1980-02-02' },
    true,
  );
  await accounts.addAddress(daveCaller, {
    addressLine1: 'Gletscherweg 9',
    addressLine2: null,
    city: 'Grindelwald',
    state: null,
    zip: '3818',
    countryCode: 'CHE',
    purpose: ['BILLING'],
  });
  const keycards = createKeycardService({
    store,
    knex: db.knex,
    accounts,
    featureFlags: defaultFeatureFlags,
  });
  await keycards.add(daveCaller, {
    personId: owner.id,
    ...keycardFieldsBody.parse({ type: 'AXESS', wtp: 'DAVE0000-111-222' }),
  });
}, 120_000);

afterAll(async () => {
  await worker?.shutdown();
  await connection?.close();
  await store?.close();
  await db?.drop();
});

describe('the current account', () => {
  it('opens the account at the first call with the provider e-mail and the language mapped from its locale', async () => {
    const token = await bearer(alice.userId, alice.accountId);
    const current = await call('get', '/users/current?language=de', token);
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({
      id: alice.accountId,
      email: 'alice@example.ch',
      language: 'fr',
      type: 'CUSTOMER',
      deleteAfter: null,
      deletedAt: null,
      blocked: false,
    });
    // an account of an outside provider has no locale there: the page's locale decides
    const outsider = await bearer('ext-1', 'auth0-account-1');
    expect((await call('get', '/users/current?language=en-GB', outsider)).body).toMatchObject({
      email: null,
      language: 'en',
    });
    expect((await call('patch', '/users/account', outsider).send({ language: 'fr' })).body.language).toBe(
      'fr',
    );
    expect((await call('post', '/admin/accounts/auth0-account-1/block', await staff())).body.blocked).toBe(
      true,
    );
    expect((await call('post', '/admin/accounts/auth0-account-1/unblock', await staff())).body.blocked).toBe(
      false,
    );
    expect((await call('get', '/users/current')).status).toBe(401);
    expect((await call('get', '/users/current', await staff())).status).toBe(403);
  });

  it("answers the identity provider's side at /users/current/auth0", async () => {
    const mine = await call('get', '/users/current/auth0', await bearer(alice.userId, alice.accountId));
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      issuer: shopIssuer,
      subject: alice.userId,
      accountId: alice.accountId,
      provider: 'embedded',
      guest: false,
      email: 'alice@example.ch',
      emailVerified: true,
      roles: ['customer'],
      linkedIdentities: [],
    });
    await db.knex('identity_users').where({ id: bob.userId }).update({ email_verified_at: null });
    expect(
      (await call('get', '/users/current/auth0', await bearer(bob.userId, bob.accountId))).body,
    ).toMatchObject({ email: 'bob@example.ch', emailVerified: false });
    await db.knex('identity_users').where({ id: bob.userId }).update({ email_verified_at: new Date() });
    // an outside provider's access token names its user; what it vouches for is not known here
    const outside = await mintToken(
      outsideKey,
      { issuer: outsideIssuer, audience },
      { subject: 'auth0|77', roles: ['customer'], accountId: 'auth0-account-1' },
    );
    expect((await call('get', '/users/current/auth0', `Bearer ${outside}`)).body).toMatchObject({
      issuer: outsideIssuer,
      subject: 'auth0|77',
      provider: 'external',
      email: null,
      emailVerified: null,
    });
    expect((await call('get', '/users/current/auth0')).status).toBe(401);
    expect((await call('get', '/users/current/auth0', await staff())).status).toBe(403);
  });

  it('changes the profile through /users/account and /accounts/current alike, with the §5 checks', async () => {
    const token = await bearer(alice.userId, alice.accountId);
    const patched = await call('patch', '/users/account', token).send({
      company: 'Bergbahnen AG',
      metaInformation: { acceptedNewsletter: true },
      language: 'de',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      company: 'Bergbahnen AG',
      metaInformation: { acceptedNewsletter: true },
      language: 'de',
    });
    expect((await db.knex('identity_users').where({ id: alice.userId }).first()).locale).toBe('de');
    expect(
      (await call('patch', '/accounts/current', token).send({ fullName: 'Alice Alpin', countryCode: 'che' }))
        .body,
    ).toMatchObject({ fullName: 'Alice Alpin', countryCode: 'CHE' });
    expect((await call('get', '/accounts/current', token)).body).toMatchObject({
      company: 'Bergbahnen AG',
      fullName: 'Alice Alpin',
    });
    expect((await call('patch', '/users/account', token).send({ language: 'it' })).status).toBe(400);
    expect((await call('patch', '/users/account', token).send({})).status).toBe(400);
    expect((await call('patch', '/users/account', token).send({ email: 'new@example.ch' })).status).toBe(400);
    expect(
      (await call('patch', '/users/account', token).send({ birthdate: '1700-01-01' })).body.errors[0].message,
    ).toBe('Expected birthday string');
    const credit = await call('get', '/accounts/current/online-credit', token);
    expect(credit.status).toBe(200);
    expect(credit.body).toMatchObject({
      accountId: alice.accountId,
      balance: { amount: 0, currency: 'CHF' },
    });
  });

  it('tells a customer about their own account only: related and exists never enumerate others', async () => {
    const token = await bearer(alice.userId, alice.accountId);
    await call('get', '/users/current', await bearer(bob.userId, bob.accountId));
    expect((await call('get', '/users/account/related?email=bob@example.ch', token)).body).toEqual([]);
    expect((await call('get', '/users/account/related?email=nobody@example.ch', token)).body).toEqual([]);
    expect((await call('get', '/users/account/related?email=ALICE@example.ch', token)).body).toEqual([
      { id: alice.accountId, email: 'alice@example.ch', type: 'CUSTOMER', identities: [] },
    ]);
    expect((await call('get', '/users/account/exists', token)).body).toEqual({ exists: true });
    expect((await call('get', '/users/account/exists?email=bob@example.ch', token)).body).toEqual({
      exists: false,
    });
    expect((await call('get', '/users/account/exists?email=nobody@example.ch', token)).body).toEqual({
      exists: false,
    });
    expect((await call('get', '/users/account/exists', await bearer('new', randomUUID()))).body).toEqual({
      exists: false,
    });
  });
});

describe('IDOR: one customer never reaches another account', () => {
  it("answers 404 for the other account's persons and addresses and 403 on staff routes", async () => {
    const daveToken = await bearer(dave.userId, dave.accountId);
    const bobToken = await bearer(bob.userId, bob.accountId);
    const persons = (await call('get', '/users/persons', daveToken)).body as { id: number }[];
    const addresses = (await call('get', '/users/addresses', daveToken)).body as { id: number }[];
    expect(persons.length).toBe(1);
    // the §7 calls below /accounts/current are the same calls
    expect((await call('get', '/accounts/current/persons', daveToken)).body).toEqual(persons);
    expect((await call('get', '/accounts/current/owner', daveToken)).body).toEqual(persons[0]);
    expect((await call('get', '/accounts/current/addresses', daveToken)).body).toEqual(addresses);
    for (const base of ['/users', '/accounts/current']) {
      for (const { id } of persons) {
        expect((await call('get', `${base}/persons/${id}`, bobToken)).status).toBe(404);
        expect(
          (await call('patch', `${base}/persons/${id}`, bobToken).send({ firstName: 'Mallory' })).status,
        ).toBe(404);
        expect((await call('delete', `${base}/persons/${id}`, bobToken)).status).toBe(404);
      }
      for (const { id } of addresses) {
        expect((await call('get', `${base}/addresses/${id}`, bobToken)).status).toBe(404);
        expect((await call('patch', `${base}/addresses/${id}`, bobToken).send({ city: 'X' })).status).toBe(
          404,
        );
        expect((await call('delete', `${base}/addresses/${id}`, bobToken)).status).toBe(404);
      }
    }
    expect((await call('get', '/accounts/current/owner', bobToken)).body.code).toBe('OWNER_NOT_FOUND');
    expect((await call('get', '/users/persons/owner', daveToken)).body.firstName).toBe('Dave');
    for (const path of [
      `/admin/accounts/${dave.accountId}`,
      `/admin/accounts/${dave.accountId}/persons`,
      `/admin/accounts/${dave.accountId}/addresses`,
      '/admin/accounts',
    ]) {
      expect((await call('get', path, bobToken)).status).toBe(403);
    }
    expect((await call('post', `/admin/accounts/${dave.accountId}/block`, bobToken)).status).toBe(403);
    // the account routes take no id: a token's account is the only one they reach
    expect((await call('patch', '/users/account', bobToken).send({ company: 'Mallory GmbH' })).body.id).toBe(
      bob.accountId,
    );
    expect((await call('get', '/users/current', daveToken)).body.company).toBeNull();
  });
});

describe('staff', () => {
  it('create accounts (e-mail lower-cased, a supported language), once per address', async () => {
    const created = await call('post', '/admin/accounts', await staff()).send({
      email: ' Erin@Example.CH ',
      language: 'fr',
      fullName: 'Erin Eiger',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: 'erin@example.ch',
      language: 'fr',
      fullName: 'Erin Eiger',
      type: 'CUSTOMER',
    });
    expect(
      (
        await call('post', '/admin/accounts', await staff()).send({
          email: 'erin@example.ch',
          language: 'fr',
        })
      ).body.code,
    ).toBe('ACCOUNT_EMAIL_TAKEN');
    const badLanguage = await call('post', '/admin/accounts', await staff()).send({
      email: 'x@example.ch',
      language: 'it',
    });
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body.errors[0]).toMatchObject({
      path: 'body.language',
      message: 'Expected one of de, en, fr',
    });
    expect(
      (await call('post', '/admin/accounts', await staff()).send({ email: 'not-an-email', language: 'de' }))
        .status,
    ).toBe(400);
  });

  it('list and search accounts with the §5 list query', async () => {
    const token = await staff();
    // perfOptimizedAccountsQuery on (one directory row per account) and off (the streams folded) answer alike
    const ask = async (query: Record<string, string>) => {
      const path = `/api/admin/accounts?${new URLSearchParams(query).toString()}`;
      const [folded, listed] = await Promise.all([
        request(app).get(path).set(shopHeaders).set('authorization', token),
        request(directoryApp).get(path).set(shopHeaders).set('authorization', token),
      ]);
      expect(folded.status).toBe(listed.status);
      if (folded.status === 200) expect(folded.body).toEqual(listed.body);
      return folded;
    };
    const byEmail = await ask({ orderBy: 'email', orderDirection: 'desc', limit: '2' });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.items.map((item: { email: string }) => item.email)).toEqual([
      'erin@example.ch',
      'dave@example.ch',
    ]);
    expect(byEmail.body.total).toBe(5);
    const emails = async (search: object) =>
      (
        (await ask({ orderBy: 'email', search: JSON.stringify(search) })).body.items as { email: string }[]
      ).map((item) => item.email);
    expect(await emails({ field: 'email', operator: 'like', value: '%@example.ch' })).toEqual([
      'alice@example.ch',
      'bob@example.ch',
      'dave@example.ch',
      'erin@example.ch',
    ]);
    expect(
      await emails({
        OR: [
          { field: 'email', operator: 'eq', value: 'bob@example.ch' },
          {
            AND: [
              { field: 'language', operator: 'in', value: ['fr'] },
              { field: 'email', operator: 'exists', value: true },
            ],
          },
        ],
      }),
    ).toEqual(['bob@example.ch', 'erin@example.ch']);
    expect(
      await emails({
        AND: [
          { field: 'company', operator: 'exists', value: true },
          { field: 'company', operator: 'not', value: 'Mallory GmbH' },
        ],
      }),
    ).toEqual(['alice@example.ch']);
    expect(
      await emails({
        AND: [
          { field: 'openedAt', operator: 'gte', value: '2020-01-01', precision: 'date' },
          { field: 'email', operator: 'like', value: 'erin%' },
        ],
      }),
    ).toEqual(['erin@example.ch']);
    expect(
      await emails({
        field: 'openedAt',
        operator: 'lt',
        value: '2020-01-01T00:00:00Z',
        precision: 'datetime',
      }),
    ).toEqual([]);
    const everyone = (await ask({ limit: '50' })).body.items as { id: string; openedAt: string }[];
    expect(everyone).toHaveLength(5);
    const second = everyone[1]!.openedAt;
    for (const search of [
      { field: 'openedAt', operator: 'gte', value: second, precision: 'datetime' },
      { field: 'openedAt', operator: 'eq', value: second, precision: 'datetime' },
      { field: 'openedAt', operator: 'eq', value: second.slice(0, 10), precision: 'date' },
      { field: 'fullName', operator: 'like', value: '_rin%' },
      { field: 'fullName', operator: 'not', value: 'Erin Eiger' },
      { field: 'email', operator: 'eq', value: null },
      { field: 'deleteAfter', operator: 'exists', value: false, precision: 'date' },
    ]) {
      for (const orderBy of ['openedAt', 'email', 'fullName'])
        for (const orderDirection of ['asc', 'desc'])
          await ask({ orderBy, orderDirection, search: JSON.stringify(search) });
    }
    const paged = await ask({ orderBy: 'email', page: '1', limit: '2' });
    expect(paged.body).toMatchObject({ page: 1, limit: 2 });
    expect(paged.body.items[0].email).toBe('dave@example.ch');
    expect(
      (await ask({ search: JSON.stringify({ field: 'openedAt', operator: 'gt', value: '2020-01-01' }) })).body
        .errors[0].message,
    ).toBe('Date filters require a precision of date or datetime');
    expect(
      (await ask({ search: JSON.stringify({ field: 'password', operator: 'eq', value: 'x' }) })).status,
    ).toBe(400);
    expect((await ask({ orderBy: 'password' })).status).toBe(400);
    expect((await ask({ search: 'not json' })).body.errors[0].message).toBe('Expected JSON string');
  });

  it('read the persons and addresses of an account, 10 at a time by default', async () => {
    const token = await staff();
    const persons = await call('get', `/admin/accounts/${dave.accountId}/persons`, token);
    expect(persons.body).toMatchObject({
      skip: 0,
      take: 10,
      total: 1,
      items: [{ firstName: 'Dave', owner: true }],
    });
    expect(
      (await call('get', `/admin/accounts/${dave.accountId}/addresses?skip=1`, token)).body,
    ).toMatchObject({ skip: 1, take: 10, total: 1, items: [] });
    expect((await call('get', `/admin/accounts/${dave.accountId}/persons?take=0`, token)).status).toBe(400);
    expect((await call('get', `/admin/accounts/${randomUUID()}/persons`, token)).body.code).toBe(
      'ACCOUNT_NOT_FOUND',
    );
  });

  it('block an account: its tokens are refused and its provider user cannot sign in; unblocking restores both', async () => {
    const bobToken = await bearer(bob.userId, bob.accountId);
    expect((await call('post', `/admin/accounts/${bob.accountId}/block`, await staff())).body.blocked).toBe(
      true,
    );
    const refused = await call('get', '/users/current', bobToken);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('ACCOUNT_BLOCKED');
    expect((await call('get', '/users/persons', bobToken)).status).toBe(401);
    expect((await db.knex('identity_users').where({ id: bob.userId }).first()).blocked_at).not.toBeNull();
    expect(
      (
        await call(
          'get',
          `/admin/accounts?search=${encodeURIComponent(JSON.stringify({ field: 'blockedAt', operator: 'exists', value: true, precision: 'datetime' }))}`,
          await staff(),
        )
      ).body.items.map((item: { id: string }) => item.id),
    ).toEqual([bob.accountId]);
    expect((await call('post', `/admin/accounts/${bob.accountId}/unblock`, await staff())).body.blocked).toBe(
      false,
    );
    expect((await call('get', '/users/current', bobToken)).status).toBe(200);
    expect((await db.knex('identity_users').where({ id: bob.userId }).first()).blocked_at).toBeNull();
    expect((await call('post', `/admin/accounts/${randomUUID()}/block`, await staff())).status).toBe(404);
  });
});

describe('linked identities', () => {
  it('links an outside identity proven by its token; its tokens then speak for the account; unlink ends that', async () => {
    const aliceToken = await bearer(alice.userId, alice.accountId);
    const carolToken = await mintToken(
      outsideKey,
      { issuer: outsideIssuer, audience },
      { subject: 'outside|carol', roles: ['customer'] },
    );
    expect((await call('get', '/users/current', `Bearer ${carolToken}`)).body.code).toBe('ACCOUNT_REQUIRED');
    expect(
      (
        await call('post', '/users/account/link', aliceToken).send({
          newAccountSub: 'outside|mallory',
          linkToken: carolToken,
        })
      ).body,
    ).toMatchObject({ status: 400, code: 'LINK_PROOF_INVALID' });
    expect(
      (
        await call('post', '/users/account/link', aliceToken).send({
          newAccountSub: 'outside|carol',
          linkToken: 'forged',
        })
      ).body.code,
    ).toBe('LINK_PROOF_INVALID');
    const linked = await call('post', '/users/account/link', aliceToken).send({
      newAccountSub: 'outside|carol',
      linkToken: carolToken,
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({
      accountId: alice.accountId,
      identities: [{ provider: outsideIssuer, userId: 'outside|carol' }],
    });
    expect((await call('get', '/users/current', `Bearer ${carolToken}`)).body.id).toBe(alice.accountId);
    // nobody else can take the identity over
    expect(
      (
        await call('post', '/users/account/link', await bearer(dave.userId, dave.accountId)).send({
          newAccountSub: 'outside|carol',
          linkToken: carolToken,
        })
      ).body.code,
    ).toBe('IDENTITY_LINKED_ELSEWHERE');
    expect(
      (
        await call('post', '/users/account/unlink', `Bearer ${carolToken}`).send({
          userId: 'outside|carol',
          provider: outsideIssuer,
        })
      ).body.code,
    ).toBe('LAST_IDENTITY');
    // another customer cannot cut Alice's link: unlink works on the caller's own account only
    expect(
      (
        await call('post', '/users/account/unlink', await bearer(dave.userId, dave.accountId)).send({
          userId: 'outside|carol',
          provider: outsideIssuer,
        })
      ).status,
    ).toBe(404);
    expect((await call('get', '/users/current', `Bearer ${carolToken}`)).body.id).toBe(alice.accountId);
    expect(
      (
        await call('post', '/users/account/unlink', aliceToken).send({
          userId: 'someone',
          provider: outsideIssuer,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('post', '/users/account/unlink', aliceToken).send({
          userId: 'outside|carol',
          provider: outsideIssuer,
        })
      ).body.identities,
    ).toEqual([]);
    expect((await call('get', '/users/current', `Bearer ${carolToken}`)).body.code).toBe('ACCOUNT_REQUIRED');
  });

  it("links another user of the shop's own provider: that user's tokens then open this account", async () => {
    const frank = { accountId: randomUUID(), userId: randomUUID(), email: 'frank@example.ch' };
    await registerIdentityUser(frank, 'de');
    const frankToken = await bearer(frank.userId, frank.accountId);
    const linked = await call(
      'post',
      '/users/account/link',
      await bearer(alice.userId, alice.accountId),
    ).send({ newAccountSub: frank.userId, linkToken: frankToken.slice(7) });
    expect(linked.body.identities).toEqual([{ provider: shopIssuer, userId: frank.userId }]);
    expect((await call('get', '/users/current', frankToken)).body.id).toBe(alice.accountId);
  });
});

describe('guests (guestCheckout)', () => {
  it('are refused while the flag is off, then get a customer token of a guest account', async () => {
    expect(
      (await call('post', '/users/authenticate-guest').send({ email: 'gast@example.ch', language: 'de' }))
        .body,
    ).toMatchObject({ status: 404, code: 'GUEST_CHECKOUT_DISABLED' });
    flags.guestCheckout = true;
    try {
      expect(
        (await call('post', '/users/authenticate-guest').send({ email: 'gast@example.ch' })).status,
      ).toBe(400);
      expect(
        (await call('post', '/users/authenticate-guest').send({ email: 'nope', language: 'de' })).status,
      ).toBe(400);
      const guest = await call('post', '/users/authenticate-guest').send({
        email: 'Gast@Example.ch',
        language: 'fr',
      });
      expect(guest.status).toBe(201);
      expect(guest.body.guestCheckout).toBe(true);
      const current = await call('get', '/users/current', `Bearer ${guest.body.accessToken}`);
      expect(current.body).toMatchObject({
        id: guest.body.accountId,
        email: 'gast@example.ch',
        language: 'fr',
        type: 'GUEST',
      });
      expect(
        (await call('get', '/users/current/auth0', `Bearer ${guest.body.accessToken}`)).body,
      ).toMatchObject({
        provider: 'embedded',
        guest: true,
        email: 'gast@example.ch',
        emailVerified: false,
        subject: `guest:${guest.body.accountId}`,
      });
      // the same address again is a new guest: a guest token never opens someone else's guest orders
      // the order mails of the guest's checkout go to the address given here
      expect(await identityAccountContacts(db.knex)(guest.body.accountId)).toEqual({
        email: 'gast@example.ch',
        language: 'fr',
      });
      const again = await call('post', '/users/authenticate-guest').send({
        email: 'gast@example.ch',
        language: 'fr',
      });
      expect(again.body.accountId).not.toBe(guest.body.accountId);
    } finally {
      flags.guestCheckout = false;
    }
  });
});

describe('deletion with a grace period (Temporal dev server)', () => {
  it('sets deleteAfter, can be aborted, and the aborted workflow erases nothing', async () => {
    const bobToken = await bearer(bob.userId, bob.accountId);
    const requested = await call('delete', '/users/account', bobToken);
    expect(requested.status).toBe(200);
    const deleteAfter = Date.parse(requested.body.deleteAfter);
    expect(deleteAfter - Date.now()).toBeGreaterThan(0);
    expect(deleteAfter - Date.now()).toBeLessThanOrEqual(gracePeriodMs);
    expect((await call('delete', '/users/account', bobToken)).body.deleteAfter).toBe(
      requested.body.deleteAfter,
    );
    const aborted = await call('post', '/users/account/abort-deletion', bobToken);
    expect(aborted.body.deleteAfter).toBeNull();
    expect((await call('post', '/users/account/abort-deletion', bobToken)).body.code).toBe(
      'ACCOUNT_DELETION_NOT_REQUESTED',
    );
    expect(await temporal.workflow.getHandle(accountDeletionWorkflowId(bob.accountId)).result()).toBe(
      'aborted',
    );
    expect((await call('get', '/users/current', bobToken)).body).toMatchObject({
      email: 'bob@example.ch',
      deletedAt: null,
    });
  });

  it('names the open orders before the deletion: the caller’s own unpaid orders only', async () => {
    const bobToken = await bearer(bob.userId, bob.accountId);
    expect((await call('get', '/users/account/open-orders', bobToken)).body).toEqual({ items: [] });
    const placed = (orderId: number, accountId: string) =>
      orderPlacedEvent(orderId, accountId, `AP-${orderId}-1`, 2400);
    await store.append('order-9301', [placed(9301, bob.accountId)], { expectedRevision: 'no_stream' });
    await store.append('order-9302', [placed(9302, alice.accountId)], { expectedRevision: 'no_stream' });
    await catchUp(db.knex, store, customerOrdersProjection, liveTarget(customerOrdersProjection.name));
    const open = await call('get', '/users/account/open-orders', bobToken);
    expect(open.status).toBe(200);
    expect(open.body).toEqual({
      items: [{ id: 9301, refno: 'AP-9301-1', status: 'CREATED', total: { amount: 2400, currency: 'CHF' } }],
    });
    expect((await call('get', '/users/account/open-orders')).status).toBe(401);
    expect((await call('get', '/users/account/open-orders', await staff())).status).toBe(403);
  });

  it('answers 503 when Temporal cannot take the deletion, and asking again schedules the same date', async () => {
    const scheduled: string[] = [];
    let failNext = true;
    const life = createAccountLifeService({
      store,
      knex: db.knex,
      directory: accountDirectory(db.knex),
      gracePeriodMs: 3600_000,
      scheduleErasure: async (_accountId, deleteAfter) => {
        if (failNext) {
          failNext = false;
          throw new Error('Temporal unavailable');
        }
        scheduled.push(deleteAfter);
      },
    });
    const principal = { subject: 'u-gina', roles: ['customer' as const], accountId: randomUUID() };
    await expect(life.requestDeletion(principal)).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'ACCOUNT_DELETION_UNAVAILABLE',
    });
    const recorded = (await life.current(principal, undefined)).deleteAfter;
    expect(recorded).not.toBeNull();
    expect((await life.requestDeletion(principal)).deleteAfter).toBe(recorded);
    expect(scheduled).toEqual([recorded]);
  });

  it('erases the personal data when the grace period ends, keeps the account id, and refuses its tokens', async () => {
    const daveToken = await bearer(dave.userId, dave.accountId);
    await call('patch', '/users/account', daveToken).send({ fullName: 'Dave Dachstein' });
    await call('patch', '/users/account', daveToken).send({ countryCode: 'AUT', birthdate: '1980-02-02' });
    expect(
      (await call('patch', '/users/account', daveToken).send({ countryCode: null, birthdate: null })).body,
    ).toMatchObject({ countryCode: null, birthdate: null });
    // an answer kept for one of Dave's Idempotency-Keys (an order, with his name)
    await db.knex('idempotent_requests').insert({
      scope: `account:${dave.accountId} POST /orders`,
      idempotency_key: 'dave-order',
      fingerprint: 'f',
      response: JSON.stringify({ status: 201, body: '{"customer":"Dave Dachstein"}' }),
    });
    expect((await call('delete', '/users/account', daveToken)).status).toBe(200);
    expect(await temporal.workflow.getHandle(accountDeletionWorkflowId(dave.accountId)).result()).toBe(
      'erased',
    );
    const refused = await call('get', '/users/current', daveToken);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      code: 'ACCOUNT_DELETED',
      detail: 'Account should not be accessible if deleted',
    });
    expect(await db.knex('identity_users').where({ id: dave.userId }).first()).toBeUndefined();
    expect(await db.knex('keycard_registry').where({ account_id: dave.accountId }).first()).toBeUndefined();
    expect(await db.knex('idempotent_requests').where({ idempotency_key: 'dave-order' })).toEqual([]);
    const stored = JSON.stringify(
      await db
        .knex('events')
        .select('data')
        .whereIn('stream_name', [accountStreamName(dave.accountId), keycardStreamName(1)]),
    );
    for (const personal of [
      'Dave',
      'Dachstein',
      'Gletscherweg',
      'Grindelwald',
      'dave@example.ch',
      'DAVE0000',
    ])
      expect(stored).not.toContain(personal);
    const directoryRow = await db.knex('account_directory').where({ account_id: dave.accountId }).first();
    expect(directoryRow).toMatchObject({ email: null, full_name: null });
    expect(directoryRow.deleted_at).not.toBeNull();
    expect((await call('get', `/admin/accounts/${dave.accountId}`, await staff())).body.detail).toBe(
      'Account should not be accessible if deleted',
    );
    // the event store stays append-only for everything else
    await expect(
      db
        .knex('events')
        .where({ stream_name: accountStreamName(alice.accountId) })
        .update({ data: '{}' }),
    ).rejects.toThrow(/append-only/);
  });
});
