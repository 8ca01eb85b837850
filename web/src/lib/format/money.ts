import type { IntlShape } from 'react-intl';

export interface MinorUnitAmount {
  amount: number;
  currency: string;
}

/** Money arrives in integer minor units (Rappen); shown in the locale's currency format. */
export function formatMoney(intl: IntlShape, money: MinorUnitAmount): string {
  return intl.formatNumber(money.amount / 100, { style: 'currency', currency: money.currency });
}
