import { zonedToday } from '../platform/zoned-today';
import type { Knex } from 'knex';
import {
  discountUsageStreamName,
  promoCampaignStreamName,
  type AutoDiscountDefinition,
  type DiscountLine,
  type PromoCodeRefusal,
  type PromoValidationDto,
} from '@alpenpass/contracts';
import { findAutoDiscounts } from '@alpenpass/projections/src/discount';
import { handleCommand, loadStreamState, streamStateCache } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import {
  campaignFolder,
  type CampaignEventWithTime,
  type CampaignState,
  type PromoCampaign,
} from './campaign';
import type { CodeRegistry } from './code-registry';
import {
  evaluateDiscounts,
  placesOf,
  promoMatches,
  type AutoDiscountFacts,
  type DiscountResult,
  type PricedEntry,
  type PromoCodeFacts,
} from './evaluate';
import { normalizeCode } from './promo-code-text';
import { decideUsage, remainingFor, usageFolder, type UsageState } from './usage';

/** What the evaluation needs of a basket (or of a frozen basket on its way to become an order). */
export interface PricingBasket {
  basketId: string;
  entries: {
    entryId: string;
    productId: number;
    productDefinitionId: number;
    unitPrice: { amount: number };
    quantity: number;
    validity: { from: string } | null;
  }[];
  promoCodes: string[];
}

export const promoUsageKey = (code: string) => `promo-${code}`;
export const autoUsageKey = (id: string) => `auto-${id}`;
export const usageKeyOfLine = (line: Pick<DiscountLine, 'source' | 'reference'>) =>
  line.source === 'PROMO_CODE' ? promoUsageKey(line.reference) : autoUsageKey(line.reference);

/** The shop's booking day: dates of places and windows are counted in the resort's timezone. */
export const bookingDay = (now: Date) => zonedToday(now, 'Europe/Zurich');

const refusalMessages: Record<PromoCodeRefusal, (code: string) => string> = {
  UNKNOWN: (code) => `The promo code ${code} is not valid.`,
  DISABLED: (code) => `The promo code ${code} has been disabled.`,
  USED_UP: (code) => `The promo code ${code} has been used up.`,
  NOT_YET_VALID: (code) => `The promo code ${code} is not valid yet.`,
  EXPIRED: (code) => `The promo code ${code} has expired.`,
  NO_MATCHING_ITEM: (code) => `The promo code ${code} applies to nothing in the basket.`,
};
export const refusalMessage = (reason: PromoCodeRefusal, code: string) => refusalMessages[reason](code);

export interface DiscountServiceDeps {
  store: EventStore;
  knex: Knex;
  registry: CodeRegistry;
  now?: () => Date;
}

export type DiscountService = ReturnType<typeof createDiscountService>;

/** Reads the facts of promo codes and auto discounts, prices baskets with them, and reserves and
 * releases their usages (docs/discounts.md). */
