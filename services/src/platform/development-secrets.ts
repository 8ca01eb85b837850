/**
 * Secrets that have a default in the source so that `npm start` and the tests work on a fresh
 * clone. Anyone can read them here, so outside development the shop refuses to start with them
 * (config.ts) and the parts that use them refuse them as well.
 */
export const developmentSecrets = {
  CONTENT_WEBHOOK_SECRET: 'alpenpass-dev-content-webhook-secret',
  ORDER_ACCESS_SECRET: 'alpenpass-dev-order-access-secret',
} as const;

export type SecretVariable = keyof typeof developmentSecrets;

/** `production` anywhere the shop serves real customers; `development` on laptops, in CI and tests. */
export type DeploymentEnvironment = 'development' | 'production';

/** ALPENPASS_ENV when set, else NODE_ENV=production means production; everything else is development. */
export function deploymentEnvironmentOf(env: Record<string, string | undefined>): DeploymentEnvironment {
  if (env.ALPENPASS_ENV === 'production' || env.ALPENPASS_ENV === 'development') return env.ALPENPASS_ENV;
  return env.NODE_ENV === 'production' ? 'production' : 'development';
}

/** The variables that are missing or still hold their development default, with the reason. */
export function unsafeSecrets(
  env: Record<string, string | undefined>,
): { variable: SecretVariable; message: string }[] {
  return (Object.keys(developmentSecrets) as SecretVariable[]).flatMap((variable) => {
    const value = env[variable];
    if (value === undefined || value === '') {
      return [
        {
          variable,
          message:
            'required outside development (ALPENPASS_ENV or NODE_ENV is production); set a secret of your own',
        },
      ];
    }
    if (value === developmentSecrets[variable]) {
      return [
        {
          variable,
          message:
            'holds the development default, which is published in the source; set a secret of your own',
        },
      ];
    }
    return [];
  });
}
