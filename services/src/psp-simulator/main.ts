import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { ensureDatabase } from '@alpenpass/infra';
import { createSimulatorApp } from './simulator-app';
import { loadSimulatorConfig } from './simulator-config';
import { SimulatorStore } from './simulator-store';

/**
 * The payment provider simulator as its own process: `npx tsx services/src/psp-simulator/main.ts`.
 * Speaks the provider's JSON API v1 subset (docs/payment-provider.md) on PSP_SIMULATOR_PORT (3900),
 * keeps its transactions in its own database (PSP_SIMULATOR_DATABASE_URL, schema psp_simulator).
 */
async function start(): Promise<void> {
  const config = loadSimulatorConfig();
  const log = pino({ level: config.logLevel, base: { service: 'psp-simulator' } });
  await ensureDatabase(config.databaseUrl);
  const store = await SimulatorStore.open(config.databaseUrl, config.claimLeaseSeconds);
  let publicUrl = config.publicUrl?.replace(/\/+$/, '') ?? '';
  const { app } = createSimulatorApp({ store, merchant: config.merchant, log, publicUrl: () => publicUrl });
  const server = app.listen(config.port, config.host, (error?: Error) => {
    // Express 5 calls this back with the listen error too (a taken port)
    if (error) {
      process.stderr.write(
        `PSP simulator cannot listen on ${config.host}:${config.port}: ${error.message}\n`,
      );
      process.exit(1);
    }
    const { port } = server.address() as AddressInfo;
    if (!publicUrl) publicUrl = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    log.info({ url: publicUrl, merchantId: config.merchant.merchantId }, 'psp simulator listening');
  });
  const stop = () => {
    server.close();
    server.closeAllConnections();
    store.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // started by the supervisor (npm start): do not outlive it (a killed launcher left simulators behind)
  if (process.send) process.on('disconnect', stop);
}

start().catch((error: unknown) => {
  process.stderr.write(
    `PSP simulator failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
