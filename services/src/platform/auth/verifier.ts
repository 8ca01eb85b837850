import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK } from 'jose';
import { roles, type Principal, type Role } from './principal';

export interface VerifierSettings {
  audience: string;
  issuers: string[];
  /** a remote identity provider's key set… */
  jwksUri?: string;
  /** …or the embedded one's */
  localKeys?: JWK[];
  /** longest accepted span from `iat` to `exp`, and longest age since `iat` (default 24 h) */
  maxLifetimeSeconds?: number;
  /** how far the issuer's clock may run ahead of ours (`iat`, `nbf`) or behind (`exp`); default 60 s */
  clockToleranceSeconds?: number;
  /** how long a verified token is trusted without checking its signature again (default 60 s; never
   * past its `exp` or its maximum age; 0: check every time) */
  verifiedCacheMs?: number;
}

export const DEFAULT_MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
export const DEFAULT_CLOCK_TOLERANCE_SECONDS = 60;

export type TokenVerifier = (token: string) => Promise<Principal>;

export class InvalidTokenError extends Error {}

/** A valid token of an account that may not be used any more (blocked, deleted): docs/account.md. */
export class AccountAccessRefused extends InvalidTokenError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function rolesOf(claim: unknown): Role[] {
  if (!Array.isArray(claim)) return [];
  return claim.filter((role): role is Role => (roles as readonly unknown[]).includes(role));
}

export function createTokenVerifier(settings: VerifierSettings): TokenVerifier {
  const localSet = createLocalJWKSet({ keys: settings.localKeys ?? [] });
  const remoteSet = settings.jwksUri ? createRemoteJWKSet(new URL(settings.jwksUri)) : undefined;
  const localKids = new Set((settings.localKeys ?? []).map((key) => key.kid));
  // both at once when the embedded provider runs beside a configured one: a token's kid picks the set
  const keySet: typeof localSet = remoteSet
    ? (header, token) => (localKids.has(header?.kid) ? localSet(header, token) : remoteSet(header, token))
    : localSet;
  const maxLifetime = settings.maxLifetimeSeconds ?? DEFAULT_MAX_TOKEN_LIFETIME_SECONDS;
  const clockTolerance = settings.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
  const cacheMs = settings.verifiedCacheMs ?? 60_000;
  // a signature check was a tenth of a basket add's CPU, repeated on every call of the same token
  const verified = new Map<string, { principal: Principal; until: number }>();
  const copy = (principal: Principal): Principal => ({ ...principal, roles: [...principal.roles] });
  return async (token) => {
    const known = verified.get(token);
    if (known && Date.now() < known.until) return copy(known.principal);
    try {
      // maxTokenAge also refuses an `iat` in the future (beyond the tolerance)
      const { payload } = await jwtVerify(token, keySet, {
        audience: settings.audience,
        issuer: settings.issuers,
        requiredClaims: ['iat', 'exp'],
        maxTokenAge: maxLifetime,
        clockTolerance,
      });
      if (!payload.sub) throw new InvalidTokenError('token has no subject');
      if (payload.exp! - payload.iat! > maxLifetime)
        throw new InvalidTokenError('token lifetime exceeds the maximum');
      const principal: Principal = {
        subject: payload.sub,
        roles: rolesOf(payload.roles),
        accountId: typeof payload.accountId === 'string' ? payload.accountId : null,
        issuer: payload.iss,
      };
      // trusted until the earliest of: its expiry, its maximum age, the cache's own limit (no tolerance)
      const until = Math.min(payload.exp! * 1000, (payload.iat! + maxLifetime) * 1000, Date.now() + cacheMs);
      if (cacheMs > 0 && until > Date.now()) {
        if (verified.size >= 10_000) verified.clear();
        verified.set(token, { principal: copy(principal), until });
      }
      return principal;
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token');
    }
  };
}
