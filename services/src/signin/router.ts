import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { ExpressAuthConfig } from '@auth/express';
import { clientAddressOf } from '../platform/http/client-address';
import type { Logger } from '../platform/logger';
import { CLIENT_ADDRESS_HEADER } from './client-address';
import { isAllowedCallback } from './callback-url';
import { translateErrorUrls } from './error-codes';

/** the §8 code for a callbackUrl that would leave the shop (open redirect) */
export const INVALID_CALLBACK_URL_ERROR = 'INVALID_CALLBACK_URL_ERROR';

const logLevels = new Set(['error', 'warn', 'debug']);

/** The SPA's sign-in page in the language of the page the visitor came from (else the SPA picks the remembered one). */
function selectorPathFor(callbackUrl: string | null): string {
  const locale = callbackUrl
    ? /^(?:https?:\/\/[^/]+)?\/(de|en|fr)(?:[/?#]|$)/.exec(callbackUrl)?.[1]
    : undefined;
  return locale ? `/${locale}/auth-selector` : '/auth-selector';
}

/**
 * /api/auth: Auth.js behind the §7 conventions of the shop's client: form posts with json=true are
 * answered with `{ url }` (Auth.js's X-Auth-Return-Redirect), a callbackUrl to a foreign origin is
 * refused with INVALID_CALLBACK_URL_ERROR, and POST /_log takes the client's reports.
 */
export async function signInRouter(options: {
  authConfig: ExpressAuthConfig;
  allowedRedirectOrigins: string[];
  log: Logger;
}): Promise<Router> {
  const { ExpressAuth } = await import('@auth/express');
  const log = options.log.child({ component: 'signin' });
  const router = express.Router();

  router.use((req: Request, _res: Response, next: NextFunction) => {
    // the brute-force limits count per client address; a client cannot choose its own
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req);
    next();
  });
  router.use(express.urlencoded({ extended: false, limit: '10kb' }), express.json({ limit: '10kb' }));
  router.use((req: Request, _res: Response, next: NextFunction) => {
    const body = req.body as Record<string, unknown> | undefined;
    if (body && (body.json === 'true' || body.json === true)) {
      req.headers['x-auth-return-redirect'] = '1';
      delete body.json;
    }
    next();
  });

  const ownOrigin = (req: Request) => `${req.protocol}://${req.get('host')}`;
  router.use((req: Request, res: Response, next: NextFunction) => {
    const body = req.body as Record<string, unknown> | undefined;
    const callbackUrl = body?.callbackUrl ?? req.query.callbackUrl;
    if (callbackUrl === undefined || callbackUrl === '') return next();
    if (
      typeof callbackUrl === 'string' &&
      isAllowedCallback(callbackUrl, ownOrigin(req), options.allowedRedirectOrigins)
    )
      return next();
    const url = `${ownOrigin(req)}${req.baseUrl}/error?error=${INVALID_CALLBACK_URL_ERROR}`;
    log.warn({ callbackUrl }, 'callbackUrl refused');
    if (req.headers['x-auth-return-redirect']) return void res.status(400).json({ url });
    res.redirect(303, url);
  });

  // §2: the sign-in page is the shop's own /auth-selector (translated), reached with the same parameters
  router.get('/signin', (req: Request, res: Response) => {
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    res.redirect(
      302,
      `${ownOrigin(req)}${selectorPathFor(query.get('callbackUrl'))}${query.size ? `?${query.toString()}` : ''}`,
    );
  });

  // §5 "Sign-in": an unknown or missing provider goes to the sign-in page, keeping the callbackUrl
  const providerIds = new Set(
    (options.authConfig.providers ?? []).map(
      (provider) => (typeof provider === 'function' ? provider() : provider).id,
    ),
  );
  router.all(
    ['/signin/:provider', '/callback/:provider'],
    (req: Request, res: Response, next: NextFunction) => {
      if (providerIds.has(String(req.params.provider))) return next();
      const callbackUrl =
        (req.body as Record<string, unknown> | undefined)?.callbackUrl ?? req.query.callbackUrl;
      const url = `${ownOrigin(req)}${req.baseUrl}/signin${typeof callbackUrl === 'string' && callbackUrl ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : ''}`;
      if (req.headers['x-auth-return-redirect']) return void res.json({ url });
      res.redirect(302, url);
    },
  );

  router.post('/_log', (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const level =
      typeof body.level === 'string' && logLevels.has(body.level)
        ? (body.level as 'error' | 'warn' | 'debug')
        : 'warn';
    const code = typeof body.code === 'string' ? body.code.slice(0, 100) : 'UNKNOWN';
    const message = typeof body.message === 'string' ? body.message.slice(0, 2000) : '';
    log[level === 'error' ? 'warn' : level](
      { clientCode: code, clientMessage: message, clientLevel: level },
      'sign-in client log',
    );
    res.status(200).json({});
  });

  // §8's error codes in the error urls (error-codes.ts)
  router.use((req: Request, res: Response, next: NextFunction) =>
    translateErrorUrls(/^\/(?:signin|callback)\/([^/?]+)/.exec(req.path)?.[1], res, next),
  );
  router.use(ExpressAuth(options.authConfig));
  return router;
}
