import { useIntl } from 'react-intl';
import { productPageMessages } from '../messages';
import type { ServerSlot } from '../server-types';

/** The day's slots as radio buttons with the places left; a slot without enough places is disabled and
 * says why (full, or fewer places than the persons chosen). */
export function SlotChoice(props: {
  legend: string;
  slots: ServerSlot[] | null;
  selectedId: number | null;
  needed: number;
  timezone: string;
  onSelect: (slot: ServerSlot) => void;
}) {
  const intl = useIntl();
  const time = (date: Date) =>
    intl.formatTime(date, { timeStyle: 'short', hourCycle: 'h23', timeZone: props.timezone });
  return (
    <fieldset className="slot-choice">
      <legend>{props.legend}</legend>
      {props.slots === null && (
        <p className="hint">{intl.formatMessage(productPageMessages.chooseDayFirst)}</p>
      )}
      {props.slots?.length === 0 && <p className="hint">{intl.formatMessage(productPageMessages.noSlots)}</p>}
      {props.slots?.map((slot) => {
        const needed = Math.max(1, props.needed);
        const values = { from: time(slot.from), to: time(slot.to), places: slot.availableCapacity, needed };
        const label =
          slot.availableCapacity <= 0
            ? intl.formatMessage(productPageMessages.slotFull, values)
            : slot.availableCapacity < needed
              ? intl.formatMessage(productPageMessages.slotTooSmall, values)
              : intl.formatMessage(productPageMessages.slotOption, values);
        return (
          <label key={slot.id} className="slot-option">
            <input
              type="radio"
              name="slot"
              value={slot.id}
              checked={props.selectedId === slot.id}
              disabled={slot.availableCapacity < needed}
              onChange={() => props.onSelect(slot)}
            />
            <span>{label}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
