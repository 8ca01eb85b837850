import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * The dependency rules test themselves: each test plants one import the rules forbid into a file that
 * does not exist, and lints it with the repository's own configuration, as `npm run lint` does (the
 * source comes on stdin, so nothing is written to the tree). A control file with allowed imports shows
 * that a clean result is possible, so the failures are the rules' and not a broken setup's.
 */

const repository = join(__dirname, '..', '..');
const eslint = join(repository, 'node_modules', '.bin', 'eslint');

interface LintOutcome {
  exitCode: number | null;
  messages: { ruleId: string | null; message: string }[];
}

function lint(filePath: string, source: string): Promise<LintOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(eslint, ['--stdin', '--stdin-filename', filePath, '--format', 'json'], {
      cwd: repository,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => {
      try {
        const [result] = JSON.parse(output) as { messages: LintOutcome['messages'] }[];
        resolve({ exitCode, messages: result?.messages ?? [] });
      } catch (error) {
        reject(new Error(`eslint answered no JSON (exit ${exitCode}): ${output}`, { cause: error }));
      }
    });
    child.stdin.end(source);
  });
}

/** a module that imports `specifier` and uses what it takes */
const importing = (specifier: string) =>
  `import * as planted from '${specifier}';\nexport const used = planted;\n`;

async function expectRefused(filePath: string, specifier: string): Promise<void> {
  const outcome = await lint(filePath, importing(specifier));
  expect(outcome.exitCode).toBe(1);
  expect(outcome.messages).toEqual([
    expect.objectContaining({
      ruleId: 'boundaries/dependencies',
      message: expect.stringContaining(`may not import ${specifier}`),
    }),
  ]);
}

describe('npm run lint refuses an import the dependency rules forbid', () => {
  it('lints a file with only allowed imports clean', async () => {
    const source = [
      "import { z } from 'zod';",
      "import { orderStreamName } from '@alpenpass/contracts';",
      "import { conflict } from '../platform/domain-error';",
      "import { orderReaderOf } from '../order';",
      "import { ticketSettingsOf } from './ticket-settings';",
      'export const used = [z, orderStreamName, conflict, orderReaderOf, ticketSettingsOf];',
      '',
    ].join('\n');
    expect(await lint('services/src/ticket/planted.ts', source)).toEqual({ exitCode: 0, messages: [] });
  });

  it('test support from production code', async () => {
    await expectRefused('services/src/order/planted.ts', '../../test/support/order-given');
  });

  it('a test beside the sources from production code', async () => {
    await expectRefused('services/src/order/planted.ts', './decide.unit.test');
  });

  it('the services from the web app, by path and by package name', async () => {
    await expectRefused('web/src/features/basket/planted.ts', '@alpenpass/services/src/platform/config');
    await expectRefused('web/src/features/basket/planted.ts', '@alpenpass/services');
  });

  it('a business area from platform/', async () => {
    await expectRefused('services/src/platform/planted.ts', '../order');
  });

  it("an area's insides from another area, past its index.ts", async () => {
    await expectRefused('services/src/ticket/planted.ts', '../order/order');
  });

  it('an area the rules do not list for the importing area', async () => {
    await expectRefused('services/src/basket/planted.ts', '../order');
  });

  it('a package the importing package may not import', async () => {
    await expectRefused('projections/src/planted.ts', '@alpenpass/workflows');
  });
});
