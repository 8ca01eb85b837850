import type { ContentDocument, ContentDocumentOf } from '@alpenpass/contracts';
import { DateTime } from 'luxon';

/**
 * Places the demo resort in time (docs/catalogue.md, "Demo resort in time"). infra/demo/catalogue.json
 * is a real export written for the winter 2026/27 and the summer 2027; loaded as it is, it would be
 * history a few months later. Rule, applied on the day the demo is loaded:
 * - every season moves by whole years to its first occurrence that has not ended yet on that day
 *   (in its pool's timezone): a season still running stays, a finished one moves to next year;
 * - an availability range of a season moves with its season; a range without a season moves by the
 *   smallest move of any season, so that it still covers them;
 * - birth-year bounds of a product's definitions (minYear/maxYear) move with the product's first range;
 * - years in season names move too ("Winter 2026/27" -> "Winter 2027/28"); ids stay;
 * - a moved document's revision grows by the number of years, so a restart in a later season
 *   republishes it (publication is idempotent by revision).
 */
export interface PlacedDemoCatalogue {
  documents: ContentDocument[];
  /** years each season moved, by season id */
  seasonShifts: Map<string, number>;
}

export interface DateRange {
  from: string;
  to: string;
}

export function shiftDate(isoDate: string, years: number): string {
  return DateTime.fromISO(isoDate, { zone: 'utc' }).plus({ years }).toISODate()!;
}

/** Moves four-digit years and a two-digit year after a slash ("2026/27") by `years`. */
export function shiftYearsInText(text: string, years: number): string {
  return text.replace(/\b(\d{4})(\/(\d{2}))?\b/g, (_match, year: string, _slash?: string, short?: string) => {
    const moved = Number(year) + years;
    return short === undefined
      ? String(moved)
      : `${moved}/${String((Number(short) + years) % 100).padStart(2, '0')}`;
  });
}

/** The smallest whole number of years (never negative) after which `range` has not ended on `today`. */
export function yearsUntilCurrent(range: DateRange, today: string): number {
  let years = 0;
  while (shiftDate(range.to, years) < today) years += 1;
  return years;
}

const dayIn = (timezone: string, now: Date) => DateTime.fromJSDate(now).setZone(timezone).toISODate()!;

function shifted<T extends ContentDocument & DateRange>(document: T, years: number): T {
  if (years === 0) return document;
  return {
    ...document,
    from: shiftDate(document.from, years),
    to: shiftDate(document.to, years),
    revision: document.revision + years,
  };
}

export function placeDemoDocuments(documents: ContentDocument[], now: Date): PlacedDemoCatalogue {
  const byId = new Map(documents.map((document) => [document.id, document]));
  const timezoneOf = (poolRef: string) =>
    (byId.get(poolRef) as ContentDocumentOf<'pool'> | undefined)?.timezone ?? 'UTC';

  const seasonShifts = new Map<string, number>();
  for (const document of documents) {
    if (document.kind === 'season')
      seasonShifts.set(document.id, yearsUntilCurrent(document, dayIn(timezoneOf(document.poolRef), now)));
  }
  const seasonlessShift = seasonShifts.size === 0 ? 0 : Math.min(...seasonShifts.values());
  const rangeShift = (range: ContentDocumentOf<'availabilityRange'>) =>
    range.seasonRef ? (seasonShifts.get(range.seasonRef) ?? 0) : seasonlessShift;
  const productShift = (product: ContentDocumentOf<'internalProduct'>) => {
    const firstRange = byId.get(product.availabilityRangeRefs[0] ?? '');
    return firstRange?.kind === 'availabilityRange' ? rangeShift(firstRange) : 0;
  };

  const placed = documents.map((document): ContentDocument => {
    switch (document.kind) {
      case 'season': {
        const years = seasonShifts.get(document.id) ?? 0;
        if (years === 0) return document;
        const name = Object.fromEntries(
          Object.entries(document.name).map(([language, text]) => [language, shiftYearsInText(text, years)]),
        );
        return { ...shifted(document, years), name: name as typeof document.name };
      }
      case 'availabilityRange':
        return shifted(document, rangeShift(document));
      case 'productDefinition': {
        const product = byId.get(document.productRef);
        const years = product?.kind === 'internalProduct' ? productShift(product) : 0;
        if (
          years === 0 ||
          !document.attributes.some((a) => a.minYear !== undefined || a.maxYear !== undefined)
        )
          return document;
        const attributes = document.attributes.map((attribute) => ({
          ...attribute,
          ...(attribute.minYear === undefined ? {} : { minYear: attribute.minYear + years }),
          ...(attribute.maxYear === undefined ? {} : { maxYear: attribute.maxYear + years }),
        }));
        return { ...document, attributes, revision: document.revision + years };
      }
      default:
        return document;
    }
  });
  return { documents: placed, seasonShifts };
}
