import { Router } from 'express';

/** What a check may answer besides "ok": a part that works but is impaired, with details for ops. */
export interface PartReport {
  degraded: boolean;
  detail: unknown;
}

export interface ReadinessCheck {
  name: string;
  /** throws when the dependency does not answer; that makes the process not ready (503) */
  check(): Promise<void | PartReport>;
}

const timeoutMs = 2000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref(),
    ),
  ]);
}

type Outcome = { name: string; result: 'ok' | 'degraded' | string; detail?: unknown };

async function run({ name, check }: ReadinessCheck): Promise<Outcome> {
  try {
    const report = await withTimeout(check());
    if (!report) return { name, result: 'ok' };
    return { name, result: report.degraded ? 'degraded' : 'ok', detail: report.detail };
  } catch (error) {
    return { name, result: error instanceof Error ? error.message : 'failed' };
  }
}

/**
 * /health: the process answers. /ready: every dependency answers (PostgreSQL, NATS, Temporal, event
 * store) → 200 "ready"; a degraded part (a failed projection) → still 200, status "degraded", with
 * details, because the rest of the shop serves and an orchestrator must not take every API instance
 * out of rotation for one stale read model (or for the bus: bus-readiness.ts); a dependency that does
 * not answer → 503 "not ready".
 */
export function healthRoutes(checks: ReadinessCheck[]): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'alive' });
  });
  router.get('/ready', async (_req, res) => {
    const outcomes = await Promise.all(checks.map(run));
    const ready = outcomes.every(({ result }) => result === 'ok' || result === 'degraded');
    const degraded = outcomes.some(({ result }) => result === 'degraded');
    const details = outcomes
      .filter((outcome) => outcome.detail !== undefined)
      .map(({ name, detail }) => [name, detail]);
    res.status(ready ? 200 : 503).json({
      status: ready ? (degraded ? 'degraded' : 'ready') : 'not ready',
      checks: Object.fromEntries(outcomes.map(({ name, result }) => [name, result])),
      ...(details.length ? { details: Object.fromEntries(details) } : {}),
    });
  });
  return router;
}
