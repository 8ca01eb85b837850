import { developmentSecrets } from '../platform/development-secrets';
import type { EventStore } from '../platform/event-store/event-store';
import {
  assertUsableWebhookSecret,
  requireContentSignature,
  UnsafeWebhookSecretError,
} from './content-signature';
import { contentWebhookRouter } from './webhook-api';

const defaultSecret = developmentSecrets.CONTENT_WEBHOOK_SECRET;

describe('content webhook secret', () => {
  it('refuses the development default outside development, naming the variable', () => {
    expect(() => assertUsableWebhookSecret(defaultSecret, 'production')).toThrow(UnsafeWebhookSecretError);
    expect(() => assertUsableWebhookSecret(defaultSecret, 'production')).toThrow(
      /\bCONTENT_WEBHOOK_SECRET\b/,
    );
    expect(() => requireContentSignature(defaultSecret, 'production')).toThrow(UnsafeWebhookSecretError);
  });

  it('will not build the webhook route around the default outside development', () => {
    const store = {} as EventStore; // never used: the route is only built
    expect(() => contentWebhookRouter({ store, secret: defaultSecret, environment: 'production' })).toThrow(
      /\bCONTENT_WEBHOOK_SECRET\b/,
    );
    expect(() =>
      contentWebhookRouter({ store, secret: 'a-secret-of-our-own-0123456789', environment: 'production' }),
    ).not.toThrow();
  });

  it('accepts the default in development, where the demo and tests sign with it', () => {
    expect(() => assertUsableWebhookSecret(defaultSecret, 'development')).not.toThrow();
  });
});
