import { describeOrderLine, type OrderLineFacts } from './order-line';

const facts = (overrides: Partial<OrderLineFacts>): OrderLineFacts => ({
  productName: 'Tageskarte',
  personType: 'Erwachsene',
  validity: { from: '2026-12-12', to: '2026-12-12' },
  hasSlot: false,
  timezone: 'Europe/Zurich',
  language: 'de',
  ...overrides,
});

describe('how an order line reads', () => {
  it('names product, person type and the single day', () => {
    expect(describeOrderLine(facts({}))).toEqual({
      text: 'Tageskarte, Erwachsene, Sa 12.12.2026',
      personType: 'Erwachsene',
      dates: 'Sa 12.12.2026',
      days: 1,
      slot: null,
    });
  });

  it('gives a multi-day pass its range and number of days, in each language', () => {
    const pass = { validity: { from: '2026-12-11', to: '2026-12-13' } };
    expect(describeOrderLine(facts({ ...pass, productName: '3-Tageskarte', personType: 'Kind' }))).toEqual(
      expect.objectContaining({ text: '3-Tageskarte, Kind, Fr 11.12.2026 – So 13.12.2026', days: 3 }),
    );
    expect(
      describeOrderLine(facts({ ...pass, productName: '3-day pass', personType: 'Child', language: 'en' }))
        .text,
    ).toBe('3-day pass, Child, Fri 11.12.2026 – Sun 13.12.2026');
    expect(
      describeOrderLine(
        facts({ ...pass, productName: 'Forfait 3 jours', personType: 'Enfant', language: 'fr' }),
      ).text,
    ).toBe('Forfait 3 jours, Enfant, ven. 11.12.2026 – dim. 13.12.2026');
  });

  it('adds the slot in 24-hour time in every language, read in the pool timezone', () => {
    const slot = {
      hasSlot: true,
      validity: { from: '2026-12-12T08:00:00.000Z', to: '2026-12-12T09:00:00.000Z' },
    };
    expect(describeOrderLine(facts(slot)).text).toBe('Tageskarte, Erwachsene, Sa 12.12.2026, 09:00–10:00');
    const afternoon = {
      hasSlot: true,
      validity: { from: '2026-07-04T13:30:00+02:00', to: '2026-07-04T15:00:00+02:00' },
    };
    expect(describeOrderLine(facts({ ...afternoon, language: 'en', personType: 'Adult' }))).toEqual(
      expect.objectContaining({ dates: 'Sat 04.07.2026', slot: '13:30–15:00' }),
    );
    expect(describeOrderLine(facts({ ...afternoon, language: 'fr', personType: 'Adulte' })).text).toBe(
      'Tageskarte, Adulte, sam. 04.07.2026, 13:30–15:00',
    );
  });

  it('leaves out what the item does not have; an end at midnight opens no further day', () => {
    expect(describeOrderLine(facts({ personType: null, validity: null }))).toEqual({
      text: 'Tageskarte',
      personType: null,
      dates: null,
      days: null,
      slot: null,
    });
    expect(
      describeOrderLine(
        facts({ validity: { from: '2026-12-12T09:00:00+01:00', to: '2026-12-13T00:00:00+01:00' } }),
      ).dates,
    ).toBe('Sa 12.12.2026');
  });
});
