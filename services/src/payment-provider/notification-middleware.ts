import type { NextFunction, Request, Response } from 'express';
import type { TransactionStatusResponse } from '@alpenpass/contracts';
import { PROVIDER_SIGNATURE_HEADER } from '@alpenpass/contracts';
import { Problem } from '../platform/http/problem';
import { readProviderNotification } from './provider-notification';

export interface ProviderSignatureOptions {
  hmacKeyHex: string;
  toleranceSeconds: number;
  now?(): number;
}

/**
 * For the checkout's notification route (an external router: the provider sends no shop headers). Runs
 * on the raw body the shop's JSON parser keeps; a refused notification is a 401 INVALID_SIGNATURE problem
 * that names no reason. An accepted one is in `res.locals.providerNotification`.
 */
export function requireProviderSignature(options: ProviderSignatureOptions) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const reading = readProviderNotification(req.rawBody, req.headers[PROVIDER_SIGNATURE_HEADER], {
      hmacKeyHex: options.hmacKeyHex,
      toleranceSeconds: options.toleranceSeconds,
      nowMs: options.now?.() ?? Date.now(),
    });
    if (!reading.accepted) {
      next(Problem.unauthorized('Missing, invalid or expired Datatrans-Signature.', 'INVALID_SIGNATURE'));
      return;
    }
    (res.locals as { providerNotification?: TransactionStatusResponse }).providerNotification =
      reading.notification;
    next();
  };
}
