import { z } from 'zod';
import { validationMessages as messages } from './messages';

/** §5 shared validators for text that must have a given form. Each yields the text unchanged. */

const booleanPattern = /^(true|false)$/;
const numberPattern = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const integerPattern = /^[+-]?\d+$/;
/** optional minus, digits, optional decimal part with dot or comma */
const floatPattern = /^-?\d+([.,]\d+)?$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const hexColorPattern = /^#[0-9a-fA-F]{6}$/;

function textMatching(pattern: RegExp, message: string) {
  return z.string({ error: message }).regex(pattern, message);
}

/** "true" or "false". */
export const booleanString = textMatching(booleanPattern, messages.booleanString);
/** A decimal number such as "12", "-3.5", ".5" or "1e3". */
export const numberString = textMatching(numberPattern, messages.numberString);
/** Whole number digits with an optional sign. */
export const integerString = textMatching(integerPattern, messages.integerString);
/** "-12", "3.25" or "3,25". */
export const floatString = textMatching(floatPattern, messages.floatString);
/** A UUID of version 1 to 5 (any case). */
export const uuidString = textMatching(uuidPattern, messages.uuid);
/** "#" plus six hex digits. */
export const hexColor = textMatching(hexColorPattern, messages.hexColor);

export function isIntegerString(text: string): boolean {
  return integerPattern.test(text);
}

export function isFloatString(text: string): boolean {
  return floatPattern.test(text);
}

/** "3,25" -> 3.25; assumes isFloatString(text). */
export function floatStringToNumber(text: string): number {
  return Number(text.replace(',', '.'));
}

/**
 * A JSON text that parses and then satisfies `schema`; yields the parsed value. Text that does not
 * parse fails with "Expected JSON string"; parsed values that break the schema report the schema's
 * own issues, with their paths.
 */
export function jsonString<Schema extends z.ZodType>(schema: Schema) {
  return z
    .string({ error: messages.jsonString })
    .transform((text, context): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: messages.jsonString });
        return z.NEVER;
      }
    })
    .pipe(schema);
}
