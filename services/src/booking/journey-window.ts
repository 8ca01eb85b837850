import type { CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import { bookableDays } from './availability';
import { startIn, todayIn, validityModeOf } from '../catalogue';
import type { Choices } from './form-state';
import type { DayWindow } from './load-journey-facts';

const earliest = (days: string[]) => [...days].sort()[0]!;
const latest = (days: string[]) => [...days].sort().at(-1)!;

/** Days a form needs facts for: today, the chosen start day, and the start of each open season. */
export function formWindow(
  product: CatalogueProduct,
  choices: Choices,
  now: Date,
  extra: string[] = [],
): DayWindow {
  const today = todayIn(product, now).toISODate()!;
  const days = [today, ...extra];
  const chosen = choices.validity ? startIn(product, choices.validity.from)?.toISODate() : null;
  if (chosen) days.push(chosen);
  if (validityModeOf(product) === 'range')
    days.push(...product.availabilityRanges.filter((range) => range.to >= today).map((range) => range.from));
  return { from: earliest(days), to: latest(days) };
}

/** The form's window widened to every bookable start day (options of the validity element, and
 * slot options when no day is chosen yet). */
export function optionsWindow(product: CatalogueProduct, choices: Choices, now: Date): DayWindow {
  const bookable = bookableDays(product, now);
  return formWindow(product, choices, now, bookable ? [bookable.min, bookable.max] : []);
}
