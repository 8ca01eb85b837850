import { z } from 'zod';

/** §3, §9 channel types. */
export const channelTypes = ['WEB', 'ADMIN', 'CONSUMPTION'] as const;
export const channelType = z.enum(channelTypes);
export type ChannelType = z.infer<typeof channelType>;
