import {
  counterIds,
  gondolaDefinition,
  gondolaProduct,
  passProduct,
  slot,
} from '../../../../test/support/basket-model-fixtures';
import { draftEntries, draftsReady, validityForDay } from './draft-entries';

describe('draft entries of the product page', () => {
  it('makes one entry per person type with its required keycard, dated by day and duration', () => {
    const choices = {
      startDay: '2026-12-10',
      duration: '3d',
      quantities: { adult: 2, child: 1, senior: 0 },
      slot: null,
    };
    const drafts = draftEntries(passProduct, 'days', choices, counterIds());
    expect(
      drafts.map((entry) => [
        entry.productDefinition.attributes.age?.value,
        entry.productDefinition.attributes.duration?.value,
        entry.quantity,
      ]),
    ).toEqual([
      ['adult', '3d', 2],
      ['child', '3d', 1],
    ]);
    const [adult] = drafts;
    expect(adult!.validity).toEqual({
      from: '2026-12-10T00:00:00.000+01:00',
      to: '2026-12-12T23:59:59.999+01:00',
    });
    expect(adult!.children).toHaveLength(1);
    expect(adult!.children[0]).toMatchObject({
      quantity: 2,
      originEntryId: adult!.id,
      validity: adult!.validity,
    });
    expect(adult!.children[0]!.productDefinition.attributes.age?.value).toBe('adult');
    expect(draftsReady('days', choices, drafts)).toBe(true);
    expect(draftsReady('days', { ...choices, startDay: null }, drafts)).toBe(false);
  });

  it('dates a slot entry by the slot, in CET', () => {
    const morning = slot(7, '2026-12-10T07:30:00Z', '2026-12-10T11:00:00Z');
    const drafts = draftEntries(gondolaProduct, 'slot', {
      startDay: '2026-12-10',
      duration: null,
      quantities: { adult: 3 },
      slot: morning,
    });
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ productDefinition: gondolaDefinition, quantity: 3, slot: morning });
    expect(drafts[0]!.validity).toEqual({
      from: '2026-12-10T08:30:00.000+01:00',
      to: '2026-12-10T12:00:00.000+01:00',
    });
  });

  it('a one-day validity ends at the end of the same day, across the switch to summer time', () => {
    expect(validityForDay(passProduct, '2027-03-28', null)).toEqual({
      from: '2027-03-28T00:00:00.000+01:00',
      to: '2027-03-28T23:59:59.999+02:00',
    });
  });

  it('makes nothing without quantities', () => {
    expect(
      draftEntries(passProduct, 'days', {
        startDay: null,
        duration: '1d',
        quantities: { adult: 0 },
        slot: null,
      }),
    ).toEqual([]);
  });
});
