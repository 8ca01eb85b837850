import { useIntl } from 'react-intl';
import { useGetKeycardsQuery } from '../keycard/api';
import { typeLabels } from '../keycard/keycard-form';
import { consumptionMessages as messages } from './messages';

/**
 * A keycard as the customer knows it ("SKIDATA keycard 01-1614 …"); a deleted card has left the
 * keycards list (docs/keycards.md), so it is named by its id.
 */
export function useKeycardNames(): (keycardId: number) => string {
  const intl = useIntl();
  const { data: keycards } = useGetKeycardsQuery();
  return (keycardId) => {
    const keycard = keycards?.find((candidate) => candidate.id === keycardId);
    if (keycard) return `${intl.formatMessage(typeLabels[keycard.type])} ${keycard.dataCarrierId}`;
    // while the list loads (or if it cannot), the card is not called deleted
    return intl.formatMessage(keycards ? messages.unknownKeycard : messages.keycardById, { id: keycardId });
  };
}
