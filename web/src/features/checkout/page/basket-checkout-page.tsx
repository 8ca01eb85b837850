import BasketPage from '../../basket/page/basket-page';
import { ProceedToCheckout } from './proceed-to-checkout';

/** /:locale/basket — the basket page with the way on to the checkout (the basket knows nothing of the checkout). */
export default function BasketCheckoutPage() {
  return <BasketPage proceed={(props) => <ProceedToCheckout {...props} />} />;
}
