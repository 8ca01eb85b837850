import { randomUUID } from 'node:crypto';
import { defaultFeatureFlags, type FeatureFlags } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import type { EventStore } from '../platform/event-store/event-store';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import { createLogger } from '../platform/logger';
import { createTestIdentity, type TestIdentity } from '../../test/support/test-identity';
import { accountAccessGuard } from './account-access';
import { accountDirectory } from './account-directory';
import { createAccountLifeService } from './account-life-service';
import { linkAtSignIn } from './sign-in-link';

/** auth0ActionAuthentication: the sign-in links an identity to the account of its verified e-mail. */
let db: TestDatabase;
let store: EventStore;
let identity: TestIdentity;
let life: ReturnType<typeof createAccountLifeService>;
const flags: FeatureFlags = { ...defaultFeatureFlags };

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  identity = await createTestIdentity();
  life = createAccountLifeService({
    store,
    knex: db.knex,
    directory: accountDirectory(db.knex),
    gracePeriodMs: 60_000,
    scheduleErasure: async () => undefined,
  });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const link = () =>
  linkAtSignIn({
    verifyToken: identity.verifyToken,
    directory: accountDirectory(db.knex),
    life,
    flags,
    log: createLogger('silent'),
  });
const guarded = () =>
  accountAccessGuard(identity.verifyToken, accountDirectory(db.knex), { cacheMs: 0 }).verifyToken;

async function signInToken(subject: string) {
  return identity.tokenFor({ subject, roles: ['customer'], accountId: randomUUID() });
}

describe('auth0ActionAuthentication', () => {
  it('off: a sign-in links nothing, the identity keeps its own account', async () => {
    const staffMade = await life.createByStaff({ email: 'off@example.ch', language: 'de' }, 'staff-1');
    const token = await signInToken(randomUUID());
    expect(await link()(token, { email: 'off@example.ch', emailVerified: true })).toBeNull();
    expect((await guarded()(token)).accountId).not.toBe(staffMade.id);
  });

  it('on: a verified e-mail links the identity to the one account of that address; its tokens speak for it', async () => {
    flags.auth0ActionAuthentication = true;
    try {
      const staffMade = await life.createByStaff({ email: 'erika@example.ch', language: 'fr' }, 'staff-1');
      const subject = randomUUID();
      const token = await signInToken(subject);
      expect(await link()(token, { email: 'erika@example.ch', emailVerified: false })).toBeNull();
      expect(await link()(token, { email: 'erika@example.ch', emailVerified: true })).toBe(staffMade.id);
      expect((await guarded()(token)).accountId).toBe(staffMade.id);
      expect((await life.load(staffMade.id)).life.identities).toEqual([
        { provider: 'https://auth.alpenpass.test/', userId: subject },
      ]);
      // a second sign-in changes nothing
      expect(await link()(token, { email: 'erika@example.ch', emailVerified: true })).toBeNull();
      expect((await life.load(staffMade.id)).life.identities).toHaveLength(1);
      // an address nobody has, or a guest's, links nothing
      expect(
        await link()(await signInToken(randomUUID()), { email: 'nobody@example.ch', emailVerified: true }),
      ).toBeNull();
      await life.openGuest('gast@example.ch', 'de');
      expect(
        await link()(await signInToken(randomUUID()), { email: 'gast@example.ch', emailVerified: true }),
      ).toBeNull();
    } finally {
      flags.auth0ActionAuthentication = false;
    }
  });
});
