// Evaluation time of a basket's discounts (the pure function the basket view runs on every read): a
// basket of 20 entries against 200 active automatic discounts (product, bundle and cart adjustments
// with rules) and 3 promo codes. Prints p50 and p99 in microseconds and, as the baseline in the same
// run, the same basket with no discount at all (the ratio is what to compare between machines).
// The race figures (usages, vouchers, credit) are exact counts asserted by the integration tests.
// Usage: npm run bench:discounts [-- iterations=5000]
import { loadavg } from 'node:os';
import type { AutoDiscountDefinition, PromoSample } from '@alpenpass/contracts';
import {
  evaluateDiscounts,
  type AutoDiscountFacts,
  type DiscountInput,
  type PricedEntry,
  type PromoCodeFacts,
} from '../../services/src/discount/evaluate';

const now = new Date('2030-12-20T12:00:00Z');
const types = ['PRODUCT_ADJUSTMENT', 'BUNDLE_ADJUSTMENT', 'CART_ADJUSTMENT'] as const;

function entries(): PricedEntry[] {
  return Array.from({ length: 20 }, (_unused, index) => ({
    entryId: `entry-${index}`,
    productId: 100 + (index % 5),
    productDefinitionId: 1000 + (index % 10),
    unitPrice: 2000 + index * 150,
    quantity: 1 + (index % 3),
    firstDay: `2030-12-${String(21 + (index % 7)).padStart(2, '0')}`,
  }));
}

function autoDiscounts(count: number): AutoDiscountFacts[] {
  return Array.from({ length: count }, (_unused, index) => {
    const type = types[index % types.length]!;
    const definitions = [1000 + (index % 10), 1000 + ((index + 3) % 10)];
    const definition: AutoDiscountDefinition = {
      id: `auto-${String(index).padStart(4, '0')}`,
      name: `auto ${index}`,
      displayName: `Auto ${index}`,
      description: '',
      priority: index % 17,
      type,
      rulesMatchAny: index % 2 === 0,
      rules: [
        {
          kind: 'PLACES',
          selector: { productIds: [], productDefinitionIds: definitions },
          quantity: 1 + (index % 4),
        },
        { kind: 'MIN_SUBTOTAL', amount: 10_000 + index * 100 },
        { kind: 'VALIDITY_BETWEEN', from: '2030-12-20', to: '2030-12-31' },
      ],
      application:
        type === 'BUNDLE_ADJUSTMENT'
          ? {
              components: [
                { selector: { productIds: [], productDefinitionIds: [definitions[0]!] }, quantity: 2 },
                { selector: { productIds: [], productDefinitionIds: [definitions[1]!] }, quantity: 1 },
              ],
            }
          : { selector: { productIds: [], productDefinitionIds: definitions } },
      maxUsages: index % 5 === 0 ? 100 : null,
      maxApplicationsPerDiscount: index % 3 === 0 ? 2 : null,
      applyRounding: index % 2 === 1,
      validFrom: null,
      validTo: null,
      discountType: index % 4 === 0 ? 'absolute' : 'relative',
      discount: index % 4 === 0 ? 300 : 5 + (index % 20),
    };
    return { definition, remainingUsages: definition.maxUsages === null ? null : 50 };
  });
}

function promoCodes(): PromoCodeFacts[] {
  return ['WINTER-1', 'FAMILY-2', 'SPRING-3'].map((code, index) => ({
    code,
    applyRounding: true,
    disabled: false,
    remainingUsages: 10,
    sample: {
      displayName: code,
      description: 'a benchmark code',
      maxUsages: 100,
      maxUsagesPerBasket: 4,
      bookingValidFrom: null,
      bookingValidTo: null,
      slotValidFrom: null,
      slotValidTo: null,
      productIds: [],
      productDefinitionIds: [1000 + index],
      discountType: 'relative',
      discount: 10,
    } as PromoSample,
  }));
}

function measure(input: DiscountInput, iterations: number): { p50: number; p99: number; lines: number } {
  for (let warm = 0; warm < 500; warm += 1) evaluateDiscounts(input);
  const times: number[] = [];
  let lines = 0;
  for (let run = 0; run < iterations; run += 1) {
    const started = process.hrtime.bigint();
    lines = evaluateDiscounts(input).lines.length;
    times.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)]!, p99: times[Math.floor(times.length * 0.99)]!, lines };
}

function main() {
  const iterations = Number(process.argv[2] ?? 5000);
  console.log(`discount evaluation, ${iterations} runs, load average ${loadavg()[0]!.toFixed(2)}`);
  const basket = entries();
  const baseline = measure(
    { entries: basket, autoDiscounts: [], promoCodes: [], now, today: '2030-12-20' },
    iterations,
  );
  const full = measure(
    {
      entries: basket,
      autoDiscounts: autoDiscounts(200),
      promoCodes: promoCodes(),
      now,
      today: '2030-12-20',
    },
    iterations,
  );
  console.log(
    `no discounts:               p50 ${baseline.p50.toFixed(1)} µs, p99 ${baseline.p99.toFixed(1)} µs`,
  );
  console.log(
    `200 auto discounts, 3 codes: p50 ${full.p50.toFixed(1)} µs, p99 ${full.p99.toFixed(1)} µs (${full.lines} lines)`,
  );
  console.log(`ratio p99: ${(full.p99 / baseline.p99).toFixed(1)}×`);
}

main();
