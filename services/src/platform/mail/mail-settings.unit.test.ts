import { loadMailSettings } from './mail-settings';

describe('loadMailSettings', () => {
  it('defaults to the local Mailpit and takes the Message-ID domain from MAIL_FROM', () => {
    expect(loadMailSettings({})).toEqual({
      smtpUrl: 'smtp://127.0.0.1:1025',
      from: 'Alpenpass <tickets@alpenpass.local>',
      messageIdDomain: 'alpenpass.local',
    });
    expect(
      loadMailSettings({ MAIL_FROM: 'shop@resort.ch', SMTP_URL: 'smtps://user:secret@mail.resort.ch:465' }),
    ).toEqual({
      smtpUrl: 'smtps://user:secret@mail.resort.ch:465',
      from: 'shop@resort.ch',
      messageIdDomain: 'resort.ch',
    });
  });

  it('names the variable of a bad value', () => {
    expect(() => loadMailSettings({ SMTP_URL: 'http://mail' })).toThrow(
      /SMTP_URL: Expected an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadMailSettings({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(() => loadMailSettings({ MAIL_FROM: 'Evil <a@b>\r\nBcc: x@y' })).toThrow(/MAIL_FROM/);
  });
});
