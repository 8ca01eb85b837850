import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { generateSigningKey, loadOrCreateSigningKey, type SigningKey } from '../platform/auth/signing-key';
import { mintToken } from '../platform/auth/tokens';
import { freePort, startApiProcess, type ApiProcess } from '../../test/support/api-processes';
import { shopHeaders } from '../../test/support/shop-headers';
import { htmlCheck, mailsTo, waitForMailTo } from '../../test/support/mailpit';
import { TestBrowser, formAction, linkIn } from '../../test/support/sign-in-browser';
import { testChannelId } from '../../test/support/shop-headers';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import { createChannelService } from '../channel/channel-service';
import { demoBranding, demoShopName } from '../demo/catalogue';
import { channelsProjection } from '@alpenpass/projections/src/channel';
import { createProjectionRunner } from '@alpenpass/projections';

/** The whole sign-in over real HTTP: the shop in its own process (tsx), its embedded identity provider
 * at /oidc, Auth.js at /api/auth, mails read back from Mailpit. */
let db: TestDatabase;
let shop: ApiProcess;
let origin: string;
let issuer: string;
/** the same shop behind a proxy it trusts (TRUST_PROXY=1): the tests play the proxy */
let proxiedShop: ApiProcess;
let proxiedOrigin: string;
let jwksServer: Server;
let secondKey: SigningKey;
const secondIssuer = 'https://second-issuer.alpenpass.test/';
const audience = 'https://api.alpenpass.local';
const signingKeyFile = join(mkdtempSync(join(tmpdir(), 'alpenpass-keys-')), 'key.json');
const suffix = randomBytes(4).toString('hex');
const password = 'correct-horse-battery';
const TOKEN_TTL_SECONDS = 64;

