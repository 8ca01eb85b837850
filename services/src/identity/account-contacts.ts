import type { Knex } from 'knex';

/** The e-mail and language of an account: as the embedded identity provider registered it, else as
 * the account directory knows it (a guest's address, an account staff created): where the shop's
 * order mails go (docs/mails.md). Blocked and erased accounts get no mail. */
export function identityAccountContacts(knex: Knex) {
  return async (accountId: string): Promise<{ email: string; language: string | null } | null> => {
    // account ids of other providers need not be uuids; only ours are looked up
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(accountId)) return null;
    const row = await knex('identity_users')
      .select<{ email: string; locale: string }[]>('email', 'locale')
      .where({ account_id: accountId, blocked_at: null })
      .first();
    if (row) return { email: row.email, language: row.locale };
    const listed = await knex('account_directory')
      .select<{ email: string | null; language: string }[]>('email', 'language')
      .where({ account_id: accountId, blocked_at: null, deleted_at: null })
      .first();
    return listed?.email ? { email: listed.email, language: listed.language } : null;
  };
}
