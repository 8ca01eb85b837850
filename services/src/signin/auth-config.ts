import { randomUUID } from 'node:crypto';
import type { ExpressAuthConfig } from '@auth/express';
import type { AppConfig, SignInSettings } from '../platform/config';
import type { Logger } from '../platform/logger';
import type { EmbeddedIdentity } from '../identity';
import { firstPartyScopes } from '../identity';
import { signingAlgorithm } from '../platform/auth/signing-key';
import type { SignInProfile } from './first-sign-in';
import { oidcTokenCalls } from './oidc-token-calls';
import { CLIENT_ADDRESS_HEADER } from './client-address';
import { emailLinkAdapter, emailLinkProvider } from './email-link';
import { recordSignInFailure } from './error-codes';
import type { RevokedSessions } from './revoked-sessions';

/** renewed this long before it expires, so that a call made with the session's token does not meet a 401 */
export const REFRESH_MARGIN_SECONDS = 60;

/** What the session cookie (an encrypted JWT, no server-side state) carries between requests. */
interface SessionToken {
  accessToken?: string;
  expiresAt?: number;
  refreshToken?: string;
  /** credentials sign-ins are renewed by the embedded provider directly */
  identityUserId?: string;
  error?: 'RefreshAccessTokenError';
  /** new at every sign-in (the session id rotates); revoked at sign-out */
  sessionId?: string;
  /** what the customer typed at registration (or the provider's profile): prefills "My details" */
  registration?: RegistrationProfile;
  [claim: string]: unknown;
}

/** The name and birthdate a sign-in profile names, so "My details" does not ask for them again. */
interface RegistrationProfile {
  givenName?: string;
  familyName?: string;
  birthdate?: string;
}

const registrationOf = (profile: SignInProfile): RegistrationProfile => ({
  ...(profile.givenName ? { givenName: profile.givenName } : {}),
  ...(profile.familyName ? { familyName: profile.familyName } : {}),
  ...(profile.birthdate ? { birthdate: profile.birthdate } : {}),
});

export interface SignInDeps {
  config: AppConfig;
  settings: SignInSettings;
  identity: EmbeddedIdentity | null;
  /** the From of the e-mail link (MAIL_FROM) */
  mailFrom: string;
  onSignIn(accessToken: string, profile: SignInProfile): Promise<void>;
  sessions: RevokedSessions;
  log: Logger;
}

