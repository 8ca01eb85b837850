import express, { type Request } from 'express';
import type { z } from 'zod';
import {
  authorizeWithAliasRequest,
  cancelRequest,
  creditRequest,
  initTransactionRequest,
  settleRequest,
} from '@alpenpass/contracts';
import { idempotentPost, type IdempotentPostDeps } from './idempotent-post';
import type { Notifier } from './notifier';
import { statusView, type SimulatedTransaction } from './simulated-transaction';
import { SimulatorError } from './simulator-error';
import * as rules from './transaction-rules';

export interface TransactionsApiDeps extends IdempotentPostDeps {
  notifier: Notifier;
  /** base of the hosted payment page URLs */
  publicUrl(): string;
  now(): Date;
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw SimulatorError.invalidProperty(
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return result.data;
}

const idOf = (req: Request) => String(req.params.transactionId);

/** The provider's server API under /v1 (merchant basic auth is applied by the caller). */
export function transactionsApi(deps: TransactionsApiDeps): express.Router {
  const router = express.Router();
  const { store, notifier, now } = deps;
  const post = (handler: Parameters<typeof idempotentPost>[1]) => idempotentPost(deps, handler);
  const changed = (transaction: SimulatedTransaction) => notifier.notify(transaction);

  router.post(
    '/transactions',
    post(async (req, merchantId) => {
      const request = parse(initTransactionRequest, req.body);
      const transaction = rules.initialized(merchantId, request, now());
      await store.insert(transaction);
      const location = `${deps.publicUrl()}/v1/start/${transaction.transactionId}`;
      return { status: 201, body: { transactionId: transaction.transactionId }, location };
    }),
  );

  router.post(
    '/transactions/authorize',
    post(async (req, merchantId) => {
      const request = parse(authorizeWithAliasRequest, req.body);
      const card = await store.findAlias(merchantId, request.card.alias);
      if (!card) throw new SimulatorError(404, 'ALIAS_NOT_FOUND', 'unknown alias');
      if (deps.faults.for(merchantId).aliasAuthorization === 'decline')
        throw new SimulatorError(400, 'DECLINED', 'declined by the issuer');
      const transaction = rules.authorizedWithAlias(merchantId, card, request, now());
      await store.insert(transaction);
      changed(transaction);
      return {
        status: 200,
        body: {
          transactionId: transaction.transactionId,
          acquirerAuthorizationCode: transaction.acquirerAuthorizationCode,
        },
      };
    }),
  );

  router.get('/transactions/:transactionId', async (req, res) => {
    const transaction = await store.find(res.locals.merchantId as string, idOf(req));
    if (!transaction) {
      const error = SimulatorError.notFound(idOf(req));
      res.status(error.status).json(error.body());
      return;
    }
    res.json(statusView(transaction));
  });

  router.post(
    '/transactions/:transactionId/settle',
    post(async (req, merchantId) => {
      const request = parse(settleRequest, req.body);
      const { next } = await store.update(merchantId, idOf(req), async (current) => ({
        next: rules.settled(current, request, now()),
        result: null,
      }));
      changed(next);
      return { status: 204, body: null };
    }),
  );

  router.post(
    '/transactions/:transactionId/cancel',
    post(async (req, merchantId) => {
      parse(cancelRequest, req.body);
      const { next } = await store.update(merchantId, idOf(req), async (current) => ({
        next: rules.canceled(current, now()),
        result: null,
      }));
      changed(next);
      return { status: 204, body: null };
    }),
  );

  router.post(
    '/transactions/:transactionId/credit',
    post(async (req, merchantId) => {
      const request = parse(creditRequest, req.body);
      const { next, result: credit } = await store.update(merchantId, idOf(req), async (current, client) => {
        const { payment, credit } = rules.credited(current, request, now());
        await store.insertWith(client, credit);
        return { next: payment, result: credit };
      });
      changed(next);
      return {
        status: 200,
        body: {
          transactionId: credit.transactionId,
          acquirerAuthorizationCode: credit.acquirerAuthorizationCode,
        },
      };
    }),
  );

  return router;
}
