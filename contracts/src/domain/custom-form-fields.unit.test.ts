import {
  customFormFieldDefinition,
  customFormFieldValue,
  customFormValues,
  type CustomFormFieldDefinition,
} from './custom-form-fields';

const base = { label: 'Field', enabled: true };
function field(definition: Record<string, unknown>): CustomFormFieldDefinition {
  return customFormFieldDefinition.parse({ ...base, ...definition });
}

describe('custom form field definitions (§3)', () => {
  it('defaults enabled to true', () => {
    expect(
      customFormFieldDefinition.parse({ name: 'tos', kind: 'checkbox', required: true, label: 'Terms' })
        .enabled,
    ).toBe(true);
  });

  it('needs non-empty select options', () => {
    const result = customFormFieldDefinition.safeParse({
      ...base,
      name: 's',
      kind: 'select',
      required: false,
      options: [],
    });
    expect(result.error?.issues[0]?.message).toBe('Select options must be non-empty');
  });

  it('rejects an unknown kind', () => {
    expect(
      customFormFieldDefinition.safeParse({ ...base, name: 'x', kind: 'colour', required: false }).success,
    ).toBe(false);
  });
});

describe('custom form field values', () => {
  it.each([
    [{ name: 'tos', kind: 'checkbox', required: true }, true, true],
    [{ name: 'tos', kind: 'checkbox', required: true }, false, false],
    [{ name: 'news', kind: 'checkbox', required: false }, null, true],
    [{ name: 'd', kind: 'date', required: true, min: '2025-01-01', max: '2025-12-31' }, '2025-06-01', true],
    [{ name: 'd', kind: 'date', required: true, min: '2025-01-01', max: '2025-12-31' }, '2026-01-01', false],
    [{ name: 'n', kind: 'number', required: true, min: 1, max: 9 }, 9, true],
    [{ name: 'n', kind: 'number', required: true, min: 1, max: 9 }, 10, false],
    [{ name: 's', kind: 'select', required: true, options: [{ value: 'a' }, { value: 'b' }] }, 'b', true],
    [{ name: 's', kind: 'select', required: true, options: [{ value: 'a' }] }, 'c', false],
    [{ name: 't', kind: 'tel', required: true }, '+41 79 123 45 67', true],
    [{ name: 't', kind: 'tel', required: true }, '12', false],
    [{ name: 'x', kind: 'text', required: true, max: 5 }, 'hello', true],
    [{ name: 'x', kind: 'text', required: true, max: 5 }, 'hello!', false],
    [{ name: 'x', kind: 'text', required: true }, '', false],
    [{ name: 'x', kind: 'text', required: false, length: 4 }, undefined, true],
    [{ name: 'x', kind: 'text', required: false, length: 4 }, 'abc', false],
    [{ name: 'a', kind: 'avatar', required: true }, 'uploads/1.png', true],
  ])('%j with %j valid: %s', (definition, value, valid) => {
    expect(customFormFieldValue(field(definition)).safeParse(value).success).toBe(valid);
  });

  it('builds a whole form, leaving disabled fields out', () => {
    const form = customFormValues([
      field({ name: 'tos', kind: 'checkbox', required: true }),
      field({ name: 'hidden', kind: 'text', required: true, enabled: false }),
    ]);
    expect(form.parse({ tos: true })).toEqual({ tos: true });
    expect(form.safeParse({}).success).toBe(false);
  });
});
