import type { AnalyticsScripts } from '../../config/app-config';

export type AnalyticsTool = 'speedInsights' | 'tagManager' | 'heatmap' | 'eventTracking';

const scriptSettings: Record<AnalyticsTool, keyof AnalyticsScripts> = {
  speedInsights: 'speedInsightsUrl',
  tagManager: 'tagManagerUrl',
  heatmap: 'heatmapUrl',
  eventTracking: 'eventTrackingUrl',
};

type ScriptLoader = (src: string) => void;

const appendScript: ScriptLoader = (src) => {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
};

/** §7: speed insights, tag manager, heat-map tool and event tracking load only when configured. */
export function loadConfiguredAnalytics(
  scripts: AnalyticsScripts,
  load: ScriptLoader = appendScript,
): AnalyticsTool[] {
  const loaded: AnalyticsTool[] = [];
  for (const [tool, setting] of Object.entries(scriptSettings) as [AnalyticsTool, keyof AnalyticsScripts][]) {
    const src = scripts[setting];
    if (!src) continue;
    load(src);
    loaded.push(tool);
  }
  return loaded;
}

interface DataLayerWindow {
  dataLayer?: unknown[];
}

/** §7: analytics identify the visitor by user id, and only when an analytics tool is configured. */
export function identifyUser(
  userId: string,
  scripts: AnalyticsScripts,
  target: DataLayerWindow = window as DataLayerWindow,
): boolean {
  if (!Object.values(scripts).some(Boolean)) return false;
  target.dataLayer ??= [];
  target.dataLayer.push({ event: 'identify', userId });
  return true;
}
