import { randomUUID } from 'node:crypto';
import type { AccessUsageEventInput, UsageCardSystem } from '@alpenpass/contracts';
import { DateTime } from 'luxon';

/** A card the simulator lets ride: its system and number as printed. */
export interface SimulatedCard {
  system: UsageCardSystem;
  number: string;
}

export interface SimulatedEvent {
  system: UsageCardSystem;
  event: AccessUsageEventInput;
}

/** The demo resort's gates (fictional): the valley station's turnstiles, the lifts, the car park. */
const entryGates = ['alpenhorn-valley-turnstile-1', 'alpenhorn-valley-turnstile-2'];
const lifts = ['alpenhorn-gondola', 'summit-chair', 'glacier-t-bar', 'sunny-side-chair'];
const carPark = 'alpenhorn-valley-parking';

/**
 * One realistic ski day of each card (pure but for `random`): a passage at a valley turnstile between
 * 08:30 and 10:00, 3 to 8 rides until about 16:00, and for one card in three the minutes its car stood
 * in the valley car park, reported when it leaves. Times are the resort's (Europe/Zurich).
 */
export function gateDay(
  cards: readonly SimulatedCard[],
  day: string,
  random: () => number = Math.random,
  newId: () => string = randomUUID,
): SimulatedEvent[] {
  const start = DateTime.fromISO(day, { zone: 'Europe/Zurich' });
  const at = (minutes: number) => start.plus({ minutes: Math.round(minutes) }).toISO()!;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return cards.flatMap((card) => {
    const events: SimulatedEvent[] = [];
    const add = (event: Omit<AccessUsageEventInput, 'eventId' | 'card'>) =>
      events.push({
        system: card.system,
        event: { eventId: newId(), card: { system: card.system, number: card.number }, ...event },
      });
    let minute = 8.5 * 60 + random() * 90;
    const arrival = minute;
    add({ kind: 'PASSAGE', quantity: 1, gateId: pick(entryGates), occurredAt: at(minute) });
    const rides = 3 + Math.floor(random() * 6);
    for (let ride = 0; ride < rides && minute < 16 * 60; ride += 1) {
      minute += 15 + random() * 45;
      add({ kind: 'RIDE', quantity: 1, gateId: pick(lifts), occurredAt: at(minute) });
    }
    if (random() < 1 / 3) {
      const leaving = Math.max(minute + 20, 16 * 60);
      add({
        kind: 'PARKING',
        quantity: Math.round(leaving - arrival + 15),
        gateId: carPark,
        occurredAt: at(leaving),
      });
    }
    return events;
  });
}
