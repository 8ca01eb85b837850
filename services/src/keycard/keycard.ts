import type { KeycardEvent, KeycardRecord } from '@alpenpass/contracts';

/** One person's keycards (stream keycards-<personId>): every card ever added, with its status. */
export interface PersonKeycardsState {
  personId: number | null;
  accountId: string | null;
  keycards: KeycardRecord[];
}

export const initialPersonKeycards = (): PersonKeycardsState => ({
  personId: null,
  accountId: null,
  keycards: [],
});

const withStatus = (
  state: PersonKeycardsState,
  keycardId: number,
  status: KeycardRecord['status'],
): PersonKeycardsState => ({
  ...state,
  keycards: state.keycards.map((card) => (card.keycardId === keycardId ? { ...card, status } : card)),
});

export function evolvePersonKeycards(state: PersonKeycardsState, event: KeycardEvent): PersonKeycardsState {
  switch (event.type) {
    case 'KeycardAdded': {
      const { accountId, personId, keycardId, fields, carrierKey, source, at } = event.data;
      const record: KeycardRecord = {
        keycardId,
        personId,
        fields,
        carrierKey,
        status: 'ACTIVE',
        addedAt: at,
        source,
      };
      return { personId, accountId, keycards: [...state.keycards, record] };
    }
    case 'KeycardCancelled':
      return withStatus(state, event.data.keycardId, 'CANCELLED');
    case 'KeycardExpired':
      return withStatus(state, event.data.keycardId, 'EXPIRED');
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const personKeycardsFolder = { initialState: initialPersonKeycards, evolve: evolvePersonKeycards };

export const activeKeycards = (state: PersonKeycardsState): KeycardRecord[] =>
  state.keycards.filter((card) => card.status === 'ACTIVE');
