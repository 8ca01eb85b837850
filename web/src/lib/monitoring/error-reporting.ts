import type { AppConfig } from '../../config/app-config';

export interface ErrorReporter {
  capture(error: unknown, context?: Record<string, unknown>): void;
}

type ReporterLoader = (settings: { dsn: string; tunnel?: string }) => Promise<ErrorReporter>;

let activeReporter: ErrorReporter | undefined;

const loadEnvelopeReporter: ReporterLoader = async (settings) =>
  (await import('./envelope-reporter')).createEnvelopeReporter(settings);

/**
 * §9: error reporting is initialised only when a DSN is configured; without one nothing is
 * loaded (the reporter's code is a separate chunk) and errors only go to the console.
 */
export async function initErrorReporting(
  settings: AppConfig['errorReporting'],
  load: ReporterLoader = loadEnvelopeReporter,
): Promise<ErrorReporter | undefined> {
  if (!settings.dsn) return undefined;
  activeReporter = await load({ dsn: settings.dsn, tunnel: settings.tunnel });
  return activeReporter;
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (activeReporter) activeReporter.capture(error, context);
  else console.error(error);
}

/** For tests: forget the reporter set up by initErrorReporting. */
export function resetErrorReporting(): void {
  activeReporter = undefined;
}
