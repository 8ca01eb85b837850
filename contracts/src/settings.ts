import { z } from 'zod';
import { envList, envUrl } from './validators/env';

/** §3 Settings shapes. Values come from the environment as text, hence the env validators. */

/** The authentication service that signs the access tokens the API accepts. */
export const authenticationServiceSettings = z.object({
  jwksUri: envUrl,
  audience: envUrl,
  /** comma-separated list of accepted token issuers */
  issuers: envList,
});
export type AuthenticationServiceSettings = z.infer<typeof authenticationServiceSettings>;

/** The identity provider's management API (machine-to-machine client). */
export const managementApiSettings = z.object({
  baseUrl: envUrl,
  audience: envUrl,
  clientId: z.string().trim().min(1),
  clientSecret: z.string().min(1),
});
export type ManagementApiSettings = z.infer<typeof managementApiSettings>;
