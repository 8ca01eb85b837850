import type { SlotGroupDefinition } from '@alpenpass/contracts';
import { evolveSlotGroup, initialSlotGroupState } from './slot-group';
import { decideSlotGroup, expandSlotGroup, type SlotGroupFacts } from './slot-group-decide';

const definition: SlotGroupDefinition = {
  name: 'Gondola mornings',
  pattern: 'FREQ=DAILY',
  sampleFrom: '09:00:00',
  sampleTo: '12:00:00',
  startDate: '2025-07-01',
  endDate: '2025-07-03',
  customDates: [],
  exceptions: ['2025-07-02'],
  availabilityRangeId: null,
  productId: 3,
  color: '#112233',
  capacity: 20,
  productDefinitionIds: [31],
  isAllDay: false,
  overlapDetection: true,
  isVisible: true,
};

const product = {
  productId: 3,
  timezone: 'Europe/Zurich',
  productDefinitionIds: [31, 32],
  bookingWindow: { earliestDaysBefore: null, latestMinutesBeforeStart: null },
};
const facts: SlotGroupFacts = { product, otherGroupsSlots: [], ownSlotCount: 0 };
const create = (data: SlotGroupDefinition) => ({
  type: 'CreateSlotGroup' as const,
  data: { slotGroupId: 5, definition: data },
});

describe('slot group decider', () => {
  it('creates a group whose slots are computed in the pool timezone', () => {
    expect(decideSlotGroup(create(definition), initialSlotGroupState(), facts)).toEqual([
      { type: 'SlotGroupCreated', data: { slotGroupId: 5, ...definition } },
    ]);
    expect(expandSlotGroup(definition, 'Europe/Zurich')).toEqual([
      { from: '2025-07-01T07:00:00Z', to: '2025-07-01T10:00:00Z' },
      { from: '2025-07-03T07:00:00Z', to: '2025-07-03T10:00:00Z' },
    ]);
  });

  it('refuses unknown products and definitions of other products', () => {
    expect(() =>
      decideSlotGroup(create(definition), initialSlotGroupState(), { ...facts, product: null }),
    ).toThrow(expect.objectContaining({ kind: 'invalid', code: 'UNKNOWN_PRODUCT', path: 'body.productId' }));
    expect(() =>
      decideSlotGroup(
        create({ ...definition, productDefinitionIds: [31, 99] }),
        initialSlotGroupState(),
        facts,
      ),
    ).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_PRODUCT_DEFINITION',
        message: 'Product definitions 99 do not belong to product 3.',
      }),
    );
  });

  it('refuses a group that overlaps slots of another group, unless overlap detection is off', () => {
    const otherGroupsSlots = [{ slotId: 1, from: '2025-07-03T09:30:00Z', to: '2025-07-03T11:00:00Z' }];
    expect(() =>
      decideSlotGroup(create(definition), initialSlotGroupState(), { ...facts, otherGroupsSlots }),
    ).toThrow(expect.objectContaining({ kind: 'conflict', code: 'SLOT_OVERLAP' }));
    const relaxed = { ...definition, overlapDetection: false };
    expect(
      decideSlotGroup(create(relaxed), initialSlotGroupState(), { ...facts, otherGroupsSlots }),
    ).toHaveLength(1);
  });

  it('updates a group, ignores an unchanged update and keeps the product of a group with slots', () => {
    const state = evolveSlotGroup(initialSlotGroupState(), {
      type: 'SlotGroupCreated',
      data: { slotGroupId: 5, ...definition },
    });
    const update = (data: SlotGroupDefinition) => ({
      type: 'UpdateSlotGroup' as const,
      data: { slotGroupId: 5, definition: data },
    });
    expect(decideSlotGroup(update(definition), state, facts)).toEqual([]);
    expect(decideSlotGroup(update({ ...definition, capacity: 30 }), state, facts)).toEqual([
      { type: 'SlotGroupUpdated', data: { slotGroupId: 5, ...definition, capacity: 30 } },
    ]);
    expect(() =>
      decideSlotGroup(update({ ...definition, productId: 4 }), state, { ...facts, ownSlotCount: 2 }),
    ).toThrow(expect.objectContaining({ code: 'SLOT_GROUP_PRODUCT_FIXED' }));
    expect(() => decideSlotGroup(update(definition), initialSlotGroupState(), facts)).toThrow(
      expect.objectContaining({ kind: 'not_found', code: 'SLOT_GROUP_NOT_FOUND' }),
    );
  });
});
