import { ConfigError, loadConfig, type AppConfig } from './platform/config';
import { paymentProviderOf } from './payment-provider';
import { ticketSettingsOf } from './ticket';
import { webhookSettingsOf } from './webhook';
import { waitingRoomSettingsOf } from './waiting-room';

/**
 * The shop's whole configuration, checked at once: the platform's settings and those each area reads
 * for itself (the card provider's, the tickets', the webhooks', the waiting room's), so that a bad value of any of them is found before a
 * process opens a port or forks another.
 */
export function loadShopConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const config = loadConfig(env);
  paymentProviderOf(config);
  ticketSettingsOf(config);
  webhookSettingsOf(config);
  waitingRoomSettingsOf(config);
  return config;
}

/** The configuration of a starting process; a bad value ends it with the message naming the variable. */
export function loadShopConfigOrExit(env: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return loadShopConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
