import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { productPageMessages } from '../messages';
import type { AttributeChoice } from './product-model';

export const MAX_PER_PERSON_TYPE = 20;

function PersonTypeField({
  choice,
  quantity,
  onChange,
}: {
  choice: AttributeChoice;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const hintId = useId();
  const cappedId = useId();
  // a number typed past the maximum is brought down to it, and the customer is told so
  const [capped, setCapped] = useState(false);
  const { minAge, maxAge } = choice;
  const hint =
    minAge !== undefined && maxAge !== undefined
      ? intl.formatMessage(productPageMessages.ageRange, { min: minAge, max: maxAge })
      : minAge !== undefined
        ? intl.formatMessage(productPageMessages.ageFrom, { min: minAge })
        : undefined;
  return (
    <div className="field person-type">
      <label htmlFor={id}>{choice.label || intl.formatMessage(productPageMessages.quantityLabel)}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_PER_PERSON_TYPE}
        value={quantity}
        aria-describedby={[hint ? hintId : '', capped ? cappedId : ''].join(' ').trim() || undefined}
        onChange={(event) => {
          const typed = Math.trunc(Number(event.target.value) || 0);
          setCapped(typed > MAX_PER_PERSON_TYPE);
          onChange(Math.max(0, Math.min(MAX_PER_PERSON_TYPE, typed)));
        }}
      />
      {hint && <small id={hintId}>{hint}</small>}
      {capped && (
        <small id={cappedId} role="status" className="notice-problem">
          {intl.formatMessage(productPageMessages.quantityCapped, { max: MAX_PER_PERSON_TYPE })}
        </small>
      )}
    </div>
  );
}

/** One quantity per person type (age), or a single quantity for products without ages. */
export function PersonTypeFields(props: {
  legend: string;
  choices: AttributeChoice[];
  quantities: Readonly<Record<string, number>>;
  onChange: (personType: string, quantity: number) => void;
}) {
  return (
    <fieldset className="person-types">
      <legend>{props.legend}</legend>
      {props.choices.map((choice) => (
        <PersonTypeField
          key={choice.value}
          choice={choice}
          quantity={props.quantities[choice.value] ?? 0}
          onChange={(quantity) => props.onChange(choice.value, quantity)}
        />
      ))}
    </fieldset>
  );
}