export function createDiscountService(deps: DiscountServiceDeps) {
  const now = deps.now ?? (() => new Date());
  // campaign and usage states are folded once per process and then only their new events
  const campaigns = streamStateCache<CampaignState>(1_000);
  const usages = streamStateCache<UsageState>(10_000);

  async function campaignOfCode(code: string): Promise<PromoCampaign | null> {
    const campaignId = await deps.registry.campaignOf(code);
    if (!campaignId) return null;
    const { state } = await loadStreamState<CampaignState, CampaignEventWithTime>(
      deps.store,
      promoCampaignStreamName(campaignId),
      campaignFolder,
      campaigns,
    );
    return state.status === 'created' && state.codes.has(code) ? state : null;
  }

  const usageOf = async (key: string) =>
    (await loadStreamState(deps.store, discountUsageStreamName(key), usageFolder, usages)).state;

  async function promoFacts(code: string, basketId: string | null): Promise<PromoCodeFacts | null> {
    const campaign = await campaignOfCode(code);
    if (!campaign) return null;
    const remaining =
      campaign.sample.maxUsages === null
        ? null
        : remainingFor(await usageOf(promoUsageKey(code)), basketId, campaign.sample.maxUsages);
    return {
      code,
      applyRounding: campaign.applyRounding,
      sample: campaign.sample,
      disabled: campaign.disabled.has(code),
      remainingUsages: remaining,
    };
  }

  /** The active auto discounts; none while the read model was never built (a new API process ahead of
   * the projector): baskets are then priced without them rather than failing. */
  async function activeAutoDiscounts() {
    try {
      return await findAutoDiscounts(deps.knex, { activeOnly: true });
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') return [];
      throw error;
    }
  }

  async function autoFacts(basketId: string | null): Promise<AutoDiscountFacts[]> {
    const rows = await activeAutoDiscounts();
    return Promise.all(
      rows.map(async ({ definition }: { definition: AutoDiscountDefinition }) => ({
        definition,
        remainingUsages:
          definition.maxUsages === null
            ? null
            : remainingFor(await usageOf(autoUsageKey(definition.id)), basketId, definition.maxUsages),
      })),
    );
  }

  const pricedEntries = (basket: PricingBasket): PricedEntry[] =>
    basket.entries.map((entry) => ({
      entryId: entry.entryId,
      productId: entry.productId,
      productDefinitionId: entry.productDefinitionId,
      unitPrice: entry.unitPrice.amount,
      quantity: entry.quantity,
      firstDay: entry.validity ? entry.validity.from.slice(0, 10) : null,
    }));

  async function price(basket: PricingBasket): Promise<DiscountResult> {
    const [promos, autos] = await Promise.all([
      Promise.all(basket.promoCodes.map((code) => promoFacts(code, basket.basketId))),
      autoFacts(basket.basketId),
    ]);
    const at = now();
    return evaluateDiscounts({
      entries: pricedEntries(basket),
      promoCodes: promos.filter((facts): facts is PromoCodeFacts => facts !== null),
      autoDiscounts: autos,
      now: at,
      today: bookingDay(at),
    });
  }

  /** Whether a code applies (to the basket when one is given), and why not. */
  async function checkCode(rawCode: string, basket: PricingBasket | null): Promise<PromoValidationDto> {
    const code = normalizeCode(rawCode);
    const facts = await promoFacts(code, basket?.basketId ?? null);
    const answer = (reason: PromoCodeRefusal | null): PromoValidationDto => ({
      code,
      valid: reason === null,
      reason,
      message: reason === null ? null : refusalMessage(reason, code),
      displayName: facts && reason !== 'UNKNOWN' ? facts.sample.displayName : null,
      discountType: facts ? facts.sample.discountType : null,
      discount: facts ? facts.sample.discount : null,
      remainingUsages: facts?.remainingUsages ?? null,
    });
    if (!facts) return { ...answer('UNKNOWN'), discountType: null, discount: null };
    const at = now();
    if (facts.disabled) return answer('DISABLED');
    if (facts.sample.bookingValidFrom && at.getTime() < Date.parse(facts.sample.bookingValidFrom))
      return answer('NOT_YET_VALID');
    if (facts.sample.bookingValidTo && at.getTime() > Date.parse(facts.sample.bookingValidTo))
      return answer('EXPIRED');
    if (facts.remainingUsages === 0) return answer('USED_UP');
    if (
      basket &&
      !placesOf(pricedEntries(basket), bookingDay(at)).some((place) => promoMatches(facts.sample, place))
    )
      return answer('NO_MATCHING_ITEM');
    return answer(null);
  }

  async function maxUsagesOf(line: DiscountLine): Promise<number | null> {
    if (line.source === 'PROMO_CODE') {
      const campaign = await campaignOfCode(line.reference);
      return campaign ? campaign.sample.maxUsages : 0;
    }
    const row = (await findAutoDiscounts(deps.knex, { activeOnly: false })).find(
      (candidate) => candidate.id === line.reference,
    );
    return row ? row.definition.maxUsages : 0;
  }

  /** Reserves each line's applications for the basket (its order): answers what each usage key got. */
  async function reserve(
    basketId: string,
    lines: DiscountLine[],
  ): Promise<Map<string, { wanted: number; granted: number }>> {
    const outcome = new Map<string, { wanted: number; granted: number }>();
    for (const line of lines) {
      const usageKey = usageKeyOfLine(line);
      const maxUsages = await maxUsagesOf(line);
      const result = await handleCommand(
        deps.store,
        discountUsageStreamName(usageKey),
        usageFolder,
        (state) =>
          decideUsage(
            { type: 'Reserve', data: { usageKey, basketId, wanted: line.applications, maxUsages } },
            state,
          ),
        { actor: 'system', correlationId: `basket-${basketId}` },
        { maxAttempts: 200, cache: usages },
      );
      outcome.set(usageKey, {
        wanted: line.applications,
        granted: result.newState.reservations[basketId] ?? 0,
      });
    }
    return outcome;
  }

  async function release(basketId: string, usageKeys: string[]): Promise<void> {
    for (const usageKey of usageKeys) {
      await handleCommand(
        deps.store,
        discountUsageStreamName(usageKey),
        usageFolder,
        (state) => decideUsage({ type: 'Release', data: { usageKey, basketId } }, state),
        { actor: 'system', correlationId: `basket-${basketId}` },
        { maxAttempts: 200, cache: usages },
      );
    }
  }

  return { price, checkCode, reserve, release, campaignOfCode, usageOf, promoFacts };
}
