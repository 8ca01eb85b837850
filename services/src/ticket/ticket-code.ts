import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The ticket code (docs/tickets.md, "Code format"): base64url of a 29-byte payload followed by its
 * 64-byte Ed25519 signature. Access control verifies it offline with the published public key.
 *
 *   0      format version (1)
 *   1–16   ticket id (uuid bytes)
 *   17–20  order id (uint32, big-endian)
 *   21–24  product definition id (uint32)
 *   25–26  first day of access, days since 1970-01-01 (uint16; 0: no limit)
 *   27–28  last day of access (uint16; 0: no limit)
 */
export interface TicketCodePayload {
  ticketId: string;
  orderId: number;
  productDefinitionId: number;
  /** yyyy-MM-dd or null */
  firstDay: string | null;
  lastDay: string | null;
}

export interface TicketSigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

const FORMAT_VERSION = 1;
const PAYLOAD_BYTES = 29;
const SIGNATURE_BYTES = 64;
const DAY_MS = 86_400_000;

const dayNumber = (day: string | null): number =>
  day === null ? 0 : Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayText = (value: number): string | null =>
  value === 0 ? null : new Date(value * DAY_MS).toISOString().slice(0, 10);

function encodePayload(payload: TicketCodePayload): Buffer {
  const bytes = Buffer.alloc(PAYLOAD_BYTES);
  bytes.writeUInt8(FORMAT_VERSION, 0);
  Buffer.from(payload.ticketId.replace(/-/g, ''), 'hex').copy(bytes, 1);
  bytes.writeUInt32BE(payload.orderId, 17);
  bytes.writeUInt32BE(payload.productDefinitionId, 21);
  bytes.writeUInt16BE(dayNumber(payload.firstDay), 25);
  bytes.writeUInt16BE(dayNumber(payload.lastDay), 27);
  return bytes;
}

function decodePayload(bytes: Buffer): TicketCodePayload {
  const hex = bytes.subarray(1, 17).toString('hex');
  return {
    ticketId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    orderId: bytes.readUInt32BE(17),
    productDefinitionId: bytes.readUInt32BE(21),
    firstDay: dayText(bytes.readUInt16BE(25)),
    lastDay: dayText(bytes.readUInt16BE(27)),
  };
}

/** Ed25519 signatures are deterministic: the same ticket always gets the same code. */
export function signTicketCode(key: TicketSigningKey, payload: TicketCodePayload): string {
  const bytes = encodePayload(payload);
  return Buffer.concat([bytes, sign(null, bytes, key.privateKey)]).toString('base64url');
}

/** The payload of a code this key signed, or null for anything else (malformed, altered, foreign). */
export function readTicketCode(publicKey: KeyObject, code: string): TicketCodePayload | null {
  if (!/^[A-Za-z0-9_-]+$/.test(code)) return null;
  const bytes = Buffer.from(code, 'base64url');
  if (bytes.length !== PAYLOAD_BYTES + SIGNATURE_BYTES || bytes.readUInt8(0) !== FORMAT_VERSION) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!verify(null, payload, publicKey, bytes.subarray(PAYLOAD_BYTES))) return null;
  return decodePayload(payload);
}

function keyOf(privateKey: KeyObject): TicketSigningKey {
  const publicKey = createPublicKey(privateKey);
  const keyId = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
  return { keyId, privateKey, publicKey };
}

/** TICKET_SIGNING_KEY (an Ed25519 private key, PKCS#8 PEM, or that PEM in base64) when set; else the
 * key in `file`, created on first use (git-ignored .data/keys, like the identity provider's key). */
export function loadTicketSigningKey(settings: {
  privateKeyPem?: string;
  keyFile: string;
}): TicketSigningKey {
  if (settings.privateKeyPem) {
    const pem = settings.privateKeyPem.includes('-----BEGIN')
      ? settings.privateKeyPem
      : Buffer.from(settings.privateKeyPem, 'base64').toString('utf8');
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'ed25519')
      throw new Error('TICKET_SIGNING_KEY: expected an Ed25519 private key');
    return keyOf(key);
  }
  if (existsSync(settings.keyFile)) return keyOf(createPrivateKey(readFileSync(settings.keyFile, 'utf8')));
  const { privateKey } = generateKeyPairSync('ed25519');
  mkdirSync(dirname(settings.keyFile), { recursive: true });
  // written aside and linked into place: another process never reads a half-written key, and the
  // first process to link wins (the others use its key)
  const aside = `${settings.keyFile}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(aside, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  try {
    linkSync(aside, settings.keyFile);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
  return keyOf(createPrivateKey(readFileSync(settings.keyFile, 'utf8')));
}

export function publicKeyDocument(key: TicketSigningKey) {
  const jwk = key.publicKey.export({ format: 'jwk' }) as Record<string, string>;
  return {
    algorithm: 'Ed25519' as const,
    keyId: key.keyId,
    publicKeyPem: key.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicKeyJwk: { ...jwk, kid: key.keyId },
  };
}
