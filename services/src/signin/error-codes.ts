import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Response } from 'express';

/**
 * §8 names next-auth 4's sign-in error codes; Auth.js 5 puts its own names into the error urls, and
 * every error it does not consider safe for the client becomes `error=Configuration`. The error urls
 * the SPA reads carry the §8 code instead wherever one fits (docs/auth.md has the table): the real
 * error Auth.js logged during the request says which one.
 */
const bySpecCode: Record<string, string> = {
  MissingSecret: 'NO_SECRET',
  UnknownAction: 'MISSING_NEXTAUTH_API_ROUTE_ERROR',
  MissingAuthorize: 'CALLBACK_CREDENTIALS_HANDLER_ERROR',
  MissingAdapter: 'EMAIL_REQUIRES_ADAPTER_ERROR',
  MissingAdapterMethods: 'MISSING_ADAPTER_METHODS_ERROR',
  UnsupportedStrategy: 'CALLBACK_CREDENTIALS_JWT_ERROR',
  InvalidCallbackUrl: 'INVALID_CALLBACK_URL_ERROR',
  OAuthAccountNotLinked: 'AccountNotLinkedError',
  AccountNotLinked: 'AccountNotLinkedError',
  InvalidCheck: 'OAuthCallbackError',
  OAuthProfileParseError: 'OAuthCallbackError',
  OAuthSignInError: 'OAuthCallbackError',
};

/** Names Auth.js shows the client that need no translation (§8 has no better code for them). */
const keptAsTheyAre = new Set([
  'CredentialsSignin',
  'MissingCSRF',
  'Verification',
  'AccessDenied',
  'OAuthCallbackError',
  'INVALID_CALLBACK_URL_ERROR',
]);

/** The §8 code for the error parameter Auth.js wrote, given the error it logged (and the provider of the route). */
export function specErrorCode(
  urlError: string,
  logged: string | undefined,
  provider: string | undefined,
): string {
  if (keptAsTheyAre.has(urlError)) return urlError;
  if (bySpecCode[urlError]) return bySpecCode[urlError];
  if (logged === 'CallbackRouteError')
    return provider === 'credentials' ? 'CALLBACK_CREDENTIALS_HANDLER_ERROR' : 'OAuthCallbackError';
  if (logged && bySpecCode[logged]) return bySpecCode[logged];
  return 'UnknownError';
}

interface Failure {
  logged?: string;
  provider?: string;
}

const failures = new AsyncLocalStorage<Failure>();

/** Auth.js's logger calls this with the error behind an error url. */
export function recordSignInFailure(error: unknown): void {
  const failure = failures.getStore();
  if (failure && error instanceof Error)
    failure.logged = (error as Error & { type?: string }).type ?? error.name;
}

/** The url with its error parameter in §8's words (other urls unchanged). */
export function withSpecErrorCode(url: string, failure: Failure): string {
  const match = /([?&]error=)([^&#]*)/.exec(url);
  if (!match) return url;
  const code = specErrorCode(decodeURIComponent(match[2]!), failure.logged, failure.provider);
  return url.replace(match[0], `${match[1]}${encodeURIComponent(code)}`);
}

/** Runs one /api/auth request so that the error urls it answers (Location, or `{ url }` with json=true) carry §8's codes. */
export function translateErrorUrls(provider: string | undefined, res: Response, next: NextFunction): void {
  const failure: Failure = { provider };
  const append = res.append.bind(res);
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.append = (field: string, value?: string | string[]) =>
    append(
      field,
      field.toLowerCase() === 'location' && typeof value === 'string'
        ? withSpecErrorCode(value, failure)
        : value,
    );
  res.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(
      typeof chunk === 'string' && chunk.startsWith('{"url":')
        ? chunk.replace(
            /"url":"([^"]*)"/,
            (_all, url: string) => `"url":${JSON.stringify(withSpecErrorCode(url, failure))}`,
          )
        : chunk,
      ...rest,
    )) as Response['write'];
  failures.run(failure, next);
}
