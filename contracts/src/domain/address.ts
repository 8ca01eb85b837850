import { z } from 'zod';

/** §3 Address purpose list. */
export const addressPurposes = ['BILLING', 'SHIPPING'] as const;
export const addressPurpose = z.enum(addressPurposes);
export type AddressPurpose = z.infer<typeof addressPurpose>;
