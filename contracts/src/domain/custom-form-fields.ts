import { z } from 'zod';
import { iso8601DateString, parseIso8601 } from '../validators/dates';
import { phoneNumberWithDialCode } from '../validators/phone-number';

/** §3 Custom form fields (checkout conditions and similar forms). */
export const customFormFieldKinds = [
  'checkbox',
  'date',
  'avatar',
  'number',
  'select',
  'tel',
  'text',
] as const;
export const customFormFieldKind = z.enum(customFormFieldKinds);
export type CustomFormFieldKind = z.infer<typeof customFormFieldKind>;

const selectOptionsMessage = 'Select options must be non-empty';

const definitionBase = {
  name: z.string().min(1),
  required: z.boolean(),
  label: z.string(),
  placeholder: z.string().optional(),
  description: z.string().optional(),
  sortOrder: z.number().int().optional(),
  autoComplete: z.string().optional(),
  labels: z.object({ de: z.string(), en: z.string(), fr: z.string() }).partial().optional(),
  enabled: z.boolean().default(true),
  /** slug of the content page the field refers to (the terms a checkbox accepts): the shop links it */
  pageSlug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .optional(),
};

const selectOption = z.object({ value: z.string().min(1), label: z.string().optional() });

export const customFormFieldDefinition = z.discriminatedUnion('kind', [
  z.object({
    ...definitionBase,
    kind: z.literal('checkbox'),
    defaultValue: z.boolean().nullable().optional(),
  }),
  z.object({
    ...definitionBase,
    kind: z.literal('date'),
    min: iso8601DateString.optional(),
    max: iso8601DateString.optional(),
    defaultValue: iso8601DateString.optional(),
  }),
  z.object({ ...definitionBase, kind: z.literal('avatar'), defaultValue: z.string().optional() }),
  z.object({
    ...definitionBase,
    kind: z.literal('number'),
    min: z.number().optional(),
    max: z.number().optional(),
    defaultValue: z.number().optional(),
  }),
  z.object({
    ...definitionBase,
    kind: z.literal('select'),
    options: z.array(selectOption, { error: selectOptionsMessage }).min(1, selectOptionsMessage),
    defaultValue: z.string().optional(),
  }),
  z.object({ ...definitionBase, kind: z.literal('tel'), defaultValue: z.string().optional() }),
  z.object({
    ...definitionBase,
    kind: z.literal('text'),
    min: z.number().int().min(0).optional(),
    max: z.number().int().min(0).optional(),
    length: z.number().int().min(0).optional(),
    defaultValue: z.string().optional(),
  }),
]);
export type CustomFormFieldDefinition = z.infer<typeof customFormFieldDefinition>;

function dateWithin(min: string | undefined, max: string | undefined) {
  return iso8601DateString.refine(
    (text) => {
      const value = parseIso8601(text);
      const lower = min ? parseIso8601(min) : null;
      const upper = max ? parseIso8601(max) : null;
      return value !== null && (!lower || value >= lower) && (!upper || value <= upper);
    },
    `Expected a date${min ? ` from ${min}` : ''}${max ? ` until ${max}` : ''}`,
  );
}

function textWithin(definition: Extract<CustomFormFieldDefinition, { kind: 'text' }>) {
  let schema = z.string();
  if (definition.min !== undefined) schema = schema.min(definition.min);
  if (definition.max !== undefined) schema = schema.max(definition.max);
  if (definition.length !== undefined) schema = schema.length(definition.length);
  return definition.required ? schema.min(Math.max(1, definition.min ?? 1)) : schema;
}

function numberWithin(definition: Extract<CustomFormFieldDefinition, { kind: 'number' }>) {
  let schema = z.number();
  if (definition.min !== undefined) schema = schema.min(definition.min);
  if (definition.max !== undefined) schema = schema.max(definition.max);
  return schema;
}

/** The schema a submitted value of `definition` must satisfy; optional fields also accept null or nothing. */
export function customFormFieldValue(definition: CustomFormFieldDefinition): z.ZodType {
  const schema = valueOfKind(definition);
  return definition.required ? schema : schema.nullish();
}

function valueOfKind(definition: CustomFormFieldDefinition): z.ZodType {
  switch (definition.kind) {
    case 'checkbox':
      // a required checkbox (e.g. accepting the terms) must be ticked
      return definition.required ? z.literal(true) : z.boolean().nullable();
    case 'date':
      return dateWithin(definition.min, definition.max);
    case 'avatar':
      return z.string().min(1);
    case 'number':
      return numberWithin(definition);
    case 'select':
      return z.enum(definition.options.map((option) => option.value) as [string, ...string[]]);
    case 'tel':
      return phoneNumberWithDialCode;
    case 'text':
      return textWithin(definition);
    default: {
      const unknownKind: never = definition;
      throw new Error(`Unknown custom form field kind ${JSON.stringify(unknownKind)}`);
    }
  }
}

/** The schema for a whole form's values, keyed by field name; disabled fields are left out. */
export function customFormValues(definitions: readonly CustomFormFieldDefinition[]) {
  const enabled = definitions.filter((definition) => definition.enabled);
  return z.object(
    Object.fromEntries(enabled.map((definition) => [definition.name, customFormFieldValue(definition)])),
  );
}
