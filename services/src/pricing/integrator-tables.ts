import type { Knex } from 'knex';
import { pricingCurrency, type IntegratorTableName } from '@alpenpass/contracts';
import {
  currentPricePage,
  overridesPage,
  priceHistory,
  settingsOf,
  type PricingSettingsRow,
} from '@alpenpass/projections/src/pricing';
import {
  leadTimeHorizonDays,
  defaultPricingSettings,
  maxMultidayPercent,
  type PricedDefinition,
  type PricingSettings,
} from './pricing-model';
import { dailyBaseRateOf, multidayFactor, priceBounds } from './price-calculation';
import type { PricingCatalogue } from './pricing-ports';

type Row = Record<string, unknown>;
interface TableSource {
  knex: Knex;
  catalogue: PricingCatalogue;
}
type TableReader = (source: TableSource, offset: number, limit: number) => Promise<Row[]>;

const earlyBookingSteps = [0, 7, 14, 30, 60, 90];
const round2 = (value: number) => Math.round(value * 100) / 100;

function settingsFrom(row: PricingSettingsRow | undefined): PricingSettings {
  if (!row) return defaultPricingSettings;
  return {
    dailyBaseRate: row.daily_base_rate,
    floor: row.floor,
    ceiling: row.ceiling,
    valdem: row.valdem,
    multiday: row.multiday,
    applyRounding: row.apply_rounding,
  };
}

const rateInputOf = (definition: PricedDefinition, settings: PricingSettings) => ({
  catalogueBasePrice: definition.basePrice,
  dayBasePrice: definition.dayBasePrice,
  durationDays: definition.durationDays,
  settings,
});

/** Tables derived from the catalogue and the settings: small (one row per definition or so). */
function perDefinition(
  rowsOf: (definition: PricedDefinition, settings: PricingSettings) => Row[],
): TableReader {
  return async ({ knex, catalogue }, offset, limit) => {
    const definitions = [...(await catalogue.definitions())].sort(
      (a, b) => a.productDefinitionId - b.productDefinitionId,
    );
    const settings = new Map(
      (
        await settingsOf(
          knex,
          definitions.map((d) => d.productDefinitionId),
        )
      ).map((row) => [row.product_definition_id, row]),
    );
    const rows = definitions.flatMap((definition) =>
      rowsOf(definition, settingsFrom(settings.get(definition.productDefinitionId))),
    );
    return rows.slice(offset, offset + limit);
  };
}

function perPool(rowsOf: (definitions: PricedDefinition[]) => Row[]): TableReader {
  return async ({ catalogue }, offset, limit) => {
    const definitions = [...(await catalogue.definitions())].sort(
      (a, b) =>
        (a.poolIdentifier ?? '').localeCompare(b.poolIdentifier ?? '') ||
        a.productId - b.productId ||
        a.productDefinitionId - b.productDefinitionId,
    );
    return rowsOf(definitions).slice(offset, offset + limit);
  };
}

/** The read models each table is built from, for its ETag ('catalogue' = the catalogue port's). */
export type TableSourceKind = 'prices' | 'settings' | 'catalogue';
export const integratorTableSources: Record<IntegratorTableName, readonly TableSourceKind[]> = {
  tariffs: ['prices'],
  'tariff-history': ['prices'],
  'daily-base-rates': ['catalogue', 'settings'],
  'price-bounds': ['catalogue', 'settings'],
  'pricing-parameters': ['catalogue', 'settings'],
  'base-rate-overrides': ['settings'],
  'parameter-overrides': ['settings'],
  'multiday-discounts': ['catalogue', 'settings'],
  'early-booking-discounts': ['catalogue', 'settings'],
  pools: ['catalogue'],
  'pool-products': ['catalogue'],
  'pool-product-definitions': ['catalogue'],
};

