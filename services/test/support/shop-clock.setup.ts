import { installShopClock } from '../../src/platform/shop-clock';

/** Every test file runs on the shop's clock when SHOP_CLOCK is set (infra/scripts/test-dates.sh), as the
 * shops it starts do: they inherit SHOP_CLOCK_STARTED_AT from this process's environment. */
installShopClock();
