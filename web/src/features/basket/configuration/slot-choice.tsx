import { useIntl } from 'react-intl';
import { productPageMessages } from '../messages';
import type { ServerSlot } from '../server-types';

/** The day's slots as radio buttons with the places left; slots without enough places are disabled. */
export function SlotChoice(props: {
  legend: string;
  slots: ServerSlot[] | null;
  selectedId: number | null;
  needed: number;
  timezone: string;
  onSelect: (slot: ServerSlot) => void;
}) {
  const intl = useIntl();
  const time = (date: Date) => intl.formatTime(date, { timeStyle: 'short', timeZone: props.timezone });
  return (
    <fieldset className="slot-choice">
      <legend>{props.legend}</legend>
      {props.slots === null && (
        <p className="hint">{intl.formatMessage(productPageMessages.chooseDayFirst)}</p>
      )}
      {props.slots?.length === 0 && <p className="hint">{intl.formatMessage(productPageMessages.noSlots)}</p>}
      {props.slots?.map((slot) => (
        <label key={slot.id} className="slot-option">
          <input
            type="radio"
            name="slot"
            value={slot.id}
            checked={props.selectedId === slot.id}
            disabled={slot.availableCapacity < Math.max(1, props.needed)}
            onChange={() => props.onSelect(slot)}
          />
          <span>
            {intl.formatMessage(productPageMessages.slotOption, {
              from: time(slot.from),
              to: time(slot.to),
              places: slot.availableCapacity,
            })}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
