/**
 * The names of §9's card brands and provider methods as their holders know them, the same in every
 * language; the one table the checkout and the saved cards read. BON is Boncard (the Swiss gift and
 * loyalty card); a code not listed is shown as it is.
 */
const brandNames: Readonly<Record<string, string>> = {
  VIS: 'Visa',
  ECA: 'Mastercard',
  AMX: 'American Express',
  CUP: 'UnionPay',
  DIN: 'Diners Club',
  DIS: 'Discover',
  JCB: 'JCB',
  MAU: 'Maestro',
  DNK: 'Dankort',
  UAP: 'UATP',
  BON: 'Boncard',
  PFC: 'PostFinance Card',
  TWI: 'TWINT',
};

export const cardBrandName = (code: string): string => brandNames[code] ?? code;
