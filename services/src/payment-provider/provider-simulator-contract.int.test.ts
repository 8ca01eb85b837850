import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { startSimulator } from '../../test/support/psp-simulator';
import { providerClientContract } from './provider-client.contract';

/** The same contract as against the provider's sandbox, against the simulator in its own process. */
describe('payment provider contract against the PSP simulator', () => {
  providerClientContract(async () => {
    const db: TestDatabase = await createTestDatabase();
    const simulator = await startSimulator(db.url);
    return {
      options: { baseUrl: simulator.url, merchantId: simulator.merchantId, password: simulator.password },
      currency: 'CHF',
      close: async () => {
        await simulator.stop();
        await db.drop();
      },
    };
  });
});
