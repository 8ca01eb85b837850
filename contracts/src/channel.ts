import { z } from 'zod';
import { channelType } from './domain/channel';
import { numericId, channelId } from './validators/ids';

/** §3 Channel: a sales channel and the products it offers. Admin endpoints under /admin/channels. */

const channelName = z.string().trim().min(2, 'A channel name has 2 to 200 characters').max(200, 'A channel name has 2 to 200 characters');
const productIds = z.array(numericId).transform((ids) => [...new Set(ids)]);

export const createChannelBody = z.object({
  /** optional: a caller may choose the uuid (the shop's configured channel); generated otherwise */
  id: channelId.optional(),
  name: channelName,
  type: channelType,
  productIds: productIds.default([]),
});
export type CreateChannelBody = z.infer<typeof createChannelBody>;

export const updateChannelBody = z
  .object({ name: channelName.optional(), type: channelType.optional(), productIds: productIds.optional() })
  .refine((body) => body.name !== undefined || body.type !== undefined || body.productIds !== undefined, {
    message: 'Name at least one of name, type or productIds',
  });
export type UpdateChannelBody = z.infer<typeof updateChannelBody>;

export const channelIdParams = z.object({ channelId });

export const channelDto = z.object({
  id: z.string(),
  name: z.string(),
  type: channelType,
  productIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChannelDto = z.infer<typeof channelDto>;

/** Channel events (stream `channel-<uuid>`). */
export const channelEventTypes = { created: 'ChannelCreated', updated: 'ChannelUpdated' } as const;
export interface ChannelCreatedData {
  channelId: string;
  name: string;
  type: z.infer<typeof channelType>;
  productIds: number[];
}
export interface ChannelUpdatedData {
  channelId: string;
  name?: string;
  type?: z.infer<typeof channelType>;
  productIds?: number[];
}
export const channelStreamName = (id: string) => `channel-${id}`;
