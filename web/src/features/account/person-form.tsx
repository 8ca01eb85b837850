import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { fieldProblemOf } from '../../lib/api/problem-fields';
import type { PersonFieldRules, PersonInput } from './api';
import { FormField, inputState } from './form-field';
import { accountMessages } from './messages';
import {
  isRequired,
  isShown,
  personInputOf,
  personProblems,
  serverFieldProblem,
  type FieldProblemKind,
  type PersonFormField,
  type PersonFormValues,
} from './person-validation';

export type SaveResult = { error?: FetchBaseQueryError | SerializedError };

const problemTexts: Record<FieldProblemKind, keyof typeof accountMessages> = {
  required: 'problemRequired',
  birthdate: 'problemBirthdate',
  phone: 'problemPhone',
  email: 'problemEmail',
  disabled: 'problemDisabled',
};

export function problemText(intl: IntlShape, problem: string): string {
  return problem in problemTexts
    ? intl.formatMessage(accountMessages[problemTexts[problem as FieldProblemKind]])
    : problem;
}

interface PersonFormProps {
  rules: PersonFieldRules;
  initial: PersonFormValues;
  submitLabel: string;
  onSubmit: (input: PersonInput) => Promise<SaveResult>;
  onCancel?: () => void;
}

/** A person's fields as the rules say (required marked, disabled not shown), checked here and by the server. */
export function PersonForm({ rules, initial, submitLabel, onSubmit, onCancel }: PersonFormProps) {
  const intl = useIntl();
  const formId = useId();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<PersonFormField, string>>>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const idOf = (field: PersonFormField) => `${formId}-${field}`;
  const focusFirst = (fields: string[]) =>
    document.getElementById(idOf(fields[0] as PersonFormField))?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = personProblems(values, rules);
    setProblems(local);
    setFailed(false);
    if (Object.keys(local).length) return focusFirst(Object.keys(local));
    setSaving(true);
    const { error } = await onSubmit(personInputOf(values, rules));
    setSaving(false);
    if (!error) return;
    const { code, fields } = fieldProblemOf(error);
    const fromServer = Object.fromEntries(
      Object.entries(fields).map(([field, message]) => [field, serverFieldProblem(code, message)]),
    );
    setProblems(fromServer);
    setFailed(Object.keys(fromServer).length === 0);
    if (Object.keys(fromServer).length) focusFirst(Object.keys(fromServer));
  };

  const field = (
    name: PersonFormField,
    label: string,
    input: (state: ReturnType<typeof inputState>) => ReactNode,
  ) => {
    if (!isShown(rules, name)) return null;
    const problem = problems[name] === undefined ? undefined : problemText(intl, problems[name]);
    return (
      <FormField id={idOf(name)} label={label} required={isRequired(rules, name)} problem={problem}>
        {input(inputState(idOf(name), isRequired(rules, name), problem))}
      </FormField>
    );
  };
  const change = (name: PersonFormField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      {field('firstName', intl.formatMessage(accountMessages.firstName), (state) => (
        <input {...state} autoComplete="given-name" value={values.firstName} onChange={change('firstName')} />
      ))}
      {field('lastName', intl.formatMessage(accountMessages.lastName), (state) => (
        <input {...state} autoComplete="family-name" value={values.lastName} onChange={change('lastName')} />
      ))}
      {field('birthdate', intl.formatMessage(accountMessages.birthdate), (state) => (
        <input
          {...state}
          type="date"
          autoComplete="bday"
          value={values.birthdate}
          onChange={change('birthdate')}
        />
      ))}
      {field('gender', intl.formatMessage(accountMessages.gender), (state) => (
        <select {...state} value={values.gender} onChange={change('gender')}>
          <option value="">{intl.formatMessage(accountMessages.genderNone)}</option>
          <option value="f">{intl.formatMessage(accountMessages.genderF)}</option>
          <option value="m">{intl.formatMessage(accountMessages.genderM)}</option>
          <option value="d">{intl.formatMessage(accountMessages.genderD)}</option>
        </select>
      ))}
      {field('phone', intl.formatMessage(accountMessages.phone), (state) => (
        <input {...state} type="tel" autoComplete="tel" value={values.phone} onChange={change('phone')} />
      ))}
      {failed && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(accountMessages.saveFailed)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={saving}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            {intl.formatMessage(accountMessages.cancel)}
          </button>
        )}
      </div>
    </form>
  );
}
