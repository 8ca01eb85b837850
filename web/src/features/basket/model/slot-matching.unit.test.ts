import { createEntry } from './basket-entries';
import { gondolaDefinition, gondolaProduct, slot } from '../../../../test/support/basket-model-fixtures';
import { chooseSlot, matchSlot, slotMatchesEntry } from './slot-matching';

const onSecondFebruary = () => ({
  ...createEntry({ product: gondolaProduct, productDefinition: gondolaDefinition }),
  validity: { from: '2026-02-02T00:00:00.000+01:00', to: '2026-02-02T23:59:59.999+01:00' },
});

describe('slot matching (§4)', () => {
  it('compares start and end days in the pool timezone', () => {
    // 23:30 UTC on 1 February is 00:30 on 2 February in Zurich.
    expect(
      slotMatchesEntry(slot(1, '2026-02-01T23:30:00Z', '2026-02-02T00:30:00Z'), onSecondFebruary()),
    ).toBe(true);
    expect(
      slotMatchesEntry(slot(2, '2026-02-01T22:30:00Z', '2026-02-01T22:45:00Z'), onSecondFebruary()),
    ).toBe(false);
  });

  it('needs the slot to list the entry definition', () => {
    expect(
      slotMatchesEntry(slot(1, '2026-02-02T09:00:00Z', '2026-02-02T09:30:00Z', [999]), onSecondFebruary()),
    ).toBe(false);
  });

  it('assigns the slot when exactly one matches', () => {
    const matched = matchSlot(onSecondFebruary(), [
      slot(1, '2026-02-02T09:00:00Z', '2026-02-02T09:30:00Z'),
      slot(2, '2026-02-03T09:00:00Z', '2026-02-03T09:30:00Z'),
    ]);
    expect(matched.slot?.id).toBe(1);
  });

  it('assigns nothing when several match', () => {
    const entry = onSecondFebruary();
    expect(
      matchSlot(entry, [
        slot(1, '2026-02-02T09:00:00Z', '2026-02-02T09:30:00Z'),
        slot(2, '2026-02-02T10:00:00Z', '2026-02-02T10:30:00Z'),
      ]).slot,
    ).toBeNull();
  });

  it('sets the validity to the chosen slot, in CET (the IANA zone, summer time included)', () => {
    const winter = chooseSlot(onSecondFebruary(), slot(1, '2026-02-02T07:00:00Z', '2026-02-02T07:30:00Z'));
    expect(winter.validity).toEqual({
      from: '2026-02-02T08:00:00.000+01:00',
      to: '2026-02-02T08:30:00.000+01:00',
    });
    expect(winter.slot?.id).toBe(1);
    const summer = chooseSlot(onSecondFebruary(), slot(2, '2026-07-02T07:00:00Z', '2026-07-02T07:30:00Z'));
    expect(summer.validity).toEqual({
      from: '2026-07-02T09:00:00.000+02:00',
      to: '2026-07-02T09:30:00.000+02:00',
    });
  });
});
