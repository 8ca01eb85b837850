import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import { admits, type Access } from '../auth/principal';
import type { IdempotentRequests, StoredAnswer } from '../idempotent-requests';
import { idempotencyKeyOf } from './idempotency-key';
import { answerOnce, idempotentCallOf } from './idempotent-route';
import { hasBody, isJsonRequest } from './json-body';
import { Problem } from './problem';
import type { RequestContext } from './request-context';
import { parseInput } from './validate';
import { receiveUpload, type ReceivedFile, type UploadSpec } from './upload';
import type { MetricsLocals } from '../metrics/http-metrics';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Schema = z.ZodType;

/** One endpoint, described once: the same description validates requests and feeds OpenAPI. */
export interface RouteSpec<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
> {
  method: Method;
  /** the operation's name for client generators: camelCase verb and noun (getOrder, addBasketItem), `admin`
   * first for staff operations; unique in the shop (checked when the app is built) and stable once published */
  operationId: string;
  /** Express syntax, relative to the router's mount point: '/baskets/:basketId' */
  path: string;
  summary: string;
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  response?: Schema;
  /** success status; 204 when the handler returns undefined */
  status?: number;
  /** the route takes one file as multipart/form-data instead of a JSON body (person photos) */
  upload?: UploadSpec;
  /** the route takes an Idempotency-Key header: a repeat is answered as the first request was (docs/http.md,
   * "Idempotency-Key"); its handler answers by returning its result */
  idempotent?: boolean;
}

type Parsed<S> = S extends Schema ? z.output<S> : undefined;

export interface RouteInput<B, Q, P> {
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
  ctx: RequestContext;
  req: Request;
  res: Response;
  /** the uploaded file of a route with `upload` */
  file?: ReceivedFile;
  /** the Idempotency-Key of an `idempotent` route's request, for ids that must come out the same on a repeat */
  idempotencyKey?: string;
}

/** A request the shop sends to others (an integrator webhook): documented under OpenAPI's `webhooks`, never served. */
export interface OutgoingRequest {
  name: string;
  summary: string;
  headers?: Schema;
  body: Schema;
}

export interface DescribedRoute {
  spec: RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>;
  fullPath: string;
  tag: string;
}

/** An Express router that knows its routes' schemas, for validation and the OpenAPI document. */
export class ApiRouter {
  readonly express = Router();
  readonly routes: DescribedRoute[] = [];
  readonly outgoing: OutgoingRequest[] = [];
  private idempotentRequests?: IdempotentRequests;

  /** @param mountPath where the composition root mounts it below /api, e.g. '/baskets' or '' */
  constructor(
    readonly tag: string,
    readonly mountPath = '',
  ) {}

  /** whether a route of this router takes an Idempotency-Key */
  get takesIdempotencyKeys(): boolean {
    return this.routes.some(({ spec }) => spec.idempotent);
  }

  /** where the `idempotent` routes keep their claims and answers; the HTTP app hands it over when it mounts the router */
  keepIdempotentAnswersIn(store: IdempotentRequests): void {
    this.idempotentRequests = store;
  }

  /** documents a request the shop sends (OpenAPI 3.1 `webhooks`) */
  describeOutgoing(request: OutgoingRequest): this {
    this.outgoing.push(request);
    return this;
  }

  route<
    B extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    P extends Schema | undefined = undefined,
  >(spec: RouteSpec<B, Q, P>, handler: (input: RouteInput<B, Q, P>) => Promise<unknown> | unknown): this {
    const fullPath = `${this.mountPath}${spec.path}`;
    const name = `${spec.method.toUpperCase()} ${fullPath}`;
    // an uploaded file is not part of what a repeat is compared by
    if (spec.idempotent && spec.upload)
      throw new Error(`${name}: a route takes either an upload or an Idempotency-Key`);
    this.routes.push({ spec, fullPath, tag: this.tag });
    this.express[spec.method](spec.path, async (req: Request, res: Response) => {
      (res.locals as MetricsLocals).route = fullPath;
      const verdict = admits(spec.access, req.ctx.principal);
      if (verdict === 'unauthenticated') throw Problem.unauthorized();
      if (verdict === 'forbidden') throw Problem.forbidden();
      if (spec.body && hasBody(req) && !isJsonRequest(req)) throw Problem.unsupportedMediaType();
      const file = spec.upload ? await receiveUpload(req, res, spec.upload) : undefined;
      const idempotencyKey = spec.idempotent ? idempotencyKeyOf(req) : undefined;
      const input = {
        file,
        body: (spec.body ? parseInput(spec.body, req.body ?? {}, 'body') : undefined) as Parsed<B>,
        query: (spec.query ? parseInput(spec.query, req.query, 'query') : undefined) as Parsed<Q>,
        params: (spec.params ? parseInput(spec.params, req.params, 'params') : undefined) as Parsed<P>,
        ctx: req.ctx,
        req,
        res,
        idempotencyKey,
      };
      if (idempotencyKey !== undefined) {
        if (!this.idempotentRequests)
          throw new Error(`${name} takes an Idempotency-Key, but its router was given no store`);
        const call = idempotentCallOf(req.ctx.principal, name, idempotencyKey, {
          params: input.params,
          query: input.query,
          body: input.body,
        });
        await answerOnce(this.idempotentRequests, call, res, async () =>
          answerOf(await handler(input), spec.status),
        );
        return;
      }
      const result = await handler(input);
      if (res.headersSent) return;
      if (result === undefined) {
        res.status(204).end();
        return;
      }
      res.status(spec.status ?? 200).json(result);
    });
    return this;
  }
}

/** a handler's result as the answer to keep: 204 without a body, else the route's status and the JSON text */
function answerOf(result: unknown, status = 200): StoredAnswer {
  return result === undefined ? { status: 204, body: null } : { status, body: JSON.stringify(result) };
}
