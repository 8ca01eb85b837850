import { channelDto, channelIdParams, createChannelBody, updateChannelBody } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { z } from 'zod';
import { listChannels } from '@alpenpass/projections/src/channel';
import { notFound } from '../platform/domain-error';
import { ApiRouter } from '../platform/http/api-router';
import { eventMetadataOf } from '../platform/http/request-context';
import type { ChannelService } from './channel-service';

/** Channel management for staff: /api/admin/channels (admin role only). */
export function channelAdminRouter(deps: { knex: Knex; channels: ChannelService }): ApiRouter {
  return new ApiRouter('Channels (admin)', '/admin/channels')
    .route(
      {
        method: 'get',
        operationId: 'adminListChannels',
        path: '',
        summary: 'List the sales channels',
        access: 'admin',
        response: z.array(channelDto),
      },
      () => listChannels(deps.knex),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetChannel',
        path: '/:channelId',
        summary: 'Read a sales channel',
        access: 'admin',
        params: channelIdParams,
        response: channelDto,
      },
      async ({ params }) => {
        const channel = await deps.channels.get(params.channelId);
        if (!channel) throw notFound('CHANNEL_NOT_FOUND', `Channel ${params.channelId} does not exist.`);
        return channel;
      },
    )
    .route(
      {
        method: 'post',
        operationId: 'adminCreateChannel',
        path: '',
        summary: 'Create a sales channel',
        access: 'admin',
        body: createChannelBody,
        response: channelDto,
        status: 201,
      },
      ({ body, ctx }) => deps.channels.create(body, eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'patch',
        operationId: 'adminUpdateChannel',
        path: '/:channelId',
        summary: 'Update a sales channel (name, type, productIds, branding)',
        access: 'admin',
        params: channelIdParams,
        body: updateChannelBody,
        response: channelDto,
      },
      ({ params, body, ctx }) => deps.channels.update(params.channelId, body, eventMetadataOf(ctx)),
    );
}
