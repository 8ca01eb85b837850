import { z } from 'zod';

/** §3 Entry personalization: medium values (called mediumType in checkout). */
export const mediumValues = [
  'SWISSPASS',
  'SKIDATA',
  'SKIDATA_RENEWAL',
  'AXESS',
  'AXESS_RENEWAL',
  'LICENSEPLATE',
  'ON_SITE',
  'CODE_DIRECT',
  'CODE_PICKUP',
  'DELIVERY',
] as const;
export const medium = z.enum(mediumValues);
export type Medium = z.infer<typeof medium>;
