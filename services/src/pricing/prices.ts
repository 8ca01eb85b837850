import { createHash } from 'node:crypto';

/** Stream `prices-<productDefinitionId>`: every price change of a definition, by date. */
export const pricesStream = (productDefinitionId: number) => `prices-${productDefinitionId}`;

export type PriceCause =
  | { kind: 'generation'; generationId: string; batch: number }
  | { kind: 'override'; correlationId: string }
  | { kind: 'demand'; correlationId: string };

export interface PricesCalculatedData {
  productDefinitionId: number;
  productId: number;
  cause: PriceCause;
  /** ISO instant of the calculation */
  calculatedAt: string;
  prices: { date: string; amount: number }[];
}

export interface PricesCalculated {
  type: 'PricesCalculated';
  data: PricesCalculatedData;
}

/** A uuid derived from a business key: appending the same generation batch twice stores nothing new. */
export function deterministicEventId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
