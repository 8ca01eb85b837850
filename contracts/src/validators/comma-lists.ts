import { z } from 'zod';
import { validationMessages as messages } from './messages';

/**
 * §5 comma-separated lists, as query strings carry them ("1,2,3"). Empty or blank text gives an
 * empty list. A repeated query parameter (already an array) is accepted too: each element is split.
 */
const listInput = z.union([z.string(), z.array(z.string())]);

function splitAll(value: string | string[]): string[] {
  const parts = Array.isArray(value) ? value : [value];
  return parts.filter((part) => part.trim() !== '').flatMap((part) => part.split(','));
}

/** "a, b" -> ["a", " b"]: items kept as written. */
export const commaSeparatedList = listInput.transform(splitAll);

/** " a , b ,," -> ["a", "b"]: items trimmed, empty ones dropped. */
export const trimmedCommaSeparatedList = listInput.transform((value) =>
  splitAll(value)
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

/** "1, 2,3" -> [1, 2, 3]; any item that is not an integer fails with "Expected integer string". */
export const integerCommaSeparatedList = trimmedCommaSeparatedList.pipe(
  z.array(
    z
      .string()
      .regex(/^[+-]?\d+$/, messages.integerString)
      .transform(Number),
  ),
);

/** The inverse of the lists above, for building query strings. */
export function joinCommaSeparatedList(items: readonly (string | number)[]): string {
  return items.join(',');
}
