import { autoDiscountsProjection } from './auto-discounts';

export * from './auto-discounts';

/** Every read model of the discount context, for the projector role. */
export const discountProjections = [autoDiscountsProjection];
