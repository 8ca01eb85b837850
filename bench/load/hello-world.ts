// The baseline server: Express answering "Hello World!" on GET /, as a node:cluster of as many processes
// as the shop's API runs (argv[2]), on a free port. Forked by startHelloWorld(); tells its parent the port.
import cluster from 'node:cluster';
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';

export interface HelloWorld {
  origin: string;
  stop(): Promise<void>;
}

/** Starts the hello-world cluster in a process of its own. */
export function startHelloWorld(processes: number): Promise<HelloWorld> {
  const child = fork(__filename, [String(processes)], {
    execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('message', (port: number) =>
      resolve({
        origin: `http://127.0.0.1:${port}`,
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      }),
    );
    child.once('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
  });
}

function serve(): void {
  const app = express();
  app.get('/', (_req, res) => {
    res.send('Hello World!');
  });
  const server = app.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
}

function primary(processes: number): void {
  cluster.setupPrimary({ execArgv: process.execArgv });
  let reported = false;
  for (let index = 0; index < processes; index += 1) {
    cluster.fork().on('message', (port: number) => {
      if (!reported) process.send!(port);
      reported = true;
    });
  }
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
}

const isEntry = require.main === module || process.argv[1] === join(__dirname, 'hello-world.ts');
if (isEntry) {
  if (cluster.isPrimary) primary(Number(process.argv[2] ?? 1));
  else serve();
}
