import { createEntry } from './basket-entries';
import { gondolaDefinition, gondolaProduct, slot } from '../../../../test/support/basket-model-fixtures';
import { chooseSlot } from './slot-matching';

const onSecondFebruary = () => ({
  ...createEntry({ product: gondolaProduct, productDefinition: gondolaDefinition }),
  validity: { from: '2026-02-02T00:00:00.000+01:00', to: '2026-02-02T23:59:59.999+01:00' },
});

describe('choosing a slot (§4)', () => {
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
