import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK } from 'jose';
import { roles, type Principal, type Role } from './principal';

export interface VerifierSettings {
  audience: string;
  issuers: string[];
  /** a remote identity provider's key set… */
  jwksUri?: string;
  /** …or the embedded one's */
  localKeys?: JWK[];
}

export type TokenVerifier = (token: string) => Promise<Principal>;

export class InvalidTokenError extends Error {}

function rolesOf(claim: unknown): Role[] {
  if (!Array.isArray(claim)) return [];
  return claim.filter((role): role is Role => (roles as readonly unknown[]).includes(role));
}

export function createTokenVerifier(settings: VerifierSettings): TokenVerifier {
  const keySet = settings.jwksUri
    ? createRemoteJWKSet(new URL(settings.jwksUri))
    : createLocalJWKSet({ keys: settings.localKeys ?? [] });
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keySet, {
        audience: settings.audience,
        issuer: settings.issuers,
      });
      if (!payload.sub) throw new InvalidTokenError('token has no subject');
      return {
        subject: payload.sub,
        roles: rolesOf(payload.roles),
        accountId: typeof payload.accountId === 'string' ? payload.accountId : null,
      };
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token');
    }
  };
}
