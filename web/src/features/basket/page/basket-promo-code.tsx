import { discountMessages } from '../discount-messages';
import { CodeField } from './code-field';
import { useAddBasketPromoCodeMutation, useRemoveBasketPromoCodeMutation } from '../api';
import type { ServerBasket } from '../server-types';

/** The checkout's promo-code field on the basket (POST/DELETE /baskets/{id}/promo-code/{code}): the order takes the codes along. */
export function BasketPromoCode({ basket }: { basket: ServerBasket }) {
  const [addCode] = useAddBasketPromoCodeMutation();
  const [removeCode] = useRemoveBasketPromoCodeMutation();
  const nameOf = (code: string) => {
    const line = basket.discounts.find(
      (discount) =>
        discount.source === 'PROMO_CODE' && discount.reference.toUpperCase() === code.toUpperCase(),
    );
    return line ? `${code} – ${line.displayName}` : code;
  };
  return (
    <CodeField
      label={discountMessages.promoLabel}
      applyText={discountMessages.promoApply}
      emptyText={discountMessages.promoEmpty}
      appliedText={discountMessages.promoApplied}
      removedText={discountMessages.promoRemoved}
      applied={basket.promoCodes.map((code) => ({
        key: code,
        name: nameOf(code),
        remove: () => removeCode({ basketId: basket.id, code }),
      }))}
      apply={(code) => addCode({ basketId: basket.id, code })}
    />
  );
}
