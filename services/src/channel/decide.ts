import { noBranding, type ChannelBranding, type ChannelType } from '@alpenpass/contracts';
import { conflict, invalid, notFound } from '../platform/domain-error';
import type { ChannelEvent, ChannelState } from './channel';

/** The look fields a command names; the others stay as they are. */
export type BrandingChanges = Partial<ChannelBranding>;

export type ChannelCommand =
  | {
      type: 'CreateChannel';
      channelId: string;
      name: string;
      channelType: ChannelType;
      productIds: number[];
      branding?: BrandingChanges;
    }
  | {
      type: 'UpdateChannel';
      channelId: string;
      name?: string;
      channelType?: ChannelType;
      productIds?: number[];
      branding?: BrandingChanges;
    };

/** Outside facts the deciders need: which of the named product ids the catalogue does not know. */
export interface ChannelFacts {
  unknownProductIds: number[];
}

type Decided = Array<Extract<ChannelEvent, { type: string }>>;

function refuseUnknownProducts(facts: ChannelFacts): void {
  if (facts.unknownProductIds.length > 0) {
    throw invalid(
      'UNKNOWN_PRODUCT',
      `Unknown product ids: ${facts.unknownProductIds.join(', ')}`,
      'body.productIds',
    );
  }
}

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);
/** field by field by value (contact and social links are objects); an absent field equals null */
const sameBranding = (a: ChannelBranding, b: ChannelBranding) =>
  (Object.keys({ ...a, ...b }) as (keyof ChannelBranding)[]).every(
    (key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null),
  );

export function decide(command: ChannelCommand, state: ChannelState, facts: ChannelFacts): Decided {
  switch (command.type) {
    case 'CreateChannel': {
      if (state.status !== 'absent')
        throw conflict('CHANNEL_EXISTS', `Channel ${command.channelId} already exists.`);
      refuseUnknownProducts(facts);
      const { channelId, name, channelType, productIds, branding } = command;
      return [
        {
          type: 'ChannelCreated',
          data: {
            channelId,
            name,
            type: channelType,
            productIds,
            ...(branding ? { branding: { ...noBranding, ...branding } } : {}),
          },
        },
      ];
    }
    case 'UpdateChannel': {
      if (state.status === 'absent')
        throw notFound('CHANNEL_NOT_FOUND', `Channel ${command.channelId} does not exist.`);
      refuseUnknownProducts(facts);
      const branding = command.branding ? { ...state.branding, ...command.branding } : state.branding;
      const changes = {
        ...(command.name !== undefined && command.name !== state.name ? { name: command.name } : {}),
        ...(command.channelType !== undefined && command.channelType !== state.type
          ? { type: command.channelType }
          : {}),
        ...(command.productIds !== undefined && !sameIds(command.productIds, state.productIds)
          ? { productIds: command.productIds }
          : {}),
        ...(!sameBranding(branding, state.branding) ? { branding } : {}),
      };
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'ChannelUpdated', data: { channelId: command.channelId, ...changes } }];
    }
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown channel command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
