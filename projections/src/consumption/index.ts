import { consumptionsProjection } from './consumptions';

export * from './consumptions';

/** Every read model of the consumption context, for the projector role. */
export const consumptionProjections = [consumptionsProjection];
