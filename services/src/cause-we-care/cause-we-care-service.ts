import {
  causeWeCareErrorCodes as codes,
  causeWeCareStreamName,
  channelStreamName,
  type CauseWeCareOffer,
  type OrderDto,
} from '@alpenpass/contracts';
import type { OrderCaller, OrderService } from '../order';
import { notFound } from '../platform/domain-error';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { eventMetadataOf } from '../platform/http/request-context';
import { decideOffer, offerFolder, type OfferCommand } from './offer';

export type CauseWeCareService = ReturnType<typeof createCauseWeCareService>;

const offerDto = (offer: CauseWeCareOffer | null) =>
  offer ? { name: offer.name, amount: { amount: offer.amount, currency: 'CHF' as const } } : null;

/** Cause-we-care (docs/cause-we-care.md): staff set a channel's offer; a customer adds it to, or removes
 * it from, an order that is not paid yet. The order keeps the name and amount as offered when added. */
export function createCauseWeCareService(deps: {
  store: EventStore;
  orders: Pick<OrderService, 'readable' | 'command' | 'view'>;
}) {
  const offerOf = async (channelId: string) =>
    (await loadStreamState(deps.store, causeWeCareStreamName(channelId), offerFolder)).state.offer;

  async function changeOffer(caller: OrderCaller, command: OfferCommand) {
    if ((await deps.store.readStream(channelStreamName(command.data.channelId))).length === 0) {
      throw notFound(codes.channelNotFound, `Channel ${command.data.channelId} does not exist.`);
    }
    const outcome = await handleCommand(
      deps.store,
      causeWeCareStreamName(command.data.channelId),
      offerFolder,
      (state) => decideOffer(command, state),
      eventMetadataOf(caller),
    );
    return offerDto(outcome.newState.offer);
  }

  return {
    offer: async (channelId: string) => offerDto(await offerOf(channelId)),
    setOffer: (caller: OrderCaller, channelId: string, offer: CauseWeCareOffer) =>
      changeOffer(caller, { type: 'Offer', data: { channelId, ...offer } }),
    withdrawOffer: async (caller: OrderCaller, channelId: string) =>
      void (await changeOffer(caller, { type: 'Withdraw', data: { channelId } })),

    async ofOrder(caller: OrderCaller, orderId: number, channelId: string) {
      const order = await deps.orders.readable(caller, orderId);
      return {
        offer: offerDto(await offerOf(channelId)),
        contribution: order.contribution ? offerDto(order.contribution) : null,
      };
    },

    async add(caller: OrderCaller, orderId: number, channelId: string): Promise<OrderDto> {
      await deps.orders.readable(caller, orderId);
      const offer = await offerOf(channelId);
      if (!offer) throw notFound(codes.notOffered, 'This shop offers no cause-we-care contribution.');
      return deps.orders.view(
        await deps.orders.command(caller, orderId, {
          type: 'AddContribution',
          data: { contribution: offer },
        }),
      );
    },

    async remove(caller: OrderCaller, orderId: number): Promise<OrderDto> {
      await deps.orders.readable(caller, orderId);
      return deps.orders.view(
        await deps.orders.command(caller, orderId, { type: 'RemoveContribution', data: {} }),
      );
    },
  };
}
