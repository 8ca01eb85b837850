import { Pool, type PoolClient } from 'pg';
import type { SimulatedCard, SimulatedTransaction } from './simulated-transaction';
import { simulatorDefaults } from './simulator-config';
import { SimulatorError } from './simulator-error';

/** The simulator's own tables, in schema `psp_simulator` of its own database. */
const schema = `
create schema if not exists psp_simulator;
create table if not exists psp_simulator.transactions (
  transaction_id text primary key,
  merchant_id text not null,
  document jsonb not null,
  created_at timestamptz not null default now()
);
create table if not exists psp_simulator.aliases (
  merchant_id text not null,
  alias text not null,
  card jsonb not null,
  primary key (merchant_id, alias)
);
create table if not exists psp_simulator.idempotency_keys (
  merchant_id text not null,
  idempotency_key text not null,
  fingerprint text not null,
  response_status int,
  response_body jsonb,
  response_location text,
  created_at timestamptz not null default now(),
  primary key (merchant_id, idempotency_key)
);
`;

export interface StoredResponse {
  status: number;
  body: unknown;
  location?: string;
}

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'in_progress' }
  | { kind: 'different_request' };

export class SimulatorStore {
  private constructor(
    private readonly pool: Pool,
    private readonly claimLeaseSeconds: number,
  ) {}

  /** `claimLeaseSeconds`: how long a claimed key waits for its answer before a repeat may take the work
   * over; the claim of a request whose process died (kill -9) would otherwise be IN_USE forever. */
  static async open(
    databaseUrl: string,
    claimLeaseSeconds: number = simulatorDefaults.claimLeaseSeconds,
  ): Promise<SimulatorStore> {
    const pool = new Pool({ connectionString: databaseUrl, max: 5 });
    // concurrent first starts (tests) would race on create schema
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(7317001)');
      await client.query(schema);
      await client.query('select pg_advisory_unlock(7317001)');
    } finally {
      client.release();
    }
    return new SimulatorStore(pool, claimLeaseSeconds);
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  async insert(transaction: SimulatedTransaction): Promise<void> {
    await this.pool.query(
      'insert into psp_simulator.transactions (transaction_id, merchant_id, document) values ($1, $2, $3)',
      [transaction.transactionId, transaction.merchantId, transaction],
    );
  }

  async find(
    merchantId: string | undefined,
    transactionId: string,
  ): Promise<SimulatedTransaction | undefined> {
    const { rows } = await this.pool.query<{ document: SimulatedTransaction }>(
      'select document from psp_simulator.transactions where transaction_id = $1 and ($2::text is null or merchant_id = $2)',
      [transactionId, merchantId ?? null],
    );
    return rows[0]?.document;
  }

  /** Reads the transaction under a row lock, lets `change` decide, stores what it returns; all or nothing. */
  async update<T>(
    merchantId: string | undefined,
    transactionId: string,
    change: (
      current: SimulatedTransaction,
      client: PoolClient,
    ) => Promise<{ next: SimulatedTransaction; result: T }>,
  ): Promise<{ next: SimulatedTransaction; result: T }> {
    return this.inTransaction(async (client) => {
      const { rows } = await client.query<{ document: SimulatedTransaction }>(
        'select document from psp_simulator.transactions where transaction_id = $1 and ($2::text is null or merchant_id = $2) for update',
        [transactionId, merchantId ?? null],
      );
      const current = rows[0]?.document;
      if (!current) throw SimulatorError.notFound(transactionId);
      const outcome = await change(current, client);
      await client.query('update psp_simulator.transactions set document = $2 where transaction_id = $1', [
        transactionId,
        outcome.next,
      ]);
      return outcome;
    });
  }

  async insertWith(client: PoolClient, transaction: SimulatedTransaction): Promise<void> {
    await client.query(
      'insert into psp_simulator.transactions (transaction_id, merchant_id, document) values ($1, $2, $3)',
      [transaction.transactionId, transaction.merchantId, transaction],
    );
  }

  async saveAlias(merchantId: string, card: SimulatedCard & { alias: string }): Promise<void> {
    await this.pool.query(
      'insert into psp_simulator.aliases (merchant_id, alias, card) values ($1, $2, $3) on conflict do nothing',
      [merchantId, card.alias, card],
    );
  }

  async findAlias(merchantId: string, alias: string): Promise<SimulatedCard | undefined> {
    const { rows } = await this.pool.query<{ card: SimulatedCard }>(
      'select card from psp_simulator.aliases where merchant_id = $1 and alias = $2',
      [merchantId, alias],
    );
    return rows[0]?.card;
  }

  /** First use of a key claims it; later uses replay the stored answer or are refused, except that a
   * claim older than the lease without an answer is taken over (its request died before it answered). */
  async claimIdempotencyKey(merchantId: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
    const inserted = await this.pool.query(
      `insert into psp_simulator.idempotency_keys (merchant_id, idempotency_key, fingerprint)
       values ($1, $2, $3) on conflict do nothing`,
      [merchantId, key, fingerprint],
    );
    if (inserted.rowCount === 1) return { kind: 'claimed' };
    const { rows } = await this.pool.query<{
      fingerprint: string;
      response_status: number | null;
      response_body: unknown;
      response_location: string | null;
    }>('select * from psp_simulator.idempotency_keys where merchant_id = $1 and idempotency_key = $2', [
      merchantId,
      key,
    ]);
    const row = rows[0];
    if (!row) return this.claimIdempotencyKey(merchantId, key, fingerprint);
    if (row.fingerprint !== fingerprint) return { kind: 'different_request' };
    if (row.response_status === null)
      return (await this.takeOverExpiredClaim(merchantId, key))
        ? { kind: 'claimed' }
        : { kind: 'in_progress' };
    return {
      kind: 'replay',
      response: {
        status: row.response_status,
        body: row.response_body,
        ...(row.response_location ? { location: row.response_location } : {}),
      },
    };
  }

  private async takeOverExpiredClaim(merchantId: string, key: string): Promise<boolean> {
    const taken = await this.pool.query(
      `update psp_simulator.idempotency_keys set created_at = now()
       where merchant_id = $1 and idempotency_key = $2 and response_status is null
         and created_at < now() - make_interval(secs => $3)`,
      [merchantId, key, this.claimLeaseSeconds],
    );
    return taken.rowCount === 1;
  }

  async completeIdempotencyKey(merchantId: string, key: string, response: StoredResponse): Promise<void> {
    await this.pool.query(
      `update psp_simulator.idempotency_keys set response_status = $3, response_body = $4, response_location = $5
       where merchant_id = $1 and idempotency_key = $2`,
      [merchantId, key, response.status, JSON.stringify(response.body ?? null), response.location ?? null],
    );
  }

  /** The work failed unexpectedly: the key is free again, so a retry does the work. */
  async releaseIdempotencyKey(merchantId: string, key: string): Promise<void> {
    await this.pool.query(
      'delete from psp_simulator.idempotency_keys where merchant_id = $1 and idempotency_key = $2',
      [merchantId, key],
    );
  }

  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
