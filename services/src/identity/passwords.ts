import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP's minimum or above). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function passwordMatches(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the e-mail is unknown, so that the answer takes as long either way (no enumeration by timing). */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> =>
  (decoyHash ??= hashPassword('alpenpass-decoy-password'));

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;
