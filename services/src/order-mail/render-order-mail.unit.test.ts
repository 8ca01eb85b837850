import { renderOrderMail, type OrderMailContent } from './render-order-mail';
import { orderMailMessageId } from './order-mail-service';

const content = (overrides: Partial<OrderMailContent> = {}): OrderMailContent => ({
  kind: 'confirmation',
  language: 'en',
  refno: 'AP-0000042-7',
  items: [
    {
      name: 'Gondola <adult> & "family"',
      validity: { from: '2030-12-21T07:00:00Z', to: '2030-12-22T16:00:00Z' },
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
  it('escapes what comes from the catalogue in the HTML and keeps it plain in the text', () => {
    const mail = renderOrderMail(content());
    expect(mail.html).toContain('Gondola &lt;adult&gt; &amp; &quot;family&quot;');
    expect(mail.html).not.toContain('<adult>');
    expect(mail.text).toContain('2 × Gondola <adult> & "family"');
  });

  it('writes amounts and days the Swiss way of each language', () => {
    expect(renderOrderMail(content({ language: 'de' })).text).toMatch(/Total: CHF\s1['’]234\.56/);
    expect(renderOrderMail(content({ language: 'de' })).text).toContain('(Gültig: 21.12.2030 – 22.12.2030)');
    expect(renderOrderMail(content({ language: 'fr' })).subject).toBe(
      'Votre commande AP-0000042-7 est confirmée',
    );
  });

  it('says what each kind needs: pay on site, tickets attached, the refund and where it went, no total on a cancellation', () => {
    expect(renderOrderMail(content({ kind: 'reservation' })).text).toContain(
      'Please pay for the reservation at the ticket office on site.',
    );
    expect(renderOrderMail(content({ hasAttachments: true })).text).toContain('Your tickets are attached.');
    const refund = renderOrderMail(
      content({ kind: 'refund', refund: { amount: 2250, onlineCredit: false } }),
    );
    expect(refund.text.replace(/\s/g, ' ')).toContain(
      'Refunded to your original means of payment: CHF 22.50',
    );
    const cancellation = renderOrderMail(content({ kind: 'cancellation' }));
    expect(cancellation.text).toContain('Cancelled items');
    expect(cancellation.text).not.toContain('Total:');
  });

  it('links to the order page in the text and, escaped, in the HTML', () => {
    const mail = renderOrderMail(content());
    expect(mail.text).toContain('See your order online: https://shop.example/en/orders/42?token=a&b');
    expect(mail.html).toContain(
      '<a href="https://shop.example/en/orders/42?token=a&amp;b">See your order online</a>',
    );
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
