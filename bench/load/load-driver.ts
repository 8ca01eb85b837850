// The load generator: a process of its own (forked by load-generator.ts), so its CPU is not the
// server's. It receives one job over IPC, runs it with keep-alive HTTP/1.1 connections (node:http, one
// connection per client) and answers the latencies and outcomes.
import { Agent, request } from 'node:http';
import type {
  BasketJob,
  LoadJob,
  LoadResult,
  OpenBasketsJob,
  OpenLoopAddsJob,
  Phase,
  RepeatJob,
} from './load-job';

interface Answer {
  status: number;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });

/** One request; a request the server never saw because it closed an idle kept-alive connection as it
 * was sent (ECONNRESET on a reused socket) is sent again once, as HTTP clients do. */
async function send(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  try {
    return await sendOnce(origin, method, path, headers, body);
  } catch (error) {
    if (
      (error as { reusedSocket?: boolean }).reusedSocket &&
      (error as { code?: string }).code === 'ECONNRESET'
    )
      return sendOnce(origin, method, path, headers, body);
    throw error;
  }
}

function sendOnce(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${origin}${path}`,
      {
        method,
        agent,
        headers:
          body === undefined
            ? headers
            : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', (error) => reject(Object.assign(error, { reusedSocket: outgoing.reusedSocket })));
    outgoing.end(body);
  });
}

class PhaseRecorder {
  private readonly latencies: number[] = [];
  private readonly outcomes: Record<string, number> = {};
  private readonly started = performance.now();

  /** `plannedAt`: when the request should have left (open loop); by default, now */
  async time(call: () => Promise<Answer>, plannedAt = performance.now()): Promise<Answer | null> {
    const t = plannedAt;
    let outcome: string;
    let answer: Answer | null = null;
    try {
      answer = await call();
      outcome = answer.status < 300 ? String(answer.status) : `${answer.status} ${codeOf(answer.body)}`;
    } catch (error) {
      outcome = `error ${(error as { code?: string }).code ?? (error as Error).message}`;
    }
    this.latencies.push(performance.now() - t);
    this.outcomes[outcome] = (this.outcomes[outcome] ?? 0) + 1;
    return answer;
  }

  finish(): Phase {
    return {
      requests: this.latencies.length,
      seconds: (performance.now() - this.started) / 1000,
      latencies: this.latencies.sort((a, b) => a - b),
      outcomes: this.outcomes,
    };
  }
}

function codeOf(body: string): string {
  try {
    return String((JSON.parse(body) as { code?: unknown }).code ?? '');
  } catch {
    return '';
  }
}

async function repeat(job: RepeatJob): Promise<LoadResult> {
  const recorder = new PhaseRecorder();
  const ends = Date.now() + job.durationMs;
  await Promise.all(
    Array.from({ length: job.connections }, async () => {
      while (Date.now() < ends) await recorder.time(() => send(job.origin, 'GET', job.path, {}));
    }),
  );
  return { phases: { requests: recorder.finish() }, hotGranted: 0, driverCpuMs: 0 };
}

/** One empty basket per customer, all at once. */
async function createBaskets(
  origin: string,
  customers: Record<string, string>[],
): Promise<{ basketIds: string[]; phase: Phase }> {
  const creates = new PhaseRecorder();
  const basketIds = await Promise.all(
    customers.map(async (headers) => {
      const answer = await creates.time(() =>
        send(origin, 'POST', '/api/baskets', headers, JSON.stringify({ entries: [] })),
      );
      if (answer?.status !== 201)
        throw new Error(`a basket create answered ${answer?.status}: ${answer?.body.slice(0, 300)}`);
      return (JSON.parse(answer.body) as { id: string }).id;
    }),
  );
  return { basketIds, phase: creates.finish() };
}

async function baskets(job: BasketJob): Promise<LoadResult> {
  const { basketIds, phase: createPhase } = await createBaskets(job.origin, job.customers);

  const adds = new PhaseRecorder();
  let hotGranted = 0;
  await Promise.all(
    job.customers.map(async (headers, customer) => {
      for (let add = 0; add < job.addsPerCustomer; add += 1) {
        const hot = job.hotSlotIds.length > 0 && Math.random() < job.hotShare;
        const slotId = hot
          ? job.hotSlotIds[(customer + add) % job.hotSlotIds.length]!
          : job.coldSlotIds[Math.floor(Math.random() * job.coldSlotIds.length)]!;
        const body = JSON.stringify({ entries: [{ productDefinitionId: job.productDefinitionId, slotId }] });
        const answer = await adds.time(() =>
          send(job.origin, 'POST', `/api/baskets/${basketIds[customer]}/entries`, headers, body),
        );
        if (hot && answer?.status === 200) hotGranted += 1;
      }
    }),
  );
  return { phases: { creates: createPhase, adds: adds.finish() }, hotGranted, driverCpuMs: 0 };
}

async function openBaskets(job: OpenBasketsJob): Promise<LoadResult> {
  const { basketIds, phase } = await createBaskets(job.origin, job.customers);
  return { phases: { creates: phase }, basketIds, hotGranted: 0, driverCpuMs: 0 };
}

async function openLoopAdds(job: OpenLoopAddsJob): Promise<LoadResult> {
  const adds = new PhaseRecorder();
  const total = Math.round((job.ratePerSecond * job.durationMs) / 1000);
  const intervalMs = 1000 / job.ratePerSecond;
  const start = performance.now();
  const inFlight: Promise<unknown>[] = [];
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor((performance.now() - start) / intervalMs) + 1);
    for (; sent < due; sent += 1) {
      const basket = job.baskets[sent % job.baskets.length]!;
      const slotId = job.slotIds[sent % job.slotIds.length]!;
      const body = JSON.stringify({ entries: [{ productDefinitionId: job.productDefinitionId, slotId }] });
      const plannedAt = start + sent * intervalMs;
      inFlight.push(
        adds.time(
          () => send(job.origin, 'POST', `/api/baskets/${basket.basketId}/entries`, basket.headers, body),
          plannedAt,
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(5, intervalMs / 2))));
  }
  await Promise.all(inFlight);
  return { phases: { adds: adds.finish() }, hotGranted: 0, driverCpuMs: 0 };
}

const jobs = {
  repeat: repeat,
  baskets: baskets,
  'open-baskets': openBaskets,
  'open-loop-adds': openLoopAdds,
} as const;

process.once('message', (job: LoadJob) => {
  const cpu = process.cpuUsage();
  (jobs[job.kind] as (job: LoadJob) => Promise<LoadResult>)(job).then(
    (result) => {
      const used = process.cpuUsage(cpu);
      process.send!({ ok: true, result: { ...result, driverCpuMs: (used.user + used.system) / 1000 } }, () =>
        process.exit(0),
      );
    },
    (error: unknown) =>
      process.send!({ ok: false, error: String((error as Error).stack ?? error) }, () => process.exit(1)),
  );
});
