import type { SlotGroupDefinition } from '@alpenpass/contracts';
import type { DateRange } from './demo-placement';

/** The demo gondola (infra/demo/catalogue.json: product-summit-gondola, peProductId 103, definitions 1031 and 1032). */
export const DEMO_GONDOLA_PRODUCT_ID = 103;
export const demoWinterSeasonId = 'season-alpenhorn-winter-2026';
export const demoSummerSeasonId = 'season-alpenhorn-summer-2027';

const gondola = {
  pattern: 'FREQ=DAILY',
  customDates: [],
  availabilityRangeId: 'range-alpenhorn-all-year',
  productId: DEMO_GONDOLA_PRODUCT_ID,
  productDefinitionIds: [1031, 1032],
  isAllDay: false,
  overlapDetection: true,
  isVisible: true,
};

const yearOf = (isoDate: string) => isoDate.slice(0, 4);

/**
 * The gondola's winter slot groups for a placed Alpenhorn winter season (December to April, so it
 * always crosses the change to summer time on the last Sunday of March). Closed on Christmas Day and
 * on two revision days (19 January, 9 March); on New Year's Eve the afternoon ends early, which is a
 * group of its own.
 */
export function demoWinterSlotGroups(winter: DateRange): SlotGroupDefinition[] {
  const startYear = yearOf(winter.from);
  const endYear = yearOf(winter.to);
  const newYearsEve = `${startYear}-12-31`;
  const season = {
    ...gondola,
    startDate: winter.from,
    endDate: winter.to,
    exceptions: [`${startYear}-12-25`, `${endYear}-01-19`, `${endYear}-03-09`],
  };
  return [
    {
      ...season,
      name: 'Summit gondola – mornings',
      sampleFrom: '08:30:00',
      sampleTo: '12:00:00',
      color: '#1f6feb',
      capacity: 40,
    },
    {
      ...season,
      name: 'Summit gondola – afternoons',
      sampleFrom: '13:00:00',
      sampleTo: '16:30:00',
      color: '#d29922',
      capacity: 30,
      exceptions: [...season.exceptions, newYearsEve],
    },
    {
      ...season,
      name: "Summit gondola – New Year's Eve afternoon",
      pattern: 'FREQ=YEARLY;COUNT=1',
      startDate: newYearsEve,
      endDate: newYearsEve,
      exceptions: [],
      sampleFrom: '13:00:00',
      sampleTo: '15:00:00',
      color: '#8957e5',
      capacity: 20,
    },
  ];
}

/** The gondola in the placed summer season: one slot a day. With the winter's slots, a slot is
 * always within the gondola's 60-day booking window, whatever day the demo runs. */
export function demoSummerSlotGroups(summer: DateRange): SlotGroupDefinition[] {
  return [
    {
      ...gondola,
      startDate: summer.from,
      endDate: summer.to,
      exceptions: [],
      name: 'Summit gondola – summer days',
      sampleFrom: '09:00:00',
      sampleTo: '16:00:00',
      color: '#2da44e',
      capacity: 50,
    },
  ];
}
