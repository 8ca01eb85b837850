import type { JWK } from 'jose';
import type { AppConfig } from '../config';
import { loadOrCreateSigningKey } from './signing-key';
import { createTokenVerifier, type TokenVerifier } from './verifier';

export interface IdentityProvider {
  verifyToken: TokenVerifier;
  /** keys this process publishes at /api/.well-known/jwks.json (the embedded provider's) */
  publicKeys: JWK[];
}

/** A configured identity provider (AUTH_JWKS_URI), or the embedded one for dev and demo. */
export async function identityProviderFor(
  auth: AppConfig['auth'],
  options: { embeddedProviderRuns?: boolean } = {},
): Promise<IdentityProvider> {
  const checks = {
    audience: auth.audience,
    issuers: auth.issuers,
    maxLifetimeSeconds: auth.maxTokenLifetimeSeconds,
    clockToleranceSeconds: auth.clockToleranceSeconds,
  };
  if (auth.jwksUri && options.embeddedProviderRuns) {
    // the embedded provider beside a configured one (docs/auth.md, "Swapping the provider")
    const key = await loadOrCreateSigningKey(auth.signingKeyFile);
    return {
      verifyToken: createTokenVerifier({ ...checks, jwksUri: auth.jwksUri, localKeys: [key.publicJwk] }),
      publicKeys: [key.publicJwk],
    };
  }
  if (auth.jwksUri) {
    return { verifyToken: createTokenVerifier({ ...checks, jwksUri: auth.jwksUri }), publicKeys: [] };
  }
  const key = await loadOrCreateSigningKey(auth.signingKeyFile);
  return {
    verifyToken: createTokenVerifier({ ...checks, localKeys: [key.publicJwk] }),
    publicKeys: [key.publicJwk],
  };
}
