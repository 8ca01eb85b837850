import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { API_HEADERS, resolveLanguage, type EventMetadata, type Language } from '@alpenpass/contracts';
import type { Principal } from '../auth/principal';
import type { Logger } from '../logger';
import { clientAddressOf } from './client-address';

/** What every handler knows about the call it serves. */
export interface RequestContext {
  correlationId: string;
  language: Language;
  principal: Principal | null;
  log: Logger;
  /** the client's address as per-address limits key on it (client-address.ts, TRUST_PROXY) */
  clientAddress: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    ctx: RequestContext;
  }
}

const correlationIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

function requestLanguage(req: Request): Language {
  const fromQuery = typeof req.query.language === 'string' ? req.query.language : undefined;
  const fromHeader = req.headers['accept-language']?.split(',')[0]?.split(/[-;]/)[0];
  return resolveLanguage(fromQuery ?? fromHeader);
}

/** Correlation id (taken from the caller when well-formed, else generated), echoed on the response
 * and bound to every log line of the request. */
export function requestContext(log: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const offered = req.headers[API_HEADERS.correlationId];
    const correlationId =
      typeof offered === 'string' && correlationIdPattern.test(offered) ? offered : randomUUID();
    res.setHeader(API_HEADERS.correlationId, correlationId);
    req.ctx = {
      correlationId,
      language: requestLanguage(req),
      principal: null,
      log: log.child({ correlationId }),
      clientAddress: clientAddressOf(req),
    };
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      req.ctx.log.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms) },
        'request',
      );
    });
    next();
  };
}

/** The metadata of every event a request causes (docs/ARCHITECTURE.md, "Conventions"): the request's correlation id, its
 * causation (the request itself) and who acted. */
export function eventMetadataOf(
  ctx: Pick<RequestContext, 'correlationId' | 'principal'>,
): Partial<EventMetadata> {
  return {
    correlationId: ctx.correlationId,
    causationId: ctx.correlationId,
    actor: ctx.principal?.subject ?? 'guest',
  };
}
