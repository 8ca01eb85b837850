/** §9: how the error reporter samples and what it never sends. */
export const errorReportingOptions = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
  ignoreErrors: [
    'ResizeObserver loop limit exceeded',
    // Two browser-extension errors: JSON-LD readers calling toLowerCase on a missing @context.
    /can't access property "toLowerCase", \w+\["@context"\] is undefined/,
    /undefined is not an object \(evaluating '\w+\["@context"\]\.toLowerCase'\)/,
  ] as ReadonlyArray<string | RegExp>,
  droppedTransactions: ['/404', 'incomplete-app-router-transaction'] as ReadonlyArray<string>,
} as const;

export interface ReportableEvent {
  type?: 'transaction' | 'error';
  transaction?: string;
  message?: string;
}

export function isIgnoredError(message: string): boolean {
  return errorReportingOptions.ignoreErrors.some((pattern) =>
    typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message),
  );
}

/** Events for the /404 transaction and for incomplete app-router transactions are dropped. */
export function shouldDropEvent(event: ReportableEvent): boolean {
  if (event.type === 'transaction' && event.transaction !== undefined) {
    return errorReportingOptions.droppedTransactions.includes(event.transaction);
  }
  return event.message !== undefined && isIgnoredError(event.message);
}

/** The ingest endpoint named by a DSN (`https://key@host/project`), unless a tunnel path is configured. */
export function ingestUrl(dsn: string, tunnel?: string): string {
  if (tunnel) return tunnel;
  const parsed = new URL(dsn);
  const projectId = parsed.pathname.split('/').filter(Boolean).pop();
  if (!projectId) throw new Error('Error-reporting DSN has no project id');
  return `${parsed.protocol}//${parsed.host}/api/${projectId}/envelope/`;
}
