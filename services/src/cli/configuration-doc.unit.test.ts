import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configurationDoc } from './configuration-doc';

describe('docs/configuration.md', () => {
  it('is what the settings’ schemas say today (else: npm run docs:configuration)', () => {
    const committed = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'configuration.md'), 'utf8');
    expect(committed).toBe(configurationDoc());
  });

  it('lists the variables of every group with a meaning, and no path of this machine', () => {
    const doc = configurationDoc();
    for (const variable of ['PORT', 'TRUST_PROXY', 'SMTP_URL', 'PSP_BASE_URL', 'WAITING_ROOM_TARGET_P99_MS'])
      expect(doc).toContain(`| \`${variable}\``);
    expect(doc).not.toContain(join(__dirname, '..', '..', '..'));
  });
});
