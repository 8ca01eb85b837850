import { loadConfig } from '../platform/config';
import { loadTicketSettings, ticketSettingsOf } from './ticket-settings';

describe('ticket settings', () => {
  it('defaults: the key file in .data/keys, 5-minute links, the standard Swiss VAT rate', () => {
    const settings = loadTicketSettings({}, '/repo/.data');
    expect(settings).toMatchObject({
      signingKeyFile: '/repo/.data/keys/ticket-signing-key.pem',
      documentLinkTtlSeconds: 300,
      vatRatePercent: 8.1,
    });
  });

  it('reads the rate, the link lifetime and the key from the environment', () => {
    const settings = loadTicketSettings(
      {
        VAT_RATE_PERCENT: '2.6',
        DOCUMENT_LINK_TTL_SECONDS: '900',
        TICKET_SIGNING_KEY: 'pem',
      },
      '/repo',
    );
    expect(settings).toMatchObject({
      signingKeyPem: 'pem',
      documentLinkTtlSeconds: 900,
      vatRatePercent: 2.6,
    });
  });

  it('a bad value stops start-up naming the variable', () => {
    expect(() => ticketSettingsOf(loadConfig({ VAT_RATE_PERCENT: 'eight' }))).toThrow(
      /VAT_RATE_PERCENT: Expected a percentage/,
    );
    expect(() => ticketSettingsOf(loadConfig({ DOCUMENT_LINK_TTL_SECONDS: '100000' }))).toThrow(
      /DOCUMENT_LINK_TTL_SECONDS: Expected at most 86400/,
    );
  });
});
