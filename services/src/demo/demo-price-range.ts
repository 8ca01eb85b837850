import { addCalendarDays } from '@alpenpass/contracts';
import { databaseName } from '@alpenpass/infra/src/db/database-url';
import { priceModelVersion, todayIn } from '../pricing';

export const demoPriceDays = 365;

/** The demo prices cover the next 365 days from today in Zurich: inside the bound every generation
 * keeps (services/src/pricing/generation-range.ts). */
export function demoPriceRange(now: Date): { from: string; to: string } {
  const from = todayIn('Europe/Zurich', now);
  return { from, to: addCalendarDays(from, demoPriceDays - 1) };
}

/** The demo generation's id: one per database, day and price model. Workflow ids are unique per
 * Temporal namespace, which several shops on one machine share (tests, benches, worktrees). */
export function demoGenerationId(databaseUrl: string, from: string): string {
  const database = databaseName(databaseUrl)
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 32);
  return `demo-prices-m${priceModelVersion}-${database}-${from}`;
}
