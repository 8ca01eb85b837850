import { createHash } from 'node:crypto';
import {
  accessUsageEvent,
  consumptionErrorCodes,
  consumptionIdOf,
  consumptionStreamName,
  payPerUseStreamName,
  usageCarrierKey,
  type AccessUsageEvent,
  type KeycardRecord,
} from '@alpenpass/contracts';
import { DateTime } from 'luxon';
import { type KeycardService, RESORT_ZONE } from '../keycard';
import { conflict, notFound } from '../platform/domain-error';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore, PlatformLogger } from '../platform/event-store/event-store';
import { consumptionFolder } from './consumption';
import type { ConsumptionPricing } from './consumption-pricing';
import type { DayCoveragePort } from './day-coverage';
import { chargesTheDay, decideUsage } from './decide';
import type { ParkedUsages } from './parked-usages';
import { registrationFolder, registrationOn } from './registration';

/** Tickets used at a gate (syncAxessUsedTickets): the ticket context marks them. */
export interface UsedTicketsPort {
  markUsedByKeycard(input: {
    keycardId: number;
    day: string;
    usedAt: string;
    gateId: string;
  }): Promise<number>;
}

export interface UsageRecorderDeps {
  store: EventStore;
  keycards: Pick<KeycardService, 'holder'>;
  parked: ParkedUsages;
  pricing: ConsumptionPricing;
  /** another pass of the card (season subscription, day ticket) that already pays for a day */
  coverage: DayCoveragePort;
  /** present while syncAxessUsedTickets is on */
  usedTickets?: UsedTicketsPort;
  log: PlatformLogger;
}

export type RecordOutcome =
  { outcome: 'recorded' | 'duplicate'; consumptionId: string } | { outcome: 'parked'; reason: string };

/** The resort's calendar day of an instant: consumptions are counted per Swiss day. */
export const resortDayOf = (instant: string) =>
  DateTime.fromISO(instant, { setZone: true }).setZone(RESORT_ZONE).toISODate()!;

/** A message that is not a usage event keeps an id of its own bytes: parked once, however often it comes. */
function idOfInvalid(data: unknown): string {
  const given = (data as { eventId?: unknown } | null)?.eventId;
  if (typeof given === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(given)) return given;
  return `invalid-${createHash('sha256')
    .update(JSON.stringify(data ?? null))
    .digest('hex')
    .slice(0, 24)}`;
}

/**
 * Turns the access system's usage events into consumptions (docs/consumptions.md): the card is looked
 * up, the usage recorded once on its keycard-day stream and the day charged when the card is registered
 * for pay-per-use. An unknown card or a malformed message is parked for staff, never dropped.
 */
export function createUsageRecorder(deps: UsageRecorderDeps) {
  async function holderOf(
    event: AccessUsageEvent,
  ): Promise<{ card: KeycardRecord; accountId: string } | string> {
    if (event.keycardId !== undefined)
      return (
        (await deps.keycards.holder({ keycardId: event.keycardId })) ??
        `No active keycard ${event.keycardId}.`
      );
    const key = usageCarrierKey(event.card!);
    if (!key.ok) return `${event.card!.system} ${event.card!.number}: ${key.message}`;
    return (
      (await deps.keycards.holder({ carrierKey: key.value })) ??
      `No active ${event.card!.system} keycard ${event.card!.number} is registered.`
    );
  }

  async function record(
    event: AccessUsageEvent,
    holder: { card: KeycardRecord; accountId: string },
  ): Promise<Extract<RecordOutcome, { consumptionId: string }>> {
    const { card, accountId } = holder;
    const day = resortDayOf(event.occurredAt);
    const consumptionId = consumptionIdOf(card.keycardId, day);
    const streamName = consumptionStreamName(consumptionId);
    const registration = registrationOn(
      (await loadStreamState(deps.store, payPerUseStreamName(card.keycardId), registrationFolder)).state,
      day,
      accountId,
    );
    const usage = {
      usageEventId: event.eventId,
      kind: event.kind,
      quantity: event.quantity,
      gateId: event.gateId,
      occurredAt: new Date(event.occurredAt).toISOString(),
    };
    const known = await loadStreamState(deps.store, streamName, consumptionFolder);
    const chargeable = registration !== null && chargesTheDay(known.state, { registration, usage });
    const covered =
      chargeable &&
      (await deps.coverage({
        keycardId: card.keycardId,
        productId: registration.productId,
        day,
        occurredAt: usage.occurredAt,
      })) !== null;
    const price = chargeable && !covered ? await deps.pricing(registration, day) : null;
    const command = {
      consumptionId,
      keycardId: card.keycardId,
      day,
      accountId,
      personId: card.personId,
      usage,
      registration,
      price,
    };
    const outcome = await handleCommand(
      deps.store,
      streamName,
      consumptionFolder,
      (state) => decideUsage(command, state),
      { actor: 'access-system', correlationId: `usage-${event.eventId}` },
      { known },
    );
    if (deps.usedTickets && card.fields.type === 'AXESS' && event.kind !== 'PARKING') {
      await deps.usedTickets.markUsedByKeycard({
        keycardId: card.keycardId,
        day,
        usedAt: usage.occurredAt,
        gateId: event.gateId,
      });
    }
    return { outcome: outcome.newEvents.length > 0 ? 'recorded' : 'duplicate', consumptionId };
  }

  /** One message of the usage stream; throws only when it should be redelivered (a store or database fault). */
  async function receive(subject: string, data: unknown): Promise<RecordOutcome> {
    const parsed = accessUsageEvent.safeParse(data);
    if (!parsed.success) {
      const detail = parsed.error.issues
        .map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`)
        .join('; ');
      await deps.parked.park({
        eventId: idOfInvalid(data),
        subject,
        payload: data,
        reason: 'INVALID_PAYLOAD',
        detail,
      });
      deps.log.warn({ subject, detail }, 'usage event parked: malformed');
      return { outcome: 'parked', reason: 'INVALID_PAYLOAD' };
    }
    const holder = await holderOf(parsed.data);
    if (typeof holder === 'string') {
      await deps.parked.park({
        eventId: parsed.data.eventId,
        subject,
        payload: data,
        reason: 'UNKNOWN_KEYCARD',
        detail: holder,
      });
      deps.log.info({ subject, eventId: parsed.data.eventId }, 'usage event parked: unknown keycard');
      return { outcome: 'parked', reason: 'UNKNOWN_KEYCARD' };
    }
    const recorded = await record(parsed.data, holder);
    // parked before (its card unknown then) and now recorded, by a redelivery or by staff
    await deps.parked.resolve(parsed.data.eventId, recorded.consumptionId);
    return recorded;
  }

  return {
    receive,

    /** Staff: a parked message once more (the card may be registered now). Recorded → resolved; still
     * unknown → 409 and it stays parked. */
    async reprocessParked(eventId: string): Promise<{ consumptionId: string }> {
      const parked = await deps.parked.get(eventId);
      if (!parked)
        throw notFound(consumptionErrorCodes.parkedNotFound, `No usage event ${eventId} is parked.`);
      if (parked.resolvedAt && parked.consumptionId) return { consumptionId: parked.consumptionId };
      const outcome = await receive(parked.subject, parked.payload);
      if (outcome.outcome === 'parked') {
        const again = await deps.parked.get(eventId);
        throw conflict(
          consumptionErrorCodes.stillUnresolved,
          `The usage event ${eventId} still cannot be recorded: ${again?.detail ?? outcome.reason}.`,
        );
      }
      return { consumptionId: outcome.consumptionId };
    },
  };
}

export type UsageRecorder = ReturnType<typeof createUsageRecorder>;
