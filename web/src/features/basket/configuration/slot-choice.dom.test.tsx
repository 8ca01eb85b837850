import { IntlProvider } from 'react-intl';
import { render, screen } from '@testing-library/react';
import { en } from '../../../i18n/catalogues/en';
import type { ServerSlot } from '../server-types';
import { SlotChoice } from './slot-choice';

const slot = (id: number, hour: number, availableCapacity: number) =>
  ({
    id,
    from: new Date(`2026-12-15T${String(hour - 1).padStart(2, '0')}:00:00Z`),
    to: new Date(`2026-12-15T${String(hour).padStart(2, '0')}:00:00Z`),
    availableCapacity,
  }) as ServerSlot;

describe('the time slots of a day', () => {
  it('says why a slot cannot be chosen: full, or too few places for the persons chosen', () => {
    render(
      <IntlProvider locale="en" messages={en}>
        <SlotChoice
          legend="Time slot"
          slots={[slot(1, 10, 8), slot(2, 11, 3), slot(3, 12, 0)]}
          selectedId={null}
          needed={5}
          timezone="Europe/Zurich"
          onSelect={() => undefined}
        />
      </IntlProvider>,
    );
    const option = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
    expect(option(/^10:00 – 11:00, 8 places left$/).disabled).toBe(false);
    expect(option(/^11:00 – 12:00, 3 places left: not enough for 5$/).disabled).toBe(true);
    expect(option(/^12:00 – 13:00, full$/).disabled).toBe(true);
  });
});
