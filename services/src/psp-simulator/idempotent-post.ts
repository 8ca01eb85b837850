import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { FaultSwitches } from './fault-switches';
import { SimulatorError } from './simulator-error';
import type { SimulatorStore, StoredResponse } from './simulator-store';

export type PostHandler = (req: Request, merchantId: string) => Promise<StoredResponse>;

export interface IdempotentPostDeps {
  store: SimulatorStore;
  faults: FaultSwitches;
  log: Logger;
  /** how long a `timeout` fault keeps the connection open without an answer */
  hangMs: number;
}

/**
 * Every POST honours `Idempotency-Key`: the first call claims the key, does the work and stores its
 * answer; a repeat with the same method, path and body gets the stored answer (`Idempotency-Replayed:
 * true`) and does nothing; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED, and while
 * the first call still runs 409 IDEMPOTENCY_KEY_IN_USE. Fault switches may then swallow the answer.
 */
export function idempotentPost(deps: IdempotentPostDeps, handler: PostHandler) {
  return async (req: Request, res: Response): Promise<void> => {
    const merchantId = res.locals.merchantId as string;
    const key = req.header('idempotency-key');
    const transactionId = typeof req.params.transactionId === 'string' ? req.params.transactionId : undefined;
    if (key !== undefined && (key.length === 0 || key.length > 255)) {
      send(
        res,
        errorResponse(
          new SimulatorError(400, 'INVALID_PROPERTY', 'Idempotency-Key must have 1 to 255 characters'),
        ),
      );
      return;
    }
    if (key !== undefined) {
      const fingerprint = createHash('sha256')
        .update(`${req.method} ${req.originalUrl}\n${JSON.stringify(req.body ?? null)}`)
        .digest('hex');
      const claim = await deps.store.claimIdempotencyKey(merchantId, key, fingerprint);
      if (claim.kind === 'replay') {
        res.setHeader('idempotency-replayed', 'true');
        send(res, claim.response);
        return;
      }
      if (claim.kind === 'different_request') {
        send(
          res,
          errorResponse(
            new SimulatorError(
              422,
              'IDEMPOTENCY_KEY_REUSED',
              'this Idempotency-Key was used for another request',
            ),
          ),
        );
        return;
      }
      if (claim.kind === 'in_progress') {
        send(
          res,
          errorResponse(
            new SimulatorError(
              409,
              'IDEMPOTENCY_KEY_IN_USE',
              'a request with this Idempotency-Key is still running',
            ),
          ),
        );
        return;
      }
    }
    let response: StoredResponse;
    try {
      response = await handler(req, merchantId);
    } catch (error) {
      if (!(error instanceof SimulatorError)) {
        if (key !== undefined) await deps.store.releaseIdempotencyKey(merchantId, key);
        throw error;
      }
      response = errorResponse(error);
    }
    if (key !== undefined) await deps.store.completeIdempotencyKey(merchantId, key, response);
    const fault = deps.faults.takeFailAfterWork(merchantId, transactionId);
    if (fault?.kind === '5xx') {
      deps.log.info({ path: req.path }, 'work done, answering 503 (fault switch)');
      res
        .status(503)
        .json(
          new SimulatorError(503, 'SERVICE_UNAVAILABLE', 'simulated outage after the work was done').body(),
        );
      return;
    }
    if (fault?.kind === 'timeout') {
      deps.log.info({ path: req.path }, 'work done, not answering (fault switch)');
      setTimeout(() => res.socket?.destroy(), deps.hangMs).unref();
      return;
    }
    send(res, response);
  };
}

export function errorResponse(error: SimulatorError): StoredResponse {
  return { status: error.status, body: error.body() };
}

function send(res: Response, response: StoredResponse): void {
  if (response.location) res.setHeader('location', response.location);
  if (response.body === undefined || response.body === null || response.status === 204)
    res.status(response.status).end();
  else res.status(response.status).json(response.body);
}
