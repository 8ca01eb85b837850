/**
 * The container's health check (Dockerfile HEALTHCHECK): a process that serves the api role must answer
 * GET /api/health on its port; the relay, projector and worker open no port and are healthy while they
 * run (a role that loses a dependency exits and is restarted).
 */
const roles = (process.env.ROLES ?? '')
  .split(',')
  .map((role) => role.trim())
  .filter(Boolean);
const servesApi = roles.length === 0 || roles.includes('api');
const port = process.env.PORT ?? '3000';

async function healthy(): Promise<boolean> {
  if (!servesApi) return true;
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4_000) });
  return response.ok;
}

healthy().then(
  (ok) => {
    process.exitCode = ok ? 0 : 1;
  },
  (error: unknown) => {
    process.stderr.write(`healthcheck: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
