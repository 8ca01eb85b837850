import { mintToken } from '../platform/auth/tokens';
import { loadOrCreateSigningKey } from '../platform/auth/signing-key';
import type { AppConfig } from '../platform/config';

/** Mints a token for an access system; null when an outside identity provider issues the tokens
 * (AUTH_JWKS_URI set: the shop's key is not trusted there, machine tokens come from that provider). */
export type AccessTokenMinter = ((subject: string, hours: number) => Promise<string>) | null;

export function accessTokenMinterFor(auth: AppConfig['auth']): AccessTokenMinter {
  if (auth.jwksUri) return null;
  const issuer = auth.issuers[0]!;
  return async (subject, hours) => {
    const key = await loadOrCreateSigningKey(auth.signingKeyFile);
    return mintToken(
      key,
      { issuer, audience: auth.audience },
      { subject, roles: ['integrator'], expiresIn: `${hours}h` },
    );
  };
}
