import request from 'supertest';
import { createLogger } from '../platform/logger';
import { createHttpApp } from '../platform/http/app';
import { createTestIdentity, type TestIdentity } from '../../test/support/test-identity';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { capacityAdminRouter, capacityReadRouter } from './api';
import {
  createCapacityTestKit,
  testProductLookup,
  type CapacityTestKit,
} from '../../test/support/capacity-kit';
import { createSlotAdminService } from './slot-admin-service';
import { createCapacityCommands } from './slot-commands';
import { createSlotGroupService } from './slot-group-service';

let kit: CapacityTestKit;
let identity: TestIdentity;
let app: ReturnType<typeof createHttpApp>;
let admin: string;
let customer: string;
const now = new Date('2030-06-30T12:00:00Z');

beforeAll(async () => {
  kit = await createCapacityTestKit();
  identity = await createTestIdentity();
  admin = await identity.bearer({ subject: 'staff-1', roles: ['admin'] });
  customer = await identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
  const deps = {
    knex: kit.knex,
    lookupProduct: testProductLookup,
    slotGroups: createSlotGroupService({
      store: kit.store,
      knex: kit.knex,
      lookupProduct: testProductLookup,
    }),
    slots: createSlotAdminService(kit.store),
    now: () => now,
  };
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [identity.key.publicJwk],
    routers: [capacityAdminRouter(deps), capacityReadRouter(deps)],
    readiness: [],
  });
});
afterAll(async () => {
  await kit.close();
});

const mornings = {
  name: 'Gondola mornings',
  pattern: 'FREQ=DAILY',
  sampleFrom: '09:00',
  sampleTo: '12:00',
  startDate: '2030-07-01',
  endDate: '2030-07-05',
  exceptions: ['2030-07-03'],
  productId: 3,
  color: '#0a7cff',
  capacity: 4,
  productDefinitionIds: [31, 32],
};

const asAdmin = (test: request.Test) => test.set(shopHeaders).set('authorization', admin);
const slotsOf = (productId: number, query = '') =>
  request(app).get(`/api/capacities/slots/products/${productId}${query}`).set(shopHeaders);

async function createAndGenerate(body: object): Promise<number> {
  const created = await asAdmin(request(app).post('/api/admin/slot-groups')).send(body);
  expect(created.status).toBe(201);
  const generated = await asAdmin(
    request(app).post(`/api/admin/slot-groups/${created.body.id}/slots/generate`),
  );
  expect(generated.status).toBe(200);
  await kit.project();
  return created.body.id;
}

