import type { NatsConnection } from 'nats';
import type { ReadinessCheck } from '../http/health';

/**
 * The /api/ready part for NATS. The bus carries what reactors, other nodes and integrators follow; it is
 * never the record: commands append to the store and answer, the read models follow the store, and the
 * relay publishes what the bus missed once it is back. So a bus that does not answer within `timeoutMs`
 * makes the shop `degraded` (200, details for ops), not `not ready` — taking every instance out of
 * rotation for it would turn a bus outage into a shop outage.
 */
export function busReadiness(connect: () => Promise<NatsConnection>, timeoutMs = 1_000): ReadinessCheck {
  return {
    name: 'nats',
    async check() {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          connect().then((nats) => nats.flush()),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
      } catch (error) {
        return {
          degraded: true,
          detail: {
            state: 'unreachable',
            error: error instanceof Error ? error.message : String(error),
            effect: 'commands and read models go on; the relay publishes what the bus missed once it is back',
          },
        };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