/** The Auth.js configuration of /api/auth (docs/auth.md). Auth.js is ESM: its modules come in by import(). */
export async function authJsConfig(deps: SignInDeps): Promise<ExpressAuthConfig> {
  const { default: Credentials } = await import('@auth/core/providers/credentials');
  const { CredentialsSignin } = await import('@auth/core/errors');
  const { config, settings, identity, sessions, log } = deps;
  const sessionMaxAgeSeconds = 14 * 24 * 3600;
  const tokenCalls = oidcTokenCalls(settings.oidc);

  class TooManyAttempts extends CredentialsSignin {
    override code = 'too_many_attempts';
  }
  class EmailNotVerified extends CredentialsSignin {
    override code = 'email_not_verified';
  }

  const providers: ExpressAuthConfig['providers'] = [
    {
      id: 'oidc',
      name: 'Alpenpass',
      type: 'oidc',
      issuer: settings.oidc.issuer,
      clientId: settings.oidc.clientId,
      clientSecret: settings.oidc.clientSecret,
      checks: ['pkce', 'state', 'nonce'],
      // prompt=login: the provider's own session never signs the next person at a shared computer in silently
      authorization: {
        params: identity
          ? { scope: firstPartyScopes, prompt: 'login' }
          : { scope: 'openid email profile offline_access' },
      },
      ...(identity ? { client: { id_token_signed_response_alg: signingAlgorithm } } : {}),
      profile: (claims) => ({
        id: String(claims.sub),
        email: typeof claims.email === 'string' ? claims.email : null,
        name: [claims.given_name, claims.family_name].filter(Boolean).join(' ') || null,
      }),
    },
  ];
  if (identity) {
    providers.push(
      Credentials({
        id: 'credentials',
        name: 'E-mail and password',
        credentials: {
          email: { label: 'E-mail', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        async authorize(credentials, request) {
          const email = typeof credentials.email === 'string' ? credentials.email.trim() : '';
          const password = typeof credentials.password === 'string' ? credentials.password : '';
          const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
          if (!(await identity.limits.admit('signin', email, address))) throw new TooManyAttempts();
          const user = email && password ? await identity.users.checkPassword(email, password) : null;
          if (!user || user.blocked) return null;
          if (!user.emailVerified) throw new EmailNotVerified();
          return { id: user.id, email: user.email, name: `${user.givenName} ${user.familyName}`.trim() };
        },
      }),
      emailLinkProvider(identity, deps.mailFrom, log),
    );
  }

  const renew = async (token: SessionToken): Promise<SessionToken> => {
    try {
      if (token.identityUserId && identity) {
        const user = await identity.users.findById(token.identityUserId);
        if (!user || user.blocked) throw new Error('the user is gone or blocked');
        return { ...token, ...(await identity.accessTokenFor(user)), error: undefined };
      }
      if (!token.refreshToken) throw new Error('no refresh token');
      return { ...token, ...(await tokenCalls.refresh(token.refreshToken)), error: undefined };
    } catch (error) {
      log.info({ err: error }, "the session's access token could not be renewed");
      return { ...token, accessToken: undefined, error: 'RefreshAccessTokenError' };
    }
  };

  return {
    secret: settings.secret,
    trustHost: true,
    useSecureCookies: config.environment !== 'development',
    session: { strategy: 'jwt', maxAge: sessionMaxAgeSeconds },
    events: {
      async signOut(message) {
        const token = 'token' in message ? (message.token as SessionToken | null) : null;
        if (token?.sessionId)
          await sessions.revoke(token.sessionId, new Date(Date.now() + sessionMaxAgeSeconds * 1000));
        // the provider ends the grant too: its refresh token renews nothing any more
        if (token?.refreshToken)
          await tokenCalls
            .revoke(token.refreshToken)
            .catch((error: unknown) => log.warn({ err: error }, 'refresh token not revoked at sign-out'));
      },
    },
    providers,
    ...(identity ? { adapter: emailLinkAdapter(identity) } : {}),
    logger: {
      error: (error) => {
        recordSignInFailure(error);
        log.warn({ err: error }, 'sign-in service');
      },
      warn: (code) => log.warn({ code }, 'sign-in service'),
      debug: () => undefined,
    },
    callbacks: {
      // callbackUrl: this origin, or one of ALLOWED_REDIRECT_ORIGINS (others are refused before Auth.js, router.ts)
      redirect({ url, baseUrl }) {
        if (url.startsWith('/') && !url.startsWith('//')) return `${baseUrl}${url}`;
        const origin = new URL(url, baseUrl).origin;
        return origin === new URL(baseUrl).origin || config.allowedRedirectOrigins.includes(origin)
          ? url
          : baseUrl;
      },
      async jwt({ token, account, user, profile }) {
        const session = token as SessionToken;
        if (account) {
          let next: SessionToken;
          let signInProfile: SignInProfile;
          const base = { ...session, sessionId: randomUUID() };
          if ((account.provider === 'credentials' || account.provider === 'email') && identity) {
            const identityUser = await identity.users.findById(String(user.id));
            if (!identityUser) throw new Error('the user vanished during sign-in');
            next = {
              ...base,
              identityUserId: identityUser.id,
              ...(await identity.accessTokenFor(identityUser)),
            };
            signInProfile = {
              givenName: identityUser.givenName,
              familyName: identityUser.familyName,
              birthdate: identityUser.birthdate ?? undefined,
              email: identityUser.email,
              emailVerified: identityUser.emailVerified,
            };
          } else {
            next = {
              ...base,
              accessToken: account.access_token,
              expiresAt: account.expires_at,
              refreshToken: account.refresh_token,
            };
            signInProfile = {
              givenName: typeof profile?.given_name === 'string' ? profile.given_name : undefined,
              familyName: typeof profile?.family_name === 'string' ? profile.family_name : undefined,
              birthdate: typeof profile?.birthdate === 'string' ? profile.birthdate : undefined,
              locale: typeof profile?.locale === 'string' ? profile.locale : undefined,
              email: typeof profile?.email === 'string' ? profile.email : undefined,
              emailVerified: profile?.email_verified === true,
            };
          }
          if (next.accessToken) await deps.onSignIn(next.accessToken, signInProfile);
          return { ...next, registration: registrationOf(signInProfile) };
        }
        // a signed-out session (or one from before session ids) is over, even if its cookie was copied
        if (!session.sessionId || (await sessions.isRevoked(session.sessionId))) return null;
        if (
          session.accessToken &&
          session.expiresAt &&
          Date.now() / 1000 < session.expiresAt - REFRESH_MARGIN_SECONDS
        )
          return session;
        if (session.error) return session;
        return renew(session);
      },
      session({ session, token }) {
        const carried = token as SessionToken;
        return {
          ...session,
          accessToken: carried.accessToken,
          accessTokenExpiresAt: carried.expiresAt,
          error: carried.error,
          ...(carried.registration ? { registration: carried.registration } : {}),
        };
      },
    },
  };
}
