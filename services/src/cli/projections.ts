import { compose } from '../composition';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { runProjectionsCommand } from './projections-command';

/** Ops entry point: `npm run projections -- status` and `npm run projections -- replay <name>`. */
async function main(): Promise<number> {
  const config = loadConfig();
  const composition = await compose(config, createLogger('warn'), { max: 4 });
  try {
    return await runProjectionsCommand(process.argv.slice(2), {
      knex: composition.knex,
      source: composition.store,
      projections: composition.projections,
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
  } finally {
    await composition.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`projections: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
