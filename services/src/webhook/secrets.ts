import type { Knex } from 'knex';

/**
 * Signing secrets live in `webhook_secrets`, never in events: the bus carries every event to whoever reads
 * it. A secret is stored before the event that names it is appended; one whose append failed is never named
 * and never used.
 */
export async function storeSecret(
  knex: Knex,
  secret: { secretId: string; subscriptionId: string; secret: string },
): Promise<void> {
  await knex('webhook_secrets').insert({
    secret_id: secret.secretId,
    subscription_id: secret.subscriptionId,
    secret: secret.secret,
  });
}

export async function secretsById(knex: Knex, secretIds: string[]): Promise<Map<string, string>> {
  if (secretIds.length === 0) return new Map();
  const rows: { secret_id: string; secret: string }[] = await knex('webhook_secrets')
    .whereIn('secret_id', [...new Set(secretIds)])
    .select('secret_id', 'secret');
  return new Map(rows.map((row) => [row.secret_id, row.secret]));
}
