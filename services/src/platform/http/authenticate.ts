import type { NextFunction, Request, Response } from 'express';
import { AccountAccessRefused, InvalidTokenError, type TokenVerifier } from '../auth/verifier';
import { Problem } from './problem';

/** Verifies a bearer token when one is sent; a bad token is a 401 even on public routes. */
export function authenticate(verify: TokenVerifier) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const header = req.headers.authorization;
    if (!header) return next();
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match)
      throw Problem.unauthorized('The Authorization header must be "Bearer <token>".', 'INVALID_TOKEN');
    try {
      req.ctx.principal = await verify(match[1]!);
    } catch (error) {
      if (error instanceof AccountAccessRefused) throw Problem.unauthorized(error.message, error.code);
      if (error instanceof InvalidTokenError)
        throw Problem.unauthorized('The access token is invalid or expired.', 'INVALID_TOKEN');
      // the account's state could not be read (the database is away): not the token's fault
      throw error;
    }
    next();
  };
}
