import { orderTicketsProjection } from './order-tickets';

export * from './order-tickets';

/** Every read model of the ticket context, for the projector role. */
export const ticketProjections = [orderTicketsProjection];
