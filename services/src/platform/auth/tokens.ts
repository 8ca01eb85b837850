import { SignJWT } from 'jose';
import type { Role } from './principal';
import { signingAlgorithm, type SigningKey } from './signing-key';

export interface TokenClaims {
  subject: string;
  roles: Role[];
  accountId?: string;
  /** jose time span from now, e.g. '12h' or '-1m' */
  expiresIn?: string;
  /** defaults to now; tests set it to mint tokens from a skewed or forged clock */
  issuedAt?: Date;
}

/** Mints a token the API accepts when it trusts the embedded key (dev, tests, `npm run token`). */
export async function mintToken(
  key: SigningKey,
  settings: { issuer: string; audience: string },
  claims: TokenClaims,
): Promise<string> {
  return new SignJWT({ roles: claims.roles, ...(claims.accountId ? { accountId: claims.accountId } : {}) })
    .setProtectedHeader({ alg: signingAlgorithm, kid: key.kid })
    .setSubject(claims.subject)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(claims.issuedAt)
    .setExpirationTime(claims.expiresIn ?? '12h')
    .sign(key.privateKey);
}
