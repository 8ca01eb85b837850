import type { Knex } from 'knex';

/** A row of keycard_registry: which keycard holds a card number, and whose it is. */
export interface RegistryEntry {
  keycardId: number;
  carrierKey: string;
  accountId: string;
  personId: number;
  reservedAt: Date;
}

type Row = {
  keycard_id: string;
  carrier_key: string;
  account_id: string;
  person_id: string;
  reserved_at: Date;
};
const entryOf = (row: Row): RegistryEntry => ({
  keycardId: Number(row.keycard_id),
  carrierKey: row.carrier_key,
  accountId: row.account_id,
  personId: Number(row.person_id),
  reservedAt: row.reserved_at,
});

/**
 * The unique reservation of card numbers (migration 013-keycards). A card number is reserved by one
 * INSERT … ON CONFLICT DO NOTHING, so of two accounts registering the same card at once exactly one
 * wins, whatever the timing; the person's stream then records the card.
 */
export function keycardRegistry(knex: Knex) {
  return {
    async nextKeycardId(): Promise<number> {
      const { rows } = await knex.raw<{ rows: { id: string }[] }>("select nextval('keycard_id_seq') as id");
      return Number(rows[0]!.id);
    },

    /** true when this keycard now holds the number (or held it already) */
    async reserve(entry: Omit<RegistryEntry, 'reservedAt'>): Promise<boolean> {
      const { rows } = await knex.raw<{ rows: Row[] }>(
        `insert into keycard_registry (keycard_id, carrier_key, account_id, person_id) values (?, ?, ?, ?)
         on conflict do nothing returning *`,
        [entry.keycardId, entry.carrierKey, entry.accountId, entry.personId],
      );
      if (rows.length) return true;
      const holder = await this.byCarrierKey(entry.carrierKey);
      return holder?.keycardId === entry.keycardId;
    },

    /** gives a number free again (its card was cancelled, or its append was refused) */
    async release(keycardId: number): Promise<void> {
      await knex('keycard_registry').where({ keycard_id: keycardId }).delete();
    },

    /** takes back that exact reservation (its card was cancelled but the release did not happen) */
    async releaseStale(entry: RegistryEntry): Promise<void> {
      await knex('keycard_registry')
        .where({ keycard_id: entry.keycardId, carrier_key: entry.carrierKey })
        .delete();
    },

    /** takes back a reservation older than `seconds` by the database's clock (its request crashed
     * before the card reached a stream); true when it was taken back */
    async releaseIfOlderThan(entry: RegistryEntry, seconds: number): Promise<boolean> {
      const deleted = await knex('keycard_registry')
        .where({ keycard_id: entry.keycardId, carrier_key: entry.carrierKey })
        .andWhereRaw('reserved_at < now() - make_interval(secs => ?)', [seconds])
        .delete();
      return deleted > 0;
    },

    async byCarrierKey(carrierKey: string): Promise<RegistryEntry | undefined> {
      const row = await knex<Row>('keycard_registry').where({ carrier_key: carrierKey }).first();
      return row ? entryOf(row) : undefined;
    },

    async byKeycardIds(keycardIds: number[]): Promise<RegistryEntry[]> {
      if (keycardIds.length === 0) return [];
      const rows = await knex<Row>('keycard_registry').whereIn('keycard_id', keycardIds);
      return rows.map(entryOf);
    },

    /** the persons that hold cards, a page at a time (nightly revalidation) */
    async personsWithCards(afterPersonId: number, limit: number): Promise<number[]> {
      const rows = await knex('keycard_registry')
        .distinct('person_id')
        .where('person_id', '>', afterPersonId)
        .orderBy('person_id')
        .limit(limit);
      return rows.map((row: { person_id: string }) => Number(row.person_id));
    },
  };
}

export type KeycardRegistry = ReturnType<typeof keycardRegistry>;
