import { randomUUID } from 'node:crypto';
import {
  discountErrorCodes,
  promoCampaignStreamName,
  type CreatePromoCampaignBody,
  type EventMetadata,
  type PromoCampaignDto,
  type PromoCodeRecord,
} from '@alpenpass/contracts';
import type { z } from 'zod';
import type { promoCodesInput } from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { Problem } from '../platform/http/problem';
import {
  campaignFolder,
  campaignNotFound,
  decideCampaign,
  type CampaignCommand,
  type CampaignEventWithTime,
  type CampaignState,
  type PromoCampaign,
} from './campaign';
import type { CodeRegistry } from './code-registry';
import { generateCodes, normalizeCode, parseCodeFile } from './promo-code-text';

type CodesInput = z.infer<typeof promoCodesInput>;

export interface CampaignServiceDeps {
  store: EventStore;
  registry: CodeRegistry;
}

export type CampaignService = ReturnType<typeof createCampaignService>;

const takenProblem = (taken: string[]) =>
  new Problem(
    409,
    discountErrorCodes.codeTaken,
    `${taken.length} of the codes belong to a campaign already.`,
    taken.slice(0, 50).map((code) => ({ path: 'codes', message: `${code} is taken` })),
  );

export function toCampaignDto(campaign: PromoCampaign, codeLimit: number): PromoCampaignDto {
  const codes = [...campaign.codes]
    .slice(0, codeLimit)
    .map(([code, type]) => ({ code, type, disabled: campaign.disabled.has(code) }));
  return {
    id: campaign.campaignId,
    name: campaign.name,
    applyRounding: campaign.applyRounding,
    sample: campaign.sample,
    codeCount: campaign.codes.size,
    codes,
    createdAt: campaign.createdAt,
  };
}

/** §6 promo campaigns: staff create them with codes (generated, typed or imported) and disable codes. */
export function createCampaignService(deps: CampaignServiceDeps) {
  async function load(campaignId: string): Promise<PromoCampaign> {
    const { state } = await loadStreamState<CampaignState, CampaignEventWithTime>(
      deps.store,
      promoCampaignStreamName(campaignId),
      campaignFolder,
    );
    if (state.status !== 'created') throw campaignNotFound();
    return state;
  }

  /** The codes asked for: typed ones as given, generated ones drawn until none is taken. */
  async function codesOf(input: CodesInput, importedCodes: string[] = []): Promise<PromoCodeRecord[]> {
    const typed = [
      ...input.manual.map((code) => ({ code, type: 'manual' as const })),
      ...importedCodes.map((code) => ({ code, type: 'imported' as const })),
    ];
    const seen = new Set<string>();
    for (const { code } of typed) {
      if (seen.has(code)) throw conflict(discountErrorCodes.codeTaken, `The code ${code} is given twice.`);
      seen.add(code);
    }
    const count = input.generate?.count ?? 0;
    if (count === 0) return typed;
    const drawn = generateCodes(count, input.generate!.length, seen);
    const taken = await deps.registry.existing(drawn);
    const fresh = drawn.filter((code) => !taken.has(code));
    const more =
      taken.size === 0 ? [] : generateCodes(taken.size, input.generate!.length, new Set([...seen, ...drawn]));
    return [...typed, ...[...fresh, ...more].map((code) => ({ code, type: 'automatic' as const }))];
  }

  /** Claims the codes, then appends; a failed append gives the codes back (nothing half-written). */
  async function withClaimedCodes<T>(
    campaignId: string,
    codes: PromoCodeRecord[],
    append: () => Promise<T>,
  ): Promise<T> {
    const { taken } = await deps.registry.claim(
      campaignId,
      codes.map((code) => code.code),
    );
    if (taken.length > 0) throw takenProblem(taken);
    try {
      return await append();
    } catch (error) {
      await deps.registry.unclaim(
        campaignId,
        codes.map((code) => code.code),
      );
      throw error;
    }
  }

  async function run(
    campaignId: string,
    command: CampaignCommand,
    metadata: Partial<EventMetadata>,
  ): Promise<PromoCampaign> {
    const outcome = await handleCommand<CampaignState, CampaignEventWithTime>(
      deps.store,
      promoCampaignStreamName(campaignId),
      campaignFolder,
      (state) => decideCampaign(command, state),
      metadata,
    );
    if (outcome.newState.status !== 'created') throw campaignNotFound();
    return outcome.newState;
  }

  async function addCodes(
    campaignId: string,
    codes: PromoCodeRecord[],
    metadata: Partial<EventMetadata>,
  ): Promise<PromoCampaign> {
    await load(campaignId);
    return withClaimedCodes(campaignId, codes, () =>
      run(campaignId, { type: 'AddCodes', data: { codes } }, metadata),
    );
  }

  async function campaignOfCode(rawCode: string, lookup: (code: string) => Promise<string | null>) {
    const code = normalizeCode(rawCode);
    const campaignId = await lookup(code);
    if (!campaignId) throw notFound(discountErrorCodes.unknownCode, `The promo code ${code} is not valid.`);
    return { code, campaignId };
  }

  return {
    load,

    async create(body: CreatePromoCampaignBody, metadata: Partial<EventMetadata>): Promise<PromoCampaign> {
      const campaignId = randomUUID();
      const codes = await codesOf(body.codes);
      return withClaimedCodes(campaignId, codes, () =>
        run(
          campaignId,
          {
            type: 'CreateCampaign',
            data: {
              campaignId,
              name: body.name,
              applyRounding: body.applyRounding,
              sample: body.sample,
              codes,
            },
          },
          metadata,
        ),
      );
    },

    async addCodes(
      campaignId: string,
      input: CodesInput,
      metadata: Partial<EventMetadata>,
    ): Promise<PromoCampaign> {
      return addCodes(campaignId, await codesOf(input), metadata);
    },

    /** A CSV upload (promo-code-text.ts, parseCodeFile): every line a valid code, or nothing is imported. */
    async importCodes(
      campaignId: string,
      text: string,
      metadata: Partial<EventMetadata>,
    ): Promise<PromoCampaign> {
      const parsed = parseCodeFile(text);
      if (parsed.errors.length > 0)
        throw new Problem(
          400,
          discountErrorCodes.invalidCsv,
          `The file has ${parsed.errors.length} invalid lines.`,
          parsed.errors,
        );
      if (parsed.codes.length === 0)
        throw new Problem(400, discountErrorCodes.invalidCsv, 'The file holds no code.', [
          { path: 'body', message: 'A campaign needs at least one generated code' },
        ]);
      return addCodes(campaignId, await codesOf({ manual: [] }, parsed.codes), metadata);
    },

    async setDisabled(
      rawCode: string,
      disabled: boolean,
      metadata: Partial<EventMetadata>,
    ): Promise<PromoCampaign> {
      const { code, campaignId } = await campaignOfCode(rawCode, deps.registry.campaignOf);
      return run(campaignId, { type: disabled ? 'DisableCode' : 'EnableCode', data: { code } }, metadata);
    },
  };
}
