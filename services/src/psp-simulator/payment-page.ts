import express, { type Request, type Response } from 'express';
import { PROVIDER_REDIRECT_TRANSACTION_PARAM, providerPaymentMethod } from '@alpenpass/contracts';
import type { FaultSwitches } from './fault-switches';
import type { Notifier } from './notifier';
import { challengePage, choicePage, messagePage } from './payment-page-html';
import type { SimulatedTransaction } from './simulated-transaction';
import { SimulatorError } from './simulator-error';
import type { SimulatorStore } from './simulator-store';
import { chosen, failedChallenge, type PageOutcome } from './transaction-rules';

export interface PaymentPageDeps {
  store: SimulatorStore;
  notifier: Notifier;
  faults: FaultSwitches;
  now(): Date;
}

const outcomes: readonly PageOutcome[] = ['success', 'decline', 'cancel', 'error', 'challenge'];

/** Where the browser goes back to: success, cancel or error URL with the provider's transaction id. */
function returnUrl(transaction: SimulatedTransaction): string | undefined {
  const redirect = transaction.redirect;
  if (!redirect) return undefined;
  const base =
    transaction.status === 'canceled'
      ? redirect.cancelUrl
      : transaction.status === 'failed'
        ? redirect.errorUrl
        : redirect.successUrl;
  const url = new URL(base);
  url.searchParams.set(PROVIDER_REDIRECT_TRANSACTION_PARAM, transaction.transactionId);
  return url.toString();
}

/** GET /v1/start/:id shows the page; its forms post back here. Plain HTML, no script, no card numbers. */
export function paymentPage(deps: PaymentPageDeps): express.Router {
  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: '10kb' }));

  const fail = (res: Response, error: unknown) => {
    if (!(error instanceof SimulatorError)) throw error;
    res
      .status(error.status === 404 ? 404 : 409)
      .type('html')
      .send(messagePage('Payment not possible', error.message));
  };

  const finish = async (res: Response, transaction: SimulatedTransaction) => {
    if (transaction.card?.alias)
      await deps.store.saveAlias(transaction.merchantId, {
        ...transaction.card,
        alias: transaction.card.alias,
      });
    deps.notifier.notify(transaction);
    if (transaction.status === 'challenge_ongoing') {
      res.type('html').send(challengePage(transaction));
      return;
    }
    const url = returnUrl(transaction);
    if (deps.faults.for(transaction.merchantId, transaction.transactionId).redirect === 'lost' || !url) {
      res
        .type('html')
        .send(
          messagePage('Connection lost', 'The payment was processed, but the way back to the shop was lost.'),
        );
      return;
    }
    res.redirect(303, url);
  };

  router.get('/:transactionId', async (req: Request, res: Response) => {
    const transaction = await deps.store.find(undefined, String(req.params.transactionId));
    if (!transaction) return fail(res, SimulatorError.notFound(String(req.params.transactionId)));
    if (transaction.status === 'challenge_ongoing')
      return void res.type('html').send(challengePage(transaction));
    if (transaction.status !== 'initialized')
      return fail(res, SimulatorError.invalidStatus(transaction.status, 'pay'));
    res.type('html').send(choicePage(transaction));
  });

  router.post('/:transactionId', async (req: Request, res: Response) => {
    const method = providerPaymentMethod.safeParse(req.body?.method);
    const outcome = outcomes.find((candidate) => candidate === req.body?.outcome);
    if (!method.success || !outcome)
      return fail(res, SimulatorError.invalidProperty('choose a payment method and an outcome'));
    try {
      const { next } = await deps.store.update(
        undefined,
        String(req.params.transactionId),
        async (current) => {
          if (current.status !== 'initialized') throw SimulatorError.invalidStatus(current.status, 'pay');
          return { next: chosen(current, method.data, outcome, deps.now()), result: null };
        },
      );
      await finish(res, next);
    } catch (error) {
      fail(res, error);
    }
  });

  router.post('/:transactionId/challenge', async (req: Request, res: Response) => {
    const passed = req.body?.result === 'pass';
    try {
      const { next } = await deps.store.update(
        undefined,
        String(req.params.transactionId),
        async (current) => {
          if (current.status !== 'challenge_ongoing' || !current.paymentMethod)
            throw SimulatorError.invalidStatus(current.status, 'authenticate');
          const next = passed
            ? chosen(current, current.paymentMethod, 'success', deps.now())
            : failedChallenge(current, deps.now());
          return { next, result: null };
        },
      );
      await finish(res, next);
    } catch (error) {
      fail(res, error);
    }
  });

  return router;
}
