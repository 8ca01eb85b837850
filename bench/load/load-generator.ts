import { fork } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadJob, LoadResult } from './load-job';

/** Runs one job in a load-generator process of its own (load-driver.ts) and answers its result. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  const driver = fork(join(__dirname, 'load-driver.ts'), [], {
    execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    driver.once('message', (message: { ok: true; result: LoadResult } | { ok: false; error: string }) =>
      message.ok ? resolve(message.result) : reject(new Error(`the load generator failed: ${message.error}`)),
    );
    driver.once('exit', (code) =>
      reject(new Error(`the load generator exited with ${code} before it answered`)),
    );
    driver.send(job);
  });
}
