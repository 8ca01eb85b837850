// `npm run test:dates`: the suites whose outcome depends on the day they run (marked `// @date-matrix`
// in their first lines), run as if today were each day of matrixDays: the shops they start, the cluster's
// nodes and the test processes all read SHOP_CLOCK (services/src/platform/shop-clock.ts). With the
// cluster suite's set-up and first booking tests where network namespaces can be made.
// Usage: npm run test:dates [-- --only-days=<n,…>] (1-based positions in the matrix)
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clusterUnavailable } from '../../../infra/cluster/support/cluster-topology';
import { matrixDays } from './matrix-days';

const repositoryRoot = join(__dirname, '..', '..', '..');
const marker = '// @date-matrix';
const clusterTests = 'serves through the balancer|sells no more places than a slot has';

function markedSuites(): string[] {
  const tests = execFileSync('git', ['ls-files', '*.test.ts', '*.test.tsx'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  return tests.filter((path) =>
    readFileSync(join(repositoryRoot, path), 'utf8')
      .split('\n', 12)
      .some((line) => line.startsWith(marker)),
  );
}

function jest(day: string, args: string[]): boolean {
  const run = spawnSync('npx', ['jest', '--ci', '--forceExit', ...args], {
    cwd: repositoryRoot,
    stdio: 'inherit',
    env: { ...process.env, SHOP_CLOCK: day, SHOP_CLOCK_STARTED_AT: '' },
  });
  return run.status === 0;
}

function main(): void {
  const only = process.argv
    .find((argument) => argument.startsWith('--only-days='))
    ?.slice('--only-days='.length)
    .split(',')
    .map(Number);
  const days = matrixDays(new Date()).filter((_, index) => !only || only.includes(index + 1));
  const suites = markedSuites();
  const cluster = clusterUnavailable();
  console.log(
    `date matrix: ${suites.length} suites marked ${marker} on ${days.map(({ day }) => day).join(', ')}` +
      (cluster ? `; no cluster here (${cluster})` : "; and the cluster suite's set-up"),
  );
  const results: string[] = [];
  for (const { name, day } of days) {
    console.log(`\n=== as if today were ${day} (${name}) ===`);
    const suitesPassed = jest(day, ['--maxWorkers=2', ...suites]);
    const clusterPassed = cluster
      ? undefined
      : jest(day, ['--maxWorkers=1', '--selectProjects', 'cluster', '-t', clusterTests]);
    results.push(
      `  ${day} (${name}): suites ${suitesPassed ? 'passed' : 'FAILED'}` +
        (clusterPassed === undefined ? '' : `, cluster ${clusterPassed ? 'passed' : 'FAILED'}`),
    );
    if (!suitesPassed || clusterPassed === false) process.exitCode = 1;
  }
  console.log(`\ndate matrix:\n${results.join('\n')}`);
}

main();
