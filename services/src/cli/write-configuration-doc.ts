import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configurationDoc } from './configuration-doc';

/** `npm run docs:configuration`: writes docs/configuration.md from the settings' schemas. */
const target = join(__dirname, '..', '..', '..', 'docs', 'configuration.md');
writeFileSync(target, configurationDoc());
process.stdout.write(`wrote ${target}\n`);
