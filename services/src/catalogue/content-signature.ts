import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { CONTENT_SIGNATURE_HEADER } from '@alpenpass/contracts';
import { developmentSecrets, type DeploymentEnvironment } from '../platform/development-secrets';
import { Problem } from '../platform/http/problem';

export class UnsafeWebhookSecretError extends Error {}

/** Whoever reads the source knows the development default; outside development it signs nothing. */
export function assertUsableWebhookSecret(secret: string, environment: DeploymentEnvironment): void {
  if (environment !== 'development' && secret === developmentSecrets.CONTENT_WEBHOOK_SECRET) {
    throw new UnsafeWebhookSecretError(
      'CONTENT_WEBHOOK_SECRET holds the development default, which is published in the source: the content webhook refuses it outside development.',
    );
  }
}

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
export function requireContentSignature(secret: string, environment: DeploymentEnvironment) {
  assertUsableWebhookSecret(secret, environment);
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (hasValidSignature(req.rawBody, req.headers[CONTENT_SIGNATURE_HEADER], secret)) next();
    else
      next(
        Problem.unauthorized(
          `Missing or invalid ${CONTENT_SIGNATURE_HEADER} signature.`,
          'INVALID_SIGNATURE',
        ),
      );
  };
}
