import { autoDiscountsProjection } from './auto-discounts';
import { promoCampaignsProjection } from './promo-campaigns';

export * from './auto-discounts';
export * from './promo-campaigns';

/** Every read model of the discount context, for the projector role. */
export const discountProjections = [autoDiscountsProjection, promoCampaignsProjection];
