import {
  discountErrorCodes,
  type AutoDiscountDefinition,
  type AutoDiscountEvent,
} from '@alpenpass/contracts';
import { notFound } from '../platform/domain-error';

/** An automatic discount (stream autodiscount-<uuid>): its current definition, or removed. */
export type AutoDiscountState =
  | { status: 'unknown' }
  | { status: 'active'; definition: AutoDiscountDefinition }
  | { status: 'removed'; definition: AutoDiscountDefinition };

export function evolveAutoDiscount(state: AutoDiscountState, event: AutoDiscountEvent): AutoDiscountState {
  if (event.type === 'AutoDiscountDefined') return { status: 'active', definition: event.data };
  return state.status === 'active' ? { status: 'removed', definition: state.definition } : state;
}

export const autoDiscountFolder = {
  initialState: (): AutoDiscountState => ({ status: 'unknown' }),
  evolve: evolveAutoDiscount,
};

export type AutoDiscountCommand =
  | { type: 'CreateAutoDiscount'; data: AutoDiscountDefinition }
  | { type: 'UpdateAutoDiscount'; data: AutoDiscountDefinition }
  | { type: 'RemoveAutoDiscount'; data: { id: string } };

export const autoDiscountNotFound = () =>
  notFound(discountErrorCodes.autoDiscountNotFound, 'Auto discount not found.');

export function decideAutoDiscount(
  command: AutoDiscountCommand,
  state: AutoDiscountState,
): AutoDiscountEvent[] {
  switch (command.type) {
    case 'CreateAutoDiscount':
      return state.status === 'unknown' ? [{ type: 'AutoDiscountDefined', data: command.data }] : [];
    case 'UpdateAutoDiscount':
      if (state.status !== 'active') throw autoDiscountNotFound();
      return [{ type: 'AutoDiscountDefined', data: command.data }];
    case 'RemoveAutoDiscount':
      if (state.status === 'unknown') throw autoDiscountNotFound();
      return state.status === 'active'
        ? [{ type: 'AutoDiscountRemoved', data: { id: command.data.id } }]
        : [];
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
