import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import type { KeycardType } from '@alpenpass/contracts/src/domain/keycard';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { isLicencePlate } from '@alpenpass/contracts/src/validators/licence-plate-text';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState, type FormEvent } from 'react';
import { useIntl, type TypedMessageDescriptor as MessageDescriptor } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useGetCountriesQuery, useGetPersonsQuery } from '../../account/api';
import { personName } from '../../account/person-summary';
import { useIsCustomer } from '../../../lib/session/use-customer';
import { useGetCurrentClientQuery } from '../../client/api';
import { payPerUseMessages } from '../../consumption/pay-per-use-messages';
import { useAddKeycardMutation, useGetKeycardsQuery, type Keycard } from '../../keycard/api';
import { KeycardForm, typeLabels } from '../../keycard/keycard-form';
import { keycardMessages } from '../../keycard/messages';
import { usePersonalizeBasketEntryMutation } from '../api';
import { keycardFitMessages as fit } from '../keycard-fit-messages';
import { basketLineMessages as messages, productPageMessages, seasonPassKeycardMessages } from '../messages';
import { ageDayOf, ageRangeOf, keycardMisfit, type KeycardMisfit } from '../model/keycard-fit';
import { cardMediumFor, typesCarrying } from '../model/keycard-media';
import type { ServerEntry } from '../server-types';

const NONE = '';
const problemCode = (error: unknown) =>
  ((error as { data?: { code?: unknown } }).data?.code as string | undefined) ?? '';

/** The server's refusals of a card for a line (docs/keycards.md), each said in the customer's words. */
const refusals: Record<string, MessageDescriptor> = {
  PERSON_AGE_NOT_ALLOWED: fit.refusedAge,
  KEYCARD_MEDIUM_MISMATCH: fit.refusedMedium,
  MEDIUM_NOT_OFFERED: fit.refusedMedium,
  KEYCARD_NOT_ACTIVE: fit.refusedNotActive,
  KEYCARD_NOT_FOUND: fit.refusedNotFound,
  KEYCARD_NOT_OF_PERSON: fit.refusedNotOfPerson,
  PERSON_NAMED_TWICE: fit.refusedNamedTwice,
};

/**
 * What the keycard is for: the parking's licence plate (the barrier reads it), the card a pay-per-use
 * registration bills (the gates see it), or the card a season pass is loaded onto (the gates read it).
 */
export type KeycardPurpose = 'plate' | 'payPerUse' | 'seasonPass';

const texts = {
  plate: {
    label: messages.plateLabel,
    hint: messages.plateHint,
    none: messages.plateNone,
    failed: messages.plateFailed,
    guest: messages.plateGuest,
    signIn: messages.plateSignIn,
  },
  payPerUse: {
    label: payPerUseMessages.keycardLabel,
    hint: payPerUseMessages.keycardHint,
    none: payPerUseMessages.keycardNone,
    failed: payPerUseMessages.keycardFailed,
    guest: payPerUseMessages.keycardGuest,
    signIn: payPerUseMessages.keycardSignIn,
  },
  seasonPass: seasonPassKeycardMessages,
};

interface KeycardChoiceProps {
  basketId: string;
  entry: ServerEntry;
  language: Language;
  /** the entry's product: its media, its definitions' ages and its pool's zone */
  product: Pick<ProductDto, 'media' | 'productDefinitions' | 'pool'>;
  purpose: KeycardPurpose;
}

/**
 * A keycard on a basket line: a signed-in customer picks one of their cards that fit the line (ACTIVE,
 * carrying a medium the product offers, its person of the definition's ages on the first day: the
 * server's naming rules), or adds one (POST /keycards), which personalises the entry (the card's person,
 * medium and keycard). Their cards that do not fit are listed below with the reason; a refusal by the
 * server is said with its reason. A guest owns no keycards (docs/keycards.md), so a guest is asked to
 * sign in. Parking asks for a licence plate; pay per use for the card whose days are billed.
 */
