import type { Knex } from 'knex';

/** The e-mail and language of an account as the embedded identity provider registered it: where the
 * shop's order mails go (docs/mails.md). Accounts of an outside provider are not known here. */
export function identityAccountContacts(knex: Knex) {
  return async (accountId: string): Promise<{ email: string; language: string | null } | null> => {
    // account ids of other providers need not be uuids; only ours are looked up
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(accountId)) return null;
    const row = await knex('identity_users').select<{ email: string; locale: string }[]>('email', 'locale').where({ account_id: accountId, blocked_at: null }).first();
    return row ? { email: row.email, language: row.locale } : null;
  };
}
