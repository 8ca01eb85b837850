import { IntlProvider } from 'react-intl';
import { render } from '@testing-library/react';
import { de } from '../../../i18n/catalogues/de';
import { HoldNotice } from './hold-notice';

const inGerman = (hold: Parameters<typeof HoldNotice>[0]['hold']) =>
  render(
    <IntlProvider locale="de" messages={de} timeZone="Europe/Zurich">
      <HoldNotice hold={hold} />
    </IntlProvider>,
  );

describe('the basket’s reservation notice', () => {
  it('says nothing for a basket whose items hold no places', () => {
    const { container } = inGerman({ status: 'none', expiresAt: null, expiredAt: null });
    expect(container.textContent).toBe('');
  });

  it('says until when the places are held', () => {
    const { container } = inGerman({
      status: 'active',
      expiresAt: new Date('2026-12-15T10:20:00Z'),
      expiredAt: null,
    });
    expect(container.textContent).toContain('11:20');
  });
});
