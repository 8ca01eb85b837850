import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadMailSettings } from '@alpenpass/services/src/platform/mail/mail-settings';
import { createSmtpMailer } from '@alpenpass/services/src/platform/mail/mailer';
import { launchChromium, screenshotFolder } from './chromium';
import { mailpitUrl, mailTo } from './mailbox';

/**
 * The README promises every mail the shop sends readable in Mailpit's inbox page. That page is a web app
 * Mailpit only has when it was built with its UI (infra/scripts/ensure-mailpit.sh); without it the page
 * stays empty. A mail goes out through the shop's own SMTP mailer (SMTP_URL) and is looked for as a
 * developer does: in the browser, on the inbox page (MAILPIT_URL), by its subject.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(screenshotFolder, { recursive: true });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function sendMail(to: string, subject: string, body: string): Promise<void> {
  const mailer = createSmtpMailer(loadMailSettings());
  try {
    await mailer.send({
      to,
      subject,
      text: body,
      html: `<p>${body}</p>`,
      messageId: `<inbox-page-${randomBytes(8).toString('hex')}@alpenpass.local>`,
    });
  } finally {
    mailer.close();
  }
}

describe("Mailpit's inbox page", () => {
  it('lists a mail the shop sent, found by its subject, and opens it', async () => {
    const token = randomBytes(5).toString('hex');
    const address = `inbox-page-${token}@example.ch`;
    const subject = `Ihre Tickets für Alpenhorn ${token}`;
    const body = `Guten Tag, hier sind Ihre Tickets (${token}).`;
    await sendMail(address, subject, body);
    // stored before the page opens: what fails below is the inbox page itself
    await mailTo(address, subject);

    const appScript = page.waitForResponse((response) => response.url().includes('/dist/app.js'));
    await page.goto(`${mailpitUrl}/`);
    // without its web UI, Mailpit's page is an empty shell whose script is missing
    expect({ script: '/dist/app.js', status: (await appScript).status() }).toEqual({
      script: '/dist/app.js',
      status: 200,
    });

    // other tests' mails arrive meanwhile: the inbox's own search brings this one to the top
    const search = page.getByPlaceholder('Search mailbox');
    await search.fill(`subject:"${subject}"`);
    await search.press('Enter');
    const listed = page.getByText(subject, { exact: true });
    await listed.waitFor();
    await page.screenshot({ path: join(screenshotFolder, 'mailpit-inbox.png') });

    await listed.click();
    await page.frameLocator('#preview-html').getByText(body).waitFor();
    expect(await page.getByRole('cell', { name: subject, exact: true }).isVisible()).toBe(true);
  });
});
