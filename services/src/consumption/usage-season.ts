import { addCalendarDays } from '@alpenpass/contracts';

/**
 * "This season" of the usage summary when the caller names no dates: the pay-per-use products'
 * availability range that contains today, else the latest that began before today (the season just
 * ended), else the year up to today. Pure.
 */
export function usageSeason(
  ranges: readonly { from: string; to: string }[],
  today: string,
): { from: string; to: string } {
  const current = ranges.find((range) => range.from <= today && today <= range.to);
  if (current) return { from: current.from, to: current.to };
  const past = ranges.filter((range) => range.from <= today).sort((a, b) => b.from.localeCompare(a.from))[0];
  return past ? { from: past.from, to: past.to } : { from: addCalendarDays(today, -365), to: today };
}
