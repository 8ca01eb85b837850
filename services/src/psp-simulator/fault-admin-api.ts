import express from 'express';
import { faultRequest, type FaultSwitches } from './fault-switches';
import type { Notifier } from './notifier';

/**
 * Test-only admin endpoints (no auth: the simulator holds no real money and is never deployed):
 * POST /__faults {merchantId? | transactionId?, faults} arranges faults (no scope = the configured merchant),
 * DELETE /__faults clears them all, POST /__faults/release sends the held notifications.
 */
export function faultAdminApi(deps: {
  faults: FaultSwitches;
  notifier: Notifier;
  merchantId: string;
}): express.Router {
  const router = express.Router();
  router.post('/', (req, res) => {
    const parsed = faultRequest.safeParse(req.body);
    if (!parsed.success) {
      res
        .status(400)
        .json({ error: { code: 'INVALID_PROPERTY', message: parsed.error.issues[0]?.message ?? 'invalid' } });
      return;
    }
    const { transactionId, merchantId, faults } = parsed.data;
    deps.faults.set(
      transactionId ? { transactionId } : { merchantId: merchantId ?? deps.merchantId },
      faults,
    );
    res.status(204).end();
  });
  router.delete('/', (_req, res) => {
    deps.faults.reset();
    res.status(204).end();
  });
  router.post('/release', async (_req, res) => {
    res.json({ released: await deps.notifier.release() });
  });
  return router;
}
