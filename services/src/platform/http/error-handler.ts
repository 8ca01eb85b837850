import type { NextFunction, Request, Response } from 'express';
import { ZodError } from 'zod';
import { DomainError, type RefusalKind } from '../domain-error';
import type { Logger } from '../logger';
import { InvalidEncodingError, UnsupportedCharsetError } from './json-body';
import { Problem, problemBody } from './problem';
import { fieldErrors } from './validate';
import { infrastructureUnavailable, retryAfterSeconds } from './unavailable';
import type { MetricsLocals } from '../metrics/http-metrics';

const statusOfKind: Record<RefusalKind, number> = {
  invalid: 400,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  unavailable: 503,
  too_many: 429,
};

/** body-parser and friends mark client mistakes with a status (malformed JSON, too large, bad charset) */
function clientMistake(error: unknown): Problem | undefined {
  const e = error as { status?: number; type?: string; expose?: boolean; message?: string };
  if (typeof e?.status !== 'number' || e.status < 400 || e.status >= 500) return undefined;
  if (e.type === 'entity.parse.failed')
    return new Problem(400, 'MALFORMED_JSON', 'The request body is not valid JSON.');
  if (e.type === 'entity.too.large')
    return new Problem(413, 'BODY_TOO_LARGE', 'The request body is too large.');
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
    return Problem.unsupportedMediaType(
      e.expose && e.message ? e.message : 'The request body is sent in an unsupported encoding.',
    );
  }
  return new Problem(
    e.status,
    'BAD_REQUEST',
    e.expose && e.message ? e.message : 'The request cannot be processed.',
  );
}

export function toProblem(error: unknown): Problem | undefined {
  if (error instanceof Problem) return error;
  // thrown while body-parser verified the bytes, which relabels them 403: answer the encoding instead
  if (error instanceof InvalidEncodingError) return Problem.badRequest('INVALID_ENCODING', error.message);
  if (error instanceof UnsupportedCharsetError) return Problem.unsupportedMediaType(error.message);
  if (error instanceof DomainError) {
    const errors = error.path ? [{ path: error.path, message: error.message }] : [];
    return new Problem(statusOfKind[error.kind], error.code, error.message, errors);
  }
  if (error instanceof ZodError) {
    const errors = fieldErrors(error, '');
    return Problem.badRequest('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid request', errors);
  }
  if ((error as Error)?.name === 'ConcurrencyConflictError') {
    return Problem.conflict(
      'CONCURRENT_MODIFICATION',
      'Someone else changed this at the same time; please try again.',
    );
  }
  return clientMistake(error) ?? infrastructureUnavailable(error);
}

export function errorHandler(log: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const problem = toProblem(error);
    const correlationId = req.ctx?.correlationId ?? 'unknown';
    if (!problem) (req.ctx?.log ?? log).error({ err: error }, 'unhandled error');
    const body = problemBody(
      problem ?? new Problem(500, 'INTERNAL', 'Something went wrong on our side.'),
      correlationId,
    );
    if (res.headersSent) return;
    (res.locals as MetricsLocals).problemCode = body.code;
    if (body.status === 503 && !res.getHeader('retry-after'))
      res.setHeader('retry-after', String(retryAfterSeconds));
    res.status(body.status).type('application/problem+json').send(JSON.stringify(body));
  };
}

export function unknownRoute(req: Request): never {
  throw Problem.notFound(`No endpoint ${req.method} ${req.path}.`, 'UNKNOWN_ROUTE');
}
