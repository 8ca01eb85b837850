import {
  allowedKeycardCount,
  keycardErrorCodes as codes,
  mayAddKeycard,
  type KeycardEvent,
  type KeycardFieldsInput,
} from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';
import { activeKeycards, type PersonKeycardsState } from './keycard';
import { hasLapsed } from './validity';

export type KeycardCommand =
  | {
      type: 'AddKeycard';
      data: {
        accountId: string;
        personId: number;
        keycardId: number;
        fields: KeycardFieldsInput;
        carrierKey: string;
        source: 'CUSTOMER' | 'IMPORT';
        at: string;
      };
    }
  | { type: 'CancelKeycard'; data: { accountId: string; keycardId: number; by: 'CUSTOMER' | 'STAFF' } }
  | { type: 'RevalidateKeycards'; data: { today: string } };

const keycardNotFound = (keycardId: number) =>
  notFound(codes.keycardNotFound, `Keycard ${keycardId} not found.`);

/** Decides a command on one person's keycards. The service has checked that the person is the
 * caller's (or, for staff, that the person belongs to the named account). */
export function decideKeycards(command: KeycardCommand, state: PersonKeycardsState): KeycardEvent[] {
  switch (command.type) {
    case 'AddKeycard': {
      const { accountId, personId, keycardId, fields, carrierKey, source, at } = command.data;
      if (state.keycards.some((card) => card.keycardId === keycardId)) return [];
      const active = activeKeycards(state);
      if (active.some((card) => card.carrierKey === carrierKey)) {
        throw conflict(codes.alreadyRegistered, 'This card is registered already.');
      }
      const sameSystem = active.filter((card) => card.fields.type === fields.type).length;
      if (!mayAddKeycard(fields.type, sameSystem)) {
        throw conflict(
          codes.limitReached,
          `A person may hold ${allowedKeycardCount[fields.type]} ${fields.type} card; delete the current one first.`,
        );
      }
      return [
        { type: 'KeycardAdded', data: { accountId, personId, keycardId, fields, carrierKey, source, at } },
      ];
    }
    case 'CancelKeycard': {
      const { accountId, keycardId, by } = command.data;
      const card = state.keycards.find((candidate) => candidate.keycardId === keycardId);
      if (!card || state.accountId !== accountId || card.status === 'CANCELLED')
        throw keycardNotFound(keycardId);
      return [{ type: 'KeycardCancelled', data: { accountId, personId: card.personId, keycardId, by } }];
    }
    case 'RevalidateKeycards': {
      const { today } = command.data;
      const accountId = state.accountId;
      if (accountId === null) return [];
      return state.keycards
        .filter((card) => hasLapsed(card, today))
        .map(
          (card) =>
            ({
              type: 'KeycardExpired',
              data: { accountId, personId: card.personId, keycardId: card.keycardId, on: today },
            }) as const,
        );
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
