import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  maxGenerationDays,
  priceGenerationStreamName,
  type CustomDailyBaseRateBody,
  type CustomPricingParameterBody,
  type EventMetadata,
  type PriceGenerationCompletedData,
  type SetPricingSettingsBody,
} from '@alpenpass/contracts';
import { invalid, notFound } from '../platform/domain-error';
import { decidePricing, type PricingCommand } from './decide';
import { checkGenerationRange, generationToday, type GenerationRange } from './generation-range';
import { initialPricingState } from './pricing';
import { daysFromTo, everyDayBetween } from '../platform/calendar-days';
import { priceDefinition, todayIn, type PricingEngineDeps } from './price-engine';
import { deterministicEventId } from './prices';
import { handlePricingCommand } from './pricing-commands';
import type { PricedDefinition } from './pricing-model';

export interface PriceBatch {
  generationId: string;
  batch: number;
  productDefinitionIds: number[];
  from: string;
  to: string;
}

/** The pricing use cases: commands on settings and overrides (prices of the touched dates are
 * recalculated at once, so the feed follows an override) and generation batches. */
export function createPricingService(deps: PricingEngineDeps) {
  const now = () => deps.now?.() ?? new Date();

  async function definitionsOrFail(ids: number[]): Promise<PricedDefinition[]> {
    const found = await deps.catalogue.definitions(ids);
    const known = new Set(found.map((definition) => definition.productDefinitionId));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0)
      throw notFound('PRODUCT_DEFINITION_NOT_FOUND', `Unknown product definition ${missing.join(', ')}`);
    return found;
  }

  async function commandThenReprice(
    ids: number[],
    dates: string[],
    command: (definition: PricedDefinition, today: string) => PricingCommand,
    metadata: Partial<EventMetadata>,
  ): Promise<{ productDefinitionId: number; repriced: number }[]> {
    const definitions = await definitionsOrFail(ids);
    // decide for every definition first: a refusal (past dates) leaves nothing half-written
    const commands = definitions.map((definition) =>
      command(definition, todayIn(definition.timezone, now())),
    );
    for (const candidate of commands) decidePricing(candidate, initialPricingState());
    const results = [];
    for (const [index, definition] of definitions.entries()) {
      await handlePricingCommand(deps.store, commands[index]!, metadata);
      const repriced = await priceDefinition(deps, definition, [...new Set(dates)].sort(), {
        cause: { kind: 'override', correlationId: metadata.correlationId ?? 'unknown' },
        metadata,
      });
      results.push({ productDefinitionId: definition.productDefinitionId, repriced });
    }
    return results;
  }

  return {
    overrideDailyBaseRate(body: CustomDailyBaseRateBody, metadata: Partial<EventMetadata>) {
      return commandThenReprice(
        body.productDefinitionIds,
        body.dates,
        (definition, today) => ({
          type: 'OverrideDailyBaseRate',
          data: {
            productDefinitionId: definition.productDefinitionId,
            dates: body.dates,
            override: body.override,
            today,
          },
        }),
        metadata,
      );
    },

    overridePricingParameter(body: CustomPricingParameterBody, metadata: Partial<EventMetadata>) {
      return commandThenReprice(
        body.productDefinitionIds,
        body.dates,
        (definition, today) => ({
          type: 'OverridePricingParameter',
          data: {
            productDefinitionId: definition.productDefinitionId,
            dates: body.dates,
            parameter: body.parameter,
            override: body.override,
            today,
          },
        }),
        metadata,
      );
    },

    clearOverrides(
      body: { productDefinitionIds: number[]; dates: string[] },
      metadata: Partial<EventMetadata>,
    ) {
      return commandThenReprice(
        body.productDefinitionIds,
        body.dates,
        (definition, today) => ({
          type: 'ClearPricingOverrides',
          data: { productDefinitionId: definition.productDefinitionId, dates: body.dates, today },
        }),
        metadata,
      );
    },

    async changeSettings(
      productDefinitionId: number,
      changes: SetPricingSettingsBody,
      metadata: Partial<EventMetadata>,
    ) {
      await definitionsOrFail([productDefinitionId]);
      const { state } = await handlePricingCommand(
        deps.store,
        { type: 'ChangePricingSettings', data: { productDefinitionId, changes } },
        metadata,
      );
      return { productDefinitionId, ...state.settings };
    },

    async listPricedDefinitionIds(): Promise<number[]> {
      return (await deps.catalogue.definitions()).map((definition) => definition.productDefinitionId);
    },

    /** Refuses a generation range in the past or beyond the bound ahead, judged by today in the
     * pools of the definitions it covers (all priced definitions when none are named). */
    async checkGenerationRange(range: GenerationRange & { productDefinitionIds?: number[] }): Promise<void> {
      const definitions = range.productDefinitionIds
        ? await definitionsOrFail(range.productDefinitionIds)
        : await deps.catalogue.definitions();
      checkGenerationRange(range, generationToday(definitions, now()));
    },

    /** One batch of a generation; idempotent per (generationId, batch, definition). The day list is
     * made once per batch, and the batch gives the event loop back after every definition. */
    async generatePriceBatch(batch: PriceBatch): Promise<number> {
      const span = daysFromTo(batch.from, batch.to) + 1;
      if (!(span <= maxGenerationDays)) {
        throw invalid(
          'GENERATION_RANGE_TOO_LONG',
          `A generation batch covers at most ${maxGenerationDays} days, not ${batch.from} to ${batch.to}`,
        );
      }
      const definitions = await deps.catalogue.definitions(batch.productDefinitionIds);
      const dates = everyDayBetween(batch.from, batch.to);
      let count = 0;
      for (const definition of definitions) {
        count += await priceDefinition(deps, definition, dates, {
          cause: { kind: 'generation', generationId: batch.generationId, batch: batch.batch },
          metadata: { correlationId: batch.generationId, actor: 'system' },
          idempotencyKey: `price-generation/${batch.generationId}/${batch.batch}/${definition.productDefinitionId}`,
        });
        await nextTurn();
      }
      return count;
    },

    /** The generation's PriceGenerationCompleted (stream pricegeneration-<id>, an event id derived from the
     * generation): a retried or repeated call stores nothing new (docs/webhooks.md, prices.published). */
    async recordGenerationCompleted(completed: PriceGenerationCompletedData): Promise<void> {
      const event = {
        eventId: deterministicEventId(`price-generation-completed/${completed.generationId}`),
        type: 'PriceGenerationCompleted',
        data: completed,
        metadata: { correlationId: completed.generationId, actor: 'system' },
      };
      await deps.store.append(priceGenerationStreamName(completed.generationId), [event], {
        expectedRevision: 'any',
      });
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
