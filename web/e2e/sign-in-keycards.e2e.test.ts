import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAccessibilityViolations } from './accessibility';
import { launchChromium, screenshotFolder } from './chromium';
import { newcomer, providerTexts, registerAndConfirm, signInOnProvider } from './identity-provider';
import { shopHeaders, startShop, type ShopProcess } from './shop-process';
import { pageSteps } from './page-steps';

let shop: ShopProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The embedded identity provider's issuer is http://localhost:<port>/oidc: the browser uses that host,
 * so that the sign-in cookies set at /api/auth are sent back to its callback. */
let origin: string;

beforeAll(async () => {
  mkdirSync(screenshotFolder, { recursive: true });
  // the owner person comes from the registration's names and birthdate at the first sign-in
  [shop, browser] = await Promise.all([
    startShop({ FEATURE_FLAGS: 'ownerCreationOnAccountCreation' }),
    launchChromium(),
  ]);
  origin = shop.origin.replace('127.0.0.1', 'localhost');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
}, 60_000);

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

const { screenshot, heading } = pageSteps(() => page);

describe('registering, signing in from the shop and adding a keycard, against the real shop', () => {
  it('registers on /oidc, confirms by mail, signs in from the SPA, sees no keycards and adds a SwissPass, in English on a phone', async () => {
    const person = newcomer();

    await page.goto(`${origin}/en/auth-selector?returnTo=${encodeURIComponent('/en/profile/keycards')}`);
    await heading(1, 'Sign in');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot('signin-1-auth-selector-en');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await registerAndConfirm(page, person, providerTexts.en);

    await page.goto(`${origin}/en/auth-selector?returnTo=${encodeURIComponent('/en/profile/keycards')}`);
    await page.getByRole('button', { name: 'Sign in with your Alpenhorn Bergbahnen account' }).click();
    await signInOnProvider(page, person, providerTexts.en);

    await page.waitForURL(`${origin}/en/profile/keycards`);
    await heading(1, 'Keycards and passes');
    await page.getByText('You have not added a keycard yet.').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await screenshot('signin-2-keycards-empty-en');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Add a keycard' }) });
    await form.getByLabel(/^Person/).selectOption({ label: 'Lena Bergmann' });
    await form.getByLabel(/Type of card/).selectOption('SWISSPASS');
    await form.getByLabel(/SwissPass card number/).fill('S12 345 678 9');
    await form.getByLabel(/Postcode of the holder/).fill('3920');
    await form.getByRole('button', { name: 'Add keycard' }).click();
    await page.getByText('A SwissPass card number is the letter S and 11 digits.').waitFor();
    await form.getByLabel(/SwissPass card number/).fill('S12 345 678 901');
    await form.getByRole('button', { name: 'Add keycard' }).click();
    await page.getByText('The keycard was added.').waitFor();
    await heading(3, 'SwissPass');
    await page.getByText('S12345678901', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete SwissPass S12345678901' }).waitFor();
    await screenshot('signin-3-keycard-added-en');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // the session's access token is the API's bearer: the card is stored for this account
    const session = await page.evaluate(
      async (headers) => (await fetch('/api/auth/session', { headers })).json(),
      shopHeaders,
    );
    expect(session.user.email).toBe(person.email);
    const stored = await fetch(`${shop.origin}/api/keycards`, {
      headers: { ...shopHeaders, authorization: `Bearer ${session.accessToken}` },
    });
    expect(await stored.json()).toEqual([
      expect.objectContaining({
        type: 'SWISSPASS',
        status: 'ACTIVE',
        dataCarrierId: 'S12345678901',
        fields: expect.objectContaining({ zip: '3920' }),
      }),
    ]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${origin}/en`);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    const signedOut = await page.evaluate(
      async (headers) => (await fetch('/api/auth/session', { headers })).json(),
      shopHeaders,
    );
    // Auth.js answers null for no session
    expect(signedOut).toBeNull();
  }, 240_000);
});

describe('a protected page, and deleting the account with its grace period, against the real shop', () => {
  it('lands a signed-out visitor on the translated sign-in page (SessionRequired), signs in, asks for deletion and keeps the account, in German', async () => {
    const person = newcomer();
    // the provider's own address, without the shop's language: the browser's (English) is taken
    await page.goto(`${origin}/oidc/register`);
    await registerAndConfirm(page, person, providerTexts.en);

    // §2's address of the sign-in service leads to the shop's own page with the same parameters
    await page.goto(
      `${origin}/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(`${origin}/de/profile`)}`,
    );
    await page.waitForURL(/\/de\/auth-selector\?error=SessionRequired&callbackUrl=/);
    await page.getByRole('alert').getByText('Bitte melden Sie sich an, um diese Seite zu sehen.').waitFor();
    // and so does a protected page opened without a session
    await page.goto(`${origin}/de/profile`);
    await page.waitForURL(
      `${origin}/de/auth-selector?error=SessionRequired&callbackUrl=${encodeURIComponent(`${origin}/de/profile`)}`,
    );
    await heading(1, 'Anmelden');
    await screenshot('signin-4-session-required-de');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // the German sign-in page asks the provider for its form in German
    await page.getByRole('button', { name: 'Mit Ihrem Konto bei Alpenhorn Bergbahnen anmelden' }).click();
    await signInOnProvider(page, person, providerTexts.de);
    await page.waitForURL(`${origin}/de/profile`);
    await heading(1, 'Mein Konto');

    await page.getByRole('button', { name: 'Mein Konto löschen …' }).click();
    await page.getByRole('button', { name: 'Ja, mein Konto löschen' }).click();
    await page.getByText(/^Ihr Konto wird am .+ gelöscht\. Bis dahin können Sie es behalten\.$/).waitFor();
    await screenshot('signin-5-deletion-pending-de');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const session = await page.evaluate(
      async (headers) => (await fetch('/api/auth/session', { headers })).json(),
      shopHeaders,
    );
    const current = async () =>
      (
        await fetch(`${shop.origin}/api/users/current`, {
          headers: { ...shopHeaders, authorization: `Bearer ${session.accessToken}` },
        })
      ).json();
    expect((await current()).deleteAfter).toEqual(expect.any(String));

    // signed in again later, the customer is shown the reactivation on /profile (no new profile pages here)
    await page.goto(`${origin}/de`);
    await page.waitForURL(`${origin}/de/profile`);
    await page.getByRole('button', { name: 'Mein Konto behalten' }).click();
    await page.getByRole('button', { name: 'Mein Konto löschen …' }).waitFor();
    expect((await current()).deleteAfter).toBeNull();
  }, 240_000);
});
