import { channelsProjection } from '@alpenpass/projections/src/channel';
import type { ContextDeps, ContextModule } from '../platform/context-module';
import { channelAdminRouter } from './api';
import { createChannelService } from './channel-service';
import { shopLookSource } from './channel-look';
import type { ShopLookSource } from '../platform/look/shop-look';

export { createChannelService, type ChannelService } from './channel-service';
export { lookOf, shopDefaults, shopLookSource } from './channel-look';

/** The look of the shop's configured channel, for the pages, mails and documents drawn outside the SPA. */
export const shopLookOf = (deps: Pick<ContextDeps, 'knex' | 'config'>): ShopLookSource =>
  shopLookSource(deps.knex, { channelId: deps.config.channelId, shopPublicUrl: deps.config.shopPublicUrl });

/** The channel context: sales channels and the products each offers (docs/catalogue.md). */
export function channelContext(deps: ContextDeps): ContextModule {
  const channels = createChannelService({ store: deps.store, knex: deps.knex });
  return {
    name: 'channel',
    routers: [channelAdminRouter({ knex: deps.knex, channels })],
    projections: [channelsProjection],
  };
}
