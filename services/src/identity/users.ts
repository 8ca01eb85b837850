import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Role } from '../platform/auth/principal';
import { decoyPasswordHash, hashPassword, passwordMatches } from './passwords';

export interface IdentityUser {
  id: string;
  email: string;
  emailVerified: boolean;
  accountId: string;
  roles: Role[];
  givenName: string;
  familyName: string;
  birthdate: string | null;
  locale: string;
  blocked: boolean;
}

export interface Registration {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  birthdate: string;
  locale: string;
}

type MailTokenPurpose = 'verify-email' | 'reset-password';

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  email_verified_at: Date | null;
  account_id: string;
  roles: string[];
  given_name: string;
  family_name: string;
  birthdate: string | null;
  locale: string;
  blocked_at: Date | null;
}

const toUser = (row: UserRow): IdentityUser => ({
  id: row.id,
  email: row.email,
  emailVerified: row.email_verified_at !== null,
  accountId: row.account_id,
  roles: row.roles as Role[],
  givenName: row.given_name,
  familyName: row.family_name,
  birthdate: row.birthdate,
  locale: row.locale,
  blocked: row.blocked_at !== null,
});

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The embedded provider's users and the one-time links it mails (only their digests are stored). */
export function identityUsers(knex: Knex) {
  const byEmail = async (email: string): Promise<UserRow | undefined> =>
    knex<UserRow>('identity_users')
      .where({ email: normaliseEmail(email) })
      .first();

  return {
    async findById(id: string): Promise<IdentityUser | null> {
      const row = await knex<UserRow>('identity_users').where({ id }).first();
      return row ? toUser(row) : null;
    },
    async findByEmail(email: string): Promise<IdentityUser | null> {
      const row = await byEmail(email);
      return row ? toUser(row) : null;
    },

    /** A new user, or null when the e-mail is taken (the caller answers the same either way). */
    async register(registration: Registration, roles: Role[] = ['customer']): Promise<IdentityUser | null> {
      const id = randomUUID();
      const rows = await knex<UserRow>('identity_users')
        .insert({
          id,
          email: normaliseEmail(registration.email),
          password_hash: await hashPassword(registration.password),
          account_id: randomUUID(),
          roles,
          given_name: registration.givenName,
          family_name: registration.familyName,
          birthdate: registration.birthdate,
          locale: registration.locale,
        })
        .onConflict('email')
        .ignore()
        .returning('*');
      return rows[0] ? toUser(rows[0] as UserRow) : null;
    },

    /** The user whose password this is, else null; as slow for an unknown e-mail as for a wrong password. */
    async checkPassword(email: string, password: string): Promise<IdentityUser | null> {
      const row = await byEmail(email);
      if (!row) {
        await passwordMatches(await decoyPasswordHash(), password);
        return null;
      }
      return (await passwordMatches(row.password_hash, password)) ? toUser(row) : null;
    },

    async issueMailToken(userId: string, purpose: MailTokenPurpose, ttlMs: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await knex('identity_mail_tokens').insert({
        token_hash: digest(token),
        user_id: userId,
        purpose,
        expires_at: new Date(Date.now() + ttlMs),
      });
      return token;
    },

    /** Uses a mailed link once; null when unknown, used or expired. */
    async useMailToken(token: string, purpose: MailTokenPurpose): Promise<string | null> {
      const rows = await knex('identity_mail_tokens')
        .where({ token_hash: digest(token), purpose })
        .whereNull('used_at')
        .where('expires_at', '>', new Date())
        .update({ used_at: new Date() })
        .returning('user_id');
      return (rows[0] as { user_id: string } | undefined)?.user_id ?? null;
    },

    /** Auth.js's e-mail link (its token arrives hashed already): stored for a known user only. */
    async saveMagicLink(email: string, hashedToken: string, expires: Date): Promise<boolean> {
      const row = await byEmail(email);
      if (!row) return false;
      await knex('identity_mail_tokens').insert({
        token_hash: hashedToken,
        user_id: row.id,
        purpose: 'magic-link',
        expires_at: expires,
      });
      return true;
    },
    async useMagicLink(email: string, hashedToken: string): Promise<{ expires: Date } | null> {
      const row = await byEmail(email);
      if (!row) return null;
      const used = await knex('identity_mail_tokens')
        .where({ token_hash: hashedToken, purpose: 'magic-link', user_id: row.id })
        .whereNull('used_at')
        .update({ used_at: new Date() })
        .returning('expires_at');
      return used[0] ? { expires: new Date((used[0] as { expires_at: Date }).expires_at) } : null;
    },

    async markEmailVerified(userId: string): Promise<void> {
      await knex('identity_users')
        .where({ id: userId })
        .whereNull('email_verified_at')
        .update({ email_verified_at: new Date() });
    },

    async setPassword(userId: string, password: string): Promise<void> {
      await knex('identity_users')
        .where({ id: userId })
        .update({ password_hash: await hashPassword(password) });
      // a reset link is good once: the others sent before it die with the old password
      await knex('identity_mail_tokens')
        .where({ user_id: userId, purpose: 'reset-password' })
        .whereNull('used_at')
        .update({ used_at: new Date() });
    },
  };
}

export type IdentityUsers = ReturnType<typeof identityUsers>;
