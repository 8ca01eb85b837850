import type { ErrorReporter } from './error-reporting';
import { errorReportingOptions, ingestUrl, shouldDropEvent } from './error-reporting-config';

const newEventId = () => crypto.randomUUID().replaceAll('-', '');

/**
 * A small reporter that sends error events as envelopes (header line, item header, payload) to
 * the error service's ingest endpoint or the configured tunnel path, and listens for uncaught
 * errors. Loaded only when a DSN is configured.
 */
export function createEnvelopeReporter(settings: { dsn: string; tunnel?: string }): ErrorReporter {
  const url = ingestUrl(settings.dsn, settings.tunnel);
  const send = (error: unknown, context?: Record<string, unknown>) => {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (shouldDropEvent({ type: 'error', message })) return;
    const eventId = newEventId();
    const sentAt = new Date().toISOString();
    const event = {
      event_id: eventId,
      timestamp: sentAt,
      platform: 'javascript',
      level: 'error',
      message,
      request: { url: window.location.href },
      extra: { ...context, stack: error instanceof Error ? error.stack : undefined },
      contexts: { trace: { sample_rate: errorReportingOptions.tracesSampleRate } },
    };
    const envelope = [
      JSON.stringify({ event_id: eventId, sent_at: sentAt, dsn: settings.dsn }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify(event),
    ].join('\n');
    void fetch(url, { method: 'POST', body: envelope, keepalive: true }).catch(() => undefined);
  };
  window.addEventListener('error', (event) => send(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => send(event.reason));
  return { capture: send };
}
