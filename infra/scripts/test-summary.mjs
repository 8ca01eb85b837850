// Prints one summary of the test run's tiers from jest's JSON reports (infra/scripts/test.sh): per tier
// the tests passed, failed and skipped, then every skipped test by name, so that no skip goes unseen.
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';

const reports = process.argv.slice(2);
const skipped = [];
const lines = [];
for (const file of reports) {
  const tier = file.replace(/^.*jest-(.*)\.json$/, '$1');
  if (!existsSync(file)) {
    lines.push(`  ${tier}: no report (the tier did not run to its end)`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const suitesFailed = report.testResults.filter(
    (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
  ).length;
  lines.push(
    `  ${tier}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped` +
      (suitesFailed ? `, ${suitesFailed} suites failed before their tests` : ''),
  );
  for (const suite of report.testResults)
    for (const test of suite.assertionResults)
      if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo')
        skipped.push(`  ${tier}: ${test.fullName}`);
}
process.stdout.write(`\ntest summary:\n${lines.join('\n')}\n`);
if (skipped.length) process.stdout.write(`skipped (${skipped.length}):\n${skipped.join('\n')}\n`);
