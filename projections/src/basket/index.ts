import { accountBasketsProjection } from './account-baskets';

export * from './account-baskets';

/** Every read model of the basket context, for the projector role. */
export const basketProjections = [accountBasketsProjection];
