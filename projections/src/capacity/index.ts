import { adminSlotsProjection } from './admin-slots';
import { productSlotsProjection } from './product-slots';

export * from './admin-slots';
export * from './product-slots';

/** Every read model of the capacity context, for the projector role. */
export const capacityProjections = [adminSlotsProjection, productSlotsProjection];
