import type { CustomFormFieldDefinition } from '@alpenpass/contracts';
import { conditionFieldsFor, conditionsComplete, defaultCheckoutConditions } from './checkout-conditions';

describe('checkout conditions', () => {
  it('a channel with fields of its own gets them; any other channel the default', () => {
    const own: CustomFormFieldDefinition[] = [
      {
        name: 'club',
        kind: 'select',
        required: true,
        enabled: true,
        label: 'Ski club',
        options: [{ value: 'SCA' }],
      },
    ];
    expect(conditionFieldsFor({ 'c-1': own }, 'c-1')).toBe(own);
    expect(conditionFieldsFor({ 'c-1': own }, 'c-2')).toBe(defaultCheckoutConditions);
    expect(conditionFieldsFor({}, undefined)).toBe(defaultCheckoutConditions);
  });

  it('payment may start once every required field is answered within its bounds', () => {
    expect(conditionsComplete(defaultCheckoutConditions, {})).toBe(false);
    expect(conditionsComplete(defaultCheckoutConditions, { acceptTerms: false })).toBe(false);
    expect(conditionsComplete(defaultCheckoutConditions, { acceptTerms: true })).toBe(true);
    expect(
      conditionsComplete(defaultCheckoutConditions, { acceptTerms: true, noteForStaff: 'x'.repeat(501) }),
    ).toBe(false);
  });
});
