import { customerOrdersProjection } from './customer-orders';
import { managementOrdersProjection } from './management-orders';

export * from './customer-orders';
export * from './management-orders';
export type { OrderListFilter } from './order-list-rows';

/** Every read model of the order context, for the projector role. */
export const orderProjections = [customerOrdersProjection, managementOrdersProjection];
