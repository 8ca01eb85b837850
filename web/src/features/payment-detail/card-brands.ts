/** §9 card brand codes as customers know them (brand names are the same in every language). */
const brandNames: Record<string, string> = {
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
  BON: 'Bonus Card',
  PFC: 'PostFinance Card',
  TWI: 'TWINT',
};

export const brandName = (code: string) => brandNames[code] ?? code;

/** Where the provider's page sends the customer back to, with its outcome (the provider adds datatransTrxId). */
export function cardReturnUrls(origin: string, locale: string) {
  const page = `${origin}/${locale}/profile/payment-details/return`;
  return {
    success: `${page}?outcome=success`,
    error: `${page}?outcome=error`,
    cancel: `${page}?outcome=cancel`,
  };
}
