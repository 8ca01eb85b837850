import { z } from 'zod';
import { chfPrice } from './catalogue-documents';
import { AGE_ATTRIBUTE } from './attribute-names';
import { personTypeList, validityRange, type PersonTypeEntry } from './domain/item-selection';
import { pagingDefaults } from './queries/paging';
import { pageParameter, limitParameter } from './queries/paging';
import { calendarDateString } from './validators/dates';
import { validationMessages } from './validators/messages';
import { jsonString } from './validators/text-formats';
import { numericId, numericIdParam } from './validators/ids';

/**
 * §7 Booking journey: the server-driven booking form (docs/booking-journey.md).
 * A form state is the list of the customer's current choices, one {id, value} per form element
 * (the §3 generic filter entry shape); PATCH mutations use the same shape.
 */

export const bookingMessages = {
  formStateOrItemsMissing: 'Either <formState> or <items> must be provided',
  formStateAndItems: 'Only one of <formState> or <items> can be provided',
  duplicateItemId: (id: number) => `Duplicate item id: ${id}`,
  duplicateFormElement: (id: string) => `Duplicate form element: ${id}`,
  unknownFormElement: (id: string) => `Unknown form element: ${id}`,
  anonymousAndPersonalizedMixed: validationMessages.anonymousAndPersonalizedMixed,
  ageViaAttributes: validationMessages.ageViaAttributes,
  tooManyTickets: (max: number) => `At most ${max} tickets can be booked at once`,
} as const;

/** The most tickets one form (or one items list) describes: keeps every answer small. */
export const MAX_TICKETS_PER_FORM = 100;

/** Form element ids: fixed ones plus one per choosable attribute ("attribute:duration"). */
export const formElementIds = {
  validity: 'validity',
  personTypes: 'personTypes',
  quantity: 'quantity',
  slot: 'slot',
} as const;
export const ATTRIBUTE_ELEMENT_PREFIX = 'attribute:';
export const attributeElementId = (identifier: string) => `${ATTRIBUTE_ELEMENT_PREFIX}${identifier}`;

const isoDay = calendarDateString;
/** A validity choice: a start day (or instant, for durations in hours), or a whole range of days (season). */
const validityValue = z.union([
  isoDay,
  z.iso.datetime({ offset: true }),
  z.object({ dateRange: z.object({ from: isoDay, to: isoDay.optional() }).nullable() }),
  z.null(),
]);

/** Values per element kind; attribute values are strings (or null to clear the choice). */
export const formValueSchemas = {
  validity: validityValue,
  personTypes: z.union([personTypeList, z.null()]),
  quantity: z.union([
    z.number().int().min(0).max(MAX_TICKETS_PER_FORM, bookingMessages.tooManyTickets(MAX_TICKETS_PER_FORM)),
    z.null(),
  ]),
  slot: z.union([numericId, z.null()]),
  attribute: z.union([z.string().min(1), z.null()]),
} as const;

export type FormValueKind = keyof typeof formValueSchemas;

export function formValueKindOf(id: string): FormValueKind | null {
  if (id.startsWith(ATTRIBUTE_ELEMENT_PREFIX)) return 'attribute';
  return (Object.values(formElementIds) as string[]).includes(id) ? (id as FormValueKind) : null;
}

/** One choice {id, value}: the value is checked by the element's kind, with §5's messages. */
export const formStateEntry = z
  .object({ id: z.string().min(1), value: z.unknown() })
  .superRefine((entry, context) => {
    if (entry.id === attributeElementId(AGE_ATTRIBUTE)) {
      context.addIssue({ code: 'custom', message: bookingMessages.ageViaAttributes, path: ['id'] });
      return;
    }
    const kind = formValueKindOf(entry.id);
    if (!kind) {
      context.addIssue({
        code: 'custom',
        message: bookingMessages.unknownFormElement(entry.id),
        path: ['id'],
      });
      return;
    }
    const parsed = formValueSchemas[kind].safeParse(entry.value);
    if (parsed.success) {
      if (
        kind === 'personTypes' &&
        ticketCount(parsed.data as PersonTypeEntry[] | null) > MAX_TICKETS_PER_FORM
      ) {
        context.addIssue({
          code: 'custom',
          message: bookingMessages.tooManyTickets(MAX_TICKETS_PER_FORM),
          path: ['value'],
        });
      }
      return;
    }
    for (const issue of parsed.error.issues) {
      context.addIssue({
        code: 'custom',
        message: deepestMessage(issue),
        path: ['value', ...issue.path.map((p) => p as string | number)],
      });
    }
  });
