import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, type KeyLike } from 'jose';

/** The embedded identity provider's key (dev, tests, demo): it signs tokens and is served as a JWKS. */
export interface SigningKey {
  kid: string;
  privateKey: KeyLike;
  publicJwk: JWK;
}

const algorithm = 'ES256';

export async function generateSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(algorithm, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  // random part: two keys made in the same millisecond (tests, a second issuer) must not share a kid
  const kid = `alpenpass-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  return { kid, privateKey, publicJwk: { ...publicJwk, kid, alg: algorithm, use: 'sig' } };
}

/** Keeps one key across restarts so that minted tokens stay valid; the file is git-ignored. */
export async function loadOrCreateSigningKey(file: string): Promise<SigningKey> {
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { kid: string; privateJwk: JWK; publicJwk: JWK };
    const privateKey = (await importJWK(stored.privateJwk, algorithm)) as KeyLike;
    return { kid: stored.kid, privateKey, publicJwk: stored.publicJwk };
  }
  const key = await generateSigningKey();
  const privateJwk = await exportJWK(key.privateKey);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ kid: key.kid, privateJwk, publicJwk: key.publicJwk }), {
    mode: 0o600,
  });
  return key;
}

export const signingAlgorithm = algorithm;
