import { providerClientContract } from './provider-client.contract';

// The provider's sandbox cannot be reached from these machines; set PSP_SANDBOX_BASE_URL (e.g.
// https://api.sandbox.datatrans.com), PSP_SANDBOX_MERCHANT_ID and PSP_SANDBOX_PASSWORD to run the contract there.
const baseUrl = process.env.PSP_SANDBOX_BASE_URL;
const merchantId = process.env.PSP_SANDBOX_MERCHANT_ID;
const password = process.env.PSP_SANDBOX_PASSWORD;
const configured = Boolean(baseUrl && merchantId && password);
const describeIfSandbox = configured ? describe : describe.skip;

describeIfSandbox(
  `payment provider sandbox${configured ? '' : ' (skipped: PSP_SANDBOX_BASE_URL, PSP_SANDBOX_MERCHANT_ID, PSP_SANDBOX_PASSWORD not set)'}`,
  () => {
    providerClientContract(async () => ({
      options: { baseUrl: baseUrl!, merchantId: merchantId!, password: password! },
      currency: process.env.PSP_SANDBOX_CURRENCY ?? 'CHF',
    }));
  },
);
