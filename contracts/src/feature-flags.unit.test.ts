import {
  defaultFeatureFlags,
  featureFlagNames,
  featureFlags,
  featureFlagsFromList,
  MissingFeatureFlagError,
  readFeatureFlag,
} from './feature-flags';

describe('feature flags', () => {
  it('lists the 17 flags of §6, all off by default', () => {
    expect(featureFlagNames).toHaveLength(17);
    expect(new Set(featureFlagNames).size).toBe(17);
    expect(Object.values(defaultFeatureFlags).every((value) => value === false)).toBe(true);
    expect(Object.keys(defaultFeatureFlags).sort()).toEqual([...featureFlagNames].sort());
  });

  it('parses a partial record, defaulting omitted flags to false', () => {
    const flags = featureFlags.parse({ guestCheckout: true, unknownFlag: true });
    expect(flags).toEqual({ ...defaultFeatureFlags, guestCheckout: true });
  });

  it('builds flags from a list of enabled names, ignoring unknown names', () => {
    expect(featureFlagsFromList(['readOnlyKeycards', 'nope'])).toEqual({
      ...defaultFeatureFlags,
      readOnlyKeycards: true,
    });
  });

  it('reads a flag from a flag record or from a context holding featureFlags', () => {
    expect(readFeatureFlag({ ...defaultFeatureFlags, guestCheckout: true }, 'guestCheckout')).toBe(true);
    expect(readFeatureFlag({ featureFlags: defaultFeatureFlags }, 'guestCheckout')).toBe(false);
  });

  it('throws when the flag is missing from the context', () => {
    expect(() => readFeatureFlag({ featureFlags: {} }, 'readOnlyKeycards')).toThrow(MissingFeatureFlagError);
    expect(() => readFeatureFlag({}, 'vmcReceipts')).toThrow(
      'Feature flag vmcReceipts is missing from the context',
    );
    expect(() => readFeatureFlag({ featureFlags: { vmcReceipts: 'yes' } }, 'vmcReceipts')).toThrow(
      MissingFeatureFlagError,
    );
  });
});
