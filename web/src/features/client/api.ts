import { api } from '../../lib/api/api-slice';

/** The channel's look (contracts' channelBranding): null fields keep the shop's own. */
export interface ChannelBranding {
  logoUrl: string | null;
  primaryColor: string | null;
  accentColor: string | null;
  fontFamily: string | null;
  heroImageUrl?: string | null;
  contact?: ChannelContact | null;
  socialLinks?: { network: string; url: string }[] | null;
  company?: { name: string; vatNumber: string } | null;
}

/** How customers reach the operator (footer, checkout help). */
export interface ChannelContact {
  email: string;
  phone: string;
  address: string[];
  openingHours: { de: string; en: string; fr: string };
}

/** §7 GET /clients/current: the shop's client with the §6 flags the SPA acts on and its channel's branding. */
export interface CurrentClient {
  id: number;
  name: string;
  featureFlags: Record<string, boolean>;
  /** absent only in answers of servers before branding existed */
  branding?: ChannelBranding;
}

export const clientApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentClient: build.query<CurrentClient, void>({
      query: () => '/clients/current',
      providesTags: ['Client'],
    }),
  }),
});

export const { useGetCurrentClientQuery } = clientApi;
