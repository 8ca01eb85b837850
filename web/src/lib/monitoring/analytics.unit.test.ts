import { identifyUser, loadConfiguredAnalytics } from './analytics';

describe('analytics', () => {
  it('loads no script when nothing is configured', () => {
    const load = jest.fn();
    expect(loadConfiguredAnalytics({}, load)).toEqual([]);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads exactly the configured tools', () => {
    const load = jest.fn();
    expect(loadConfiguredAnalytics({ tagManagerUrl: '/gtm.js', heatmapUrl: '/heat.js' }, load)).toEqual([
      'tagManager',
      'heatmap',
    ]);
    expect(load.mock.calls).toEqual([['/gtm.js'], ['/heat.js']]);
  });

  it('identifies the user by id only when a tool is configured', () => {
    const target: { dataLayer?: unknown[] } = {};
    expect(identifyUser('user-1', {}, target)).toBe(false);
    expect(target.dataLayer).toBeUndefined();
    expect(identifyUser('user-1', { eventTrackingUrl: '/events.js' }, target)).toBe(true);
    expect(target.dataLayer).toEqual([{ event: 'identify', userId: 'user-1' }]);
  });
});
