import express, { type Request, type Response, type Router } from 'express';
import { birthdateString, emailAddress } from '@alpenpass/contracts';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { z } from 'zod';
import { embeddedClientId } from '../platform/config';
import { clientAddressOf } from '../platform/http/client-address';
import type { Logger } from '../platform/logger';
import type { Mailer } from '../platform/mail/mailer';
import type { AttemptLimits } from './attempt-limits';
import { identityMails } from './mails';
import { renderPage, type Page } from './page-layout';
import { pages } from './pages';
import type { ShopLookSource } from '../platform/look/shop-look';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './passwords';
import type { OidcProvider } from './provider';
import { identityLanguage, identityTexts } from './texts';
import type { IdentityUsers } from './users';

const VERIFY_LINK_TTL_MS = 24 * 3600_000;
const RESET_LINK_TTL_MS = 3600_000;

const password = z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH);
const name = z.string().trim().min(1).max(100);
const registrationForm = z.object({
  email: emailAddress,
  password,
  givenName: name,
  familyName: name,
  birthdate: birthdateString,
});

/** The form's first problem, said in the page's language. */
function formProblem(issue: z.core.$ZodIssue | undefined, language: Language): string {
  const t = identityTexts[language];
  switch (issue?.path[0]) {
    case 'password':
      return issue.code === 'too_big' ? t.passwordTooLong : t.passwordTooShort(MIN_PASSWORD_LENGTH);
    case 'givenName':
      return issue.code === 'too_big' ? t.nameTooLong : t.firstNameMissing;
    case 'familyName':
      return issue.code === 'too_big' ? t.nameTooLong : t.lastNameMissing;
    case 'birthdate':
      return t.birthdateInvalid;
    default:
      return t.emailInvalid;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** The page's language: `?lang=` (the shop's links and the provider's own forms carry it), else the browser's (texts.ts). */
const languageOf = (req: Request, uiLocales?: unknown): Language =>
  identityLanguage({ lang: req.query.lang, uiLocales, acceptLanguage: req.headers['accept-language'] });

/** The identity provider's own pages under /oidc: sign-in form, registration, e-mail confirmation, password reset. */
export function identityRoutes(options: {
  provider: OidcProvider;
  users: IdentityUsers;
  limits: AttemptLimits;
  mailer: Mailer;
  issuer: string;
  look: ShopLookSource;
  log: Logger;
}): Router {
  const { provider, users, limits, mailer, issuer, look, log } = options;
  /** a page in the shop's look, with its own strict policy (page-layout.ts) */
  const html = async (res: Response, status: number, page: Page): Promise<void> => {
    const { html: body, contentSecurityPolicy } = renderPage(page, await look());
    res.setHeader('content-security-policy', contentSecurityPolicy);
    res.status(status).type('html').send(body);
  };
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '10kb' });
  // mailed links carry the user's language, so that even the page of a used link speaks it
  const link = (path: string, token: string, language: string) =>
    `${issuer}/${path}?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(language)}`;
  const sendVerification = async (user: { id: string; email: string; locale: string }) =>
    mailer.send(
      await identityMails.verifyEmail(
        user.email,
        link('verify', await users.issueMailToken(user.id, 'verify-email', VERIFY_LINK_TTL_MS), user.locale),
        user.locale,
        await look(),
      ),
    );

  router.get('/interaction/:uid', async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    // the shop asks in its page's language (ui_locales, the SPA's sign-in call)
    const language = languageOf(req, details.params.ui_locales);
    if (details.prompt.name === 'login')
      return html(res, 200, pages.login(language, { action: `/oidc/interaction/${details.uid}/login` }));
    // consent for the shop's own client is given without asking (provider.ts, loadExistingGrant)
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const accountId = details.session!.accountId;
    const clientId = String(details.params.client_id);
    if (clientId !== embeddedClientId)
      return html(res, 403, pages.error(language, identityTexts[language].foreignClient));
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({ accountId, clientId });
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  });

  router.post('/interaction/:uid/login', form, async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    const language = languageOf(req, details.params.ui_locales);
    const t = identityTexts[language];
    const action = `/oidc/interaction/${details.uid}/login`;
    const email = text(req.body?.email).trim();
    const secret = text(req.body?.password);
    if (!(await limits.admit('signin', email, clientAddressOf(req)))) {
      return html(res, 429, pages.login(language, { action, email, error: t.tooManySignIns }));
    }
    const user = email && secret ? await users.checkPassword(email, secret) : null;
    if (!user || user.blocked)
      return html(res, 401, pages.login(language, { action, email, error: t.wrongCredentials }));
    if (!user.emailVerified) {
      await sendVerification(user);
      return html(res, 403, pages.login(language, { action, email, error: t.confirmFirst }));
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.id } },
      { mergeWithLastSubmission: false },
    );
  });

  router.get('/register', (req, res) => html(res, 200, pages.register(languageOf(req), {})));
  router.post('/register', form, async (req, res) => {
    const language = languageOf(req);
    const values = {
      email: text(req.body?.email),
      givenName: text(req.body?.givenName),
      familyName: text(req.body?.familyName),
      birthdate: text(req.body?.birthdate),
    };
    const parsed = registrationForm.safeParse({ ...values, password: text(req.body?.password) });
    if (!parsed.success)
      return html(
        res,
        400,
        pages.register(language, { values, error: formProblem(parsed.error.issues[0], language) }),
      );
    if (!(await limits.admit('register', parsed.data.email, clientAddressOf(req)))) {
      return html(
        res,
        429,
        pages.register(language, { values, error: identityTexts[language].tooManyAttempts }),
      );
    }
    const { email, givenName, familyName, birthdate } = parsed.data;
    // the language the newcomer registered in is the account's: its mails (order mails too) speak it
    const user = await users.register({
      email,
      password: parsed.data.password,
      givenName,
      familyName,
      birthdate: birthdate!,
      locale: language,
    });
    if (user) await sendVerification(user);
    else {
      const existing = await users.findByEmail(email);
      if (existing)
        await mailer.send(
          await identityMails.alreadyRegistered(
            existing.email,
            link(
              'reset',
              await users.issueMailToken(existing.id, 'reset-password', RESET_LINK_TTL_MS),
              existing.locale,
            ),
            existing.locale,
            await look(),
          ),
        );
    }
    // the same answer whether the address was free or taken: registration tells nobody who has an account
    await html(res, 202, pages.checkInbox(language, identityTexts[language].registered));
  });

  router.get('/verify', async (req, res) => {
    const userId = await users.useMailToken(text(req.query.token), 'verify-email');
    const user = userId ? await users.findById(userId) : null;
    if (!userId || !user) {
      const language = languageOf(req);
      return html(res, 400, pages.error(language, identityTexts[language].verifyLinkInvalid));
    }
    await users.markEmailVerified(userId);
    const language = identityLanguage({ lang: user.locale, acceptLanguage: req.headers['accept-language'] });
    await html(
      res,
      200,
      pages.done(language, identityTexts[language].confirmedTitle, identityTexts[language].confirmed),
    );
  });

  router.get('/forgot', (req, res) => html(res, 200, pages.forgot(languageOf(req), {})));
  router.post('/forgot', form, async (req, res) => {
    const language = languageOf(req);
    const t = identityTexts[language];
    const email = text(req.body?.email).trim();
    if (!emailAddress.safeParse(email).success)
      return html(res, 400, pages.forgot(language, { error: t.emailInvalid }));
    if (!(await limits.admit('reset', email, clientAddressOf(req))))
      return html(res, 429, pages.forgot(language, { error: t.tooManyAttempts }));
    const user = await users.findByEmail(email);
    if (user && !user.blocked)
      await mailer.send(
        await identityMails.resetPassword(
          user.email,
          link(
            'reset',
            await users.issueMailToken(user.id, 'reset-password', RESET_LINK_TTL_MS),
            user.locale,
          ),
          user.locale,
          await look(),
        ),
      );
    await html(res, 202, pages.checkInbox(language, t.resetLinkSent));
  });

  router.get('/reset', (req, res) =>
    html(res, 200, pages.reset(languageOf(req), { token: text(req.query.token) })),
  );
  router.post('/reset', form, async (req, res) => {
    const language = languageOf(req);
    const t = identityTexts[language];
    const token = text(req.body?.token);
    const parsed = password.safeParse(text(req.body?.password));
    if (!parsed.success)
      return html(
        res,
        400,
        pages.reset(language, {
          token,
          error:
            parsed.error.issues[0]!.code === 'too_big'
              ? t.passwordTooLong
              : t.passwordTooShort(MIN_PASSWORD_LENGTH),
        }),
      );
    const userId = await users.useMailToken(token, 'reset-password');
    if (!userId) return html(res, 400, pages.error(language, t.resetLinkInvalid));
    await users.setPassword(userId, parsed.data);
    // the mailed link proves the address as well as a confirmation link would
    await users.markEmailVerified(userId);
    log.info({ userId }, 'password reset');
    await html(res, 200, pages.done(language, t.passwordChangedTitle, t.passwordChanged));
  });

  return router;
}
