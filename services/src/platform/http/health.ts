import { Router } from 'express';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

const timeoutMs = 2000;

function withTimeout(work: Promise<void>): Promise<void> {
  return Promise.race([
    work,
    new Promise<void>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref()),
  ]);
}

/** /health: the process answers. /ready: every dependency answers (PostgreSQL, NATS, Temporal, event store). */
export function healthRoutes(checks: ReadinessCheck[]): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'alive' });
  });
  router.get('/ready', async (_req, res) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check());
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : 'failed'] as const;
        }
      }),
    );
    const ready = results.every(([, outcome]) => outcome === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) });
  });
  return router;
}
