import { startPriceGenerationBody } from './pricing';

const issuesOf = (body: unknown) => {
  const result = startPriceGenerationBody.safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('start price generation body', () => {
  it('accepts real calendar dates in order', () => {
    expect(issuesOf({ from: '2026-12-01', to: '2027-04-30' })).toEqual([]);
    expect(issuesOf({ from: '2028-02-29', to: '2028-02-29' })).toEqual([]);
  });

  it('refuses a date that does not exist in the calendar', () => {
    expect(issuesOf({ from: '2025-02-01', to: '2025-02-30' })).toEqual([
      { path: 'to', message: 'Expected a date that exists in the calendar' },
    ]);
    expect(issuesOf({ from: '2027-02-29', to: '2027-03-01' })).toEqual([
      { path: 'from', message: 'Expected a date that exists in the calendar' },
    ]);
  });

  it('refuses text that is not yyyy-MM-dd', () => {
    expect(issuesOf({ from: '1.12.2026', to: '2026-12-31' })).toEqual([
      { path: 'from', message: 'Expected date in format yyyy-MM-dd' },
    ]);
    expect(issuesOf({ from: '2026-12-01', to: '+009999-12-31' })).toEqual([
      { path: 'to', message: 'Expected date in format yyyy-MM-dd' },
    ]);
  });

  it('refuses a backwards range', () => {
    expect(issuesOf({ from: '2027-01-02', to: '2027-01-01' })).toEqual([
      { path: 'to', message: 'from must not be after to' },
    ]);
  });
});
