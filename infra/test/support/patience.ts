import { availableParallelism, loadavg } from 'node:os';

/**
 * How long a test waits for something that takes longer on a crowded machine (a process coming up, a
 * read model catching up): a base deadline times the machine's patience. TEST_PATIENCE sets the factor;
 * unset, it follows the load per core when the wait begins (1 on an idle machine, at most 3).
 */
export function patience(env: Record<string, string | undefined> = process.env): number {
  const set = Number(env.TEST_PATIENCE);
  if (env.TEST_PATIENCE && Number.isFinite(set) && set > 0) return set;
  const [oneMinute] = loadavg();
  return Math.min(3, Math.max(1, oneMinute! / availableParallelism()));
}

/** `baseMs` stretched by the machine's patience. */
export const patientMs = (baseMs: number): number => Math.round(baseMs * patience());

/** The machine's state when a wait ran out, for the failure's message. */
export function machineLoad(): string {
  const averages = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  const factor = process.env.TEST_PATIENCE
    ? `TEST_PATIENCE=${process.env.TEST_PATIENCE}`
    : 'TEST_PATIENCE unset';
  return `load average ${averages} on ${availableParallelism()} cores; ${factor}`;
}

/** The options of a wait. */
export interface WaitOptions {
  intervalMs?: number;
  /** what to add to the failure's message (a log) */
  details?: () => string;
  /** a reason to stop waiting at once (the process that was to answer has ended) */
  hopeless?: () => string | undefined;
}

/**
 * Asks `probe` every `intervalMs` until it answers something (not undefined or false) and returns it;
 * after the patient deadline fails saying what it waited for, how long, and the machine's load.
 * A probe that throws counts as no answer yet; the failure's message names what the last probe threw.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  baseMs: number,
  options: WaitOptions = {},
): Promise<T> {
  const timeoutMs = patientMs(baseMs);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let thrown: string | undefined;
    const answer = await Promise.resolve()
      .then(probe)
      .catch((error: unknown) => void (thrown = error instanceof Error ? error.message : String(error)));
    if (answer !== undefined && answer !== false) return answer;
    const details = () =>
      (thrown ? `\nthe last try threw: ${thrown}` : '') + (options.details ? `\n${options.details()}` : '');
    const hopeless = options.hopeless?.();
    if (hopeless) throw new Error(`${what}: ${hopeless}${details()}`);
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms (${machineLoad()})${details()}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
  }
}

/** Waits until a child process answers `probe`; stops at once when the process has ended. */
export function waitForProcess<T>(
  what: string,
  child: { exitCode: number | null },
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  baseMs: number,
  options: Omit<WaitOptions, 'hopeless'> = {},
): Promise<T> {
  return waitUntil(what, probe, baseMs, {
    ...options,
    hopeless: () => (child.exitCode === null ? undefined : `the process ended (exit ${child.exitCode})`),
  });
}

/** A value for a failure's message: as JSON, cut short. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
}

/**
 * Reads every `intervalMs` until `done` accepts what `read` answers and returns that value; after the
 * patient deadline fails saying what it waited for, with the last value read.
 */
export async function waitForValue<T>(
  what: string,
  read: () => PromiseLike<T>,
  done: (value: T) => boolean,
  baseMs: number,
  options: WaitOptions = {},
): Promise<T> {
  let last: { value: T } | undefined;
  const accepted = await waitUntil(
    what,
    async () => {
      last = { value: await read() };
      return done(last.value) && last;
    },
    baseMs,
    {
      ...options,
      details: () =>
        (last ? `the last value read: ${shown(last.value)}` : 'no value read') +
        (options.details ? `\n${options.details()}` : ''),
    },
  );
  return accepted.value;
}
