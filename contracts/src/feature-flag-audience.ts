import { featureFlagNames, readFeatureFlag, type FeatureFlagName, type FeatureFlags } from './feature-flags';

/**
 * Which §6 flags the SPA reads (served by GET /clients/current) and which only the server acts on
 * (docs/feature-flags.md says what each one changes and where).
 */
export const spaFeatureFlagNames = [
  'vmcReceipts',
  'readOnlyKeycards',
  'ownerCreationOnAccountCreation',
  'guestCheckout',
  'enableCheckoutCommentInput',
  'priceInsightWidget',
  'auth0ActionAuthentication',
  'enableNewBookingPages',
  'enableNewProfilePages',
] as const satisfies readonly FeatureFlagName[];
export type SpaFeatureFlagName = (typeof spaFeatureFlagNames)[number];

export const serverOnlyFeatureFlagNames = featureFlagNames.filter(
  (name) => !(spaFeatureFlagNames as readonly string[]).includes(name),
);

/** The SPA's flags out of the full set (a missing one is an error, §6). */
export function spaFeatureFlags(flags: FeatureFlags): Record<SpaFeatureFlagName, boolean> {
  return Object.fromEntries(
    spaFeatureFlagNames.map((name) => [name, readFeatureFlag(flags, name)]),
  ) as Record<SpaFeatureFlagName, boolean>;
}