beforeAll(async () => {
  db = await createTestDatabase();
  await loadOrCreateSigningKey(signingKeyFile);
  // the shop's channel with the demo resort's branding, in its read model (the API role projects nothing)
  const store = createPostgresEventStore({ knex: db.knex });
  await createChannelService({ store }).create(
    { id: testChannelId, name: demoShopName, type: 'WEB', productIds: [], branding: demoBranding },
    { actor: 'system' },
  );
  const projector = createProjectionRunner({
    knex: db.knex,
    source: store,
    projections: [channelsProjection],
  });
  await projector.start();
  projector.stop();
  await store.close();
  // a second, independent issuer: its own key, its own JWKS endpoint, listed in AUTH_ISSUERS
  const generated = await generateSigningKey();
  secondKey = {
    ...generated,
    kid: 'second-issuer-key',
    publicJwk: { ...generated.publicJwk, kid: 'second-issuer-key' },
  };
  jwksServer = createServer((_req, res) =>
    res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [secondKey.publicJwk] })),
  );
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const jwksPort = (jwksServer.address() as { port: number }).port;
  const [port, proxiedPort] = await Promise.all([freePort(), freePort()]);
  origin = `http://127.0.0.1:${port}`;
  issuer = `${origin}/oidc`;
  proxiedOrigin = `http://127.0.0.1:${proxiedPort}`;
  const shopEnv = (at: string) => ({
    PORT: new URL(at).port,
    DATABASE_URL: db.url,
    AUTH_SIGNING_KEY_FILE: signingKeyFile,
    API_PROCESSES: '1',
    TEMPORAL_TASK_QUEUE: `signin-${suffix}`,
    NATS_STREAM: `SIGNIN_${suffix}`,
    NATS_SUBJECT_PREFIX: `signin_${suffix}`,
    IDENTITY_PROVIDER: 'embedded',
    IDENTITY_ISSUER: `${at}/oidc`,
    AUTH_JWKS_URI: `http://127.0.0.1:${jwksPort}/jwks`,
    AUTH_ISSUERS: `${at}/oidc,${secondIssuer}`,
    AUTH_AUDIENCE: audience,
    FEATURE_FLAGS: 'ownerCreationOnAccountCreation',
    IDENTITY_ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS),
  });
  [shop, proxiedShop] = await Promise.all([
    startApiProcess(shopEnv(origin)),
    startApiProcess({ ...shopEnv(proxiedOrigin), TRUST_PROXY: '1' }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([shop?.stop(), proxiedShop?.stop()]);
  await new Promise((resolve) => jwksServer?.close(resolve));
  await db?.drop();
});

const uniqueEmail = (name: string) => `${name.toLowerCase()}.${randomBytes(4).toString('hex')}@example.com`;
const api = (path: string, token: string) =>
  fetch(`${origin}/api${path}`, { headers: { ...shopHeaders, authorization: `Bearer ${token}` } });

const lastMailTo = async (email: string, subject: string): Promise<string> =>
  (await waitForMailTo(email, subject, { latest: true, baseMs: 5_000 })).Text;

async function register(
  browser: TestBrowser,
  email: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  return browser.request('/oidc/register', {
    form: { email, password, givenName: 'Anna', familyName: 'Muster', birthdate: '1990-04-02', ...fields },
  });
}

async function registeredAndVerified(name: string, at = origin): Promise<string> {
  const browser = new TestBrowser(at);
  const email = uniqueEmail(name);
  expect((await register(browser, email)).status).toBe(202);
  expect((await browser.request(linkIn(await lastMailTo(email, 'Confirm your e-mail address')))).status).toBe(
    200,
  );
  return email;
}

/** csrf → POST /signin/oidc (json=true) → the provider's sign-in form. */
async function openProviderForm(browser: TestBrowser): Promise<{ action: string }> {
  const csrfToken = await browser.csrfToken();
  const signIn = await browser.request('/api/auth/signin/oidc', {
    form: { csrfToken, callbackUrl: `${browser.origin}/de/profile`, json: 'true' },
  });
  expect(signIn.status).toBe(200);
  const { url } = (await signIn.json()) as { url: string };
  expect(url.startsWith(`${browser.origin}/oidc/auth?`)).toBe(true);
  const page = await browser.follow(url);
  expect(page.response.status).toBe(200);
  return { action: formAction(await page.response.text(), page.url) };
}

async function signInThroughProvider(browser: TestBrowser, email: string, secret = password) {
  const { action } = await openProviderForm(browser);
  return browser.follow(action, { form: { email, password: secret } });
}

async function signInWithCredentials(
  browser: TestBrowser,
  email: string,
  secret: string,
  headers?: Record<string, string>,
): Promise<URL> {
  const csrfToken = await browser.csrfToken();
  const response = await browser.request('/api/auth/callback/credentials', {
    form: { csrfToken, email, password: secret, callbackUrl: `${browser.origin}/de/profile`, json: 'true' },
    headers,
  });
  return new URL(((await response.json()) as { url: string }).url);
}

describe('register, confirm, sign in through the identity provider, use the API, sign out', () => {
  it('walks the whole way with real redirects and cookies', async () => {
    const browser = new TestBrowser(origin);
    const email = uniqueEmail('Anna');

    const registration = await register(browser, email.toUpperCase());
    expect(registration.status).toBe(202);
    // before the e-mail is confirmed the provider signs nobody in (and sends a new link)
    const early = await signInThroughProvider(browser, email);
    expect(early.response.status).toBe(403);
    expect(await early.response.text()).toContain('confirm your e-mail address');

    const verification = await browser.request(
      linkIn(await lastMailTo(email, 'Confirm your e-mail address')),
    );
    expect(verification.status).toBe(200);

    const fresh = browser;
    const done = await signInThroughProvider(fresh, email);
    expect(done.redirects.some((url) => url.startsWith(`${origin}/api/auth/callback/oidc?code=`))).toBe(true);
    expect(done.url).toBe(`${origin}/de/profile`);

    const session = await fresh.session();
    expect(session).toMatchObject({ user: { email, name: 'Anna Muster' } });
    // what was typed at registration prefills "My details" when the owner is not created for them
    expect(session).toMatchObject({
      registration: { givenName: 'Anna', familyName: 'Muster', birthdate: '1990-04-02' },
    });
    const accessToken = String(session!.accessToken);
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ iss: issuer, aud: audience, roles: ['customer'] });
    expect(typeof claims.accountId).toBe('string');

    // the account is opened by the sign-in itself, before any call of the customer (docs/account.md)
    const accountEvents = await db
      .knex('events')
      .select('type', 'data')
      .where({ stream_name: `account-${String(claims.accountId)}` })
      .orderBy('revision');
    expect(accountEvents[0]).toMatchObject({
      type: 'AccountOpened',
      data: { email, openedBy: 'self', accountType: 'CUSTOMER' },
    });
    expect(await db.knex('account_directory').where({ account_id: claims.accountId }).first()).toMatchObject({
      email,
      type: 'CUSTOMER',
    });
    // first sign-in with ownerCreationOnAccountCreation: the owner comes from the registration
    const owner = await api('/users/persons/owner', accessToken);
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({
      firstName: 'Anna',
      lastName: 'Muster',
      birthdate: '1990-04-02',
      owner: true,
    });

    const refreshTokens = () =>
      db
        .knex('identity_oidc_payloads')
        .where({ kind: 'RefreshToken' })
        .whereRaw("payload->>'accountId' = ?", [String(claims.sub)])
        .count<{ count: string }[]>('* as count');
    expect(Number((await refreshTokens())[0]!.count)).toBeGreaterThan(0);
    const copied = fresh.copy();
    const csrfToken = await fresh.csrfToken();
    const signOut = await fresh.request('/api/auth/signout', {
      form: { csrfToken, callbackUrl: `${origin}/`, json: 'true' },
    });
    expect(signOut.status).toBe(200);
    expect(await fresh.session()).toBeNull();
    // sign-out ends the session itself, not only this browser's cookie
    expect(await copied.session()).toBeNull();
    expect(Number((await refreshTokens())[0]!.count)).toBe(0);
    // and the provider's own session does not sign the next person in without the password
    const again = await openProviderForm(fresh);
    expect(again.action).toContain('/oidc/interaction/');
  });
});

