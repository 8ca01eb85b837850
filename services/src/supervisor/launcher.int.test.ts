import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTestDatabase, patientMs, waitUntil, type TestDatabase } from '@alpenpass/infra/test/support';
import { deleteNatsStreams } from '../../test/support/nats-streams';

/** `npm start`'s launcher: the worker runs in a process of its own, so the API keeps answering while the
 * worker is frozen, killed or restarting. */
interface LogLine {
  msg?: string;
  process?: string;
  pid?: number;
  slot?: number;
  url?: string;
}

let db: TestDatabase;
let launcher: ChildProcess;
const lines: LogLine[] = [];
const suffix = randomBytes(4).toString('hex');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// an API process (oidc-provider, the SPA's files) comes up slowly on a crowded machine: a patient deadline
const until = <T>(find: () => T | undefined, what: string, baseMs = 90_000): Promise<T> =>
  waitUntil(`waiting for a ${what}`, find, baseMs, {
    intervalMs: 100,
    hopeless: () => (launcher.exitCode === null ? undefined : `the launcher ended (${launcher.exitCode})`),
    details: () => `log:\n${JSON.stringify(lines, null, 1)}`,
  });

const logged =
  (msg: string, name: string, after = 0) =>
  () =>
    lines.slice(after).find((line) => line.msg === msg && line.process === name);

async function health(url: string): Promise<number> {
  const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
  return response.status;
}

beforeAll(async () => {
  db = await createTestDatabase();
  launcher = spawn(
    process.execPath,
    ['--import', pathToFileURL(require.resolve('tsx')).href, join(__dirname, '..', 'launcher.ts')],
    {
      env: {
        ...process.env,
        PORT: '0',
        DATABASE_URL: db.url,
        NATS_STREAM: `LAUNCHER_${suffix}`,
        NATS_SUBJECT_PREFIX: `launcher_${suffix}`,
        ACCESS_USAGE_STREAM: `LAUNCHER_${suffix}_ACCESS_USAGE`,
        ACCESS_USAGE_SUBJECT_PREFIX: `launcher_${suffix}_access.usage`,
        TEMPORAL_TASK_QUEUE: `launcher-${suffix}`,
        AUTH_SIGNING_KEY_FILE: join(mkdtempSync(join(tmpdir(), 'alpenpass-keys-')), 'key.json'),
        LOAD_DEMO_DATA: 'false',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        // development: the PSP simulator runs too; here on a free port, its schema in the test database
        PSP_SIMULATOR_PORT: '0',
        PSP_SIMULATOR_DATABASE_URL: db.url,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let pending = '';
  launcher.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop()!;
    for (const text of complete) {
      if (!text.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(text) as LogLine);
      } catch {
        // a line from a library that is not ours
      }
    }
  });
});

afterAll(async () => {
  if (launcher.exitCode === null) launcher.kill('SIGKILL');
  // a test that failed half-way must not leave the launcher's children running
  for (const line of lines)
    if (line.msg === 'process started' && line.pid && alive(line.pid)) process.kill(line.pid, 'SIGKILL');
  await deleteNatsStreams(`LAUNCHER_${suffix}`, `LAUNCHER_${suffix}_ACCESS_USAGE`);
  await db?.drop();
});

it(
  'runs the worker in its own supervised process and the API as two; the API answers while the worker is frozen, killed and restarted',
  async () => {
    const api = await until(logged('process ready', 'api'), 'ready api process');
    const worker = await until(logged('process ready', 'worker'), 'ready worker process');
    const projector = await until(logged('process ready', 'projector'), 'ready projector process');
    const url = api.url!;
    expect(new Set([api.pid, worker.pid, projector.pid, launcher.pid]).size).toBe(4);
    expect(await health(url)).toBe(200);

    // development: the payment provider simulator is a supervised process of its own
    const simulator = await until(logged('process started', 'psp-simulator'), 'started psp simulator');
    const simulatorUrl = (
      await until(
        () => lines.find((line) => line.msg === 'psp simulator listening'),
        'listening psp simulator',
      )
    ).url!;
    expect(
      (await fetch(`${simulatorUrl}/v1/transactions/none`, { signal: AbortSignal.timeout(10_000) })).status,
    ).toBe(401);

    // a worker that does not get the CPU at all cannot hold up the API
    process.kill(worker.pid!, 'SIGSTOP');
    try {
      expect(await health(url)).toBe(200);
      expect((await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
    } finally {
      process.kill(worker.pid!, 'SIGCONT');
    }

    // a worker that dies is restarted under a new pid; the API stays up all along
    const before = lines.length;
    process.kill(worker.pid!, 'SIGKILL');
    const died = await until(logged('process died; restarting', 'worker', before), 'restart notice');
    expect(died).toMatchObject({ pid: worker.pid, restartInMs: 1000 });
    expect(await health(url)).toBe(200);
    const restarted = await until(logged('process ready', 'worker', before), 'restarted worker');
    expect(restarted.pid).not.toBe(worker.pid);
    expect(alive(restarted.pid!)).toBe(true);
    expect(alive(api.pid!)).toBe(true);
    expect(await health(url)).toBe(200);

    // the api role runs as two cluster processes behind the one port; one that dies comes back
    const apiProcesses = await until(() => {
      const ready = lines.filter((line) => line.msg === 'api process ready');
      return ready.length >= 2 ? ready : undefined;
    }, 'two ready api processes');
    expect(new Set(apiProcesses.map((line) => line.slot))).toEqual(new Set([1, 2]));
    expect(apiProcesses[0]!.pid).not.toBe(apiProcesses[1]!.pid);
    const beforeApiKill = lines.length;
    process.kill(apiProcesses[1]!.pid!, 'SIGKILL');
    await until(logged('api process died; restarting', 'api', beforeApiKill), 'api restart notice');
    expect(await health(url)).toBe(200);
    const apiBack = await until(logged('api process ready', 'api', beforeApiKill), 'restarted api process');
    expect(apiBack.slot).toBe(2);

    // one scrape on the shared port sums the API processes (the primary aggregates over IPC)
    const scraped = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) });
    expect(scraped.status).toBe(200);
    const metrics = await scraped.text();
    expect(metrics).toMatch(
      /^alpenpass_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+$/m,
    );
    expect(metrics).toMatch(/^alpenpass_projection_lag_events\{projection="[a-z-]+"\} \d+$/m);

    // SIGTERM stops every process and the launcher exits cleanly
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of [
      api.pid!,
      restarted.pid!,
      projector.pid!,
      apiProcesses[0]!.pid!,
      apiBack.pid!,
      simulator.pid!,
    ])
      expect(alive(pid)).toBe(false);
  },
  patientMs(300_000),
);
