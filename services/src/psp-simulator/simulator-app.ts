import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { faultAdminApi } from './fault-admin-api';
import { FaultSwitches } from './fault-switches';
import { requireMerchant } from './merchant-auth';
import { Notifier } from './notifier';
import { paymentPage } from './payment-page';
import type { SimulatedMerchant } from './simulator-config';
import { SimulatorError } from './simulator-error';
import type { SimulatorStore } from './simulator-store';
import { transactionsApi } from './transactions-api';

export interface SimulatorAppDeps {
  store: SimulatorStore;
  merchant: SimulatedMerchant;
  log: Logger;
  publicUrl(): string;
  now?(): Date;
  /** how long a `timeout` fault holds a connection before dropping it */
  hangMs?: number;
}

export function createSimulatorApp(deps: SimulatorAppDeps): {
  app: express.Express;
  notifier: Notifier;
  faults: FaultSwitches;
} {
  const faults = new FaultSwitches();
  const notifier = new Notifier(deps.merchant, faults, deps.log);
  const now = deps.now ?? (() => new Date());
  const app = express();
  app.disable('x-powered-by');

  app.get('/health', (_req, res) => void res.json({ status: 'ok' }));
  app.use(
    '/__faults',
    express.json({ limit: '10kb' }),
    faultAdminApi({ faults, notifier, merchantId: deps.merchant.merchantId }),
  );
  app.use('/v1/transactions', requireMerchant(deps.merchant), express.json({ limit: '100kb' }));
  app.use(
    '/v1',
    transactionsApi({
      store: deps.store,
      faults,
      log: deps.log,
      hangMs: deps.hangMs ?? 60_000,
      notifier,
      publicUrl: deps.publicUrl,
      now,
    }),
  );
  app.use('/v1/start', paymentPage({ store: deps.store, notifier, faults, now }));

  app.use((_req: Request, res: Response) => {
    res.status(404).json(new SimulatorError(404, 'NOT_FOUND', 'unknown route').body());
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status =
      (error as { status?: number; type?: string }).type === 'entity.parse.failed'
        ? 400
        : (error as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      res.status(status).json(new SimulatorError(status, 'INVALID_REQUEST', 'malformed request').body());
      return;
    }
    deps.log.error({ err: error }, 'simulator failure');
    res.status(500).json(new SimulatorError(500, 'UNKNOWN_ERROR', 'simulator failure').body());
  });
  return { app, notifier, faults };
}
