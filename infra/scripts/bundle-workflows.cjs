// Bundles the compiled workflows for the Temporal worker (workflows/src/worker.ts takes it when it runs
// compiled), when the bundle is missing or older than a compiled file it may hold. Run by build-server.sh.
const { existsSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { bundleWorkflowCode } = require('@temporalio/worker');

const dist = join(__dirname, '..', '..', 'dist');
const target = join(dist, 'workflows', 'src', 'workflow-bundle.js');

function newestMs(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMs(path));
    else if (entry.name.endsWith('.js') && path !== target) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const sources = ['workflows', 'contracts'].map((name) => join(dist, name, 'src'));
if (existsSync(target) && statSync(target).mtimeMs > Math.max(...sources.map(newestMs))) process.exit(0);
const quiet = () => undefined;
const report = (message) => process.stderr.write(`[alpenpass] workflow bundler: ${message}\n`);
bundleWorkflowCode({
  workflowsPath: join(dist, 'workflows', 'src', 'workflows.js'),
  logger: { log: quiet, trace: quiet, debug: quiet, info: quiet, warn: report, error: report },
}).then(
  ({ code }) => {
    writeFileSync(target, code);
    process.stderr.write('[alpenpass] workflows bundled for the worker\n');
  },
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
