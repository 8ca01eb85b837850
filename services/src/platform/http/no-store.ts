import type { NextFunction, Request, Response } from 'express';

/**
 * Every /api answer may be personal (a basket, an account, a token's view), so none is kept by
 * browsers or shared caches unless its route says otherwise: the integrator price feeds replace
 * this with their own `no-cache` + ETag revalidation (services/src/pricing/etag.ts).
 */
export function noStoreByDefault(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}