describe('the §7 calls of /api/auth', () => {
  it('lists the providers with their types and takes client logs', async () => {
    const providers = (await (await fetch(`${origin}/api/auth/providers`)).json()) as Record<
      string,
      { type: string }
    >;
    expect(providers.oidc?.type).toBe('oidc');
    expect(providers.credentials?.type).toBe('credentials');
    const logged = await fetch(`${origin}/api/auth/_log`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'level=error&code=CLIENT_FETCH_ERROR&message=offline',
    });
    expect(logged.status).toBe(200);
  });

  it('signs in with e-mail and password: the session token opens the API; a wrong password comes back as an error in the url', async () => {
    const email = await registeredAndVerified('berta');
    const browser = new TestBrowser(origin);
    const wrong = await signInWithCredentials(browser, email, 'not-the-password');
    expect(wrong.searchParams.get('error')).toBe('CredentialsSignin');
    expect(wrong.searchParams.get('code')).toBe('credentials');
    expect(await browser.session()).toBeNull();
    // an unknown address answers exactly like a wrong password (no enumeration)
    const unknown = await signInWithCredentials(browser, uniqueEmail('nobody'), password);
    expect(unknown.href).toBe(wrong.href);

    const right = await signInWithCredentials(browser, email, password);
    expect(right.searchParams.get('error')).toBeNull();
    expect(right.href).toBe(`${origin}/de/profile`);
    const session = await browser.session();
    expect((await api('/users/persons/', String(session!.accessToken))).status).toBe(200);
  });

  it('refuses a wrong password at the provider form without a session', async () => {
    const email = await registeredAndVerified('carla');
    const browser = new TestBrowser(origin);
    const attempt = await signInThroughProvider(browser, email, 'not-the-password');
    expect(attempt.response.status).toBe(401);
    expect(await attempt.response.text()).toContain('The e-mail address or the password is wrong.');
    expect(await browser.session()).toBeNull();
  });

  it('limits guessing: after 5 attempts even the right password is refused, at /api/auth and at the provider form', async () => {
    const email = await registeredAndVerified('dora');
    const browser = new TestBrowser(origin);
    for (let attempt = 0; attempt < 5; attempt++)
      expect(
        (await signInWithCredentials(browser, email, `guess-number-${attempt}`)).searchParams.get('code'),
      ).toBe('credentials');
    const limited = await signInWithCredentials(browser, email, password);
    expect(limited.searchParams.get('error')).toBe('CredentialsSignin');
    expect(limited.searchParams.get('code')).toBe('too_many_attempts');
    expect(await browser.session()).toBeNull();
    const atProvider = await signInThroughProvider(browser, email);
    expect(atProvider.response.status).toBe(429);
  });

  it('counts guesses per socket address: an address the client forwards itself opens no new allowance', async () => {
    const email = await registeredAndVerified('emil');
    const browser = new TestBrowser(origin);
    const from = (forwardedFor: string) => ({ 'x-forwarded-for': forwardedFor });
    for (let attempt = 0; attempt < 5; attempt++)
      expect(
        (
          await signInWithCredentials(
            browser,
            email,
            `guess-number-${attempt}`,
            from(`198.51.100.${attempt}`),
          )
        ).searchParams.get('code'),
      ).toBe('credentials');
    expect(
      (await signInWithCredentials(browser, email, password, from('198.51.100.99'))).searchParams.get('code'),
    ).toBe('too_many_attempts');
    const { action } = await openProviderForm(browser);
    expect(
      (await browser.request(action, { form: { email, password }, headers: from('198.51.100.100') })).status,
    ).toBe(429);
  });

  it('refuses a callbackUrl to another origin (INVALID_CALLBACK_URL_ERROR) and a sign-in without the CSRF token', async () => {
    const browser = new TestBrowser(origin);
    const csrfToken = await browser.csrfToken();
    const foreign = await browser.request('/api/auth/signin/oidc', {
      form: { csrfToken, callbackUrl: 'https://evil.example/steal', json: 'true' },
    });
    expect(foreign.status).toBe(400);
    expect(new URL(((await foreign.json()) as { url: string }).url).searchParams.get('error')).toBe(
      'INVALID_CALLBACK_URL_ERROR',
    );
    const protocolRelative = await browser.request('/api/auth/signin/oidc', {
      form: { csrfToken, callbackUrl: '//evil.example/', json: 'true' },
    });
    expect(protocolRelative.status).toBe(400);

    const noCsrf = await browser.request('/api/auth/signin/oidc', {
      form: { callbackUrl: `${origin}/`, json: 'true' },
    });
    const url = new URL(((await noCsrf.json()) as { url: string }).url);
    expect(url.searchParams.get('error')).toBe('MissingCSRF');
    expect(url.origin).toBe(origin);
  });

  it('updates the session only with the CSRF token, and shows the error and sign-in pages', async () => {
    const email = await registeredAndVerified('kim');
    const browser = new TestBrowser(origin);
    await signInWithCredentials(browser, email, password);
    const withoutToken = await browser.request('/api/auth/session', { form: { data: '{}' } });
    expect(withoutToken.status).toBe(400);
    const csrfToken = await browser.csrfToken();
    const updated = await browser.request('/api/auth/session', { form: { csrfToken, data: '{}' } });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { user: { email: string } }).user.email).toBe(email);

    const errorPage = await fetch(`${origin}/api/auth/error?error=INVALID_CALLBACK_URL_ERROR`);
    expect(errorPage.status).toBeLessThan(500);
    // §2's SessionRequired address leads to the shop's own, translated sign-in page with the same parameters
    const signInPage = await fetch(
      `${origin}/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(`${origin}/fr/profile`)}`,
      { redirect: 'manual' },
    );
    expect(signInPage.status).toBe(302);
    expect(signInPage.headers.get('location')).toBe(
      `${origin}/fr/auth-selector?error=SessionRequired&callbackUrl=${encodeURIComponent(`${origin}/fr/profile`)}`,
    );
    expect((await fetch(`${origin}/api/auth/signin`, { redirect: 'manual' })).headers.get('location')).toBe(
      `${origin}/auth-selector`,
    );
  });

  it('answers odd requests with 4xx or the sign-in page, never a 500', async () => {
    const browser = new TestBrowser(origin);
    expect((await browser.request('/oidc/interaction/no-such-interaction')).status).toBe(400);
    expect(
      (
        await browser.request('/oidc/interaction/no-such-interaction/login', {
          form: { email: 'a@example.com', password },
        })
      ).status,
    ).toBe(400);
    expect((await browser.request('/oidc/register', { form: { email: 'a'.repeat(20_000) } })).status).toBe(
      413,
    );
    expect(
      (
        await browser.request('/oidc/token', {
          form: { grant_type: 'refresh_token', refresh_token: 'forged' },
        })
      ).status,
    ).toBe(400);
    const foreignClient = await browser.request(
      `/oidc/auth?client_id=evil&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(foreignClient.status).toBe(400);
    const csrfToken = await browser.csrfToken();
    const unknownProvider = await browser.request('/api/auth/signin/nobody', {
      form: { csrfToken, callbackUrl: `${origin}/`, json: 'true' },
    });
    expect(unknownProvider.status).toBe(200);
    const toSignIn = new URL(((await unknownProvider.json()) as { url: string }).url);
    expect(toSignIn.pathname).toBe('/api/auth/signin');
    expect(toSignIn.searchParams.get('callbackUrl')).toBe(`${origin}/`);
    const viaGet = await browser.request(
      `/api/auth/signin/nobody?callbackUrl=${encodeURIComponent('/de/orders')}`,
    );
    expect(viaGet.status).toBe(302);
    expect(viaGet.headers.get('location')).toBe(`${origin}/api/auth/signin?callbackUrl=%2Fde%2Forders`);
    // a callback nobody started (no state cookie): Auth.js says Configuration, the url says §8's OAuthCallbackError
    const forgedCallback = await browser.request('/api/auth/callback/oidc?code=forged&state=forged');
    expect(forgedCallback.status).toBe(302);
    expect(new URL(forgedCallback.headers.get('location')!).searchParams.get('error')).toBe(
      'OAuthCallbackError',
    );
    const badJson = await fetch(`${origin}/api/auth/_log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    });
    expect(badJson.status).toBe(400);
  });

  it('renews the access token before it expires, and the renewed one opens the API', async () => {
    const email = await registeredAndVerified('emma');
    const browser = new TestBrowser(origin);
    await signInThroughProvider(browser, email);
    const first = await browser.session();
    const firstToken = String(first!.accessToken);
    // tokens live 64 s and are renewed 60 s before they expire
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const renewed = await browser.session();
    expect(renewed!.accessToken).toBeDefined();
    expect(renewed!.accessToken).not.toBe(firstToken);
    expect(Number(renewed!.accessTokenExpiresAt)).toBeGreaterThan(Number(first!.accessTokenExpiresAt));
    expect((await api('/users/persons/', String(renewed!.accessToken))).status).toBe(200);
  });

  it('sets HttpOnly SameSite=Lax cookies and security headers on the sign-in routes and pages', async () => {
    for (const path of ['/api/auth/csrf', '/oidc/register']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    const csrf = await fetch(`${origin}/api/auth/csrf`);
    for (const cookie of csrf.headers.getSetCookie()) expect(cookie).toMatch(/HttpOnly; SameSite=Lax/i);
  });
});

