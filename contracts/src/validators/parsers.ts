import { z } from 'zod';
import { createBirthdateString, iso8601DateString, parseIso8601, parseLooseDate, dateString } from './dates';
import { validationMessages as messages } from './messages';
import { floatStringToNumber, isFloatString, isIntegerString } from './text-formats';

/**
 * §5 parsers: accept a number or a string (as query strings and form fields deliver them) and
 * yield the typed value.
 */

/** 12 or "12" -> 12. */
export const parseableInteger = z
  .union([z.number(), z.string()], { error: messages.parseableInteger })
  .transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (typeof value === 'number' ? Number.isSafeInteger(value) : isIntegerString(text)) return Number(text);
    context.addIssue({ code: 'custom', message: messages.parseableInteger });
    return z.NEVER;
  });

/** 1.5, "1.5" or "1,5" -> 1.5. */
export const parseableFloat = z
  .union([z.number(), z.string()], { error: messages.parseableFloat })
  .transform((value, context) => {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && isFloatString(value.trim())) return floatStringToNumber(value.trim());
    context.addIssue({ code: 'custom', message: messages.parseableFloat });
    return z.NEVER;
  });

/** true/false, "true"/"false" or 1/0. */
export const parseableBoolean = z
  .union([z.boolean(), z.number(), z.string()], { error: messages.booleanString })
  .transform((value, context) => {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 1) return true;
    if (value === 'false' || value === 0) return false;
    context.addIssue({ code: 'custom', message: messages.booleanString });
    return z.NEVER;
  });

/** Epoch milliseconds or date text -> Date. */
function dateParser(
  textSchema: z.ZodType<string>,
  parse: (text: string) => { toJSDate(): Date } | null,
  message: string,
) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, context) => {
    if (typeof value === 'number') {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) return date;
    } else if (textSchema.safeParse(value).success) {
      const parsed = parse(value);
      if (parsed) return parsed.toJSDate();
    }
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

export const parseableDate = dateParser(dateString, parseLooseDate, messages.dateString);
export const parseableIsoDate = dateParser(iso8601DateString, parseIso8601, messages.iso8601DateString);

export function createParseableBirthdate(message: string = messages.birthdate) {
  const birthdate = createBirthdateString(message);
  return z.union([z.number(), z.string()], { error: message }).transform((value, context) => {
    const text = typeof value === 'number' ? epochMillisToIso(value) : value;
    const parsed = text !== null && birthdate.safeParse(text).success ? parseIso8601(text) : null;
    if (parsed) return parsed.toJSDate();
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

function epochMillisToIso(millis: number): string | null {
  const date = new Date(millis);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const parseableBirthdate = createParseableBirthdate();
