import {
  useAddCheckoutPromoCodeMutation,
  useAddCheckoutVoucherMutation,
  useRemoveCheckoutPromoCodeMutation,
  useRemoveCheckoutVoucherMutation,
} from '../api';
import type { ServerCheckout } from '../checkout-types';
import { discountMessages } from '../../basket/discount-messages';
import { CodeField } from '../../basket/page/code-field';

/** Promo codes (the order is priced again) and gift vouchers (they pay part of it) on the open order. */
export function CheckoutCodes({ checkout }: { checkout: ServerCheckout }) {
  const checkoutId = checkout.id;
  const [addPromo] = useAddCheckoutPromoCodeMutation();
  const [removePromo] = useRemoveCheckoutPromoCodeMutation();
  const [addVoucher] = useAddCheckoutVoucherMutation();
  const [removeVoucher] = useRemoveCheckoutVoucherMutation();
  const promoLines = (checkout.order.discounts ?? []).filter((line) => line.source === 'PROMO_CODE');
  const nothingDue = (checkout.order.amountDue?.amount ?? checkout.total.amount) === 0;
  const vouchers = checkout.order.vouchers ?? [];

  return (
    <>
      <CodeField
        label={discountMessages.promoLabel}
        applyText={discountMessages.promoApply}
        emptyText={discountMessages.promoEmpty}
        appliedText={discountMessages.promoApplied}
        removedText={discountMessages.promoRemoved}
        applied={promoLines.map((line) => ({
          key: line.id,
          name: `${line.reference} – ${line.displayName}`,
          remove: () => removePromo({ checkoutId, discountId: line.id }),
        }))}
        apply={(discountCode) => addPromo({ checkoutId, discountCode })}
      />
      {(!nothingDue || vouchers.length > 0) && (
        <CodeField
          label={discountMessages.voucherLabel}
          applyText={discountMessages.voucherApply}
          emptyText={discountMessages.voucherEmpty}
          appliedText={discountMessages.voucherApplied}
          removedText={discountMessages.voucherRemoved}
          applied={vouchers.map((voucher) => ({
            key: voucher.code,
            name: voucher.code,
            remove: () => removeVoucher({ checkoutId, voucherCode: voucher.code }),
          }))}
          apply={(voucherCode) => addVoucher({ checkoutId, voucherCode })}
        />
      )}
    </>
  );
}
