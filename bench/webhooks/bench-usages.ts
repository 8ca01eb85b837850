import { randomInt } from 'node:crypto';
import { luhnCheckDigit } from '@alpenpass/contracts';
import { connect, type NatsConnection } from 'nats';
import {
  ensureUsageStream,
  publishUsage,
  type AccessUsageSettings,
} from '../../services/src/consumption/usage-stream';
import type { RunningShop } from '../shop/shop-process';

async function post<T>(
  shop: RunningShop,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<T> {
  const response = await fetch(`${shop.url}/api${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

const skidataNumber = () => {
  const body = `01${String(randomInt(0, 2 ** 47)).padStart(20, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
};

/** Registers one SKIDATA keycard for the owner of each bench account, through the API as customers do. */
export async function registerKeycards(shop: RunningShop, accounts: number): Promise<number[]> {
  const keycardIds: number[] = [];
  for (let index = 1; index <= accounts; index += 1) {
    const headers = await shop.customerHeaders(`webhook-bench-${index}`);
    const owner = await post<{ id: number }>(shop, '/users/persons/owner', headers, {
      firstName: 'Bench',
      lastName: `Skier ${index}`,
      birthdate: '1990-04-01',
    });
    keycardIds.push(
      (
        await post<{ id: number }>(shop, '/keycards', headers, {
          personId: owner.id,
          type: 'SKIDATA',
          dataCarrierId: skidataNumber(),
        })
      ).id,
    );
  }
  return keycardIds;
}

/** The access system's side: usage events of the bench's keycards on the shop's usage stream. */
export async function usagePublisher(natsUrl: string, settings: AccessUsageSettings, keycardIds: number[]) {
  const nats: NatsConnection = await connect({ servers: natsUrl });
  await ensureUsageStream(nats, settings);
  const js = nats.jetstream();
  let sent = 0;
  const publishOne = () => {
    sent += 1;
    const keycardId = keycardIds[sent % keycardIds.length]!;
    return publishUsage(js, settings, 'SKIDATA', {
      eventId: `webhook-bench-${Date.now()}-${sent}`,
      occurredAt: new Date().toISOString(),
      kind: 'PASSAGE',
      quantity: 1,
      gateId: 'bench-lift',
      keycardId,
    });
  };
  return {
    /** `count` usages as fast as JetStream takes them */
    async burst(count: number) {
      for (let index = 0; index < count; index += 100)
        await Promise.all(Array.from({ length: Math.min(100, count - index) }, publishOne));
    },
    /** `perSecond` usages a second until `until` resolves; answers how many were sent */
    async steady(perSecond: number, until: Promise<unknown>): Promise<number> {
      let done = false;
      void until.finally(() => (done = true));
      const started = Date.now();
      let published = 0;
      while (!done) {
        const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
        for (; published < due; published += 1) await publishOne();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return published;
    },
    /** the usage stream is the bench's own: gone with the shop */
    async deleteStream() {
      await (await nats.jetstreamManager()).streams.delete(settings.stream).catch(() => undefined);
      await nats.drain();
    },
  };
}
