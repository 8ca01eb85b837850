import type { CauseWeCareEvent, CauseWeCareOffer } from '@alpenpass/contracts';

/** A channel's cause-we-care offer (stream cause-we-care-<channelId>): what customers may add. */
export type OfferState = { offer: CauseWeCareOffer | null };

export const offerFolder = {
  initialState: (): OfferState => ({ offer: null }),
  evolve(state: OfferState, event: CauseWeCareEvent): OfferState {
    switch (event.type) {
      case 'CauseWeCareOffered': {
        const { channelId: _channel, ...offer } = event.data;
        return { offer };
      }
      case 'CauseWeCareWithdrawn':
        return { offer: null };
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  },
};

export type OfferCommand =
  | { type: 'Offer'; data: { channelId: string } & CauseWeCareOffer }
  | { type: 'Withdraw'; data: { channelId: string } };

/** Setting the same offer again or withdrawing none changes nothing. */
export function decideOffer(command: OfferCommand, state: OfferState): CauseWeCareEvent[] {
  if (command.type === 'Withdraw')
    return state.offer ? [{ type: 'CauseWeCareWithdrawn', data: command.data }] : [];
  const { channelId: _channel, ...offer } = command.data;
  return JSON.stringify(state.offer) === JSON.stringify(offer)
    ? []
    : [{ type: 'CauseWeCareOffered', data: command.data }];
}
