import {
  dataCarrierIdOf,
  type KeycardEvent,
  type KeycardFieldsInput,
  type RecordedEvent,
} from '@alpenpass/contracts';
import { fromEvent, fromHistory, message, type MessageBuilder } from './webhook-message';

type DataOf<T extends KeycardEvent['type']> = Extract<KeycardEvent, { type: T }>['data'];
const dataOf = <T extends KeycardEvent['type']>(event: RecordedEvent, _type: T) => event.data as DataOf<T>;

/** the card as the gate names it (system and printed number); never a SwissPass's postal code */
const cardOf = (fields: KeycardFieldsInput) => ({
  system: fields.type,
  dataCarrierId: dataCarrierIdOf(fields),
});

/** the card's fields from its KeycardAdded in the person's stream */
function addedCard(history: readonly RecordedEvent[], keycardId: number) {
  const added = history.find(
    (event) => event.type === 'KeycardAdded' && dataOf(event, 'KeycardAdded').keycardId === keycardId,
  );
  return added ? cardOf(dataOf(added, 'KeycardAdded').fields) : null;
}

/** keycards-<personId> events → keycard.* */
export const keycardMessageBuilders: Record<string, MessageBuilder> = {
  KeycardAdded: fromEvent((event) => {
    const { keycardId, accountId, personId, fields, source } = dataOf(event, 'KeycardAdded');
    return message('keycard.registered', { keycardId, accountId, personId, ...cardOf(fields), source });
  }),
  KeycardCancelled: fromHistory((event, history) => {
    const { keycardId, accountId, personId, by } = dataOf(event, 'KeycardCancelled');
    const card = addedCard(history, keycardId);
    return card && message('keycard.removed', { keycardId, accountId, personId, ...card, removedBy: by });
  }),
  KeycardExpired: fromHistory((event, history) => {
    const { keycardId, accountId, personId, on } = dataOf(event, 'KeycardExpired');
    const card = addedCard(history, keycardId);
    return card && message('keycard.expired', { keycardId, accountId, personId, ...card, on });
  }),
};
