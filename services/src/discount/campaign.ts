import {
  discountErrorCodes,
  type PromoCampaignEvent,
  type PromoCodeRecord,
  type PromoSample,
} from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';

/** A promo campaign (stream promocampaign-<uuid>): what its codes grant, its codes and which are disabled. */
export interface PromoCampaign {
  status: 'created';
  campaignId: string;
  name: string;
  applyRounding: boolean;
  sample: PromoSample;
  /** code → how it came to be; in the order they were added */
  codes: Map<string, PromoCodeRecord['type']>;
  disabled: Set<string>;
  createdAt: string;
}

export type CampaignState = { status: 'unknown' } | PromoCampaign;
export type CampaignEventWithTime = PromoCampaignEvent & { metadata?: { at: string } };

export function evolveCampaign(state: CampaignState, event: CampaignEventWithTime): CampaignState {
  if (event.type === 'PromoCampaignCreated') {
    const { campaignId, name, applyRounding, sample, codes } = event.data;
    return {
      status: 'created',
      campaignId,
      name,
      applyRounding,
      sample,
      codes: new Map(codes.map((code) => [code.code, code.type])),
      disabled: new Set(),
      createdAt: event.metadata?.at ?? new Date(0).toISOString(),
    };
  }
  if (state.status !== 'created') return state;
  switch (event.type) {
    case 'PromoCodesAdded': {
      const codes = new Map(state.codes);
      for (const code of event.data.codes) codes.set(code.code, code.type);
      return { ...state, codes };
    }
    case 'PromoCodeDisabled':
      return { ...state, disabled: new Set([...state.disabled, event.data.code]) };
    case 'PromoCodeEnabled': {
      const disabled = new Set(state.disabled);
      disabled.delete(event.data.code);
      return { ...state, disabled };
    }
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const campaignFolder = {
  initialState: (): CampaignState => ({ status: 'unknown' }),
  evolve: evolveCampaign,
};

export type CampaignCommand =
  | {
      type: 'CreateCampaign';
      data: {
        campaignId: string;
        name: string;
        applyRounding: boolean;
        sample: PromoSample;
        codes: PromoCodeRecord[];
      };
    }
  | { type: 'AddCodes'; data: { codes: PromoCodeRecord[] } }
  | { type: 'DisableCode'; data: { code: string } }
  | { type: 'EnableCode'; data: { code: string } };

export const campaignNotFound = () =>
  notFound(discountErrorCodes.campaignNotFound, 'Promo campaign not found.');

function existing(state: CampaignState): PromoCampaign {
  if (state.status !== 'created') throw campaignNotFound();
  return state;
}

/** Pure: code uniqueness across campaigns is the registry's (code-registry.ts); here a campaign
 * refuses a code twice within itself. */
export function decideCampaign(command: CampaignCommand, state: CampaignState): PromoCampaignEvent[] {
  switch (command.type) {
    case 'CreateCampaign': {
      if (state.status === 'created') return [];
      return [{ type: 'PromoCampaignCreated', data: command.data }];
    }
    case 'AddCodes': {
      const campaign = existing(state);
      const fresh = command.data.codes.filter((code) => !campaign.codes.has(code.code));
      if (fresh.length < command.data.codes.length)
        throw conflict(discountErrorCodes.codeTaken, 'Some codes are in the campaign already.');
      return [{ type: 'PromoCodesAdded', data: { campaignId: campaign.campaignId, codes: fresh } }];
    }
    case 'DisableCode': {
      const campaign = existing(state);
      if (!campaign.codes.has(command.data.code))
        throw notFound(discountErrorCodes.unknownCode, `The promo code ${command.data.code} is not valid.`);
      return campaign.disabled.has(command.data.code)
        ? []
        : [{ type: 'PromoCodeDisabled', data: { campaignId: campaign.campaignId, code: command.data.code } }];
    }
    case 'EnableCode': {
      const campaign = existing(state);
      if (!campaign.codes.has(command.data.code))
        throw notFound(discountErrorCodes.unknownCode, `The promo code ${command.data.code} is not valid.`);
      return campaign.disabled.has(command.data.code)
        ? [{ type: 'PromoCodeEnabled', data: { campaignId: campaign.campaignId, code: command.data.code } }]
        : [];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