describe('slot groups and capacity reads', () => {
  let groupId: number;

  it('creates a group with defaults and generates its slots in the pool timezone', async () => {
    groupId = await createAndGenerate(mornings);
    const group = await asAdmin(request(app).get(`/api/admin/slot-groups/${groupId}`));
    expect(group.body).toMatchObject({
      overlapDetection: true,
      isVisible: true,
      isAllDay: false,
      sampleFrom: '09:00:00',
      generatedSlotCount: 4,
    });
    const slots = await asAdmin(request(app).get(`/api/admin/slot-groups/${groupId}/slots?limit=2`));
    expect(slots.status).toBe(200);
    expect(slots.body).toEqual([
      expect.objectContaining({
        from: '2030-07-01T07:00:00Z',
        to: '2030-07-01T10:00:00Z',
        visibility: 'VISIBLE',
        status: 'ACTIVE',
      }),
      expect.objectContaining({ from: '2030-07-02T07:00:00Z' }),
    ]);
    expect(slots.body[0].capacityId).toBe(slots.body[0].id);
    expect(slots.body[0].createdAt).toEqual(expect.any(String));
    const again = await asAdmin(request(app).post(`/api/admin/slot-groups/${groupId}/slots/generate`));
    expect(again.body).toMatchObject({ generated: 0, slotIds: [] });
  });

  it('serves client slots with free places, and follows holds and admin commands', async () => {
    const offered = await slotsOf(3, '?from=2030-07-01&to=2030-07-05');
    expect(offered.status).toBe(200);
    expect(offered.body.map((slot: { from: string }) => slot.from)).toEqual([
      '2030-07-01T07:00:00Z',
      '2030-07-02T07:00:00Z',
      '2030-07-04T07:00:00Z',
      '2030-07-05T07:00:00Z',
    ]);
    const [first, second, third] = offered.body as { id: number }[];
    expect(offered.body[0]).toEqual({
      id: first!.id,
      from: '2030-07-01T07:00:00Z',
      to: '2030-07-01T10:00:00Z',
      productDefinitionIds: [31, 32],
      availableCapacity: 4,
    });

    await createCapacityCommands(kit.store).holdCapacity({
      slotId: first!.id,
      basketId: 'b-1',
      entryId: 'e-1',
      quantity: 4,
    });
    expect((await asAdmin(request(app).post(`/api/admin/slots/${second!.id}/hide`))).status).toBe(204);
    expect((await asAdmin(request(app).post(`/api/admin/slots/${third!.id}/cancel`))).status).toBe(204);
    await kit.project();

    const after = await slotsOf(3, '?from=2030-07-01&to=2030-07-05');
    expect(
      after.body.map((slot: { id: number; availableCapacity: number }) => [slot.id, slot.availableCapacity]),
    ).toEqual([
      [first!.id, 0],
      [offered.body[3].id, 4],
    ]);
    const next = await slotsOf(3, '/next?from=2030-07-01');
    expect(next.body).toMatchObject({ id: offered.body[3].id, availableCapacity: 4 });

    expect((await asAdmin(request(app).post(`/api/admin/slots/${second!.id}/show`))).status).toBe(204);
    expect((await asAdmin(request(app).delete(`/api/admin/slots/${offered.body[3].id}`))).status).toBe(204);
    const deleteHeld = await asAdmin(request(app).delete(`/api/admin/slots/${first!.id}`));
    expect(deleteHeld.status).toBe(409);
    expect(deleteHeld.body.code).toBe('SLOT_IN_USE');
    await kit.project();
    const listed = await asAdmin(request(app).get(`/api/admin/slot-groups/${groupId}/slots`));
    expect(
      listed.body.map((slot: { id: number; visibility: string; status: string }) => [
        slot.id,
        slot.visibility,
        slot.status,
      ]),
    ).toEqual([
      [first!.id, 'VISIBLE', 'ACTIVE'],
      [second!.id, 'VISIBLE', 'ACTIVE'],
      [third!.id, 'VISIBLE', 'CANCELLED'],
    ]);
    const regenerated = await asAdmin(request(app).post(`/api/admin/slot-groups/${groupId}/slots/generate`));
    expect(regenerated.body.generated).toBe(0);
  });

  it('applies the booking window, and only staff may ignore it', async () => {
    // latest booking 30 minutes before start: at 12:00 UTC on 30 June a 12:10 UTC slot is not offered any more
    const lateGroup = {
      ...mornings,
      name: 'Noon',
      sampleFrom: '14:10',
      sampleTo: '14:40',
      startDate: '2030-06-30',
      endDate: '2030-06-30',
      exceptions: [],
    };
    await createAndGenerate(lateGroup);
    expect((await slotsOf(3, '?from=2030-06-30&to=2030-06-30')).body).toEqual([]);
    const flagged = await asAdmin(
      request(app).get(
        '/api/capacities/slots/products/3?from=2030-06-30&to=2030-06-30&ignoreLatestBookingTime=true',
      ),
    );
    expect(flagged.body).toHaveLength(1);
    const byCustomer = await slotsOf(3, '?ignoreLatestBookingTime=true').set('authorization', customer);
    expect(byCustomer.status).toBe(403);
    expect(byCustomer.body.code).toBe('STAFF_ONLY_FLAG');
    expect((await slotsOf(3, '?ignoreEarliestBookingTime=maybe')).body.detail).toBe(
      'Expected boolean string',
    );
    expect((await slotsOf(99)).status).toBe(404);
  });

  it('rejects overlapping slots of the same product with 409 unless overlap detection is off', async () => {
    const overlapping = { ...mornings, name: 'Late mornings', sampleFrom: '11:00', sampleTo: '13:00' };
    const refused = await asAdmin(request(app).post('/api/admin/slot-groups')).send(overlapping);
    expect(refused.status).toBe(409);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body.code).toBe('SLOT_OVERLAP');
    expect(refused.body.detail).toContain('overlaps slot');
    await createAndGenerate({ ...overlapping, overlapDetection: false });
    // touching is not overlapping: the relaxed group ends at 13:00
    const afternoons = { ...mornings, name: 'Afternoons', sampleFrom: '13:00', sampleTo: '16:00' };
    await createAndGenerate(afternoons);
  });

  it('validates slot groups with the §5 rules', async () => {
    const post = (body: object) => asAdmin(request(app).post('/api/admin/slot-groups')).send(body);
    const tooShort = await post({ ...mornings, name: 'G' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.errors).toContainEqual({
      path: 'body.name',
      message: 'Slot group name must be 2 to 200 characters.',
    });
    expect((await post({ ...mornings, name: 'x'.repeat(201) })).status).toBe(400);
    expect((await post({ ...mornings, color: 'blue' })).body.errors).toContainEqual({
      path: 'body.color',
      message: 'HEX Color',
    });
    expect((await post({ ...mornings, capacity: -1 })).body.errors).toContainEqual({
      path: 'body.capacity',
      message: 'Capacity must be 0 or more.',
    });
    expect((await post({ ...mornings, pattern: 'FREQ=HOURLY' })).body.code).toBe('INVALID_PATTERN');
    expect((await post({ ...mornings, productDefinitionIds: [41] })).body.code).toBe(
      'UNKNOWN_PRODUCT_DEFINITION',
    );
    const zero = await post({ ...mornings, name: 'Zero', capacity: 0, overlapDetection: false });
    expect(zero.status).toBe(201);
    const update = (body: object) =>
      asAdmin(request(app).put(`/api/admin/slot-groups/${zero.body.id}`)).send(body);
    expect((await update({ ...mornings, capacity: 0 })).body.errors).toContainEqual({
      path: 'body.capacity',
      message: 'Capacity must be 1 or more.',
    });
    const updated = await update({ ...mornings, name: 'Zero', capacity: 2, overlapDetection: false });
    expect(updated.status).toBe(200);
    expect(updated.body.capacity).toBe(2);
    const limit = await asAdmin(request(app).get(`/api/admin/slot-groups/${zero.body.id}/slots?limit=10001`));
    expect(limit.body.errors).toContainEqual({
      path: 'query.limit',
      message: 'limit must be between 1 and 10000.',
    });
    expect((await asAdmin(request(app).get('/api/admin/slot-groups/999999'))).status).toBe(404);
  });

  it('keeps local times across daylight saving in a pool of another timezone', async () => {
    const id = await createAndGenerate({
      ...mornings,
      name: 'Partner autumn',
      productId: 4,
      productDefinitionIds: [41],
      startDate: '2030-11-02',
      endDate: '2030-11-04',
      exceptions: [],
    });
    const slots = await asAdmin(request(app).get(`/api/admin/slot-groups/${id}/slots`));
    expect(slots.body.map((slot: { from: string }) => slot.from)).toEqual([
      '2030-11-02T13:00:00Z',
      '2030-11-03T14:00:00Z',
      '2030-11-04T14:00:00Z',
    ]);
  });

  it('answers customers with 403 and guests with 401 on every admin route', async () => {
    const routes: [string, string][] = [
      ['post', '/api/admin/slot-groups'],
      ['get', `/api/admin/slot-groups/${groupId}`],
      ['put', `/api/admin/slot-groups/${groupId}`],
      ['post', `/api/admin/slot-groups/${groupId}/slots/generate`],
      ['get', `/api/admin/slot-groups/${groupId}/slots`],
      ['post', '/api/admin/slots/1/cancel'],
      ['post', '/api/admin/slots/1/hide'],
      ['post', '/api/admin/slots/1/show'],
      ['delete', '/api/admin/slots/1'],
    ];
    for (const [method, path] of routes) {
      const call = () =>
        (request(app) as unknown as Record<string, (path: string) => request.Test>)[method]!(path).set(
          shopHeaders,
        );
      expect([path, (await call().set('authorization', customer).send(mornings)).status]).toEqual([
        path,
        403,
      ]);
      expect([path, (await call().send(mornings)).status]).toEqual([path, 401]);
    }
  });
});
