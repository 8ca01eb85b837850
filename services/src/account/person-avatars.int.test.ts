import request from 'supertest';
import { defaultPersonFieldRules } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import type { EventStore } from '../platform/event-store/event-store';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { createTestIdentity } from '../../test/support/test-identity';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { createAccountService } from './account-service';
import { personsRouter } from './api';
import { erasePersonalData } from './erasure';

/** Person photos (§3 Uploaded file, §5 file validators): multipart upload checked by content, stored in
 * PostgreSQL, served to the account's own customer only. */
let db: TestDatabase;
let store: EventStore;
let app: ReturnType<typeof createHttpApp>;
let alice: string;
let bob: string;
const maxBytes = 4096;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32),
]);

const call = (method: 'get' | 'post' | 'delete', path: string, authorization?: string) => {
  const test = request(app)[method](`/api${path}`).set(shopHeaders);
  return authorization ? test.set('authorization', authorization) : test;
};
const upload = (
  personId: number | string,
  content: Buffer,
  authorization: string,
  filename = 'photo.png',
  contentType = 'image/png',
) =>
  call('post', `/users/persons/${personId}/avatar`, authorization).attach('avatar', content, {
    filename,
    contentType,
  });

let ownerId: number;
let childId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  const identity = await createTestIdentity();
  const accounts = createAccountService({ store, knex: db.knex, personFieldRules: defaultPersonFieldRules });
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [],
    routers: [personsRouter(accounts, '/users/persons', maxBytes)],
    readiness: [],
  });
  alice = await identity.bearer({ subject: 'c-alice', roles: ['customer'], accountId: 'alice' });
  bob = await identity.bearer({ subject: 'c-bob', roles: ['customer'], accountId: 'bob' });
  ownerId = (
    await call('post', '/users/persons/owner', alice).send({
      firstName: 'Alice',
      lastName: 'Alpina',
      birthdate: '1985-03-04',
    })
  ).body.id;
  childId = (
    await call('post', '/users/persons', alice).send({
      firstName: 'Ben',
      lastName: 'Alpina',
      birthdate: '2015-06-07',
    })
  ).body.id;
}, 60_000);
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

describe('person photos', () => {
  it('takes a PNG, JPEG or WebP by content, names it in avatar and serves it to the owner only', async () => {
    for (const [content, mimetype] of [
      [jpeg, 'image/jpeg'],
      [webp, 'image/webp'],
      [png, 'image/png'],
    ] as const) {
      // the declared type is not believed: each is sent as application/octet-stream
      const uploaded = await upload(ownerId, content, alice, 'photo.bin', 'application/octet-stream');
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.avatar).toMatch(
        new RegExp(`^/api/users/persons/${ownerId}/avatar\\?v=[0-9a-f]{16}$`),
      );
      const served = await call('get', `/users/persons/${ownerId}/avatar`, alice);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe(mimetype);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(served.body as Buffer, content)).toBe(0);
    }
    expect((await call('get', `/users/persons/${ownerId}`, alice)).body.avatar).toMatch(/avatar\?v=/);
    // only the current photo is kept
    expect(await db.knex('person_avatars').where({ person_id: ownerId }).count({ n: '*' })).toEqual([
      { n: 1 },
    ]);
    // another customer: the same 404 as for an unknown person, and no upload either
    expect((await call('get', `/users/persons/${ownerId}/avatar`, bob)).body.code).toBe('PERSON_NOT_FOUND');
    expect((await upload(ownerId, png, bob)).status).toBe(404);
    expect((await call('get', `/users/persons/${ownerId}/avatar`)).status).toBe(401);
  });

  it('refuses what is no allowed image with the §5 messages, a file over the limit with 413, and stores nothing', async () => {
    const script = await upload(
      ownerId,
      Buffer.from('<script>alert(1)</script>'),
      alice,
      'photo.png',
      'image/png',
    );
    expect(script.status).toBe(400);
    expect(script.body.errors).toEqual([
      { path: 'body.avatar.mimetype', message: 'Expected one of image/jpeg, image/png, image/webp' },
    ]);
    const empty = await upload(ownerId, Buffer.alloc(0), alice);
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ message: 'Expected a non-empty Buffer' });
    const none = await call('post', `/users/persons/${ownerId}/avatar`, alice).send({
      avatar: 'data:image/png;base64,AAAA',
    });
    expect(none.status).toBe(400);
    expect(none.body.errors[0]).toMatchObject({ path: 'body.avatar.buffer', message: 'Expected a Buffer' });
    const large = await upload(ownerId, Buffer.concat([png, Buffer.alloc(maxBytes)]), alice);
    expect(large.status).toBe(413);
    expect(large.body.code).toBe('FILE_TOO_LARGE');
    const twoFiles = await call('post', `/users/persons/${ownerId}/avatar`, alice)
      .attach('avatar', png, 'a.png')
      .attach('other', png, 'b.png');
    expect(twoFiles.status).toBe(400);
    expect(twoFiles.body.code).toBe('MALFORMED_UPLOAD');
    expect(await db.knex('person_avatars').where({ person_id: ownerId }).count({ n: '*' })).toEqual([
      { n: 1 },
    ]);
  });

  it('follows the field rules: persons have avatar disabled by default (nothing stored); removing the photo empties avatar', async () => {
    const disabled = await upload(childId, png, alice);
    expect(disabled.status).toBe(400);
    expect(disabled.body).toMatchObject({ code: 'PERSON_FIELD_DISABLED', errors: [{ path: 'body.avatar' }] });
    expect(await db.knex('person_avatars').where({ person_id: childId }).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);

    expect((await call('delete', `/users/persons/${ownerId}/avatar`, alice)).status).toBe(204);
    expect((await call('get', `/users/persons/${ownerId}`, alice)).body.avatar).toBeNull();
    expect((await call('get', `/users/persons/${ownerId}/avatar`, alice)).body.code).toBe('AVATAR_NOT_FOUND');
    expect(await db.knex('person_avatars').where({ person_id: ownerId }).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);
  });

  it('erasing the account deletes its photos', async () => {
    expect((await upload(ownerId, png, alice)).status).toBe(200);
    await erasePersonalData(db.knex, 'alice', [ownerId, childId]);
    expect(await db.knex('person_avatars').where({ account_id: 'alice' }).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);
  });
});
