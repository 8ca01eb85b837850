import pg from 'pg';

/** What a piece of work sent to PostgreSQL: round trips (queries sent) and the statements they held. */
export interface StatementCount {
  roundTrips: number;
  statements: number;
  /** the first words of each round trip, for a failure's message */
  sent: string[];
}

type Query = (...args: unknown[]) => unknown;

const textOf = (args: unknown[]): string => {
  const first = args[0];
  if (typeof first === 'string') return first;
  return (first as { text?: string } | undefined)?.text ?? '(submittable)';
};

/**
 * Counts every query that node-postgres sends while `work` runs, by wrapping `Client.prototype.query`
 * (knex and the direct queries both go through it). A multi-statement simple query is one round trip
 * and as many statements as it answers results. Only for tests that run nothing else meanwhile.
 */
export async function countStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; count: StatementCount }> {
  const count: StatementCount = { roundTrips: 0, statements: 0, sent: [] };
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  const tally = (result: unknown) => {
    count.statements += Array.isArray(result) ? result.length : 1;
    return result;
  };
  prototype.query = function (this: unknown, ...args: unknown[]) {
    count.roundTrips += 1;
    count.sent.push(textOf(args).replace(/\s+/g, ' ').slice(0, 80));
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) =>
        (callback as (error: unknown, result: unknown) => void)(error, error ? result : tally(result));
      return original.apply(this, args);
    }
    const answer = original.apply(this, args);
    if (answer && typeof (answer as Promise<unknown>).then === 'function')
      return (answer as Promise<unknown>).then(tally);
    count.statements += 1;
    return answer;
  };
  try {
    const result = await work();
    return { result, count };
  } finally {
    prototype.query = original;
  }
}
