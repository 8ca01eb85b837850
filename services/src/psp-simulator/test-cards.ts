import { isCardBrand, type ProviderPaymentMethod } from '@alpenpass/contracts';
import type { SimulatedCard } from './simulated-transaction';

/** The masked test card the payment page "uses" per brand; the simulator never sees a real number. */
const maskedTestCards: Record<string, string> = {
  VIS: '424242xxxxxx4242',
  ECA: '520000xxxxxx0007',
  AMX: '375811xxxxx1000',
  CUP: '624303xxxxxx0019',
  DIN: '360569xxxx0024',
  DIS: '601100xxxxxx0009',
  JCB: '356600xxxxxx0002',
  MAU: '675940xxxxxx0012',
  DNK: '501914xxxxxx0016',
  UAP: '122000xxxxx0009',
  BON: '503701xxxxxx0004',
};

export function testCardFor(method: ProviderPaymentMethod): Omit<SimulatedCard, 'alias'> | undefined {
  if (!isCardBrand(method)) return undefined;
  return {
    masked: maskedTestCards[method] ?? 'xxxxxxxxxxxx0000',
    brand: method,
    expiryMonth: '12',
    expiryYear: '30',
  };
}
