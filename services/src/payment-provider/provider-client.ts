import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  authorizeWithAliasResponse,
  creditResponse,
  initTransactionResponse,
  providerErrorBody,
  transactionStatusResponse,
  type AuthorizeWithAliasRequest,
  type AuthorizeWithAliasResponse,
  type CancelRequest,
  type CreditRequest,
  type CreditResponse,
  type InitTransactionRequest,
  type SettleRequest,
  type TransactionStatusResponse,
} from '@alpenpass/contracts';
import { ProviderRejectedError, ProviderUnavailableError } from './provider-errors';

export interface PaymentProviderClientOptions {
  /** e.g. https://api.sandbox.datatrans.com or the simulator's http://127.0.0.1:3900 */
  baseUrl: string;
  merchantId: string;
  password: string;
  timeoutMs?: number;
}

export interface PostOptions {
  /** the same key on a retry returns the first answer instead of doing the work twice */
  idempotencyKey?: string;
}

export interface InitializedTransaction {
  transactionId: string;
  /** where to send the customer's browser: the provider's hosted payment page */
  redirectUrl: string;
}

export interface PaymentProviderClient {
  initTransaction(request: InitTransactionRequest, options?: PostOptions): Promise<InitializedTransaction>;
  getStatus(transactionId: string): Promise<TransactionStatusResponse>;
  settle(transactionId: string, request: SettleRequest, options?: PostOptions): Promise<void>;
  cancel(transactionId: string, request?: CancelRequest, options?: PostOptions): Promise<void>;
  credit(transactionId: string, request: CreditRequest, options?: PostOptions): Promise<CreditResponse>;
  authorizeWithAlias(
    request: AuthorizeWithAliasRequest,
    options?: PostOptions,
  ): Promise<AuthorizeWithAliasResponse>;
}

interface RawAnswer {
  status: number;
  body: unknown;
  location: string | null;
}

/** The shop's side of the provider's JSON API v1: plain HTTP to a configurable base URL. */
export function createPaymentProviderClient(options: PaymentProviderClientOptions): PaymentProviderClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.merchantId}:${options.password}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    post?: PostOptions,
  ): Promise<RawAnswer> {
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['idempotency-key'] = post?.idempotencyKey ?? randomUUID();
    }
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
    } catch (error) {
      throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
    }
    const text = await response.text().catch(() => '');
    const parsed = parseJson(text);
    if (response.status >= 500)
      throw new ProviderUnavailableError(`HTTP ${response.status}`, response.status);
    if (response.status >= 400) {
      const error = providerErrorBody.safeParse(parsed);
      throw new ProviderRejectedError(
        response.status,
        error.success ? error.data.error.code : 'UNKNOWN_ERROR',
        error.success ? error.data.error.message : `HTTP ${response.status}`,
      );
    }
    return { status: response.status, body: parsed, location: response.headers.get('location') };
  }

  const read = <T extends z.ZodType>(schema: T, answer: RawAnswer, what: string): z.infer<T> => {
    const result = schema.safeParse(answer.body);
    if (!result.success)
      throw new ProviderUnavailableError(`unexpected ${what} answer: ${result.error.message}`);
    return result.data;
  };

  const transactionPath = (transactionId: string) => `/v1/transactions/${encodeURIComponent(transactionId)}`;

  return {
    async initTransaction(request, post) {
      const answer = await call('POST', '/v1/transactions', request, post);
      const { transactionId } = read(initTransactionResponse, answer, 'init');
      const redirectUrl = answer.location ?? `${baseUrl}/v1/start/${encodeURIComponent(transactionId)}`;
      return { transactionId, redirectUrl };
    },
    async getStatus(transactionId) {
      return read(transactionStatusResponse, await call('GET', transactionPath(transactionId)), 'status');
    },
    async settle(transactionId, request, post) {
      await call('POST', `${transactionPath(transactionId)}/settle`, request, post);
    },
    async cancel(transactionId, request = {}, post) {
      await call('POST', `${transactionPath(transactionId)}/cancel`, request, post);
    },
    async credit(transactionId, request, post) {
      return read(
        creditResponse,
        await call('POST', `${transactionPath(transactionId)}/credit`, request, post),
        'credit',
      );
    },
    async authorizeWithAlias(request, post) {
      return read(
        authorizeWithAliasResponse,
        await call('POST', '/v1/transactions/authorize', request, post),
        'authorize',
      );
    },
  };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
