import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect as connectSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForProcess, waitUntil } from '@alpenpass/infra/test/support';
import { freePort } from './api-processes';

/** The binary infra/scripts/ensure-services.sh starts for the machine's NATS. */
const natsServerBinary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/** A NATS server with JetStream of a test's own: a free port and a store directory that outlives a
 * stop, so that stopping and starting it again is an outage of the bus, not the loss of its stream. */
export interface OwnNatsServer {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connectSocket(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function ownNatsServer(): Promise<OwnNatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'alpenpass-nats-'));
  let child: ChildProcess | undefined;
  const server: OwnNatsServer = {
    url: `nats://127.0.0.1:${port}`,
    async start() {
      const started = spawn(
        natsServerBinary,
        ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir],
        {
          stdio: 'ignore',
        },
      );
      child = started;
      await waitForProcess(`NATS on port ${port}`, started, () => accepts(port), 15_000, { intervalMs: 50 });
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const ended = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await ended;
      await waitUntil(`NATS on port ${port} gone`, async () => !(await accepts(port)), 10_000, {
        intervalMs: 50,
      });
    },
  };
  await server.start();
  return server;
}
