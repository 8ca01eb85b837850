import type { Adapter } from '@auth/core/adapters';
import type { EmailConfig } from '@auth/core/providers/email';
import { type EmbeddedIdentity, identityMails, type IdentityUser } from '../identity';
import type { Logger } from '../platform/logger';
import { CLIENT_ADDRESS_HEADER } from './client-address';

export const EMAIL_LINK_TTL_SECONDS = 15 * 60;

/**
 * The e-mail magic link, for the embedded provider's users: Auth.js keeps its one-time tokens through
 * this adapter in identity_mail_tokens. Unknown or blocked addresses get no mail but the same answer.
 * The users are the embedded provider's; sessions stay JWT cookies (no session methods).
 */
export function emailLinkAdapter(identity: EmbeddedIdentity): Adapter {
  const adapterUser = (user: IdentityUser) => ({
    id: user.id,
    email: user.email,
    name: `${user.givenName} ${user.familyName}`.trim() || null,
    emailVerified: user.emailVerified ? new Date() : null,
  });
  return {
    async createVerificationToken(token) {
      await identity.users.saveMagicLink(token.identifier, token.token, token.expires);
      return token;
    },
    async useVerificationToken({ identifier, token }) {
      const used = await identity.users.useMagicLink(identifier, token);
      return used ? { identifier, token, expires: used.expires } : null;
    },
    async getUserByEmail(email) {
      const user = await identity.users.findByEmail(email);
      return user && !user.blocked ? adapterUser(user) : null;
    },
    async getUser(id) {
      const user = await identity.users.findById(id);
      return user && !user.blocked ? adapterUser(user) : null;
    },
    // Auth.js asks its adapter for every sign-in: the embedded provider's subject is the user's id
    async getUserByAccount({ provider, providerAccountId }) {
      if (provider !== 'oidc') return null;
      const user = await identity.users.findById(providerAccountId);
      return user && !user.blocked ? adapterUser(user) : null;
    },
    async linkAccount() {
      throw new Error('identities are linked through the accounts API, not at sign-in');
    },
    // the link proves the address, as the confirmation link would
    async updateUser(user) {
      await identity.users.markEmailVerified(user.id);
      const found = await identity.users.findById(user.id);
      if (!found) throw new Error('the user is gone');
      return adapterUser(found);
    },
    // accounts are made by registering at the provider, never by a link to an unknown address
    async createUser() {
      throw new Error('e-mail links sign in registered users only');
    },
  };
}

export function emailLinkProvider(identity: EmbeddedIdentity, from: string, log: Logger): EmailConfig {
  return {
    id: 'email',
    type: 'email',
    name: 'E-mail link',
    from,
    maxAge: EMAIL_LINK_TTL_SECONDS,
    options: {},
    async sendVerificationRequest({ identifier, url, request }) {
      const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
      if (!(await identity.limits.admit('signin', identifier, address)))
        return void log.warn({ address }, 'e-mail link refused: too many attempts');
      const user = await identity.users.findByEmail(identifier);
      if (!user || user.blocked) return;
      await identity.mailer.send(
        await identityMails.magicLink(user.email, url, user.locale, await identity.look()),
      );
    },
  };
}
