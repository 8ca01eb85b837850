import { createHash } from 'node:crypto';

/**
 * A uuid that the same name always gives (version 5 layout over a hash of the name): ids derived from
 * business keys, so a repeated or concurrent step finds what the first one made. `sha1` is kept for the ids
 * stored with it (checkout ids); new derivations use sha256.
 */
export function nameBasedUuid(name: string, hash: 'sha1' | 'sha256' = 'sha256'): string {
  const bytes = createHash(hash).update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
