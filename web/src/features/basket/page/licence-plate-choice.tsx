import type { Language } from '@alpenpass/contracts/src/language-codes';
import { isLicencePlate } from '@alpenpass/contracts/src/validators/licence-plate-text';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useGetCountriesQuery, useGetPersonsQuery } from '../../account/api';
import { useIsCustomer } from '../../checkout/page/use-customer';
import { useGetCurrentClientQuery } from '../../client/api';
import { useAddKeycardMutation, useGetKeycardsQuery, type Keycard } from '../../keycard/api';
import { usePersonalizeBasketEntryMutation } from '../api';
import { basketLineMessages as messages } from '../messages';
import type { ServerEntry } from '../server-types';

const NONE = '';
const plateText = (card: Keycard) => card.dataCarrierId;
const problemCode = (error: unknown) => ((error as { data?: { code?: unknown } }).data?.code as string | undefined) ?? '';

/**
 * IDENTIFICATION:LICENSEPLATE on a parking line: a signed-in customer picks one of their plates or adds
 * one (POST /keycards), which personalises the entry (medium LICENSEPLATE with the keycard). A guest owns
 * no keycards (docs/keycards.md), so a guest is asked to sign in, or told to use the ticket's code.
 */
export function LicencePlateChoice({ basketId, entry, language }: { basketId: string; entry: ServerEntry; language: Language }) {
  const intl = useIntl();
  const isCustomer = useIsCustomer();
  const { pathname, search } = useLocation();
  const fieldId = useId();
  const hintId = useId();
  const { data: keycards = [] } = useGetKeycardsQuery(isCustomer ? undefined : skipToken);
  const { data: client } = useGetCurrentClientQuery();
  const [personalize, personalizing] = usePersonalizeBasketEntryMutation();
  const [notice, setNotice] = useState<{ kind: 'problem' | 'success'; text: string } | null>(null);
  const plates = keycards.filter((card) => card.type === 'LICENSEPLATE' && card.status === 'ACTIVE');
  const chosen = entry.personalization?.medium === 'LICENSEPLATE' ? entry.personalization.keycardId : null;

  if (!isCustomer) {
    return (
      <div className="plate-choice">
        <p className="hint">{intl.formatMessage(messages.plateGuest)}</p>
        <Link to={`/${language}/auth-selector?returnTo=${encodeURIComponent(`${pathname}${search}`)}`}>{intl.formatMessage(messages.plateSignIn)}</Link>
      </div>
    );
  }

  const use = async (card: Keycard | null) => {
    const personalization = card ? { personId: card.personId, medium: 'LICENSEPLATE' as const, keycardId: card.id } : { personId: null, medium: null, keycardId: null };
    const result = await personalize({ basketId, entryId: entry.id, personalization });
    if (result.error) return setNotice({ kind: 'problem', text: intl.formatMessage(messages.plateFailed) });
    setNotice(card ? { kind: 'success', text: intl.formatMessage(messages.plateChosen, { plate: plateText(card) }) } : null);
  };

  return (
    <div className="plate-choice">
      <label htmlFor={fieldId}>{intl.formatMessage(messages.plateLabel)}</label>
      <select
        id={fieldId}
        aria-describedby={hintId}
        value={chosen ?? NONE}
        disabled={personalizing.isLoading}
        onChange={(event) => void use(plates.find((card) => String(card.id) === event.target.value) ?? null)}
      >
        <option value={NONE}>{intl.formatMessage(messages.plateNone)}</option>
        {plates.map((card) => (
          <option key={card.id} value={card.id}>
            {plateText(card)}
          </option>
        ))}
      </select>
      <small id={hintId}>{intl.formatMessage(messages.plateHint)}</small>
      {client?.featureFlags.readOnlyKeycards !== true && <NewPlateForm language={language} onAdded={(card) => void use(card)} />}
      <p role={notice?.kind === 'problem' ? 'alert' : 'status'} className={notice ? `notice-${notice.kind}` : undefined}>
        {notice?.text}
      </p>
    </div>
  );
}

/** A new plate for the account's owner (or first person), checked with the §5 rule before it is sent. */
function NewPlateForm({ language, onAdded }: { language: Language; onAdded: (card: Keycard) => void }) {
  const intl = useIntl();
  const plateId = useId();
  const countryId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const [plate, setPlate] = useState('');
  const [country, setCountry] = useState('CH');
  const [problem, setProblem] = useState<string | null>(null);
  const { data: persons = [] } = useGetPersonsQuery(open ? undefined : skipToken);
  const { data: countryList = [] } = useGetCountriesQuery(open ? language : skipToken);
  const countries = [...countryList].sort((a, b) => a.locale[language].name.localeCompare(b.locale[language].name, language));
  const [addKeycard, adding] = useAddKeycardMutation();
  const person = persons.find((candidate) => candidate.owner) ?? persons[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isLicencePlate(plate)) return setProblem(intl.formatMessage(messages.plateInvalid));
    if (!person) return setProblem(intl.formatMessage(messages.plateNoPerson));
    const result = await addKeycard({ personId: person.id, type: 'LICENSEPLATE', licensePlate: plate, countryCode: country });
    if (result.error) {
      const code = problemCode(result.error);
      return setProblem(intl.formatMessage(code === 'KEYCARD_ALREADY_REGISTERED' ? messages.plateRegistered : messages.plateFailed));
    }
    setProblem(null);
    setPlate('');
    setOpen(false);
    onAdded(result.data);
  };

  if (!open) {
    return (
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {intl.formatMessage(messages.plateAdd)}
      </button>
    );
  }
  return (
    <form className="plate-form" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={plateId}>{intl.formatMessage(messages.plateNumber)}</label>
        <input
          id={plateId}
          value={plate}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => setPlate(event.target.value)}
          autoFocus
        />
      </div>
      <div className="field">
        <label htmlFor={countryId}>{intl.formatMessage(messages.plateCountry)}</label>
        <select id={countryId} value={country} onChange={(event) => setCountry(event.target.value)}>
          {countries.length === 0 && <option value="CH">CH</option>}
          {countries.map((candidate) => (
            <option key={candidate.alpha2} value={candidate.alpha2.toUpperCase()}>
              {candidate.locale[language].name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={adding.isLoading}>
        {intl.formatMessage(messages.plateSave)}
      </button>
      {problem && (
        <p id={errorId} role="alert" className="notice-problem">
          {problem}
        </p>
      )}
    </form>
  );
}
