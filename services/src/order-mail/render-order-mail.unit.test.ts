import { renderOrderMail, type OrderMailContent } from './render-order-mail';
import { orderMailMessageId } from './order-mail-service';
import { lookOf } from '../channel/channel-look';

const look = lookOf(
  {
    name: 'Bergbahnen Example',
    branding: {
      logoUrl: '/images/logo.svg',
      primaryColor: '#123456',
      accentColor: '#abcdef',
      fontFamily: '"Source Sans 3", sans-serif',
    },
  },
  'https://shop.example',
);

const content = (overrides: Partial<OrderMailContent> = {}): OrderMailContent => ({
  kind: 'confirmation',
  language: 'en',
  refno: 'AP-0000042-7',
  items: [
    {
      line: 'Gondola <adult> & "family", Sat 21.12.2030 – Sun 22.12.2030',
      quantity: 2,
      amount: 123456,
    },
  ],
  total: 123456,
  hasAttachments: false,
  orderPageUrl: 'https://shop.example/en/orders/42?token=a&b',
  ...overrides,
});

describe('renderOrderMail', () => {
  it('escapes what comes from the catalogue in the HTML and keeps it plain in the text', async () => {
    const mail = await renderOrderMail(content(), look);
    expect(mail.html).toContain('Gondola &lt;adult&gt; &amp; &quot;family&quot;');
    expect(mail.html).not.toContain('<adult>');
    expect(mail.text).toContain('2 × Gondola <adult> & "family"');
  });

  it('writes amounts and days the Swiss way of each language', async () => {
    expect((await renderOrderMail(content({ language: 'de' }), look)).text).toMatch(
      /Total: CHF\s1['’]234\.56/,
    );
    expect((await renderOrderMail(content({ language: 'de' }), look)).text).toContain(
      '- 2 × Gondola <adult> & "family", Sat 21.12.2030 – Sun 22.12.2030: CHF',
    );
    // French: a no-break space before the colon
    expect((await renderOrderMail(content({ language: 'fr' }), look)).text).toContain(
      'Numéro de commande\u00a0: AP-0000042-7',
    );
    expect((await renderOrderMail(content({ language: 'fr' }), look)).subject).toBe(
      'Votre commande AP-0000042-7 est confirmée',
    );
  });

  it('says what each kind needs: pay on site, tickets attached, the refund and where it went, no total on a cancellation', async () => {
    expect((await renderOrderMail(content({ kind: 'reservation' }), look)).text).toContain(
      'Please pay for the reservation at the ticket office on site.',
    );
    expect((await renderOrderMail(content({ hasAttachments: true }), look)).text).toContain(
      'Your tickets are attached.',
    );
    const refund = await renderOrderMail(
      content({ kind: 'refund', refund: { amount: 2250, onlineCredit: false } }),
      look,
    );
    expect(refund.text.replace(/\s/g, ' ')).toContain(
      'Refunded to your original means of payment: CHF 22.50',
    );
    const cancellation = await renderOrderMail(content({ kind: 'cancellation' }), look);
    expect(cancellation.text).toContain('Cancelled items');
    expect(cancellation.text).not.toContain('Total:');
  });

  it('links to the order page in the text and, escaped, as the HTML button', async () => {
    const mail = await renderOrderMail(content(), look);
    expect(mail.text).toContain('See your order online: https://shop.example/en/orders/42?token=a&b');
    expect(mail.html).toMatch(
      /<a\s+href="https:\/\/shop\.example\/en\/orders\/42\?token=a&amp;b"[^>]*>\s*See your order online\s*<\/a>/,
    );
  });

  it("wears the channel's branding: logo, name, colours, font, and the name in the signature", async () => {
    const mail = await renderOrderMail(content({ language: 'de' }), look);
    // the PNG rendition beside the SVG: mail clients that block SVG show it
    expect(mail.html).toContain('src="https://shop.example/images/logo.png"');
    expect(mail.html).toContain('Bergbahnen Example');
    expect(mail.html).toContain('#123456');
    expect(mail.html).toContain('#abcdef');
    expect(mail.html).toContain('font-family:&#39;Source Sans 3&#39;, sans-serif');
    expect(mail.text).toContain('Ihr Team von Bergbahnen Example');
    // the summary table: a header row and one row per order line with its amount right-aligned
    expect(mail.html).toContain('>Leistung</th>');
    expect(mail.html).toMatch(/<td align="right"[^>]*>CHF\s1(['’]|&#39;)234\.56<\/td>/);
  });

  it('renders fast enough to do it at send time (printed, not asserted)', async () => {
    await renderOrderMail(content(), look);
    const runs = 20;
    const started = performance.now();
    for (let run = 0; run < runs; run += 1) await renderOrderMail(content(), look);
    const perMail = (performance.now() - started) / runs;
    console.log(`order mail rendered with MJML in ${perMail.toFixed(1)} ms per mail (${runs} runs)`);
    expect(perMail).toBeGreaterThan(0);
  });

  it('derives the Message-ID from the event: the same event the same id, another event another', () => {
    const first = orderMailMessageId(
      { orderId: 42, kind: 'refund', details: { refundedAmount: 100 } },
      'shop.example',
    );
    expect(
      orderMailMessageId({ orderId: 42, kind: 'refund', details: { refundedAmount: 100 } }, 'shop.example'),
    ).toBe(first);
    expect(
      orderMailMessageId({ orderId: 42, kind: 'refund', details: { refundedAmount: 200 } }, 'shop.example'),
    ).not.toBe(first);
    expect(orderMailMessageId({ orderId: 42, kind: 'confirmation' }, 'shop.example')).toBe(
      '<order-42.confirmation.paid@shop.example>',
    );
    expect(orderMailMessageId({ orderId: 42, kind: 'refund', eventKey: 'r 1/<x>' }, 'shop.example')).toBe(
      '<order-42.refund.r_1__x_@shop.example>',
    );
  });
});
