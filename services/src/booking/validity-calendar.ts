import { formElementIds, type ValidityDay } from '@alpenpass/contracts';
import { slotDayUnavailability, slotsOnDay } from './availability';
import { type Unavailability, usesSlots } from '../catalogue';
import type { Choices } from './form-state';
import type { JourneyFacts, UnitPrice } from './journey-facts';
import { quote } from './quote';
import { resolveSelection } from './resolve-selection';

const reasons: Unavailability[] = ['OUTSIDE_AVAILABILITY', 'BOOKING_WINDOW', 'NO_SLOTS', 'SOLD_OUT'];

function dayAvailability(facts: JourneyFacts, choices: Choices, day: string): Unavailability | null {
  const resolution = resolveSelection(facts, { ...choices, validity: { from: day, to: null }, slotId: null });
  const validityProblem = resolution.problems.find(
    (problem) => problem.elementId === formElementIds.validity,
  );
  const reason = reasons.find((candidate) => candidate === validityProblem?.code);
  if (reason) return reason;
  if (!usesSlots(facts.product)) return null;
  const quantity = resolution.lines.reduce((sum, line) => sum + line.quantity, 0);
  const definitionIds = resolution.lines.flatMap((line) => (line.definition ? [line.definition.id] : []));
  return slotDayUnavailability(slotsOnDay(facts.product, facts.slots, day, definitionIds), quantity);
}

/** low / medium / high by thirds of the spread between the cheapest and dearest available day. */
export function priceLevels(prices: (UnitPrice | null)[]): ('low' | 'medium' | 'high' | null)[] {
  const amounts = prices.flatMap((price) => (price ? [price.amount] : []));
  if (amounts.length === 0) return prices.map(() => null);
  const min = Math.min(...amounts);
  const spread = Math.max(...amounts) - min;
  return prices.map((price) => {
    if (!price) return null;
    if (spread === 0) return 'medium';
    const position = (price.amount - min) / spread;
    return position <= 1 / 3 ? 'low' : position <= 2 / 3 ? 'medium' : 'high';
  });
}

/**
 * Each day as a start of the current choices: can it be booked (availability range, booking window,
 * slots with enough places), and what would it cost (the chosen persons, else the "from" price),
 * with a price level so that the SPA's calendar can colour days.
 */
export function validityCalendar(facts: JourneyFacts, choices: Choices, days: string[]): ValidityDay[] {
  const rows = days.map((date) => {
    const reason = dayAvailability(facts, choices, date);
    const price = reason
      ? null
      : quote(facts, { ...choices, validity: { from: date, to: null }, slotId: null });
    return { date, available: reason === null, reason, price };
  });
  const levels = priceLevels(rows.map((row) => row.price));
  return rows.map((row, index) => ({ ...row, priceLevel: levels[index] ?? null }));
}
