import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signatureOf, webhookHeaders } from './signature';

const body = JSON.stringify({
  type: 'order.paid',
  version: 1,
  timestamp: '2026-12-01T10:00:00.000Z',
  data: { orderId: 7 },
});

describe('Standard Webhooks signatures', () => {
  it('signs as the standardwebhooks package does, and the package verifies our headers', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const library = new Webhook(secret);
    const at = new Date('2026-12-01T10:00:05.000Z');
    expect(signatureOf(secret, 'msg_1', at.getTime() / 1000, body)).toBe(library.sign('msg_1', at, body));

    const headers = webhookHeaders({ messageId: 'msg_1', body }, [secret], new Date());
    expect(library.verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('signs with every secret in force, so either secret of a rotation verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders({ messageId: 'msg_2', body }, [current, previous], new Date());
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(
      'No matching signature found',
    );
  });

  it('is detected by the receiver when the body, the id or the timestamp changed', () => {
    const secret = newWebhookSecret();
    const receiver = new Webhook(secret);
    const headers = webhookHeaders({ messageId: 'msg_3', body }, [secret], new Date());
    expect(() => receiver.verify(body.replace('7', '8'), headers)).toThrow('No matching signature found');
    expect(() => receiver.verify(body, { ...headers, 'webhook-id': 'msg_4' })).toThrow(
      'No matching signature found',
    );
    const replayed = webhookHeaders(
      { messageId: 'msg_3', body },
      [secret],
      new Date(Date.now() - 10 * 60_000),
    );
    expect(() => receiver.verify(body, replayed)).toThrow('Message timestamp too old');
  });
});
