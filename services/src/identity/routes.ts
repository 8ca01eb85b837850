import express, { type Request, type Response, type Router } from 'express';
import { birthdateString, emailAddress } from '@alpenpass/contracts';
import { z } from 'zod';
import { embeddedClientId } from '../platform/config';
import type { Logger } from '../platform/logger';
import type { Mailer } from '../platform/mail/mailer';
import type { AttemptLimits } from './attempt-limits';
import { identityMails } from './mails';
import { pages } from './pages';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './passwords';
import type { OidcProvider } from './provider';
import type { IdentityUsers } from './users';

const VERIFY_LINK_TTL_MS = 24 * 3600_000;
const RESET_LINK_TTL_MS = 3600_000;

const password = z.string().min(MIN_PASSWORD_LENGTH, `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`).max(MAX_PASSWORD_LENGTH, 'The password is too long.');
const name = (label: string) => z.string().trim().min(1, `${label} is required.`).max(100, `${label} is too long.`);
const registrationForm = z.object({
  email: emailAddress,
  password,
  givenName: name('First name'),
  familyName: name('Last name'),
  birthdate: birthdateString,
});

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
const html = (res: Response, status: number, body: string): void => void res.status(status).type('html').send(body);

/** The identity provider's own pages under /oidc: sign-in form, registration, e-mail confirmation, password reset. */
export function identityRoutes(options: {
  provider: OidcProvider;
  users: IdentityUsers;
  limits: AttemptLimits;
  mailer: Mailer;
  issuer: string;
  log: Logger;
}): Router {
  const { provider, users, limits, mailer, issuer, log } = options;
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '10kb' });
  const link = (path: string, token: string) => `${issuer}/${path}?token=${encodeURIComponent(token)}`;
  const sendVerification = async (userId: string, email: string) =>
    mailer.send(identityMails.verifyEmail(email, link('verify', await users.issueMailToken(userId, 'verify-email', VERIFY_LINK_TTL_MS))));

  router.get('/interaction/:uid', async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') return html(res, 200, pages.login({ action: `/oidc/interaction/${details.uid}/login` }));
    // consent for the shop's own client is given without asking (provider.ts, loadExistingGrant)
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const accountId = details.session!.accountId;
    const clientId = String(details.params.client_id);
    if (clientId !== embeddedClientId) return html(res, 403, pages.error('This application may not use Alpenpass sign-in.'));
    const grant = details.grantId ? (await provider.Grant.find(details.grantId))! : new provider.Grant({ accountId, clientId });
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  });

  router.post('/interaction/:uid/login', form, async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    const action = `/oidc/interaction/${details.uid}/login`;
    const email = text(req.body?.email).trim();
    const secret = text(req.body?.password);
    if (!(await limits.admit('signin', email, clientAddress(req)))) {
      return html(res, 429, pages.login({ action, email, error: 'Too many sign-in attempts. Please wait a few minutes and try again.' }));
    }
    const user = email && secret ? await users.checkPassword(email, secret) : null;
    if (!user || user.blocked) return html(res, 401, pages.login({ action, email, error: 'The e-mail address or the password is wrong.' }));
    if (!user.emailVerified) {
      await sendVerification(user.id, user.email);
      return html(res, 403, pages.login({ action, email, error: 'Please confirm your e-mail address first: we have sent you a new link.' }));
    }
    await provider.interactionFinished(req, res, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
  });

  router.get('/register', (_req, res) => html(res, 200, pages.register({})));
  router.post('/register', form, async (req, res) => {
    const values = { email: text(req.body?.email), givenName: text(req.body?.givenName), familyName: text(req.body?.familyName), birthdate: text(req.body?.birthdate) };
    const parsed = registrationForm.safeParse({ ...values, password: text(req.body?.password) });
    if (!parsed.success) return html(res, 400, pages.register({ values, error: parsed.error.issues[0]!.message }));
    if (!(await limits.admit('register', parsed.data.email, clientAddress(req)))) {
      return html(res, 429, pages.register({ values, error: 'Too many attempts. Please wait a few minutes and try again.' }));
    }
    const { email, givenName, familyName, birthdate } = parsed.data;
    const user = await users.register({ email, password: parsed.data.password, givenName, familyName, birthdate: birthdate!, locale: 'de' });
    if (user) await sendVerification(user.id, user.email);
    else {
      const existing = await users.findByEmail(email);
      if (existing) await mailer.send(identityMails.alreadyRegistered(existing.email, link('reset', await users.issueMailToken(existing.id, 'reset-password', RESET_LINK_TTL_MS))));
    }
    // the same answer whether the address was free or taken: registration tells nobody who has an account
    html(res, 202, pages.checkInbox('We have sent you an e-mail. Please follow its link to confirm your address.'));
  });

  router.get('/verify', async (req, res) => {
    const userId = await users.useMailToken(text(req.query.token), 'verify-email');
    if (!userId) return html(res, 400, pages.error('This link is invalid, used or expired. Signing in sends you a new one.'));
    await users.markEmailVerified(userId);
    html(res, 200, pages.done('E-mail confirmed', 'Your e-mail address is confirmed. You can now sign in.'));
  });

  router.get('/forgot', (_req, res) => html(res, 200, pages.forgot({})));
  router.post('/forgot', form, async (req, res) => {
    const email = text(req.body?.email).trim();
    if (!emailAddress.safeParse(email).success) return html(res, 400, pages.forgot({ error: 'Please enter a valid e-mail address.' }));
    if (!(await limits.admit('reset', email, clientAddress(req)))) return html(res, 429, pages.forgot({ error: 'Too many attempts. Please wait a few minutes and try again.' }));
    const user = await users.findByEmail(email);
    if (user && !user.blocked) await mailer.send(identityMails.resetPassword(user.email, link('reset', await users.issueMailToken(user.id, 'reset-password', RESET_LINK_TTL_MS))));
    html(res, 202, pages.checkInbox('If an account uses this address, we have sent it a link to choose a new password.'));
  });

  router.get('/reset', (req, res) => html(res, 200, pages.reset({ token: text(req.query.token) })));
  router.post('/reset', form, async (req, res) => {
    const token = text(req.body?.token);
    const parsed = password.safeParse(text(req.body?.password));
    if (!parsed.success) return html(res, 400, pages.reset({ token, error: parsed.error.issues[0]!.message }));
    const userId = await users.useMailToken(token, 'reset-password');
    if (!userId) return html(res, 400, pages.error('This link is invalid, used or expired. Please ask for a new one.'));
    await users.setPassword(userId, parsed.data);
    // the mailed link proves the address as well as a confirmation link would
    await users.markEmailVerified(userId);
    log.info({ userId }, 'password reset');
    html(res, 200, pages.done('Password changed', 'Your new password is saved. You can now sign in.'));
  });

  return router;
}
