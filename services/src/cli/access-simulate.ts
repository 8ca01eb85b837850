import { randomInt } from 'node:crypto';
import { createKnex, ensureDatabase, migrateToLatest } from '@alpenpass/infra';
import {
  isCalendarDate,
  luhnCheckDigit,
  payPerUseStreamName,
  usageCardSystems,
  type UsageCardSystem,
} from '@alpenpass/contracts';
import { DateTime } from 'luxon';
import { connect } from 'nats';
import { ensureUsageStream, gateDay, publishUsage, type SimulatedCard } from '../consumption';
import { loadConfig } from '../platform/config';
import { createEventStore } from '../platform/event-store/create-event-store';

const usage = `usage: npm run access:simulate -- [--day yyyy-MM-dd] [--cards <n>] [--all] [--unknown <n>] [--replay]
  --day      the ski day (default: today in Europe/Zurich)
  --cards    at most this many cards (default: every one)
  --all      every registered SKIDATA, AXESS, SwissPass and FERATEL card, not only those registered for pay per use
  --unknown  also this many cards the shop does not know (parked for staff)
  --replay   publish every event twice, as an access system does after a reconnect
`;

function options(args: string[]) {
  const value = (name: string) => {
    const index = args.indexOf(name);
    return index === -1 ? undefined : args[index + 1];
  };
  const day = value('--day') ?? DateTime.now().setZone('Europe/Zurich').toISODate()!;
  const cards = value('--cards') === undefined ? Infinity : Number(value('--cards'));
  const unknown = Number(value('--unknown') ?? 0);
  if (!isCalendarDate(day) || !(cards >= 0) || !Number.isInteger(unknown) || unknown < 0)
    throw new Error(usage);
  return { day, cards, unknown, all: args.includes('--all'), replay: args.includes('--replay') };
}

const unknownCard = (): SimulatedCard => {
  const body = `09${String(randomInt(0, 2 ** 47)).padStart(20, '0')}`;
  return { system: 'SKIDATA', number: `${body}${luhnCheckDigit(body)}` };
};

/** `npm run access:simulate`: publishes a realistic gate day of the demo resort's keycards on the access
 * usage stream (docs/consumptions.md, "Simulator"), as the access system would. */
async function main(): Promise<void> {
  const chosen = options(process.argv.slice(2));
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  const knex = createKnex(config.databaseUrl, { max: 2 });
  const store = createEventStore(
    { kind: config.eventStore.kind, eventStoreUrl: config.eventStore.url },
    { knex },
  );
  const nats = await connect({ servers: config.nats.url, name: 'access-simulator' });
  try {
    await migrateToLatest(knex);
    const rows: { keycard_id: string; carrier_key: string }[] = await knex('keycard_registry')
      .select('keycard_id', 'carrier_key')
      .orderBy('keycard_id');
    const cards: SimulatedCard[] = [];
    for (const row of rows) {
      const [system, number] = [
        row.carrier_key.slice(0, row.carrier_key.indexOf(':')),
        row.carrier_key.slice(row.carrier_key.indexOf(':') + 1),
      ];
      if (!usageCardSystems.includes(system as UsageCardSystem) || cards.length >= chosen.cards) continue;
      if (!chosen.all && (await store.readStream(payPerUseStreamName(Number(row.keycard_id)))).length === 0)
        continue;
      cards.push({ system: system as UsageCardSystem, number });
    }
    cards.push(...Array.from({ length: chosen.unknown }, unknownCard));
    const events = gateDay(cards, chosen.day);
    await ensureUsageStream(nats, config.accessUsage);
    const js = nats.jetstream();
    for (let round = 0; round < (chosen.replay ? 2 : 1); round += 1) {
      for (const { system, event } of events) await publishUsage(js, config.accessUsage, system, event);
    }
    process.stdout.write(
      `published ${events.length} usage events${chosen.replay ? ' twice' : ''} for ${cards.length} cards (${chosen.unknown} unknown) on ${chosen.day} to ${config.accessUsage.subjectPrefix}.<system>\n` +
        (cards.length === chosen.unknown
          ? 'no keycard is registered for pay per use yet: buy the pay-per-use ski day with a keycard, or pass --all\n'
          : ''),
    );
  } finally {
    await nats.drain();
    await store.close();
    await knex.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`access simulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