describe('the e-mail link provider', () => {
  it('mails a one-time link to a registered address that signs in; an unknown address gets the same answer and no mail', async () => {
    const email = await registeredAndVerified('ida');
    const browser = new TestBrowser(origin);
    const ask = async (address: string) => {
      const csrfToken = await browser.csrfToken();
      const response = await browser.request('/api/auth/signin/email', {
        form: { csrfToken, email: address, callbackUrl: `${origin}/de/profile`, json: 'true' },
      });
      expect(response.status).toBe(200);
      return new URL(((await response.json()) as { url: string }).url);
    };
    const known = await ask(email);
    expect(known.pathname).toBe('/api/auth/verify-request');
    const stranger = uniqueEmail('nobody');
    expect((await ask(stranger)).pathname).toBe(known.pathname);
    expect(await mailsTo(stranger)).toEqual([]);

    const link = linkIn(await lastMailTo(email, 'Your sign-in link'));
    const followed = await browser.follow(link);
    expect(followed.url).toBe(`${origin}/de/profile`);
    const session = await browser.session();
    expect((await api('/users/persons/', String(session!.accessToken))).status).toBe(200);

    const again = await new TestBrowser(origin).follow(link);
    expect(new URL(again.url).searchParams.get('error')).toBe('Verification');
  });
});

