/// <reference types="vite/client" />

/** Build-time settings, read from VITE_* environment variables by Vite (see src/config/build-env.ts). */
interface ImportMetaEnv {
  readonly VITE_CHANNEL_ID?: string;
  readonly VITE_ERROR_REPORTING_DSN?: string;
  readonly VITE_ERROR_REPORTING_TUNNEL?: string;
  readonly VITE_ANALYTICS_SPEED_INSIGHTS_URL?: string;
  readonly VITE_ANALYTICS_TAG_MANAGER_URL?: string;
  readonly VITE_ANALYTICS_HEATMAP_URL?: string;
  readonly VITE_ANALYTICS_EVENT_TRACKING_URL?: string;
  readonly VITE_SESSION_POLL_SECONDS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
