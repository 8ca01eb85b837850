import { generateSigningKey, type SigningKey } from '../../src/platform/auth/signing-key';
import { mintToken, type TokenClaims } from '../../src/platform/auth/tokens';
import { createTokenVerifier, type TokenVerifier } from '../../src/platform/auth/verifier';

const settings = { issuer: 'https://auth.alpenpass.test/', audience: 'https://api.alpenpass.test' };

/** An embedded identity provider for one test file: a fresh key, its verifier and a token minter. */
export interface TestIdentity {
  key: SigningKey;
  verifyToken: TokenVerifier;
  tokenFor(claims: TokenClaims): Promise<string>;
  bearer(claims: TokenClaims): Promise<string>;
}

export async function createTestIdentity(): Promise<TestIdentity> {
  const key = await generateSigningKey();
  const verifyToken = createTokenVerifier({
    audience: settings.audience,
    issuers: [settings.issuer],
    localKeys: [key.publicJwk],
  });
  const tokenFor = (claims: TokenClaims) => mintToken(key, settings, claims);
  return { key, verifyToken, tokenFor, bearer: async (claims) => `Bearer ${await tokenFor(claims)}` };
}
