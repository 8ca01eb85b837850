import { installShopClock } from './shop-clock';

/** Imported first by each entry point of the shop, so that no module reads the time before the shop's
 * clock (SHOP_CLOCK) is in place. */
installShopClock();