export type FormStateEntry = { id: string; value: unknown };

function ticketCount(entries: PersonTypeEntry[] | null): number {
  return (entries ?? []).reduce(
    (sum, entry) => sum + ('personIds' in entry ? entry.personIds.length : entry.quantity),
    0,
  );
}

/** A union's failure hides the member messages: surface the refine message (e.g. the mixing rule). */
function deepestMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union') {
    const telling = issue.errors
      .flat()
      .find((inner) => inner.code !== 'invalid_type' && inner.code !== 'invalid_union');
    if (telling) return telling.message;
  }
  return issue.message;
}

export const formState = z.array(formStateEntry).superRefine((entries, context) => {
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (seen.has(entry.id))
      context.addIssue({
        code: 'custom',
        message: bookingMessages.duplicateFormElement(entry.id),
        path: [index, 'id'],
      });
    seen.add(entry.id);
  });
});
/** formState in a query string: JSON text of the list (an empty or missing one means "nothing chosen"). */
export const formStateQueryParam = jsonString(formState).optional();

/** §3 Cart or booking item (content contract), plus the slot a time-slot ticket is for. */
export const bookingItem = z.object({
  id: numericId,
  productVariantId: numericId,
  personId: numericId.optional(),
  validity: validityRange.optional(),
  parentItemId: numericId.optional(),
  originatedItemId: numericId.optional(),
  slotId: numericId.nullable().optional(),
});
export type BookingItem = z.infer<typeof bookingItem>;

function uniqueItemIds(items: { id: number }[], context: z.core.$RefinementCtx<unknown>) {
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (seen.has(item.id))
      context.addIssue({
        code: 'custom',
        message: bookingMessages.duplicateItemId(item.id),
        path: [index, 'id'],
      });
    seen.add(item.id);
  });
}
export const bookingItems = z
  .array(bookingItem)
  .max(5 * MAX_TICKETS_PER_FORM)
  .superRefine(uniqueItemIds);

/** The older client-side basket entry (product configuration) the legacy endpoint converts; its
 * children (required or suggested entries) are one level deep. */
const legacyEntryFields = {
  productDefinitionId: numericId,
  slotId: numericId.nullable().optional(),
  validity: validityRange.optional(),
  quantity: z.number().int().min(1).max(MAX_TICKETS_PER_FORM).default(1),
  personId: numericId.optional(),
};
export const legacyBookingEntry = z.object({
  ...legacyEntryFields,
  children: z.array(z.object(legacyEntryFields)).max(10).default([]),
});
export type LegacyBookingEntry = z.output<typeof legacyBookingEntry>;

export const bookingProductParams = z.object({ productId: numericIdParam });
export const formOptionsParams = z.object({
  productId: numericIdParam,
  formElementId: z.string().min(1).max(100),
});

export const unifiedFormQuery = z.object({ formState: formStateQueryParam });
export const inlineFormContexts = ['catalogue', 'basket', 'checkout'] as const;
export const inlineFormQuery = z.object({
  formState: formStateQueryParam,
  context: z.enum(inlineFormContexts).default('catalogue'),
});
export const validitiesQuery = z.object({ formState: formStateQueryParam, from: isoDay, to: isoDay });
export const formOptionsQuery = z.object({
  page: pageParameter(pagingDefaults.formOptions.page),
  pageSize: limitParameter(pagingDefaults.formOptions.pageSize, 1000),
});

