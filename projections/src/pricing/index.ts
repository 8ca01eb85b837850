import { currentPricesProjection } from './current-prices';
import { pricingSettingsProjection } from './pricing-settings';

export * from './change-marks';
export * from './current-prices';
export * from './lowest-prices';
export * from './price-queries';
export * from './pricing-settings';

/** Every read model of the pricing context, for the projector role. */
export const pricingProjections = [currentPricesProjection, pricingSettingsProjection];
