import {
  noBranding,
  type ChannelCreatedData,
  type ChannelDto,
  type ChannelUpdatedData,
  type EventMetadata,
} from '@alpenpass/contracts';

export type ChannelEvent =
  | { type: 'ChannelCreated'; data: ChannelCreatedData; metadata?: EventMetadata }
  | { type: 'ChannelUpdated'; data: ChannelUpdatedData; metadata?: EventMetadata };

/** A channel's state is exactly what the API shows of it. */
export type Channel = ChannelDto;

export type ChannelState = { status: 'absent' } | ({ status: 'active' } & Channel);

export const initialState = (): ChannelState => ({ status: 'absent' });

export function evolve(state: ChannelState, event: ChannelEvent): ChannelState {
  const at = event.metadata?.at ?? new Date(0).toISOString();
  switch (event.type) {
    case 'ChannelCreated': {
      const { channelId, name, type, productIds, branding } = event.data;
      return {
        status: 'active',
        id: channelId,
        name,
        type,
        productIds,
        branding: { ...noBranding, ...branding },
        createdAt: at,
        updatedAt: at,
      };
    }
    case 'ChannelUpdated': {
      if (state.status !== 'active') return state;
      const { name, type, productIds, branding } = event.data;
      return {
        ...state,
        name: name ?? state.name,
        type: type ?? state.type,
        productIds: productIds ?? state.productIds,
        branding: branding ?? state.branding,
        updatedAt: at,
      };
    }
    default: {
      const unknownEvent: never = event;
      throw new Error(`unknown channel event ${JSON.stringify(unknownEvent)}`);
    }
  }
}

export function toChannel(state: ChannelState): Channel | null {
  if (state.status !== 'active') return null;
  const { status: _status, ...channel } = state;
  return channel;
}
