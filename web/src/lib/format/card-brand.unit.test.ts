import { cardBrandName } from './card-brand';

describe('card brand names (§9 codes)', () => {
  it('names card brands and provider methods, and shows an unknown code as it is', () => {
    expect(['VIS', 'ECA', 'BON', 'PFC', 'TWI', 'XYZ'].map(cardBrandName)).toEqual([
      'Visa',
      'Mastercard',
      'Boncard',
      'PostFinance Card',
      'TWINT',
      'XYZ',
    ]);
  });
});
