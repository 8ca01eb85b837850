import { z } from 'zod';
import { validationMessages as messages } from '../validators/messages';
import { calendarDateString } from '../validators/dates';
import { AGE_ATTRIBUTE } from '../attribute-names';
import { MAX_REQUEST_QUANTITY } from '../sale-limits';

/** A validity {from, to} as a caller names it: its first and last calendar day, yyyy-MM-dd (§4, §5). */
export const validityRange = z.object({ from: calendarDateString, to: calendarDateString });
export type ValidityRange = z.infer<typeof validityRange>;

/** A validity as the shop records and answers it: the days named, or — a slot's (§4) — its start and end
 * as ISO 8601 date-times in CET. */
export const recordedValidity = z.object({
  from: z.union([calendarDateString, z.iso.datetime({ offset: true })]),
  to: z.union([calendarDateString, z.iso.datetime({ offset: true })]),
});

const quantity = z.number().int().min(0).max(MAX_REQUEST_QUANTITY);
const personType = z.string().min(1).max(100);

export const anonymousPersonTypeEntry = z.object({ quantity, personType });
export const personalizedPersonTypeEntry = z.object({
  personIds: z.array(z.number().int().min(1)).max(MAX_REQUEST_QUANTITY),
  personType,
});
export const personTypeEntry = z.union([anonymousPersonTypeEntry, personalizedPersonTypeEntry]);
export type PersonTypeEntry = z.infer<typeof personTypeEntry>;

/** A person-type list: non-empty, and never mixing anonymous with personalized entries. */
export const personTypeList = z
  .array(personTypeEntry)
  .min(1)
  .max(100)
  .refine((entries) => {
    const personalized = entries.filter((entry) => 'personIds' in entry).length;
    return personalized === 0 || personalized === entries.length;
  }, messages.anonymousAndPersonalizedMixed);

/** The allocation: a plain quantity, or a person-type list. */
export const itemAllocation = z.union([z.object({ quantity }), z.object({ personTypes: personTypeList })]);
export type ItemAllocation = z.infer<typeof itemAllocation>;

/** §3, §5 Item selection. */
export const itemSelection = z.object({
  validity: validityRange.optional(),
  allocation: itemAllocation,
  attributes: z
    .record(z.string(), z.string().nullable())
    .default({})
    .refine((attributes) => !(AGE_ATTRIBUTE in attributes), messages.ageViaAttributes),
});
export type ItemSelection = z.infer<typeof itemSelection>;
