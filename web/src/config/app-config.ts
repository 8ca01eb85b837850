import { CLIENT_ID, DEFAULT_API_VERSION } from '@alpenpass/contracts/src/api';
import type { BuildEnv } from './build-env';

/**
 * The channel this shop sells through when VITE_CHANNEL_ID is not set at build time. It is the
 * same default as the API's CHANNEL_ID (services/src/platform/config.ts), so a local build talks
 * to a local `npm start` without any configuration.
 */
export const DEFAULT_CHANNEL_ID = '6a1c7e52-3b8f-4e0a-9d2c-5f4b8a7e1d30';

export interface AnalyticsScripts {
  speedInsightsUrl?: string;
  tagManagerUrl?: string;
  heatmapUrl?: string;
  eventTrackingUrl?: string;
}

export interface AppConfig {
  clientId: number;
  channelId: string;
  apiVersion: string;
  errorReporting: { dsn?: string; tunnel?: string };
  analytics: AnalyticsScripts;
  /** §4: the session is refetched on this interval too; 0: no poll */
  sessionPollSeconds: number;
}

const present = (value: string | undefined): string | undefined =>
  value && value.trim() ? value.trim() : undefined;

/** A whole number of seconds above zero, else no poll. */
function pollSeconds(value: string | undefined): number {
  const seconds = Number(present(value) ?? 0);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 0;
}

export function appConfigFrom(env: BuildEnv): AppConfig {
  return {
    clientId: CLIENT_ID,
    channelId: present(env.channelId) ?? DEFAULT_CHANNEL_ID,
    apiVersion: DEFAULT_API_VERSION,
    errorReporting: { dsn: present(env.errorReportingDsn), tunnel: present(env.errorReportingTunnel) },
    analytics: {
      speedInsightsUrl: present(env.speedInsightsUrl),
      tagManagerUrl: present(env.tagManagerUrl),
      heatmapUrl: present(env.heatmapUrl),
      eventTrackingUrl: present(env.eventTrackingUrl),
    },
    sessionPollSeconds: pollSeconds(env.sessionPollSeconds),
  };
}
