import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { DateTime } from 'luxon';
import { AccountLinks } from '../../components/account-links';
import { Announcement } from '../../components/announcement';
import { SimplePage } from '../../components/simple-page';
import { withPageToken } from '../../lib/session/page-token';
import { RequireSession } from '../../lib/session/require-session';
import { useGetPersonsQuery } from '../account/api';
import { personName } from '../account/person-summary';
import { useGetCurrentClientQuery } from '../client/api';
import { useGetKeycardsQuery, useRemoveKeycardMutation, type Keycard } from './api';
import { KeycardForm, typeLabels } from './keycard-form';
import { keycardMessages as messages } from './messages';

const statusLabels = {
  ACTIVE: messages.statusACTIVE,
  CANCELLED: messages.statusCANCELLED,
  EXPIRED: messages.statusEXPIRED,
};

const day = (locale: string, value: unknown) =>
  typeof value === 'string'
    ? DateTime.fromISO(value, { zone: 'utc' }).setLocale(locale).toLocaleString(DateTime.DATE_MED)
    : '';

function KeycardItem({
  keycard,
  holder,
  readOnly,
  onNotice,
}: {
  keycard: Keycard;
  holder: string;
  readOnly: boolean;
  onNotice: (text: string) => void;
}) {
  const intl = useIntl();
  const [removeKeycard, removal] = useRemoveKeycardMutation();
  const typeName = intl.formatMessage(typeLabels[keycard.type]);
  const validity = keycard.fields.validity as { from?: unknown; to?: unknown } | undefined;
  return (
    <>
      <h3>{typeName}</h3>
      <dl className="person-summary">
        <dt>{intl.formatMessage(messages.number)}</dt>
        <dd>{keycard.dataCarrierId}</dd>
        <dt>{intl.formatMessage(messages.holder)}</dt>
        <dd>{holder}</dd>
        <dt>{intl.formatMessage(messages.status)}</dt>
        <dd>
          <span className={`keycard-status keycard-status-${keycard.status.toLowerCase()}`}>
            {intl.formatMessage(statusLabels[keycard.status])}
          </span>
        </dd>
        {validity && (
          <>
            <dt>{intl.formatMessage(messages.validity)}</dt>
            <dd>
              {intl.formatMessage(messages.validityRange, {
                from: day(intl.locale, validity.from),
                to: day(intl.locale, validity.to),
              })}
            </dd>
          </>
        )}
      </dl>
      {!readOnly && keycard.status !== 'CANCELLED' && (
        <div className="form-actions">
          <button
            type="button"
            className="secondary"
            disabled={removal.isLoading}
            onClick={() =>
              void removeKeycard(keycard.id).then(
                (result) => !result.error && onNotice(intl.formatMessage(messages.removed)),
              )
            }
          >
            {intl.formatMessage(messages.remove, { card: `${typeName} ${keycard.dataCarrierId}` })}
          </button>
        </div>
      )}
      {removal.isError && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(messages.removeFailed)}
        </p>
      )}
    </>
  );
}

/** /:locale/profile/keycards — the account's keycards (§3, §4 status), added and deleted unless readOnlyKeycards. */
function Keycards() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  const { search } = useLocation();
  const keycards = useGetKeycardsQuery();
  const persons = useGetPersonsQuery();
  const client = useGetCurrentClientQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const readOnly = client.data?.featureFlags.readOnlyKeycards === true;
  const holderOf = (personId: number) => {
    const person = persons.data?.find((candidate) => candidate.id === personId);
    return person ? personName(person) : '';
  };

  return (
    <SimplePage
      title={intl.formatMessage(messages.title)}
      description={intl.formatMessage(messages.description)}
    >
      <AccountLinks />
      {keycards.isLoading && <p role="status">{intl.formatMessage(messages.loading)}</p>}
      {(keycards.error ?? persons.error) && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(messages.loadFailed)}
        </p>
      )}
      {notice && <Announcement text={notice} />}
      {readOnly && <p className="hint">{intl.formatMessage(messages.readOnly)}</p>}
      {keycards.data?.length === 0 && <p className="empty-state">{intl.formatMessage(messages.none)}</p>}
      {keycards.data && keycards.data.length > 0 && (
        <ul className="account-cards">
          {keycards.data.map((keycard) => (
            <li key={keycard.id} className="account-card">
              <KeycardItem
                keycard={keycard}
                holder={holderOf(keycard.personId)}
                readOnly={readOnly}
                onNotice={setNotice}
              />
            </li>
          ))}
        </ul>
      )}
      {(client.data ?? client.isError) && !readOnly && persons.data && (
        <section className="account-card" aria-labelledby="new-keycard-heading">
          <h2 id="new-keycard-heading">{intl.formatMessage(messages.addHeading)}</h2>
          {persons.data.length === 0 ? (
            <p>
              {intl.formatMessage(messages.noPersons)}{' '}
              <Link to={withPageToken(`/${locale}/profile/persons`, search)}>
                {intl.formatMessage(messages.personsLink)}
              </Link>
            </p>
          ) : (
            <KeycardForm
              persons={persons.data}
              initialType="SWISSPASS"
              onAdded={() => setNotice(intl.formatMessage(messages.added))}
            />
          )}
        </section>
      )}
    </SimplePage>
  );
}

export default function KeycardsPage() {
  return (
    <RequireSession>
      <Keycards />
    </RequireSession>
  );
}
