/**
 * The only module that reads Vite's `import.meta.env`. Jest cannot parse `import.meta` in
 * CommonJS, so the web jest project maps this file to `build-env.jest.ts`.
 */
export interface BuildEnv {
  channelId?: string;
  errorReportingDsn?: string;
  errorReportingTunnel?: string;
  speedInsightsUrl?: string;
  tagManagerUrl?: string;
  heatmapUrl?: string;
  eventTrackingUrl?: string;
  sessionPollSeconds?: string;
  /** true in the server bundle (Vite's SSR build of entry-server.tsx), which renders the public pages */
  serverRendering?: boolean;
}

export const buildEnv: BuildEnv = {
  channelId: import.meta.env.VITE_CHANNEL_ID,
  errorReportingDsn: import.meta.env.VITE_ERROR_REPORTING_DSN,
  errorReportingTunnel: import.meta.env.VITE_ERROR_REPORTING_TUNNEL,
  speedInsightsUrl: import.meta.env.VITE_ANALYTICS_SPEED_INSIGHTS_URL,
  tagManagerUrl: import.meta.env.VITE_ANALYTICS_TAG_MANAGER_URL,
  heatmapUrl: import.meta.env.VITE_ANALYTICS_HEATMAP_URL,
  eventTrackingUrl: import.meta.env.VITE_ANALYTICS_EVENT_TRACKING_URL,
  sessionPollSeconds: import.meta.env.VITE_SESSION_POLL_SECONDS,
  serverRendering: import.meta.env.SSR,
};
