/**
 * Development (`npm start`): the shop's PSP_* point at the simulator the launcher starts — on
 * PSP_SIMULATOR_PORT (3900) with the simulator's merchant and key — unless set explicitly. The shop
 * names its own notification URL in each init (PSP_WEBHOOK_URL, default http://127.0.0.1:$PORT/…).
 */
export function withSimulatorDefaults(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const port = env.PSP_SIMULATOR_PORT ?? '3900';
  const defaults: NodeJS.ProcessEnv = {
    PSP_SIMULATOR_PORT: port,
    PSP_BASE_URL: `http://127.0.0.1:${port}`,
  };
  if (env.PSP_SIMULATOR_MERCHANT_ID) defaults.PSP_MERCHANT_ID = env.PSP_SIMULATOR_MERCHANT_ID;
  if (env.PSP_SIMULATOR_MERCHANT_PASSWORD)
    defaults.PSP_MERCHANT_PASSWORD = env.PSP_SIMULATOR_MERCHANT_PASSWORD;
  if (env.PSP_SIMULATOR_HMAC_KEY) defaults.PSP_HMAC_KEY = env.PSP_SIMULATOR_HMAC_KEY;
  return { ...defaults, ...env };
}
