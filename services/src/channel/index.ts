import { channelsProjection } from '@alpenpass/projections/src/channel';
import type { ContextDeps, ContextModule } from '../platform/context-module';
import { channelAdminRouter } from './api';
import { createChannelService } from './channel-service';

export { createChannelService, type ChannelService } from './channel-service';

/** The channel context: sales channels and the products each offers (docs/catalogue.md). */
export function channelContext(deps: ContextDeps): ContextModule {
  const channels = createChannelService({ store: deps.store, knex: deps.knex });
  return {
    name: 'channel',
    routers: [channelAdminRouter({ knex: deps.knex, channels })],
    projections: [channelsProjection],
  };
}
