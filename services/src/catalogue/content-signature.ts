import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { CONTENT_SIGNATURE_HEADER } from '@alpenpass/contracts';
import { Problem } from '../platform/http/problem';

/** "sha256=" + hex HMAC-SHA256 of the raw body with the shared secret. */
export function signContent(rawBody: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

export function hasValidSignature(rawBody: Buffer | undefined, header: unknown, secret: string): boolean {
  if (!rawBody || typeof header !== 'string') return false;
  const expected = Buffer.from(signContent(rawBody, secret));
  const offered = Buffer.from(header.trim().toLowerCase());
  return offered.length === expected.length && timingSafeEqual(offered, expected);
}

/** Runs before body validation: an unsigned or forged call learns nothing about the schema. */
export function requireContentSignature(secret: string) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (hasValidSignature(req.rawBody, req.headers[CONTENT_SIGNATURE_HEADER], secret)) next();
    else next(Problem.unauthorized(`Missing or invalid ${CONTENT_SIGNATURE_HEADER} signature.`, 'INVALID_SIGNATURE'));
  };
}
