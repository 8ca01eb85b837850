import type { RefundDestination, RefundPart } from '@alpenpass/contracts';
import { amountDueOf, type PlacedOrder } from '../order';

/** Splits `amount` over `weights` in proportion, in whole units, the remainders to the largest fractions. */
function apportion(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byFraction = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction);
  for (const { index } of byFraction) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What the customer paid for each item (docs/after-sale.md, "Refund caps"): its price less its share of
 * the order's discount lines — a line's amount spread over the items it names (all items when it names
 * none of them, as a cart discount), in proportion to their prices. The items' paid amounts add up to the
 * order total, so refunding every item in full gives back exactly what the items cost.
 */
export function paidPerItem(order: Pick<PlacedOrder, 'items' | 'discounts'>): Map<string, number> {
  const paid = new Map(order.items.map((item) => [item.itemId, item.price.amount]));
  for (const line of order.discounts ?? []) {
    const named = order.items.filter((item) => line.entryIds.includes(item.itemId));
    const touched = named.length > 0 ? named : order.items;
    const shares = apportion(
      line.amount.amount,
      touched.map((item) => paid.get(item.itemId) ?? 0),
    );
    touched.forEach((item, index) =>
      paid.set(item.itemId, Math.max(0, (paid.get(item.itemId) ?? 0) - shares[index]!)),
    );
  }
  return paid;
}

/** Where the money of a refund part came from: the primary payment, online credit, or a voucher. */
type Source = { source: RefundPart['source']; code?: string; paid: number };

/** What each payment source paid, in the order refunds draw on them: the primary payment (card or the
 * desk) first, then online credit, then the vouchers (the last applied first). */
function sourcesOf(order: PlacedOrder): Source[] {
  const primary: Source[] =
    order.paymentMethod === 'CARD' || order.paymentMethod === 'ON_SITE'
      ? [{ source: order.paymentMethod, paid: amountDueOf(order) }]
      : [];
  const credit: Source[] =
    order.onlineCredit > 0 ? [{ source: 'ONLINE_CREDIT', paid: order.onlineCredit }] : [];
  const vouchers: Source[] = [...order.vouchers]
    .reverse()
    .map((voucher) => ({ source: 'VOUCHER', code: voucher.code, paid: voucher.amount }));
  return [...primary, ...credit, ...vouchers];
}

/** Parts of the refunds asked so far; a refund from before the split drew on the primary payment. */
function partsSoFar(order: PlacedOrder): RefundPart[] {
  const primary = order.paymentMethod === 'ON_SITE' ? 'ON_SITE' : 'CARD';
  return order.refunds.flatMap(
    (refund) => refund.parts ?? [{ source: primary, destination: refund.destination, amount: refund.amount }],
  );
}

const sameSource = (part: RefundPart, source: Source) =>
  part.source === source.source && (part.code ?? null) === (source.code ?? null);

const destinationOf = (source: Source): RefundDestination =>
  source.source === 'ON_SITE' ? 'ON_SITE' : source.source;

/**
 * The money of a refund goes back where it came from (docs/after-sale.md, "Refund caps"): the card (or the
 * desk) up to what it paid less what went back to it before, then online credit, then each voucher, each
 * never beyond what it paid. With `toOnlineCredit` the customer chose credit: every part is paid into
 * online credit, still counted against the source it came from. Answers the parts; what no source can
 * take (more than was paid in all) is left out, and the decider refuses it before.
 */
export function splitRefund(order: PlacedOrder, amount: number, toOnlineCredit: boolean): RefundPart[] {
  const earlier = partsSoFar(order);
  const parts: RefundPart[] = [];
  let left = amount;
  for (const source of sourcesOf(order)) {
    if (left === 0) break;
    const refunded = earlier
      .filter((part) => sameSource(part, source))
      .reduce((sum, part) => sum + part.amount, 0);
    const take = Math.min(left, Math.max(0, source.paid - refunded));
    if (take === 0) continue;
    parts.push({
      source: source.source,
      ...(source.code ? { code: source.code } : {}),
      destination: toOnlineCredit ? 'ONLINE_CREDIT' : destinationOf(source),
      amount: take,
    });
    left -= take;
  }
  return parts;
}

/** What can still be refunded over all sources. */
export const refundableOf = (order: PlacedOrder) =>
  sourcesOf(order).reduce((sum, source) => sum + source.paid, 0) -
  partsSoFar(order).reduce((sum, part) => sum + part.amount, 0);
