import type { AddressPurpose } from '@alpenpass/contracts/src/domain/address';
import { isLanguage } from '@alpenpass/contracts/src/language-codes';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { fieldProblemOf } from '../../lib/api/problem-fields';
import { useGetCountriesQuery, type Address, type AddressInput } from './api';
import { addressMessages } from './address-messages';
import { FormField, inputState } from './form-field';
import { accountMessages } from './messages';
import { problemText, type SaveResult } from './person-form';

type TextField = 'addressLine1' | 'addressLine2' | 'zip' | 'city' | 'state' | 'countryCode';
type AddressValues = Record<TextField, string> & { purpose: AddressPurpose[] };

const requiredFields: readonly TextField[] = ['addressLine1', 'zip', 'city', 'countryCode'];
const purposes: readonly AddressPurpose[] = ['BILLING', 'SHIPPING'];

/** Switzerland first for a Swiss shop (§9 default country CH); the server stores alpha-3 upper-case. */
const valuesOf = (address: Address | undefined): AddressValues => ({
  addressLine1: address?.addressLine1 ?? '',
  addressLine2: address?.addressLine2 ?? '',
  zip: address?.zip ?? '',
  city: address?.city ?? '',
  state: address?.state ?? '',
  countryCode: address?.countryCode.toUpperCase() ?? 'CHE',
  purpose: address?.purpose ?? ['BILLING', 'SHIPPING'],
});

function inputOf(values: AddressValues): AddressInput {
  const optional = (text: string) => text.trim() || null;
  return {
    addressLine1: values.addressLine1.trim(),
    addressLine2: optional(values.addressLine2),
    zip: values.zip.trim(),
    city: values.city.trim(),
    state: optional(values.state),
    countryCode: values.countryCode,
    purpose: values.purpose,
  };
}

interface AddressFormProps {
  address?: Address;
  submitLabel: string;
  onSubmit: (input: AddressInput) => Promise<SaveResult>;
  onCancel?: () => void;
}

/** An address with the country list in the page's language (§7 GET /users/addresses/countries). */
export function AddressForm({ address, submitLabel, onSubmit, onCancel }: AddressFormProps) {
  const intl = useIntl();
  const language = isLanguage(intl.locale) ? intl.locale : 'de';
  const { data: countries = [] } = useGetCountriesQuery(language);
  const formId = useId();
  const [values, setValues] = useState(() => valuesOf(address));
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const [failed, setFailed] = useState(false);
  const idOf = (field: string) => `${formId}-${field}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      requiredFields.filter((field) => !values[field].trim()).map((field) => [field, 'required']),
    );
    setProblems(missing);
    setFailed(false);
    const first = Object.keys(missing)[0];
    if (first) return document.getElementById(idOf(first))?.focus();
    const { error } = await onSubmit(inputOf(values));
    if (!error) return;
    const { fields } = fieldProblemOf(error);
    setProblems(fields);
    setFailed(Object.keys(fields).length === 0);
    const firstFromServer = Object.keys(fields)[0];
    if (firstFromServer) document.getElementById(idOf(firstFromServer))?.focus();
  };

  const text = (field: TextField, autoComplete: string) => {
    const required = requiredFields.includes(field);
    const problem = problems[field] === undefined ? undefined : problemText(intl, problems[field]);
    return (
      <FormField
        id={idOf(field)}
        label={intl.formatMessage(addressMessages[field === 'countryCode' ? 'country' : field])}
        required={required}
        problem={problem}
      >
        {field === 'countryCode' ? (
          <select
            {...inputState(idOf(field), required, problem)}
            autoComplete={autoComplete}
            value={values.countryCode}
            onChange={(event) => setValues({ ...values, countryCode: event.target.value })}
          >
            <option value="">{intl.formatMessage(addressMessages.chooseCountry)}</option>
            {countries.map((country) => (
              <option key={country.alpha3} value={country.alpha3.toUpperCase()}>
                {country.locale[language].name}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...inputState(idOf(field), required, problem)}
            autoComplete={autoComplete}
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
        )}
      </FormField>
    );
  };

  const togglePurpose = (purpose: AddressPurpose, on: boolean) =>
    setValues({
      ...values,
      purpose: on ? [...values.purpose, purpose] : values.purpose.filter((other) => other !== purpose),
    });

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      {text('addressLine1', 'address-line1')}
      {text('addressLine2', 'address-line2')}
      {text('zip', 'postal-code')}
      {text('city', 'address-level2')}
      {text('state', 'address-level1')}
      {text('countryCode', 'country')}
      <fieldset>
        <legend>{intl.formatMessage(addressMessages.purposeLegend)}</legend>
        {purposes.map((purpose) => (
          <label key={purpose}>
            <input
              type="checkbox"
              checked={values.purpose.includes(purpose)}
              onChange={(event) => togglePurpose(purpose, event.target.checked)}
            />{' '}
            {intl.formatMessage(addressMessages[purpose])}
          </label>
        ))}
      </fieldset>
      {failed && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(accountMessages.saveFailed)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit">{submitLabel}</button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            {intl.formatMessage(accountMessages.cancel)}
          </button>
        )}
      </div>
    </form>
  );
}
