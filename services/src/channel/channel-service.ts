import { randomUUID } from 'node:crypto';
import { channelStreamName, type ChannelType, type EventMetadata } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { findProducts } from '@alpenpass/projections/src/catalogue';
import { handleCommand } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { evolve, initialState, toChannel, type Channel, type ChannelEvent } from './channel';
import { decide, type BrandingChanges, type ChannelCommand, type ChannelFacts } from './decide';

export interface ChannelService {
  create(
    input: { id?: string; name: string; type: ChannelType; productIds: number[]; branding?: BrandingChanges },
    metadata: Partial<EventMetadata>,
  ): Promise<Channel>;
  update(
    channelId: string,
    input: { name?: string; type?: ChannelType; productIds?: number[]; branding?: BrandingChanges },
    metadata: Partial<EventMetadata>,
  ): Promise<Channel>;
  /** the channel as its stream says (no read-model lag), or null */
  get(channelId: string): Promise<Channel | null>;
}

export interface ChannelServiceDeps {
  store: EventStore;
  /** catalogue read model; without it product ids are not checked (demo loader, before projection) */
  knex?: Knex;
}

async function factsFor(knex: Knex | undefined, productIds: number[] | undefined): Promise<ChannelFacts> {
  if (!knex || !productIds?.length) return { unknownProductIds: [] };
  const known = new Set((await findProducts(knex, productIds)).map((product) => product.id));
  return { unknownProductIds: productIds.filter((id) => !known.has(id)) };
}

export function createChannelService(deps: ChannelServiceDeps): ChannelService {
  const folder = { initialState, evolve };
  const run = async (command: ChannelCommand, metadata: Partial<EventMetadata>) => {
    const facts = await factsFor(deps.knex, command.productIds);
    const outcome = await handleCommand<ReturnType<typeof initialState>, ChannelEvent>(
      deps.store,
      channelStreamName(command.channelId),
      folder,
      (state) => decide(command, state, facts),
      metadata,
    );
    const channel = toChannel(outcome.newState);
    if (!channel) throw new Error(`channel ${command.channelId} missing after ${command.type}`);
    return channel;
  };
  return {
    create: (input, metadata) =>
      run(
        {
          type: 'CreateChannel',
          channelId: input.id ?? randomUUID(),
          name: input.name,
          channelType: input.type,
          productIds: input.productIds,
          branding: input.branding,
        },
        metadata,
      ),
    update: (channelId, input, metadata) =>
      run(
        {
          type: 'UpdateChannel',
          channelId,
          name: input.name,
          channelType: input.type,
          productIds: input.productIds,
          branding: input.branding,
        },
        metadata,
      ),
    async get(channelId) {
      const events = await deps.store.readStream(channelStreamName(channelId));
      return toChannel(
        events.reduce((state, event) => evolve(state, event as unknown as ChannelEvent), initialState()),
      );
    },
  };
}