export const integratorTables: Record<IntegratorTableName, TableReader> = {
  tariffs: async ({ knex }, offset, limit) =>
    (await currentPricePage(knex, offset, limit)).map((row) => ({
      productDefinitionId: row.product_definition_id,
      productId: row.product_id,
      date: row.date,
      amount: row.amount,
      currency: pricingCurrency,
    })),
  'tariff-history': async ({ knex }, offset, limit) =>
    (await priceHistory(knex, { offset, limit })).map((change) => ({ ...change })),
  'daily-base-rates': perDefinition((definition, settings) => [
    {
      productDefinitionId: definition.productDefinitionId,
      productId: definition.productId,
      catalogueBasePrice: definition.basePrice,
      dailyBaseRate: Math.round(dailyBaseRateOf(rateInputOf(definition, settings))),
      source: settings.dailyBaseRate === null ? 'catalogue' : 'custom',
    },
  ]),
  'price-bounds': perDefinition((definition, settings) => {
    const bounds = priceBounds(rateInputOf(definition, settings));
    return [
      {
        productDefinitionId: definition.productDefinitionId,
        ...bounds,
        configured: settings.floor !== null || settings.ceiling !== null,
      },
    ];
  }),
  'pricing-parameters': perDefinition((definition, settings) => [
    {
      productDefinitionId: definition.productDefinitionId,
      valdem: settings.valdem,
      multiday: settings.multiday,
      applyRounding: settings.applyRounding,
    },
  ]),
  'base-rate-overrides': async ({ knex }, offset, limit) =>
    (await overridesPage(knex, { column: 'base_rate' }, offset, limit)).map((row) => ({
      productDefinitionId: row.product_definition_id,
      date: row.date,
      kind: row.base_rate?.kind,
      value: row.base_rate?.value,
    })),
  'parameter-overrides': async ({ knex }, offset, limit) => {
    const rows = await overridesPage(knex, {}, 0, 100_000);
    return rows
      .flatMap((row) =>
        (['valdem', 'multiday'] as const).flatMap((parameter) => {
          const override = row[parameter];
          return override
            ? [
                {
                  productDefinitionId: row.product_definition_id,
                  date: row.date,
                  parameter,
                  kind: override.kind,
                  value: override.value,
                },
              ]
            : [];
        }),
      )
      .slice(offset, offset + limit);
  },
  'multiday-discounts': perDefinition((definition, settings) => {
    if (definition.durationDays <= 1) return [];
    const factor = multidayFactor(definition.durationDays, settings.multiday);
    return [
      {
        productDefinitionId: definition.productDefinitionId,
        durationDays: definition.durationDays,
        multiday: Math.min(maxMultidayPercent, settings.multiday),
        factor: round2(factor),
        discountPercent: round2((1 - factor / definition.durationDays) * 100),
      },
    ];
  }),
  'early-booking-discounts': perDefinition((definition, settings) =>
    earlyBookingSteps.map((leadDays) => ({
      productDefinitionId: definition.productDefinitionId,
      leadDays,
      discountPercent: round2(settings.valdem * Math.min(1, leadDays / leadTimeHorizonDays)),
    })),
  ),
  pools: perPool((definitions) => {
    const pools = new Map<string, { poolIdentifier: string; timezone: string; products: Set<number> }>();
    for (const definition of definitions) {
      const key = definition.poolIdentifier ?? '';
      const pool = pools.get(key) ?? {
        poolIdentifier: key,
        timezone: definition.timezone,
        products: new Set<number>(),
      };
      pool.products.add(definition.productId);
      pools.set(key, pool);
    }
    return [...pools.values()].map((pool) => ({
      poolIdentifier: pool.poolIdentifier,
      timezone: pool.timezone,
      productCount: pool.products.size,
    }));
  }),
  'pool-products': perPool((definitions) => {
    const seen = new Map<number, Row & { definitionCount: number }>();
    for (const definition of definitions) {
      const row = seen.get(definition.productId) ?? {
        poolIdentifier: definition.poolIdentifier,
        productId: definition.productId,
        definitionCount: 0,
      };
      row.definitionCount += 1;
      seen.set(definition.productId, row);
    }
    return [...seen.values()];
  }),
  'pool-product-definitions': perPool((definitions) =>
    definitions.map((definition) => ({
      poolIdentifier: definition.poolIdentifier,
      productId: definition.productId,
      productDefinitionId: definition.productDefinitionId,
      durationDays: definition.durationDays,
      catalogueBasePrice: definition.basePrice,
    })),
  ),
};
