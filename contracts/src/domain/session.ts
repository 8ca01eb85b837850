import { z } from 'zod';

/** §3 Session (client), §4: the SPA's session status. */
export const sessionStatuses = ['loading', 'authenticated', 'unauthenticated'] as const;
export const sessionStatus = z.enum(sessionStatuses);
export type SessionStatus = z.infer<typeof sessionStatus>;