describe('forwarded headers', () => {
  const askForLink = async (
    at: string,
    email: string,
    headers: Record<string, string>,
    callbackOrigin = at,
  ) => {
    const browser = new TestBrowser(at);
    const csrf = await browser.request('/api/auth/csrf', { headers });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await browser.request('/api/auth/signin/email', {
      form: { csrfToken, email, callbackUrl: `${callbackOrigin}/de/profile`, json: 'true' },
      headers,
    });
    expect(response.status).toBe(200);
    return new URL(linkIn(await lastMailTo(email, 'Your sign-in link')));
  };

  it('are not believed from a client that is no trusted proxy: the mailed link keeps the shop’s own origin', async () => {
    const email = await registeredAndVerified('lena');
    const link = await askForLink(origin, email, {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(link.origin).toBe(origin);
  });

  /** the identity provider's cookies as it sets them when the customer arrives from the shop's sign-in */
  const providerCookies = async (at: string, headers: Record<string, string>) => {
    const browser = new TestBrowser(at);
    const csrfToken = await browser.csrfToken();
    const signIn = await browser.request('/api/auth/signin/oidc', {
      form: { csrfToken, callbackUrl: `${at}/de/profile`, json: 'true' },
    });
    const { url } = (await signIn.json()) as { url: string };
    const cookies = (await browser.request(url, { headers })).headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    return cookies;
  };
  const secure = (cookie: string) => /;\s*secure/i.test(cookie);

  it('reach the identity provider as Express judged them: its cookies are secure behind the trusted proxy with https only', async () => {
    expect(
      (
        await providerCookies(origin, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' })
      ).filter(secure),
    ).toEqual([]);
    expect((await providerCookies(proxiedOrigin, { 'x-forwarded-proto': 'https' })).every(secure)).toBe(true);
  });

  it('name https behind the trusted proxy: the mailed link is on the origin the customer sees', async () => {
    const email = await registeredAndVerified('mona', proxiedOrigin);
    const publicOrigin = proxiedOrigin.replace(/^http:/, 'https:');
    const link = await askForLink(
      proxiedOrigin,
      email,
      { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.40' },
      publicOrigin,
    );
    expect(link.origin).toBe(publicOrigin);
  });
});

describe('sign-in limits behind the trusted proxy (TRUST_PROXY=1)', () => {
  const from = (forwardedFor: string) => ({ 'x-forwarded-for': forwardedFor });

  it('give every forwarded client its own allowance of guesses, at /api/auth and at the provider form', async () => {
    const email = await registeredAndVerified('nora', proxiedOrigin);
    const browser = new TestBrowser(proxiedOrigin);
    for (let attempt = 0; attempt < 5; attempt++)
      expect(
        (
          await signInWithCredentials(browser, email, `guess-number-${attempt}`, from('203.0.113.1'))
        ).searchParams.get('code'),
      ).toBe('credentials');
    expect(
      (await signInWithCredentials(browser, email, password, from('203.0.113.1'))).searchParams.get('code'),
    ).toBe('too_many_attempts');
    const { action } = await openProviderForm(browser);
    expect(
      (await browser.request(action, { form: { email, password }, headers: from('203.0.113.1') })).status,
    ).toBe(429);

    const other = await signInWithCredentials(
      new TestBrowser(proxiedOrigin),
      email,
      password,
      from('203.0.113.2'),
    );
    expect(other.searchParams.get('error')).toBeNull();
    expect(other.href).toBe(`${proxiedOrigin}/de/profile`);
  });

  it('let no client pick its address with a forwarded chain longer than the trusted hops', async () => {
    const email = await registeredAndVerified('olga', proxiedOrigin);
    const browser = new TestBrowser(proxiedOrigin);
    for (let attempt = 0; attempt < 5; attempt++)
      await signInWithCredentials(
        browser,
        email,
        `guess-number-${attempt}`,
        from(`198.51.100.${attempt}, 203.0.113.3`),
      );
    expect(
      (
        await signInWithCredentials(browser, email, password, from('198.51.100.77, 203.0.113.3'))
      ).searchParams.get('code'),
    ).toBe('too_many_attempts');
  });
});

describe('a blocked user', () => {
  it('cannot sign in any more, and a running session loses its token at the next renewal', async () => {
    const email = await registeredAndVerified('jana');
    const browser = new TestBrowser(origin);
    await signInThroughProvider(browser, email);
    expect((await browser.session())?.accessToken).toBeDefined();

    await db.knex('identity_users').where({ email }).update({ blocked_at: new Date() });
    expect(
      (await signInWithCredentials(new TestBrowser(origin), email, password)).searchParams.get('code'),
    ).toBe('credentials');
    expect((await signInThroughProvider(new TestBrowser(origin), email)).response.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const session = await browser.session();
    expect(session?.accessToken).toBeUndefined();
    expect(session?.error).toBe('RefreshAccessTokenError');
  });
});

describe('registration and password reset by mail', () => {
  it('answers a taken address like a free one and mails its owner instead', async () => {
    const email = await registeredAndVerified('frida');
    const again = await register(new TestBrowser(origin), email, { givenName: 'Mallory' });
    expect(again.status).toBe(202);
    expect(await again.text()).toContain('We have sent you an e-mail.');
    expect(await lastMailTo(email, 'Your account at Alpenhorn Bergbahnen')).toContain('/oidc/reset?token=');
  });

  it('refuses a weak password and a bad birthdate with the form', async () => {
    const browser = new TestBrowser(origin);
    expect((await register(browser, uniqueEmail('gina'), { password: 'short' })).status).toBe(400);
    const badDate = await register(browser, uniqueEmail('gina'), { birthdate: '1700-01-01' });
    expect(badDate.status).toBe(400);
  });

  it('resets the password with the mailed link, once; the old password stops working', async () => {
    const email = await registeredAndVerified('hanna');
    const browser = new TestBrowser(origin);
    const asked = await browser.request('/oidc/forgot', { form: { email } });
    expect(asked.status).toBe(202);
    const unknown = await browser.request('/oidc/forgot', { form: { email: uniqueEmail('nobody') } });
    expect(unknown.status).toBe(202);
    expect(await unknown.text()).toBe(await asked.text());

    const link = linkIn(await lastMailTo(email, 'Choose a new password'));
    const token = new URL(link).searchParams.get('token')!;
    const form = await browser.request(link);
    expect(await form.text()).toContain('name="token"');
    const newPassword = 'a-brand-new-password';
    expect((await browser.request('/oidc/reset', { form: { token, password: newPassword } })).status).toBe(
      200,
    );
    expect(
      (await browser.request('/oidc/reset', { form: { token, password: 'yet-another-password' } })).status,
    ).toBe(400);

    expect(
      (await signInWithCredentials(new TestBrowser(origin), email, password)).searchParams.get('code'),
    ).toBe('credentials');
    const withNew = new TestBrowser(origin);
    expect((await signInWithCredentials(withNew, email, newPassword)).searchParams.get('error')).toBeNull();
    expect((await withNew.session())?.accessToken).toBeDefined();
  });
});

describe('the identity provider speaks the shop page’s language', () => {
  it('registers in French: the form, the answer, the confirmation mail and page are French, and the account keeps fr', async () => {
    const browser = new TestBrowser(origin);
    const form = await browser.request('/oidc/register?lang=fr');
    const page = await form.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('<h1>Créer un compte</h1>');
    expect(page).toContain('>Date de naissance</label>');
    expect(formAction(page, `${origin}/oidc/register?lang=fr`)).toBe(`${origin}/oidc/register?lang=fr`);

    const email = uniqueEmail('Chloe');
    const tooShort = await browser.request('/oidc/register?lang=fr', {
      form: { email, password: 'court', givenName: 'Chloé', familyName: 'Morel', birthdate: '1990-04-02' },
    });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain('Le mot de passe doit comporter au moins 10 caractères.');
    const registered = await browser.request('/oidc/register?lang=fr', {
      form: { email, password, givenName: 'Chloé', familyName: 'Morel', birthdate: '1990-04-02' },
    });
    expect(registered.status).toBe(202);
    expect(await registered.text()).toContain(
      'Nous vous avons envoyé un e-mail. Veuillez suivre son lien pour confirmer votre adresse.',
    );
    const mail = await lastMailTo(email, 'Confirmez votre adresse e-mail');
    expect(mail).toContain(
      'Bienvenue chez Alpenhorn Bergbahnen. Veuillez confirmer votre adresse e-mail avec ce lien\u00a0:',
    );
    expect(new URL(linkIn(mail)).searchParams.get('lang')).toBe('fr');
    // the confirmation page speaks the registration's language, whatever the browser that opens the mail says
    const confirmed = await browser.request(linkIn(mail), { headers: { 'accept-language': 'de-CH' } });
    const confirmedPage = await confirmed.text();
    expect(confirmedPage).toContain(
      'Votre adresse e-mail est confirmée. Vous pouvez maintenant vous connecter.',
    );
    expect(confirmedPage).toContain('<a href="/fr">Retour à la boutique</a>');
    expect((await db.knex('identity_users').where({ email }).first()).locale).toBe('fr');
  });

  it('shows the sign-in form in the language the shop asks for (ui_locales), and its errors too', async () => {
    const email = await registeredAndVerified('dieter');
    const browser = new TestBrowser(origin);
    const csrfToken = await browser.csrfToken();
    const signIn = await browser.request('/api/auth/signin/oidc?ui_locales=de', {
      form: { csrfToken, callbackUrl: `${origin}/de/profile`, json: 'true' },
    });
    const { url } = (await signIn.json()) as { url: string };
    expect(new URL(url).searchParams.get('ui_locales')).toBe('de');
    const form = await browser.follow(url);
    const page = await form.response.text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('>Passwort</label>');
    expect(page).toContain('<a href="/oidc/register?lang=de">Konto erstellen</a>');
    const wrong = await browser.follow(formAction(page, form.url), {
      form: { email, password: 'not-the-password' },
    });
    expect(wrong.response.status).toBe(401);
    expect(await wrong.response.text()).toContain('Die E-Mail-Adresse oder das Passwort ist falsch.');
  });

  it('falls back to the browser’s language, then English', async () => {
    const browser = new TestBrowser(origin);
    expect(
      await (
        await browser.request('/oidc/forgot', { headers: { 'accept-language': 'it-CH, fr;q=0.8' } })
      ).text(),
    ).toContain('<h1>Mot de passe oublié\u202f?</h1>');
    expect(
      await (await browser.request('/oidc/forgot', { headers: { 'accept-language': 'it-CH' } })).text(),
    ).toContain('<h1>Forgot your password?</h1>');
  });
});

describe("the identity provider's pages and mails end with the operator's contact (the demo channel's branding)", () => {
  it('shows the address, phone, e-mail, opening hours and networks under the sign-in and registration pages, in their language', async () => {
    const browser = new TestBrowser(origin);
    const footerOf = async (path: string) => {
      const page = await (await browser.request(path)).text();
      return /<footer>([\s\S]*)<\/footer>/.exec(page)?.[1] ?? '';
    };
    const french = await footerOf('/oidc/register?lang=fr');
    expect(french).toContain('<span>Alpenhorn Bergbahnen AG</span><span>Talstation 1</span>');
    expect(french).toContain('<a href="tel:+41275550100">Téléphone +41 27 555 01 00</a>');
    expect(french).toContain('<a href="mailto:info@alpenhorn.example">E-mail info@alpenhorn.example</a>');
    expect(french).toContain('<p>Heures d’ouverture\u00a0: Tous les jours 08:00–17:00, caisse dès 07:45</p>');
    expect(french).toContain(
      '<a href="https://instagram.com/alpenhorn.example" rel="noopener noreferrer">Instagram</a>',
    );
    const german = await footerOf('/oidc/forgot?lang=de');
    expect(german).toContain('<p>Öffnungszeiten: Täglich 08:00–17:00, Ticketschalter ab 07:45</p>');
    expect(german).toContain('<p>Folgen Sie uns:</p>');
  });

  it('closes the mail, HTML and plain text, with the same contact (read back from Mailpit)', async () => {
    const browser = new TestBrowser(origin);
    const email = uniqueEmail('Kontakt');
    expect((await register(browser, email, {})).status).toBe(202);
    await lastMailTo(email, 'Confirm your e-mail address');
    const [mail] = await mailsTo(email);
    const text = mail!.Text.replace(/\r\n/g, '\n');
    expect(text).toContain(
      [
        'Alpenhorn Bergbahnen AG, Talstation 1, 3999 Alpenhorn VS',
        'Phone +41 27 555 01 00 · E-mail info@alpenhorn.example',
        'Opening hours: Daily 08:00–17:00, ticket desk from 07:45',
        'Follow us: Instagram https://instagram.com/alpenhorn.example · YouTube https://youtube.com/@alpenhorn.example',
      ].join('\n'),
    );
    expect(mail!.HTML).toMatch(/<a href="tel:\+41275550100"[^>]*>Phone \+41 27 555 01 00<\/a>/);
    expect(mail!.HTML).toContain('Opening hours: Daily 08:00–17:00, ticket desk from 07:45');
    expect(mail!.HTML).toMatch(/<img[^>]*src="[^"]*\/images\/demo\/logo\.png"/);
    // the footer's links keep Mailpit's HTML check where the order mails have it
    const check = await htmlCheck(mail!);
    console.log(
      `Mailpit HTML check of the registration mail with the contact footer: ${check.Total.Supported.toFixed(1)} % supported, ${check.Total.Unsupported.toFixed(1)} % unsupported`,
    );
    expect(check.Total.Supported).toBeGreaterThanOrEqual(80);
    expect(check.Total.Unsupported).toBeLessThan(10);
  });
});

describe('the API trusts exactly the issuers of the settings', () => {
  const claims = {
    subject: 'outside-user-1',
    roles: ['customer' as const],
    accountId: '5b0f8a56-0a4e-4d47-9a55-3b0e0d3f3c11',
  };

  it('accepts a token of a second, independent issuer listed in AUTH_ISSUERS (its keys from AUTH_JWKS_URI)', async () => {
    const token = await mintToken(secondKey, { issuer: secondIssuer, audience }, claims);
    const response = await api('/users/persons/', token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('refuses a token of an issuer not listed, even signed with a trusted key', async () => {
    const token = await mintToken(
      secondKey,
      { issuer: 'https://unknown-issuer.alpenpass.test/', audience },
      claims,
    );
    expect((await api('/users/persons/', token)).status).toBe(401);
  });

  it('refuses a token claiming a listed issuer but signed with a key of nobody listed', async () => {
    const stranger = await generateSigningKey();
    expect(
      (await api('/users/persons/', await mintToken(stranger, { issuer, audience }, claims))).status,
    ).toBe(401);
    expect(
      (await api('/users/persons/', await mintToken(stranger, { issuer: secondIssuer, audience }, claims)))
        .status,
    ).toBe(401);
  });
});
