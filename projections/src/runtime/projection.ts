import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';

/** Physical table names by logical name, for one generation of a projection. */
export type TableNames<Logical extends string = string> = Record<Logical, string>;

/**
 * One read model. Its tables are declared by logical name; each build (generation) gets physical
 * tables `<logical>_v<version>_g<generation>`, and a view named `<logical>` points at the live ones.
 * Query functions read the logical name (the view), so they never see a half-built generation.
 */
export interface Projection<Logical extends string = string> {
  name: string;
  /** bump it when the rows' shape or meaning changes: the projector then rebuilds side by side */
  version: number;
  /** the event types apply() receives ('all' for every type); the checkpoint moves past the others */
  handledTypes: readonly string[] | 'all';
  tables: readonly Logical[];
  createTables(knex: Knex, tables: TableNames<Logical>): Promise<void>;
  /** writes the rows for one event; runs inside the transaction that also moves the checkpoint */
  apply(trx: Knex.Transaction, event: RecordedEvent, tables: TableNames<Logical>): Promise<void>;
  /** optional: writes the rows for several handled events at once (fewer statements), with exactly the
   * rows apply() would leave one by one; the runtime falls back to apply() to name a failing event */
  applyBatch?(
    trx: Knex.Transaction,
    events: readonly RecordedEvent[],
    tables: TableNames<Logical>,
  ): Promise<void>;
}

/** What the runtime needs from the event store; the services' EventStore port fits it structurally. */
export interface EventSource {
  readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]>;
  headPosition(): Promise<number>;
  lastCommittedPosition(): Promise<number>;
}

/** A pino-compatible logger. */
export interface RuntimeLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export const quietLogger: RuntimeLogger = { info() {}, warn() {}, error() {}, debug() {} };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyProjection = Projection<any>;
