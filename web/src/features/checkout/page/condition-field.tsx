import type { Language } from '@alpenpass/contracts/src/language-codes';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { checkoutTrustMessages } from './checkout-trust-messages';
import type { ConditionField } from '../checkout-types';
import { checkoutMessages } from '../messages';

export interface ConditionFieldProps {
  field: ConditionField;
  language: Language;
  value: unknown;
  error: string | undefined;
  onChange: (value: unknown) => void;
}

export const conditionInputId = (name: string) => `condition-${name}`;
const errorId = (name: string) => `condition-${name}-error`;

const textOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

function ConditionInput({
  field,
  value,
  onChange,
  describedBy,
}: ConditionFieldProps & { describedBy: string | undefined }) {
  const intl = useIntl();
  const common = {
    id: conditionInputId(field.name),
    name: field.name,
    required: field.required,
    'aria-invalid': describedBy ? true : undefined,
    'aria-describedby': describedBy,
    autoComplete: field.autoComplete,
  };
  switch (field.kind) {
    case 'checkbox':
      return (
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case 'select':
      return (
        <select {...common} value={textOf(value)} onChange={(event) => onChange(event.target.value || null)}>
          <option value="">{intl.formatMessage(checkoutMessages.chooseOption)}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label ?? option.value}
            </option>
          ))}
        </select>
      );
    case 'number':
      return (
        <input
          {...common}
          type="number"
          min={field.min}
          max={field.max}
          value={textOf(value)}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        />
      );
    case 'date':
      return (
        <input
          {...common}
          type="date"
          min={field.min}
          max={field.max}
          value={textOf(value)}
          onChange={(event) => onChange(event.target.value || null)}
        />
      );
    case 'tel':
      return (
        <input
          {...common}
          type="tel"
          placeholder={field.placeholder}
          value={textOf(value)}
          onChange={(event) => onChange(event.target.value || null)}
        />
      );
    default:
      return (
        <input
          {...common}
          type="text"
          maxLength={field.kind === 'text' ? field.max : undefined}
          placeholder={field.placeholder}
          value={textOf(value)}
          onChange={(event) => onChange(event.target.value || null)}
        />
      );
  }
}

/** One of the operator's checkout conditions (§3 custom form field), labelled in the page's language. */
export function ConditionFieldInput(props: ConditionFieldProps) {
  const intl = useIntl();
  const { field, language, error } = props;
  const label = field.labels?.[language] ?? field.label;
  const describedBy = error ? errorId(field.name) : undefined;
  return (
    <div className={`condition-field condition-${field.kind}`}>
      <label htmlFor={conditionInputId(field.name)}>
        {field.kind === 'checkbox' && <ConditionInput {...props} describedBy={describedBy} />}
        <span>
          {label}
          {field.required && (
            <span className="required-mark"> {intl.formatMessage(checkoutMessages.requiredMark)}</span>
          )}
        </span>
      </label>
      {field.kind !== 'checkbox' && <ConditionInput {...props} describedBy={describedBy} />}
      {field.pageSlug && (
        <Link className="condition-page-link" to={`/${language}/pages/${field.pageSlug}`} target="_blank">
          {intl.formatMessage(checkoutTrustMessages.readPage)}
        </Link>
      )}
      {field.description && <small>{field.description}</small>}
      {error && (
        <p id={errorId(field.name)} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
