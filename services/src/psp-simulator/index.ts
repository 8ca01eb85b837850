/** The card payment provider's stand-in (docs/payment-provider.md): a process of its own (main.ts) that
 * `npm start` runs in development; the shop reaches it only over HTTP, like the real provider. */
export { loadSimulatorConfig, simulatorVariables } from './simulator-config';
