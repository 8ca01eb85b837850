import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTicketSigningKey, publicKeyDocument, readTicketCode, signTicketCode } from './ticket-code';

const file = join(mkdtempSync(join(tmpdir(), 'ticket-key-')), 'key.pem');
const key = loadTicketSigningKey({ keyFile: file });
const payload = {
  ticketId: '3f2a1c4e-9b8d-5e7f-a1b2-c3d4e5f60718',
  orderId: 1_234_567_890,
  productDefinitionId: 1031,
  firstDay: '2026-01-10',
  lastDay: '2026-01-12',
};

describe('ticket codes', () => {
  it('round-trips the payload through a compact url-safe code', () => {
    const code = signTicketCode(key, payload);
    expect(code).toMatch(/^[A-Za-z0-9_-]{124}$/);
    expect(readTicketCode(key.publicKey, code)).toEqual(payload);
    expect(
      readTicketCode(key.publicKey, signTicketCode(key, { ...payload, firstDay: null, lastDay: null })),
    ).toEqual({ ...payload, firstDay: null, lastDay: null });
  });

  it('is verified with the published public key alone (offline)', () => {
    const published = publicKeyDocument(key);
    const { createPublicKey } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    expect(readTicketCode(createPublicKey(published.publicKeyPem), signTicketCode(key, payload))).toEqual(
      payload,
    );
    expect(
      readTicketCode(
        createPublicKey({ key: published.publicKeyJwk, format: 'jwk' }),
        signTicketCode(key, payload),
      ),
    ).toEqual(payload);
  });

  it('refuses any changed byte, a code of another key, and garbage', () => {
    const code = signTicketCode(key, payload);
    const bytes = Buffer.from(code, 'base64url');
    for (const position of [0, 5, 20, 26, 40, 92]) {
      const changed = Buffer.from(bytes);
      changed[position] = changed[position]! ^ 0x01;
      expect(readTicketCode(key.publicKey, changed.toString('base64url'))).toBeNull();
    }
    const other = generateKeyPairSync('ed25519');
    expect(
      readTicketCode(
        key.publicKey,
        signTicketCode({ keyId: 'x', privateKey: other.privateKey, publicKey: other.publicKey }, payload),
      ),
    ).toBeNull();
    for (const garbage of ['', 'abc', 'not base64!', code.slice(0, -2), `${code}AA`])
      expect(readTicketCode(key.publicKey, garbage)).toBeNull();
  });

  it('keeps the key across restarts, or takes it from TICKET_SIGNING_KEY', () => {
    expect(loadTicketSigningKey({ keyFile: file }).keyId).toBe(key.keyId);
    const pem = readFileSync(file, 'utf8');
    expect(
      loadTicketSigningKey({
        keyFile: '/nonexistent/never-written',
        privateKeyPem: Buffer.from(pem).toString('base64'),
      }).keyId,
    ).toBe(key.keyId);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => loadTicketSigningKey({ keyFile: file, privateKeyPem: rsa })).toThrow(/Ed25519/);
  });
});
