import '../platform/shop-clock-install';
/**
 * Mints a bearer token signed by the embedded identity provider (dev and demo only):
 *   npm run token -- admin [subject]
 *   npm run token -- customer <accountId>
 *   npm run token -- integrator [subject]
 */
import { loadConfig } from '../platform/config';
import { roles, type Role } from '../platform/auth/principal';
import { loadOrCreateSigningKey } from '../platform/auth/signing-key';
import { mintToken } from '../platform/auth/tokens';

async function main(): Promise<void> {
  const [role, subject] = process.argv.slice(2);
  if (!role || !(roles as readonly string[]).includes(role)) {
    process.stderr.write(`usage: npm run token -- <${roles.join('|')}> [subject or account id]\n`);
    process.exit(2);
  }
  const config = loadConfig();
  if (config.auth.jwksUri) {
    process.stderr.write('AUTH_JWKS_URI is set: tokens come from that identity provider, not from here.\n');
    process.exit(2);
  }
  const key = await loadOrCreateSigningKey(config.auth.signingKeyFile);
  const name = subject ?? `${role}-dev`;
  const token = await mintToken(
    key,
    { issuer: config.auth.issuers[0]!, audience: config.auth.audience },
    {
      subject: name,
      roles: [role as Role],
      accountId: role === 'customer' ? name : undefined,
      expiresIn: `${Math.min(12 * 60 * 60, config.auth.maxTokenLifetimeSeconds)}s`,
    },
  );
  process.stdout.write(`${token}\n`);
}

void main();
