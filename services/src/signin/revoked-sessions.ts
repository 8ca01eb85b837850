import type { Knex } from 'knex';

/** Signed-out sessions: a copy of the cookie taken before sign-out is refused from then on. */
export function revokedSessions(knex: Knex) {
  return {
    async revoke(sessionId: string, expiresAt: Date): Promise<void> {
      await knex('signin_revoked_sessions')
        .insert({ session_id: sessionId, expires_at: expiresAt })
        .onConflict('session_id')
        .ignore();
      await knex('signin_revoked_sessions').where('expires_at', '<', new Date()).delete();
    },
    async isRevoked(sessionId: string): Promise<boolean> {
      return Boolean(await knex('signin_revoked_sessions').where({ session_id: sessionId }).first());
    },
  };
}

export type RevokedSessions = ReturnType<typeof revokedSessions>;