export const itemsBody = z.object({ items: bookingItems });
export const itemsPatchBody = z.object({ items: bookingItems, mutations: formState });
export const legacyItemsBody = z.object({
  items: z.array(legacyBookingEntry).min(1).max(MAX_TICKETS_PER_FORM),
});

/** Exactly one of formState (the list itself, not JSON text) or items. */
export const formOptionsBody = z
  .object({ formState: formState.optional(), items: bookingItems.optional() })
  .superRefine((body, context) => {
    if (body.formState === undefined && body.items === undefined)
      context.addIssue({ code: 'custom', message: bookingMessages.formStateOrItemsMissing });
    if (body.formState !== undefined && body.items !== undefined)
      context.addIssue({ code: 'custom', message: bookingMessages.formStateAndItems });
  });

const price = chfPrice.extend({ source: z.enum(['pricing', 'basePrice']) });

export const formOption = z.object({
  value: z.union([z.string(), z.number()]),
  label: z.string(),
  available: z.boolean(),
  price: price.nullable().optional(),
  minAge: z.number().int().optional(),
  maxAge: z.number().int().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  availableCapacity: z.number().int().optional(),
});
export type FormOption = z.infer<typeof formOption>;

export const formElementKinds = ['validity', 'personTypes', 'quantity', 'attribute', 'slot'] as const;
export const formElement = z.object({
  id: z.string(),
  kind: z.enum(formElementKinds),
  label: z.string(),
  required: z.boolean(),
  value: z.unknown(),
  /** validity: 'day' (start day, end from the duration), 'range' (a whole availability range) */
  mode: z.enum(['day', 'range', 'anonymous', 'personalized']).optional(),
  /** options of small elements inline; large ones (slots) through the options endpoint */
  options: z.array(formOption),
  optionsTotal: z.number().int(),
  min: z.union([z.string(), z.number()]).optional(),
  max: z.union([z.string(), z.number()]).optional(),
});
export type FormElement = z.infer<typeof formElement>;

const basketItemFields = {
  productDefinitionId: numericId,
  slotId: numericId.nullable(),
  validity: validityRange.nullable(),
  quantity: z.number().int(),
  personId: numericId.optional(),
  unitPrice: price,
};
/** A basket entry as the form proposes it; children (required definitions) have no children. */
export const basketItemDraft = z.object({
  ...basketItemFields,
  children: z.array(z.object({ ...basketItemFields, children: z.array(z.unknown()).max(0) })),
});
export type BasketItemDraft = z.output<typeof basketItemDraft>;

export const formProblem = z.object({ elementId: z.string(), code: z.string(), message: z.string() });

export const bookingForm = z.object({
  productId: z.number().int(),
  productKind: z.string(),
  timezone: z.string(),
  /** how tickets reach the customer (e.g. LICENSEPLATE for parking: personalised in the basket) */
  media: z.array(z.string()),
  formState: z.array(z.object({ id: z.string(), value: z.unknown() })),
  elements: z.array(formElement),
  complete: z.boolean(),
  missing: z.array(z.string()),
  problems: z.array(formProblem),
  productDefinitionIds: z.array(z.number().int()),
  basketItems: z.array(basketItemDraft),
  items: z.array(bookingItem),
  total: price.nullable(),
});
export type BookingForm = z.infer<typeof bookingForm>;

export const validityDay = z.object({
  date: isoDay,
  available: z.boolean(),
  reason: z.enum(['OUTSIDE_AVAILABILITY', 'BOOKING_WINDOW', 'NO_SLOTS', 'SOLD_OUT']).nullable(),
  price: price.nullable(),
  priceLevel: z.enum(['low', 'medium', 'high']).nullable(),
});
export type ValidityDay = z.infer<typeof validityDay>;
export const validitiesResponse = z.object({
  productId: z.number().int(),
  from: isoDay,
  to: isoDay,
  days: z.array(validityDay),
});

export const formOptionsResponse = z.object({
  elementId: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  options: z.array(formOption),
});
