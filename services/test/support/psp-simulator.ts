import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { simulatorDefaults } from '../../src/psp-simulator/simulator-config';

export interface RunningSimulator {
  url: string;
  merchantId: string;
  password: string;
  hmacKeyHex: string;
  /** test-only fault switches (POST /__faults) */
  setFaults(scope: { transactionId?: string }, faults: Record<string, unknown>): Promise<void>;
  clearFaults(): Promise<void>;
  releaseHeldNotifications(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts `services/src/psp-simulator/main.ts` as a real child process on a free port. */
export async function startSimulator(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<RunningSimulator> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(require.resolve('tsx')).href,
      join(__dirname, '..', '..', 'src', 'psp-simulator', 'main.ts'),
    ],
    {
      env: {
        ...process.env,
        PSP_SIMULATOR_PORT: '0',
        PSP_SIMULATOR_DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        const match = /"url":"([^"]+)".*"msg":"psp simulator listening"/.exec(line);
        if (match) resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`simulator exited with ${code}:\n${output.join('\n')}`)));
  });
  const admin = async (path: string, method: string, body?: unknown) => {
    const response = await fetch(`${url}/__faults${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`fault switch ${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : ((await response.json()) as { released: number });
  };
  return {
    url,
    merchantId: env.PSP_SIMULATOR_MERCHANT_ID ?? simulatorDefaults.merchantId,
    password: env.PSP_SIMULATOR_MERCHANT_PASSWORD ?? simulatorDefaults.password,
    hmacKeyHex: env.PSP_SIMULATOR_HMAC_KEY ?? simulatorDefaults.hmacKeyHex,
    setFaults: async (scope, faults) => void (await admin('', 'POST', { ...scope, faults })),
    clearFaults: async () => void (await admin('', 'DELETE')),
    releaseHeldNotifications: async () => (await admin('/release', 'POST'))!.released,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
