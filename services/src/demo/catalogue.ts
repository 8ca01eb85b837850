import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChannelBranding, ContentDocument, EventMetadata } from '@alpenpass/contracts';
import type { ContextDeps } from '../platform/context-module';
import { publishDocument, validateExport } from '../catalogue';
import { createChannelService } from '../channel';
import { placeDemoDocuments, type PlacedDemoCatalogue } from './demo-placement';

export const demoCatalogueFile = join(__dirname, '..', '..', '..', 'infra', 'demo', 'catalogue.json');

/**
 * The demo resort's look: its drawn logo and valley scene, a mountain blue and a sunset orange, the
 * system's sans-serif, how to reach the (fictional) valley station and the company that sells.
 */
export const demoBranding: ChannelBranding = {
  logoUrl: '/images/demo/logo.svg',
  primaryColor: '#1d5d8f',
  accentColor: '#d9643b',
  fontFamily: '"Source Sans 3", "Segoe UI", system-ui, sans-serif',
  heroImageUrl: '/images/demo/hero.svg',
  contact: {
    email: 'info@alpenhorn.example',
    phone: '+41 27 555 01 00',
    address: ['Talstation 1', '3999 Alpenhorn VS'],
    openingHours: {
      de: 'Täglich 08:00–17:00, Ticketschalter ab 07:45',
      en: 'Daily 08:00–17:00, ticket desk from 07:45',
      fr: 'Tous les jours 08:00–17:00, caisse dès 07:45',
    },
  },
  socialLinks: [
    { network: 'instagram', url: 'https://instagram.com/alpenhorn.example' },
    { network: 'youtube', url: 'https://youtube.com/@alpenhorn.example' },
  ],
  company: { name: 'Alpenhorn Bergbahnen AG', vatNumber: 'CHE-000.000.000' },
};
/** The demo shop's one name: header, titles, mails and sign-in pages. */
export const demoShopName = 'Alpenhorn Bergbahnen';

export interface DemoCatalogueSummary {
  stored: number;
  unchanged: number;
  channel: 'created' | 'existing';
  productIds: number[];
}

/** The demo export as written (a valid content export, dated for the winter 2026/27). */
export function readDemoTemplate(): ContentDocument[] {
  const { valid, invalid } = validateExport(JSON.parse(readFileSync(demoCatalogueFile, 'utf8')));
  if (invalid.length > 0) throw new Error(`demo catalogue is invalid: ${JSON.stringify(invalid)}`);
  return valid;
}

/** The demo resort with its seasons current or upcoming on `now` (rule in ./demo-placement.ts). */
export function placedDemoCatalogue(now: Date): PlacedDemoCatalogue {
  return placeDemoDocuments(readDemoTemplate(), now);
}

export interface DemoCatalogueDeps extends Pick<ContextDeps, 'store' | 'config'> {
  log?: ContextDeps['log'];
  /** the day that places the seasons; defaults to the clock */
  now?: Date;
}

/**
 * Loads the fictional demo resort (infra/demo/catalogue.json, placed in the current or next season)
 * and creates the shop's configured channel (config.channelId) offering every demo product.
 * Idempotent: documents are published by revision, and an existing channel is left as staff
 * configured it.
 */
export async function loadDemoCatalogue(deps: DemoCatalogueDeps): Promise<DemoCatalogueSummary> {
  const valid = placedDemoCatalogue(deps.now ?? new Date()).documents;
  const metadata: Partial<EventMetadata> = {
    actor: 'system',
    correlationId: 'demo-catalogue',
    causationId: null,
  };
  const summary: DemoCatalogueSummary = { stored: 0, unchanged: 0, channel: 'existing', productIds: [] };
  for (const document of valid) {
    const outcome = await publishDocument(deps.store, document, metadata);
    summary[outcome] += 1;
    if (document.kind === 'internalProduct') summary.productIds.push(document.peProductId);
  }
  const channels = createChannelService({ store: deps.store });
  if (!(await channels.get(deps.config.channelId))) {
    await channels.create(
      {
        id: deps.config.channelId,
        name: demoShopName,
        type: 'WEB',
        productIds: summary.productIds,
        branding: demoBranding,
      },
      metadata,
    );
    summary.channel = 'created';
  }
  deps.log?.info({ ...summary }, 'demo catalogue loaded');
  return summary;
}
