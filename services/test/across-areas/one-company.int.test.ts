import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { companyAddress } from '@alpenpass/contracts';
import { shopLookSource } from '../../src/channel';
import { demoBranding, demoShopName } from '../../src/demo/catalogue';
import { renderPage } from '../../src/identity/page-layout';
import { brandedMailText, renderBrandedMail } from '../../src/platform/mail/branded-mail';
import { createTicketTestKit, type TicketTestKit } from '../support/ticket-kit';

/**
 * One company and one shop name on everything the shop hands out: the sign-in pages, the mails, the ticket
 * and the receipt print the company block of the channel's configuration (the demo resort's), the shop's
 * pages show it too (web/e2e/shop-front.e2e.test.ts).
 */
const keyFile = join(mkdtempSync(join(tmpdir(), 'one-company-')), 'key.pem');
const company = demoBranding.company!;
const block = companyAddress(demoBranding);
let kit: TicketTestKit;
let customer: string;

beforeAll(async () => {
  kit = await createTicketTestKit({ env: { TICKET_SIGNING_KEY_FILE: keyFile } });
  await kit.brandChannel(demoShopName, demoBranding);
  await kit.checkout.basket.scheduleSlot(61, 30);
  customer = await kit.checkout.basket.identity.bearer({
    subject: 'c-1',
    roles: ['customer'],
    accountId: '1',
  });
}, 60_000);
afterAll(async () => kit?.close());

const documentText = async (orderId: number, kind: 'ticket-url' | 'receipt-url', language: string) =>
  (await kit.documentPages(customer, orderId, kind, language)).flatMap((page) => page.text);

const look = () =>
  shopLookSource(kit.checkout.basket.db.knex, {
    channelId: kit.checkout.deps.config.channelId,
    shopPublicUrl: 'https://shop.example',
  })();

describe.each([
  ['de', 'MWST'],
  ['en', 'VAT'],
  ['fr', 'TVA'],
] as const)('in %s', (language, vatSuffix) => {
  it('the receipt and the ticket are issued by the company of the channel, the receipt with its VAT number', async () => {
    const { orderId } = await kit.paidOrder(customer, 61, 1);
    await kit.fulfilOrder(orderId);
    await kit.project();
    const receipt = await documentText(orderId, 'receipt-url', language);
    for (const line of block) expect(receipt).toContain(line);
    expect(receipt).toContain(`${company.vatNumber} ${vatSuffix}`);
    const ticket = (await documentText(orderId, 'ticket-url', language)).join(' ');
    expect(ticket).toContain(company.name);
    expect(ticket).not.toMatch(/Alpenpass/);
  });

  it('the mails and the sign-in pages carry the shop name and the same company block', async () => {
    const current = await look();
    expect(current.name).toBe(demoShopName);
    const mail = {
      language,
      title: 'Hallo',
      preview: 'Hallo',
      blocks: [{ kind: 'text' as const, text: '…' }],
    };
    const html = await renderBrandedMail(mail, current);
    expect(html).toContain(block.join(', '));
    expect(html).toContain(`>${demoShopName}</a>`);
    expect(brandedMailText(mail, current)).toContain(block.join(', '));
    const page = renderPage({ language, title: 'Anmelden', body: '<p>…</p>' }, current).html;
    for (const line of block) expect(page).toContain(`<span>${line}</span>`);
    expect(page).toContain(`<title>Anmelden · ${demoShopName}</title>`);
  });
});
