import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverOnlyFeatureFlagNames, spaFeatureFlagNames, spaFeatureFlags } from './feature-flag-audience';
import {
  defaultFeatureFlags,
  featureFlagNames,
  featureFlagsFromList,
  MissingFeatureFlagError,
  type FeatureFlags,
} from './feature-flags';

describe('who reads which §6 flag', () => {
  it('gives every one of the 17 flags exactly one audience', () => {
    expect(featureFlagNames).toHaveLength(17);
    expect([...spaFeatureFlagNames, ...serverOnlyFeatureFlagNames].sort()).toEqual(
      [...featureFlagNames].sort(),
    );
  });

  it('hands the SPA its flags, off by default, on when listed', () => {
    expect(Object.values(spaFeatureFlags(defaultFeatureFlags)).every((value) => value === false)).toBe(true);
    expect(
      spaFeatureFlags(featureFlagsFromList(['readOnlyKeycards', 'enableKeycardRevalidation'])),
    ).toMatchObject({ readOnlyKeycards: true, guestCheckout: false });
  });

  it('refuses a context that lacks a flag (§6)', () => {
    const { guestCheckout: _dropped, ...partial } = defaultFeatureFlags;
    expect(() => spaFeatureFlags(partial as FeatureFlags)).toThrow(MissingFeatureFlagError);
  });

  it('documents every flag in docs/feature-flags.md', () => {
    const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'feature-flags.md'), 'utf8');
    for (const name of featureFlagNames) expect(doc).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
  });
});
