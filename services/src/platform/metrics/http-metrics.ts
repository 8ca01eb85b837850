import type { NextFunction, Request, Response } from 'express';
import { commandRefusalsTotal, commandsTotal, httpRequestDuration } from './process-metrics';
import { recentApiLatency } from './recent-latency';

/** What the routes and the error handler leave on `res.locals` for the metrics. */
export interface MetricsLocals {
  /** the route template as declared (`/baskets/:basketId/entries`), set by ApiRouter */
  route?: string;
  /** the problem code of a refusal, set by the error handler */
  problemCode?: string;
}

/** routes declared with plain Express (health, docs): their template, when Express kept it */
function declaredRoute(req: Request): string | undefined {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : undefined;
}

const readOnly = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Times every request by route template (never the raw path: ids would explode the label set) and
 * counts commands and their refusals. */
export function httpMetrics() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = httpRequestDuration.startTimer();
    const api = req.originalUrl.startsWith('/api/');
    const startedAt = performance.now();
    if (api) recentApiLatency.started();
    res.once('close', () => {
      if (api) recentApiLatency.finished(performance.now() - startedAt);
    });
    res.once('finish', () => {
      const locals = res.locals as MetricsLocals;
      const route = locals.route
        ? `/api${locals.route}`
        : (declaredRoute(req) ?? (req.originalUrl.startsWith('/api/') ? 'unmatched' : 'static'));
      stop({ method: req.method, route, status: String(res.statusCode) });
      if (!locals.route || readOnly.has(req.method)) return;
      const command = `${req.method} ${route}`;
      const outcome = res.statusCode < 400 ? 'accepted' : res.statusCode < 500 ? 'refused' : 'failed';
      commandsTotal.inc({ command, outcome });
      if (outcome === 'refused')
        commandRefusalsTotal.inc({ command, code: locals.problemCode ?? String(res.statusCode) });
    });
    next();
  };
}
