/**
 * How far a price generation may reach (docs/PRICING.md, "Price generation"). Zod-free: the
 * workflow sandbox imports it to refuse a range that did not come through the API.
 */

/** Two years: the next two winter and two summer seasons, with room for early sales. */
export const maxGenerationDaysAhead = 730;

/** The longest range a generation covers: today and every day up to the bound. */
export const maxGenerationDays = maxGenerationDaysAhead + 1;