export function KeycardChoice({ basketId, entry, language, product, purpose }: KeycardChoiceProps) {
  const intl = useIntl();
  const isCustomer = useIsCustomer();
  const { pathname, search } = useLocation();
  const fieldId = useId();
  const hintId = useId();
  const { data: keycards = [] } = useGetKeycardsQuery(isCustomer ? undefined : skipToken);
  const { data: client } = useGetCurrentClientQuery();
  const { data: persons = [] } = useGetPersonsQuery(isCustomer ? undefined : skipToken);
  const [personalize, personalizing] = usePersonalizeBasketEntryMutation();
  const [notice, setNotice] = useState<{ kind: 'problem' | 'success'; text: string } | null>(null);
  const wanted =
    purpose === 'plate'
      ? (['LICENSEPLATE'] as const)
      : product.media.filter((medium) => medium !== 'LICENSEPLATE');
  const ageRange = ageRangeOf(product, entry.productDefinitionId);
  const needs = {
    media: wanted,
    ageRange,
    day: ageDayOf(entry.validity, product.pool.timezone),
    birthdates: new Map(persons.map((person) => [person.id, person.birthdate])),
  };
  // a plate is no keycard and a keycard no plate: each choice weighs only cards of its kind
  const ofKind = keycards.filter((card) => (card.type === 'LICENSEPLATE') === (purpose === 'plate'));
  const judged = ofKind.map((card) => ({ card, misfit: keycardMisfit(card, needs) }));
  const cards = judged.filter(({ misfit }) => misfit === null).map(({ card }) => card);
  const misfits = judged.flatMap(({ card, misfit }) => (misfit ? [{ card, misfit }] : []));
  const chosen = cards.find((card) => card.id === entry.personalization?.keycardId)?.id ?? null;
  const text = texts[purpose];
  const cardName = (card: Keycard) =>
    purpose === 'plate'
      ? card.dataCarrierId
      : `${intl.formatMessage(typeLabels[card.type])} ${card.dataCarrierId}`;
  const ages = () =>
    ageRange.minAge !== undefined && ageRange.maxAge !== undefined
      ? intl.formatMessage(productPageMessages.ageRange, { min: ageRange.minAge, max: ageRange.maxAge })
      : ageRange.minAge !== undefined
        ? intl.formatMessage(productPageMessages.ageFrom, { min: ageRange.minAge })
        : intl.formatMessage(fit.agesUpTo, { max: ageRange.maxAge ?? 0 });
  const reason = (card: Keycard, misfit: KeycardMisfit) => {
    if (misfit === 'notActive') return intl.formatMessage(fit.reasonNotActive);
    if (misfit === 'medium') return intl.formatMessage(fit.reasonMedium);
    const person = persons.find((candidate) => candidate.id === card.personId);
    return intl.formatMessage(fit.reasonAge, { person: person ? personName(person) : '', ages: ages() });
  };

  if (!isCustomer) {
    return (
      <div className="plate-choice">
        <p className="hint">{intl.formatMessage(text.guest)}</p>
        <Link to={`/${language}/auth-selector?returnTo=${encodeURIComponent(`${pathname}${search}`)}`}>
          {intl.formatMessage(text.signIn)}
        </Link>
      </div>
    );
  }

  const use = async (card: Keycard | null) => {
    const medium = card && cardMediumFor(card.type, wanted);
    const personalization =
      card && medium
        ? { personId: card.personId, medium, keycardId: card.id }
        : { personId: null, medium: null, keycardId: null };
    const result = await personalize({ basketId, entryId: entry.id, personalization });
    if (result.error) {
      const refusal = refusals[problemCode(result.error)];
      return setNotice({ kind: 'problem', text: intl.formatMessage(refusal ?? text.failed) });
    }
    if (!card) return setNotice(null);
    const chosenText =
      purpose === 'plate'
        ? intl.formatMessage(messages.plateChosen, { plate: cardName(card) })
        : intl.formatMessage(
            purpose === 'payPerUse' ? payPerUseMessages.keycardChosen : seasonPassKeycardMessages.chosen,
            { card: cardName(card) },
          );
    setNotice({ kind: 'success', text: chosenText });
  };
  const types = typesCarrying(wanted);

  return (
    <div className="plate-choice">
      <label htmlFor={fieldId}>{intl.formatMessage(text.label)}</label>
      <select
        id={fieldId}
        aria-describedby={hintId}
        value={chosen ?? NONE}
        disabled={personalizing.isLoading}
        onChange={(event) => void use(cards.find((card) => String(card.id) === event.target.value) ?? null)}
      >
        <option value={NONE}>{intl.formatMessage(text.none)}</option>
        {cards.map((card) => (
          <option key={card.id} value={card.id}>
            {cardName(card)}
          </option>
        ))}
      </select>
      <small id={hintId}>{intl.formatMessage(text.hint)}</small>
      {misfits.length > 0 && (
        <div className="keycard-misfits">
          <p className="hint">{intl.formatMessage(fit.misfitsHeading)}</p>
          <ul>
            {misfits.map(({ card, misfit }) => (
              <li key={card.id}>
                {intl.formatMessage(fit.misfit, { card: cardName(card), reason: reason(card, misfit) })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {client?.featureFlags.readOnlyKeycards !== true && purpose === 'plate' && (
        <NewPlateForm language={language} onAdded={(card) => void use(card)} />
      )}
      {client?.featureFlags.readOnlyKeycards !== true && purpose !== 'plate' && types.length > 0 && (
        <NewKeycard types={types} language={language} onAdded={(card) => void use(card)} />
      )}
      <p
        role={notice?.kind === 'problem' ? 'alert' : 'status'}
        className={notice ? `notice-${notice.kind}` : undefined}
      >
        {notice?.text}
      </p>
    </div>
  );
}

/** The keycards page's form, for the types the product can be loaded onto; without persons, the way to add one. */
function NewKeycard({
  types,
  language,
  onAdded,
}: {
  types: readonly KeycardType[];
  language: Language;
  onAdded: (card: Keycard) => void;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const { data: persons, isLoading } = useGetPersonsQuery(open ? undefined : skipToken);
  if (!open) {
    return (
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {intl.formatMessage(payPerUseMessages.keycardAdd)}
      </button>
    );
  }
  if (isLoading || !persons) return null;
  if (persons.length === 0) {
    return (
      <p className="hint">
        {intl.formatMessage(keycardMessages.noPersons)}{' '}
        <Link to={`/${language}/profile/persons`}>{intl.formatMessage(keycardMessages.personsLink)}</Link>
      </p>
    );
  }
  return (
    <div className="plate-form">
      <KeycardForm
        persons={persons}
        types={types}
        onAdded={(card) => {
          setOpen(false);
          onAdded(card);
        }}
      />
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
  const countries = [...countryList].sort((a, b) =>
    a.locale[language].name.localeCompare(b.locale[language].name, language),
  );
  const [addKeycard, adding] = useAddKeycardMutation();
  const person = persons.find((candidate) => candidate.owner) ?? persons[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isLicencePlate(plate)) return setProblem(intl.formatMessage(messages.plateInvalid));
    if (!person) return setProblem(intl.formatMessage(messages.plateNoPerson));
    const result = await addKeycard({
      personId: person.id,
      type: 'LICENSEPLATE',
      licensePlate: plate,
      countryCode: country,
    });
    if (result.error) {
      const code = problemCode(result.error);
      return setProblem(
        intl.formatMessage(
          code === 'KEYCARD_ALREADY_REGISTERED' ? messages.plateRegistered : messages.plateFailed,
        ),
      );
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
