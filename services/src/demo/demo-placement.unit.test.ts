// @date-matrix: places the demo resort on the day it is loaded
import type { ContentDocumentOf } from '@alpenpass/contracts';
import { demoGenerationId } from './demo-price-range';
import { DateTime } from 'luxon';
import { placedDemoCatalogue } from './catalogue';
import { shiftYearsInText, yearsUntilCurrent } from './demo-placement';
import { demoSummerSlotGroups, demoWinterSlotGroups } from './demo-slot-group-definitions';

const zurichNoon = (day: string) => DateTime.fromISO(`${day}T12:00`, { zone: 'Europe/Zurich' }).toJSDate();

function placedOn(day: string) {
  const { documents, seasonShifts } = placedDemoCatalogue(zurichNoon(day));
  const byId = new Map(documents.map((document) => [document.id, document]));
  const range = (id: string) => byId.get(id) as ContentDocumentOf<'availabilityRange'>;
  const season = (id: string) => byId.get(id) as ContentDocumentOf<'season'>;
  return { byId, seasonShifts, range, season };
}

describe('placing the demo resort in time', () => {
  it('keeps the export as written while its winter has not ended', () => {
    const { season, range, seasonShifts } = placedOn('2026-11-22');
    expect([...seasonShifts.values()]).toEqual([0, 0, 0]);
    expect(season('season-alpenhorn-winter-2026')).toMatchObject({
      from: '2026-12-05',
      to: '2027-04-18',
      revision: 1,
      name: { en: 'Winter 2026/27' },
    });
    expect(range('range-alpenhorn-all-year')).toMatchObject({
      from: '2026-11-01',
      to: '2028-10-31',
      revision: 1,
    });
  });

  it('in June 2027 keeps the summer that is running and moves the finished winters to 2027/28', () => {
    const { season, range, byId } = placedOn('2027-06-15');
    expect(season('season-alpenhorn-summer-2027')).toMatchObject({
      from: '2027-05-29',
      to: '2027-10-24',
      revision: 1,
    });
    expect(season('season-alpenhorn-winter-2026')).toMatchObject({
      from: '2027-12-05',
      to: '2028-04-18',
      revision: 2,
      name: { de: 'Winter 2027/28', fr: 'Hiver 2027/28' },
    });
    expect(range('range-alpenhorn-winter-2026')).toMatchObject({
      from: '2027-12-05',
      to: '2028-04-18',
      revision: 2,
    });
    expect(range('range-silver-peak-winter-2026')).toMatchObject({ from: '2027-11-20', to: '2028-04-11' });
    // the range without a season moves with the season that moved least (here: not at all)
    expect(range('range-alpenhorn-all-year')).toMatchObject({
      from: '2026-11-01',
      to: '2028-10-31',
      revision: 1,
    });
    // birth years of the season pass follow its winter
    const childPass = byId.get('definition-1042') as ContentDocumentOf<'productDefinition'>;
    expect(childPass.attributes[0]).toMatchObject({ minYear: 2012, maxYear: 2021 });
    expect(childPass.revision).toBe(2);
  });

  it('in January 2028 is in the winter 2027/28 with the summer 2028 ahead', () => {
    const { season, range } = placedOn('2028-01-10');
    expect(season('season-alpenhorn-winter-2026')).toMatchObject({ from: '2027-12-05', to: '2028-04-18' });
    expect(season('season-alpenhorn-summer-2027')).toMatchObject({
      from: '2028-05-29',
      to: '2028-10-24',
      name: { en: 'Summer 2028' },
    });
    expect(range('range-alpenhorn-all-year')).toMatchObject({ from: '2027-11-01', to: '2029-10-31' });
  });

  it('moves a season on the day after its last day, in its pool timezone', () => {
    expect(yearsUntilCurrent({ from: '2026-12-05', to: '2027-04-18' }, '2027-04-18')).toBe(0);
    expect(yearsUntilCurrent({ from: '2026-12-05', to: '2027-04-18' }, '2027-04-19')).toBe(1);
    expect(yearsUntilCurrent({ from: '2026-12-05', to: '2027-04-18' }, '2031-01-01')).toBe(4);
    // 2027-04-12 05:59 UTC is still 11 April in Denver (UTC-6): the Silver Peak winter has not ended there
    expect(
      placedDemoCatalogue(new Date('2027-04-12T05:59:00Z')).seasonShifts.get(
        'season-silver-peak-winter-2026',
      ),
    ).toBe(0);
    expect(
      placedDemoCatalogue(new Date('2027-04-12T06:00:00Z')).seasonShifts.get(
        'season-silver-peak-winter-2026',
      ),
    ).toBe(1);
  });

  it('moves years in names, also across a century of two-digit years', () => {
    expect(shiftYearsInText('Winter 2026/27', 2)).toBe('Winter 2028/29');
    expect(shiftYearsInText('Winter 2099/00', 1)).toBe('Winter 2100/01');
    expect(shiftYearsInText('Summer 2027, 3 days', 1)).toBe('Summer 2028, 3 days');
  });

  it('places the gondola winter around Christmas, the revision days and the change to summer time', () => {
    const winter = placedOn('2028-01-10').season('season-alpenhorn-winter-2026');
    const [mornings, afternoons, newYearsEve] = demoWinterSlotGroups(winter);
    expect(mornings).toMatchObject({
      startDate: '2027-12-05',
      endDate: '2028-04-18',
      exceptions: ['2027-12-25', '2028-01-19', '2028-03-09'],
    });
    expect(afternoons!.exceptions).toEqual(['2027-12-25', '2028-01-19', '2028-03-09', '2027-12-31']);
    expect(newYearsEve).toMatchObject({ startDate: '2027-12-31', endDate: '2027-12-31' });
  });

  // whatever day the demo is loaded on, the browser tests find a gondola slot and a 3-day pass day
  it('offers the gondola within 60 days and the multi-day pass within 90 days on every day of three years', () => {
    for (
      let day = DateTime.fromISO('2026-11-22');
      day < DateTime.fromISO('2029-11-22');
      day = day.plus({ days: 1 })
    ) {
      const today = day.toISODate()!;
      const { season, range, byId } = placedOn(today);
      const winter = season('season-alpenhorn-winter-2026');
      const summer = season('season-alpenhorn-summer-2027');
      const allYear = range('range-alpenhorn-all-year');
      for (const group of [...demoWinterSlotGroups(winter), ...demoSummerSlotGroups(summer)]) {
        expect(group.startDate >= allYear.from && group.endDate <= allYear.to).toBe(true);
      }
      const operating = (within: number) => (period: { from: string; to: string }) =>
        period.to >= today && period.from <= day.plus({ days: within }).toISODate()!;
      expect([winter, summer].some(operating(60))).toBe(true);
      const multiDayPass = byId.get('product-multi-day-pass') as ContentDocumentOf<'internalProduct'>;
      expect(multiDayPass.availabilityRangeRefs.map(range).some(operating(90))).toBe(true);
    }
  });
});

describe('the demo price generation id', () => {
  it('differs per database, so shops sharing one Temporal server each generate their own prices', () => {
    const day = '2026-11-23';
    const ids = [
      'postgres://postgres@127.0.0.1:5432/alpenpass',
      'postgres://postgres@127.0.0.1:5432/alpenpass_bench_1a2b',
    ].map((url) => demoGenerationId(url, day));
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});
