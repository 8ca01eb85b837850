import { addCalendarDays } from '@alpenpass/contracts';
import { todayIn } from '../pricing/price-engine';

export const demoPriceDays = 365;

/** The demo prices cover the next 365 days from today in Zurich: inside the bound every generation
 * keeps (services/src/pricing/generation-range.ts). */
export function demoPriceRange(now: Date): { from: string; to: string } {
  const from = todayIn('Europe/Zurich', now);
  return { from, to: addCalendarDays(from, demoPriceDays - 1) };
}
