import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { fireEvent, render, screen } from '@testing-library/react';
import { en } from '../../../i18n/catalogues/en';
import { MAX_PER_PERSON_TYPE, PersonTypeFields } from './person-type-fields';

function Adults() {
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  return (
    <IntlProvider locale="en" messages={en}>
      <PersonTypeFields
        legend="Persons"
        choices={[{ value: 'ADULT', label: 'Adults', minAge: 18 }]}
        quantities={quantities}
        onChange={(personType, quantity) => setQuantities({ ...quantities, [personType]: quantity })}
      />
    </IntlProvider>
  );
}

describe('the quantity per person type', () => {
  it('brings a number past the maximum down to it and says so', () => {
    render(<Adults />);
    const adults = screen.getByLabelText('Adults') as HTMLInputElement;
    fireEvent.change(adults, { target: { value: '25' } });
    expect(adults.value).toBe(String(MAX_PER_PERSON_TYPE));
    expect(screen.getByRole('status').textContent).toBe(
      'At most 20 per booking: for a larger group, book again or ask the resort.',
    );
    expect(adults.getAttribute('aria-describedby')).toContain(screen.getByRole('status').id);
  });

  it('says nothing while the number is within the maximum', () => {
    render(<Adults />);
    fireEvent.change(screen.getByLabelText('Adults'), { target: { value: '3' } });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
