import { z } from 'zod';

/** §6: feature flags, all off by default. */
export const featureFlagNames = [
  'vmcMultiDayBilling',
  'vmcReceipts',
  'syncAxessUsedTickets',
  'readOnlyKeycards',
  'dynamicTicketHeight',
  'ownerCreationOnAccountCreation',
  'guestCheckout',
  'disableCurrentPricesCache',
  'enableCheckoutCommentInput',
  'enableKeycardRevalidation',
  'priceInsightWidget',
  'auth0ActionAuthentication',
  'enableNewBookingPages',
  'enableNewProfilePages',
  'performanceOptimizedOrderQuery',
  'perfOptimizedAccountsQuery',
  'clientSpecificOrderPublishers',
] as const;

export const featureFlagName = z.enum(featureFlagNames);
export type FeatureFlagName = z.infer<typeof featureFlagName>;
export type FeatureFlags = Record<FeatureFlagName, boolean>;

/** Every flag present and false. */
export const defaultFeatureFlags: Readonly<FeatureFlags> = Object.freeze(
  Object.fromEntries(featureFlagNames.map((name) => [name, false])) as FeatureFlags,
);

/** An object of flags; omitted flags become false, unknown keys are dropped. */
export const featureFlags = z.object(
  Object.fromEntries(featureFlagNames.map((name) => [name, z.boolean().default(false)])) as Record<
    FeatureFlagName,
    z.ZodDefault<z.ZodBoolean>
  >,
);

/** Flags from a list of enabled names (e.g. the FEATURE_FLAGS environment list); unknown names are ignored. */
export function featureFlagsFromList(enabled: readonly string[]): FeatureFlags {
  const flags: FeatureFlags = { ...defaultFeatureFlags };
  for (const name of enabled) {
    if (featureFlagName.safeParse(name).success) flags[name as FeatureFlagName] = true;
  }
  return flags;
}

/** Anything that carries flags: the flag record itself or an object with a `featureFlags` record. */
export type FeatureFlagContext = Partial<Record<string, unknown>> & {
  featureFlags?: Partial<Record<string, unknown>>;
};

export class MissingFeatureFlagError extends Error {
  constructor(readonly flag: FeatureFlagName) {
    super(`Feature flag ${flag} is missing from the context`);
    this.name = 'MissingFeatureFlagError';
  }
}

/** §6 "A feature flag missing from context is an error". */
export function readFeatureFlag(context: FeatureFlagContext, flag: FeatureFlagName): boolean {
  const flags = context.featureFlags ?? context;
  const value = flags[flag];
  if (typeof value !== 'boolean') throw new MissingFeatureFlagError(flag);
  return value;
}
