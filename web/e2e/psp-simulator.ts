import { randomBytes } from 'node:crypto';
import { dropDatabase } from '@alpenpass/infra';
import type { Page } from 'playwright-core';
import { startSimulator, type RunningSimulator } from '@alpenpass/services/test/support/psp-simulator';

/** The card provider's simulator as a process of its own, and the settings that point a shop at it. */
export interface TestSimulator {
  simulator: RunningSimulator;
  /** PSP_* settings for startShop */
  shopEnv: Record<string, string>;
  stop(): Promise<void>;
}

/** The simulator keeps its payments in a database of its own, dropped when it stops. */
export async function startTestSimulator(): Promise<TestSimulator> {
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/alpenpass_e2e_psp_${randomBytes(4).toString('hex')}`;
  const simulator = await startSimulator(databaseUrl);
  return {
    simulator,
    shopEnv: {
      PSP_BASE_URL: simulator.url,
      PSP_MERCHANT_ID: simulator.merchantId,
      PSP_MERCHANT_PASSWORD: simulator.password,
      PSP_HMAC_KEY: simulator.hmacKeyHex,
    },
    stop: async () => {
      await simulator.stop();
      await dropDatabase(databaseUrl).catch(() => undefined);
    },
  };
}

/** The provider's payment page (English: it is the provider's, not the shop's): a Visa card that goes through. */
export async function payOnSimulatorPage(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'PSP simulator: payment' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Payment method').selectOption('VIS');
  await page.getByLabel('Outcome').selectOption('success');
  await page.getByRole('button', { name: 'Pay' }).click();
}
