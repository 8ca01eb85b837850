import {
  carrierKeyOf,
  clientKeyOf,
  keycardErrorCodes as codes,
  keycardStreamName,
  readFeatureFlag,
  type AddKeycardBody,
  type FeatureFlags,
  type KeycardDto,
  type KeycardFieldsInput,
  type KeycardRecord,
  type KeycardStatus,
  type KeycardValidityDto,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { AccountService } from '../account';
import type { Principal } from '../platform/auth/principal';
import { conflict, forbidden, notFound } from '../platform/domain-error';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { eventMetadataOf } from '../platform/http/request-context';
import { dataCarrierIdOf } from '@alpenpass/contracts';
import { decideKeycards, type KeycardCommand } from './decide';
import { personKeycardsFolder, type PersonKeycardsState } from './keycard';
import { keycardRegistry, type RegistryEntry } from './registry';
import { keycardValidityOn } from './validity';

export interface KeycardServiceDeps {
  store: EventStore;
  knex: Knex;
  accounts: Pick<AccountService, 'load'>;
  featureFlags: FeatureFlags;
  now?: () => Date;
}

/** One of the account's cards as the basket and the order see it. */
export interface OwnedKeycard {
  personId: number;
  type: KeycardFieldsInput['type'];
  status: KeycardStatus;
}

export interface KeycardCaller {
  principal: Principal | null;
  correlationId: string;
}

/** The day in the resorts' timezone: validity and expiry are counted in Swiss calendar days. */
export const RESORT_ZONE = 'Europe/Zurich';
/** A reservation older than this (database clock) whose card never reached a stream was left by a crashed request. */
const STALE_RESERVATION_SECONDS = 30;

export const toKeycardDto = (card: KeycardRecord): KeycardDto => {
  const { type, ...fields } = card.fields;
  return {
    id: card.keycardId,
    personId: card.personId,
    type,
    clientKey: clientKeyOf[type],
    status: card.status,
    dataCarrierId: dataCarrierIdOf(card.fields),
    fields,
    createdAt: card.addedAt,
  };
};

function accountOf(caller: KeycardCaller): string {
  const accountId = caller.principal?.accountId;
  if (!accountId) throw forbidden(codes.accountRequired, 'These calls need a customer account.');
  return accountId;
}

const keycardNotFound = (keycardId: number) =>
  notFound(codes.keycardNotFound, `Keycard ${keycardId} not found.`);

export type KeycardService = ReturnType<typeof createKeycardService>;

export function createKeycardService(deps: KeycardServiceDeps) {
  const registry = keycardRegistry(deps.knex);
  const now = deps.now ?? (() => new Date());
  const today = () => DateTime.fromJSDate(now(), { zone: RESORT_ZONE }).toISODate()!;
  const loadPerson = async (personId: number): Promise<PersonKeycardsState> =>
    (await loadStreamState(deps.store, keycardStreamName(personId), personKeycardsFolder)).state;
  const run = (personId: number, command: KeycardCommand, metadata: ReturnType<typeof eventMetadataOf>) =>
    handleCommand(
      deps.store,
      keycardStreamName(personId),
      personKeycardsFolder,
      (state) => decideKeycards(command, state),
      metadata,
    );

  /** §5: readOnlyKeycards stops customers (not staff imports) from adding or deleting cards */
  const assertWritable = () => {
    if (readFeatureFlag(deps.featureFlags, 'readOnlyKeycards'))
      throw forbidden(codes.readOnly, 'Keycards cannot be added or deleted at the moment.');
  };

  async function assertPersonOfAccount(accountId: string, personId: number): Promise<void> {
    const account = await deps.accounts.load(accountId);
    if (!account.persons.some((person) => person.personId === personId))
      throw notFound(codes.personNotFound, `Person ${personId} not found.`);
  }

  /** The registry row of a card of this account, else 404 (cards of other accounts look unknown). */
  async function ownedEntry(accountId: string, keycardId: number): Promise<RegistryEntry> {
    const [entry] = await registry.byKeycardIds([keycardId]);
    if (!entry || entry.accountId !== accountId) throw keycardNotFound(keycardId);
    const account = await deps.accounts.load(accountId);
    if (!account.persons.some((person) => person.personId === entry.personId))
      throw keycardNotFound(keycardId);
    return entry;
  }

  async function cardOf(entry: RegistryEntry): Promise<KeycardRecord> {
    const card = (await loadPerson(entry.personId)).keycards.find(
      (candidate) => candidate.keycardId === entry.keycardId,
    );
    if (!card || card.status === 'CANCELLED') throw keycardNotFound(entry.keycardId);
    return card;
  }

  /** Whether a reservation's card is real. A card not (yet) in its stream is being added right now,
   * unless its reservation is old: then its request crashed, and the number is taken back here. */
  async function holds(holder: RegistryEntry): Promise<boolean> {
    const card = (await loadPerson(holder.personId)).keycards.find(
      (candidate) => candidate.keycardId === holder.keycardId,
    );
    // a card that was cancelled, or whose person left the account, holds its number no more
    const personLeft = card
      ? !(await deps.accounts.load(holder.accountId)).persons.some(
          (person) => person.personId === holder.personId,
        )
      : false;
    if (card?.status === 'CANCELLED' || personLeft) {
      await registry.releaseStale(holder);
      return false;
    }
    if (card) return true;
    return !(await registry.releaseIfOlderThan(holder, STALE_RESERVATION_SECONDS));
  }

  async function reserve(entry: Omit<RegistryEntry, 'reservedAt'>): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (await registry.reserve(entry)) return;
      const holder = await registry.byCarrierKey(entry.carrierKey);
      if (holder && (await holds(holder))) break;
    }
    throw conflict(codes.alreadyRegistered, 'This card is registered already.');
  }

  /** Adds a card to a person's stream: reserve its number, append, and give the number back if refused. */
  async function register(
    accountId: string,
    personId: number,
    fields: KeycardFieldsInput,
    source: 'CUSTOMER' | 'IMPORT',
    metadata: ReturnType<typeof eventMetadataOf>,
  ): Promise<KeycardRecord> {
    const carrierKey = carrierKeyOf(fields);
    const existing = await registry.byCarrierKey(carrierKey);
    if (existing && existing.accountId === accountId && existing.personId === personId) {
      const card = (await loadPerson(personId)).keycards.find(
        (candidate) => candidate.keycardId === existing.keycardId,
      );
      if (card && card.status !== 'CANCELLED' && source === 'IMPORT') return card;
    }
    const keycardId = await registry.nextKeycardId();
    await reserve({ keycardId, carrierKey, accountId, personId });
    try {
      const outcome = await run(
        personId,
        {
          type: 'AddKeycard',
          data: { accountId, personId, keycardId, fields, carrierKey, source, at: now().toISOString() },
        },
        metadata,
      );
      return outcome.newState.keycards.find((card) => card.keycardId === keycardId)!;
    } catch (error) {
      await registry.release(keycardId);
      throw error;
    }
  }

  return {
    registry,
    loadPerson,

    async list(caller: KeycardCaller, status?: KeycardStatus): Promise<KeycardDto[]> {
      const account = await deps.accounts.load(accountOf(caller));
      const states = await Promise.all(account.persons.map((person) => loadPerson(person.personId)));
      return states
        .flatMap((state) => state.keycards)
        .filter((card) => (status ? card.status === status : card.status !== 'CANCELLED'))
        .sort((a, b) => a.keycardId - b.keycardId)
        .map(toKeycardDto);
    },

    /** POST /keycards/validation: everything adding would check, without adding */
    async validate(caller: KeycardCaller, body: AddKeycardBody) {
      const accountId = accountOf(caller);
      const { personId, ...fields } = body;
      await assertPersonOfAccount(accountId, personId);
      const carrierKey = carrierKeyOf(fields);
      const holder = await registry.byCarrierKey(carrierKey);
      if (holder && (await holds(holder)))
        throw conflict(codes.alreadyRegistered, 'This card is registered already.');
      decideKeycards(
        {
          type: 'AddKeycard',
          data: {
            accountId,
            personId,
            keycardId: 0,
            fields,
            carrierKey,
            source: 'CUSTOMER',
            at: now().toISOString(),
          },
        },
        await loadPerson(personId),
      );
      const { type, ...rest } = fields;
      return {
        valid: true as const,
        type,
        clientKey: clientKeyOf[type],
        dataCarrierId: dataCarrierIdOf(fields),
        fields: rest,
      };
    },

    async add(caller: KeycardCaller, body: AddKeycardBody): Promise<KeycardDto> {
      const accountId = accountOf(caller);
      assertWritable();
      const { personId, ...fields } = body;
      await assertPersonOfAccount(accountId, personId);
      return toKeycardDto(await register(accountId, personId, fields, 'CUSTOMER', eventMetadataOf(caller)));
    },

    async remove(caller: KeycardCaller, keycardId: number): Promise<void> {
      const accountId = accountOf(caller);
      assertWritable();
      const entry = await ownedEntry(accountId, keycardId);
      await run(
        entry.personId,
        { type: 'CancelKeycard', data: { accountId, keycardId, by: 'CUSTOMER' } },
        eventMetadataOf(caller),
      );
      await registry.release(keycardId);
    },

    async checkValidity(
      caller: KeycardCaller,
      keycardId: number,
      date?: string,
    ): Promise<KeycardValidityDto> {
      const card = await cardOf(await ownedEntry(accountOf(caller), keycardId));
      const day = date ?? today();
      return { keycardId, date: day, status: card.status, ...keycardValidityOn(card, day) };
    },

    /** GET /keycards/unique: whether no account holds a card with this number (any system whose format fits) */
    async isUnique(carrierKeys: string[]): Promise<boolean> {
      for (const key of carrierKeys) {
        const holder = await registry.byCarrierKey(key);
        if (holder && (await holds(holder))) return false;
      }
      return true;
    },

    /** The account's registered cards among `keycardIds` (ACTIVE or EXPIRED; a cancelled card leaves the
     * registry), with their person, system and status (the basket's port). */
    async owned(accountId: string, keycardIds: number[]): Promise<Map<number, OwnedKeycard>> {
      const entries = (await registry.byKeycardIds(keycardIds)).filter(
        (entry) => entry.accountId === accountId,
      );
      if (entries.length === 0) return new Map();
      const account = await deps.accounts.load(accountId);
      const persons = new Set(account.persons.map((person) => person.personId));
      const owned = new Map<number, OwnedKeycard>();
      for (const entry of entries.filter((candidate) => persons.has(candidate.personId))) {
        const card = (await loadPerson(entry.personId)).keycards.find(
          (candidate) => candidate.keycardId === entry.keycardId,
        );
        if (card && card.status !== 'CANCELLED')
          owned.set(card.keycardId, { personId: card.personId, type: card.fields.type, status: card.status });
      }
      return owned;
    },

    /** Staff import: one row, for a person of the named account. */
    async importOne(
      staff: KeycardCaller,
      accountId: string,
      personId: number,
      fields: KeycardFieldsInput,
    ): Promise<{ card: KeycardRecord; fresh: boolean }> {
      await assertPersonOfAccount(accountId, personId);
      const before = await registry.byCarrierKey(carrierKeyOf(fields));
      const card = await register(accountId, personId, fields, 'IMPORT', eventMetadataOf(staff));
      return { card, fresh: before?.keycardId !== card.keycardId };
    },

    /** Nightly revalidation: passes whose validity ended become EXPIRED. Answers how many expired. */
    async revalidateAll(day: string = today()): Promise<number> {
      let expired = 0;
      let after = 0;
      for (;;) {
        const persons = await registry.personsWithCards(after, 200);
        if (persons.length === 0) return expired;
        for (const personId of persons) {
          const outcome = await run(
            personId,
            { type: 'RevalidateKeycards', data: { today: day } },
            { actor: 'system', correlationId: `keycard-revalidation-${day}` },
          );
          expired += outcome.newEvents.length;
        }
        after = persons[persons.length - 1]!;
      }
    },

    /** A usage event's card (docs/consumptions.md): by the shop's id or by number, not cancelled, with its account. */
    async holder(
      ref: { keycardId: number } | { carrierKey: string },
    ): Promise<{ card: KeycardRecord; accountId: string } | undefined> {
      const [entry] =
        'keycardId' in ref
          ? await registry.byKeycardIds([ref.keycardId])
          : [await registry.byCarrierKey(ref.carrierKey)];
      if (!entry) return undefined;
      const card = (await loadPerson(entry.personId)).keycards.find(
        (candidate) => candidate.keycardId === entry.keycardId,
      );
      return card && card.status !== 'CANCELLED' ? { card, accountId: entry.accountId } : undefined;
    },

    /** The access system's lookup of a card number (integrator role). */
    async lookup(carrierKeys: string[]): Promise<KeycardRecord | undefined> {
      for (const key of carrierKeys) {
        const holder = await registry.byCarrierKey(key);
        if (!holder) continue;
        const card = (await loadPerson(holder.personId)).keycards.find(
          (candidate) => candidate.keycardId === holder.keycardId,
        );
        if (card && card.status !== 'CANCELLED') return card;
      }
      return undefined;
    },
  };
}
