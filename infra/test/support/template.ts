import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const migrationsDir = join(__dirname, '..', '..', 'src', 'migrations');

/** Named after the migrations' contents, so a changed migration gets a new template while
 * concurrent test runs on the same server keep using theirs. */
export function templateDatabaseName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort())
    hash.update(file).update(readFileSync(join(migrationsDir, file)));
  return `alpenpass_tpl_${hash.digest('hex').slice(0, 12)}`;
}
