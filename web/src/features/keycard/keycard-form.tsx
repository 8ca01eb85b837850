import { useId, useState, type FormEvent } from 'react';
import { useIntl, type TypedMessageDescriptor as MessageDescriptor } from 'react-intl';
import { keycardTypes, type KeycardType } from '@alpenpass/contracts/src/domain/keycard';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { FormField, inputState } from '../account/form-field';
import { personName } from '../account/person-summary';
import { useGetCountriesQuery, type Person } from '../account/api';
import { useAddKeycardMutation, type Keycard } from './api';
import {
  exampleOfField,
  fieldsOfType,
  isExampleField,
  keycardBodyOf,
  keycardFieldOfPath,
  keycardProblems,
  type ExampleField,
  type KeycardFieldName,
  type KeycardFieldProblem,
  type KeycardFormValues,
} from './keycard-fields';
import { keycardMessages as messages } from './messages';

/** The labels of the fields that show an example number (`exampleOfField`, checked by the validators). */
const exampleLabels: Record<ExampleField, MessageDescriptor<{ example: string }>> = {
  dataCarrierId: messages.fieldDataCarrierId,
  wtp: messages.fieldWtp,
  ausweisId: messages.fieldAusweisId,
  licensePlate: messages.fieldLicensePlate,
};

const labels: Record<Exclude<KeycardFieldName, ExampleField>, MessageDescriptor> = {
  zip: messages.fieldZip,
  cardId: messages.fieldCardId,
  passId: messages.fieldPassId,
  countryCode: messages.fieldCountryCode,
  'validity.from': messages.fieldValidityFrom,
  'validity.to': messages.fieldValidityTo,
};

const formatProblems: Partial<Record<KeycardFieldName, MessageDescriptor>> = {
  dataCarrierId: messages.problemFormatDataCarrierId,
  wtp: messages.problemFormatWtp,
  ausweisId: messages.problemFormatAusweisId,
  zip: messages.problemFormatZip,
  cardId: messages.problemFormatPassNumber,
  passId: messages.problemFormatPassNumber,
};

/** The refusals of POST /keycards that concern the whole card rather than one field (docs/keycards.md). */
const cardProblems: Record<string, MessageDescriptor> = {
  KEYCARD_LIMIT_REACHED: messages.problemLimit,
  KEYCARD_ALREADY_REGISTERED: messages.problemRegistered,
  KEYCARDS_READ_ONLY: messages.readOnly,
  PERSON_NOT_FOUND: messages.problemPerson,
};

export const typeLabels: Record<KeycardType, MessageDescriptor> = {
  SKIDATA: messages.typeSKIDATA,
  AXESS: messages.typeAXESS,
  SWISSPASS: messages.typeSWISSPASS,
  SWISSTRAVELPASS: messages.typeSWISSTRAVELPASS,
  FERATEL: messages.typeFERATEL,
  EUINTERRAIL: messages.typeEUINTERRAIL,
  LICENSEPLATE: messages.typeLICENSEPLATE,
};

interface ServerIssue {
  path?: unknown;
  message?: unknown;
}

/**
 * Adds a card: the person, the type (of `types`, by default every §3 type; at first `initialType`, else
 * the first of `types`), and the type's fields, checked here and by the server. The type box and the
 * fields shown are always of one type, also when `types` changes under a chosen type.
 */
