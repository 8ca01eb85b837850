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
  const { data: keycards = [] } = useGetKeycardsQuery();
  return (keycardId) => {
    const keycard = keycards.find((candidate) => candidate.id === keycardId);
    return keycard ? `${intl.formatMessage(typeLabels[keycard.type])} ${keycard.dataCarrierId}` : intl.formatMessage(messages.unknownKeycard, { id: keycardId });
  };
}
