import { errorReportingOptions, ingestUrl, isIgnoredError, shouldDropEvent } from './error-reporting-config';
import { initErrorReporting, reportError, resetErrorReporting, type ErrorReporter } from './error-reporting';

afterEach(() => resetErrorReporting());

describe('error reporting', () => {
  it('keeps the §9 sample rates', () => {
    expect(errorReportingOptions).toMatchObject({
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
  });

  it('loads nothing without a DSN', async () => {
    const load = jest.fn();
    await expect(initErrorReporting({}, load)).resolves.toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the reporter with a DSN and sends errors to it', async () => {
    const captured: unknown[] = [];
    const reporter: ErrorReporter = { capture: (error) => captured.push(error) };
    const load = jest.fn(async () => reporter);
    await initErrorReporting({ dsn: 'https://key@errors.example/7', tunnel: '/tunnel' }, load);
    expect(load).toHaveBeenCalledWith({ dsn: 'https://key@errors.example/7', tunnel: '/tunnel' });
    const failure = new Error('broken');
    reportError(failure);
    expect(captured).toEqual([failure]);
  });

  it('ignores the known harmless browser errors', () => {
    expect(isIgnoredError('ResizeObserver loop limit exceeded')).toBe(true);
    expect(isIgnoredError(`TypeError: can't access property "toLowerCase", e["@context"] is undefined`)).toBe(
      true,
    );
    expect(
      isIgnoredError(`TypeError: undefined is not an object (evaluating 'n["@context"].toLowerCase')`),
    ).toBe(true);
    expect(isIgnoredError('TypeError: x is undefined')).toBe(false);
  });

  it('drops the /404 and incomplete app-router transactions only', () => {
    expect(shouldDropEvent({ type: 'transaction', transaction: '/404' })).toBe(true);
    expect(shouldDropEvent({ type: 'transaction', transaction: 'incomplete-app-router-transaction' })).toBe(
      true,
    );
    expect(shouldDropEvent({ type: 'transaction', transaction: '/de/profile' })).toBe(false);
    expect(shouldDropEvent({ type: 'error', message: 'Real failure' })).toBe(false);
  });

  it('sends envelopes to the ingest endpoint named by the DSN, or to the tunnel', () => {
    expect(ingestUrl('https://public@o1.errors.example/4501')).toBe(
      'https://o1.errors.example/api/4501/envelope/',
    );
    expect(ingestUrl('https://public@o1.errors.example/4501', '/monitoring')).toBe('/monitoring');
  });
});