export function KeycardForm({
  persons,
  onAdded,
  types = keycardTypes,
  initialType,
}: {
  persons: Person[];
  onAdded: (keycard: Keycard) => void;
  types?: readonly KeycardType[];
  initialType?: KeycardType;
}) {
  const intl = useIntl();
  const formId = useId();
  const [addKeycard, adding] = useAddKeycardMutation();
  const { data: countries = [] } = useGetCountriesQuery(intl.locale as Language);
  const [personId, setPersonId] = useState(
    String(persons.find((person) => person.owner)?.id ?? persons[0]?.id ?? ''),
  );
  const [chosenType, setType] = useState<KeycardType | undefined>(initialType);
  const type = chosenType !== undefined && types.includes(chosenType) ? chosenType : types[0]!;
  const [values, setValues] = useState<KeycardFormValues>({ countryCode: 'CH' });
  const [problems, setProblems] = useState<Partial<Record<KeycardFieldName | 'personId', string>>>({});
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const idOf = (field: string) => `${formId}-${field.replace('.', '-')}`;
  const focusFirst = (fields: string[]) => fields[0] && document.getElementById(idOf(fields[0]))?.focus();

  const localText = (field: KeycardFieldName, problem: KeycardFieldProblem) =>
    intl.formatMessage(
      problem === 'required'
        ? messages.problemRequired
        : problem === 'validityOrder'
          ? messages.problemValidityOrder
          : (formatProblems[field] ?? messages.problemOther),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCardProblem(null);
    const local = keycardProblems(type, values);
    const texts = Object.fromEntries(
      Object.entries(local).map(([field, problem]) => [field, localText(field as KeycardFieldName, problem)]),
    );
    setProblems(texts);
    if (Object.keys(texts).length) return focusFirst(fieldsOfType[type].filter((field) => field in texts));
    const result = await addKeycard({ personId: Number(personId), type, ...keycardBodyOf(type, values) });
    if (!result.error) {
      setValues({ countryCode: 'CH' });
      return onAdded(result.data);
    }
    const body = ('status' in result.error ? result.error.data : undefined) as
      { code?: unknown; errors?: ServerIssue[] } | undefined;
    // the server's per-field problems are shown at their field, as the server words them
    const fromServer: Partial<Record<KeycardFieldName | 'personId', string>> = {};
    for (const issue of Array.isArray(body?.errors) ? body.errors : []) {
      const field = keycardFieldOfPath(issue.path);
      if (field && typeof issue.message === 'string' && !fromServer[field]) fromServer[field] = issue.message;
    }
    setProblems(fromServer);
    const code = typeof body?.code === 'string' ? body.code : '';
    if (Object.keys(fromServer).length && !cardProblems[code]) return focusFirst(Object.keys(fromServer));
    setCardProblem(intl.formatMessage(cardProblems[code] ?? messages.problemOther));
  };

  const labelOf = (field: KeycardFieldName) =>
    isExampleField(field)
      ? intl.formatMessage(exampleLabels[field], { example: exampleOfField[field] })
      : intl.formatMessage(labels[field]);

  const input = (field: KeycardFieldName) => {
    const state = inputState(idOf(field), true, problems[field]);
    const change = (value: string) => setValues((previous) => ({ ...previous, [field]: value }));
    if (field === 'countryCode')
      return (
        <select
          {...state}
          value={values.countryCode ?? 'CH'}
          onChange={(event) => change(event.target.value)}
        >
          {countries.map((country) => (
            <option key={country.alpha2} value={country.alpha2.toUpperCase()}>
              {country.locale[intl.locale as Language]?.name ?? country.alpha2.toUpperCase()}
            </option>
          ))}
        </select>
      );
    const isDate = field.startsWith('validity.');
    return (
      <input
        {...state}
        type={isDate ? 'date' : 'text'}
        inputMode={field === 'zip' ? 'numeric' : undefined}
        autoComplete="off"
        value={values[field] ?? ''}
        onChange={(event) => change(event.target.value)}
      />
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        id={idOf('personId')}
        label={intl.formatMessage(messages.person)}
        required
        problem={problems.personId}
      >
        <select
          {...inputState(idOf('personId'), true, problems.personId)}
          value={personId}
          onChange={(event) => setPersonId(event.target.value)}
        >
          {persons.map((person) => (
            <option key={person.id} value={person.id}>
              {personName(person)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={idOf('type')} label={intl.formatMessage(messages.type)} required problem={undefined}>
        <select
          {...inputState(idOf('type'), true, undefined)}
          value={type}
          onChange={(event) => {
            setType(event.target.value as KeycardType);
            setProblems({});
            setCardProblem(null);
          }}
        >
          {types.map((option) => (
            <option key={option} value={option}>
              {intl.formatMessage(typeLabels[option])}
            </option>
          ))}
        </select>
      </FormField>
      {fieldsOfType[type].map((field) => (
        <FormField key={field} id={idOf(field)} label={labelOf(field)} required problem={problems[field]}>
          {input(field)}
        </FormField>
      ))}
      {cardProblem && (
        <p role="alert" className="notice-problem">
          {cardProblem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={adding.isLoading}>
          {intl.formatMessage(messages.add)}
        </button>
      </div>
    </form>
  );
}
