import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Announcement } from '../../components/announcement';
import { SimplePage } from '../../components/simple-page';
import { RequireSession } from '../../lib/session/require-session';
import { AccountLinks } from '../../components/account-links';
import {
  useAddPersonMutation,
  useChangePersonMutation,
  useGetPersonsQuery,
  useRemovePersonMutation,
  type Person,
  type PersonFieldRules,
} from './api';
import { accountMessages } from './messages';
import { PersonForm } from './person-form';
import { PersonPhoto } from './person-photo';
import { formatBirthdate, personName } from './person-summary';
import { personValuesOf } from './person-validation';
import { personsMessages } from './persons-messages';
import { useFieldRules } from './use-field-rules';

interface PersonCardProps {
  person: Person;
  rules: PersonFieldRules;
  editing: boolean;
  onEdit: (on: boolean) => void;
  onNotice: (text: string) => void;
}

function PersonCard({ person, rules, editing, onEdit, onNotice }: PersonCardProps) {
  const intl = useIntl();
  const [changePerson] = useChangePersonMutation();
  const [removePerson, removal] = useRemovePersonMutation();
  const name = personName(person);
  if (editing) {
    return (
      <>
        <PersonForm
          rules={rules}
          initial={personValuesOf(person)}
          submitLabel={intl.formatMessage(accountMessages.save)}
          onCancel={() => onEdit(false)}
          onSubmit={async (changes) => {
            const result = await changePerson({ personId: person.id, changes });
            if (!result.error) {
              onEdit(false);
              onNotice(intl.formatMessage(accountMessages.saved));
            }
            return result;
          }}
        />
        {!rules.disabled.includes('avatar') && <PersonPhoto person={person} />}
      </>
    );
  }
  return (
    <>
      <h3>{name}</h3>
      {person.birthdate && (
        <p>
          {intl.formatMessage(personsMessages.bornOn, {
            date: formatBirthdate(intl.locale, person.birthdate),
          })}
        </p>
      )}
      {person.owner ? (
        <p className="hint">{intl.formatMessage(personsMessages.ownerNote)}</p>
      ) : (
        <div className="form-actions">
          <button type="button" className="secondary" onClick={() => onEdit(true)}>
            {intl.formatMessage(personsMessages.editPerson, { name })}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={removal.isLoading}
            onClick={() =>
              void removePerson(person.id).then(
                (result) => !result.error && onNotice(intl.formatMessage(personsMessages.removed)),
              )
            }
          >
            {intl.formatMessage(personsMessages.removePerson, { name })}
          </button>
        </div>
      )}
      {removal.isError && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(accountMessages.saveFailed)}
        </p>
      )}
    </>
  );
}

/** /:locale/profile/persons — the persons the customer books for (§3), with the server's field rules. */
function Persons() {
  const intl = useIntl();
  const { schema, failed } = useFieldRules();
  const { data: persons, isLoading, error } = useGetPersonsQuery();
  const [addPerson] = useAddPersonMutation();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const show = (text: string) => setNotice(text);

  return (
    <SimplePage
      title={intl.formatMessage(personsMessages.title)}
      description={intl.formatMessage(personsMessages.description)}
    >
      <AccountLinks />
      {(isLoading || (!schema && !failed)) && (
        <p role="status">{intl.formatMessage(accountMessages.loading)}</p>
      )}
      {(error || failed) && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(accountMessages.loadFailed)}
        </p>
      )}
      {notice && <Announcement text={notice} />}
      {persons && persons.length === 0 && (
        <p className="empty-state">{intl.formatMessage(personsMessages.none)}</p>
      )}
      {schema && persons && (
        <>
          <ul className="account-cards">
            {persons.map((person) => (
              <li key={person.id} className="account-card">
                <PersonCard
                  person={person}
                  rules={schema.person}
                  editing={editing === person.id}
                  onNotice={show}
                  onEdit={(on) => {
                    setNotice(null);
                    setEditing(on ? person.id : null);
                  }}
                />
              </li>
            ))}
          </ul>
          {editing === 'new' ? (
            <section className="account-card" aria-labelledby="new-person-heading">
              <h2 id="new-person-heading">{intl.formatMessage(personsMessages.addHeading)}</h2>
              <PersonForm
                rules={schema.person}
                initial={personValuesOf(undefined)}
                submitLabel={intl.formatMessage(personsMessages.add)}
                onCancel={() => setEditing(null)}
                onSubmit={async (input) => {
                  const result = await addPerson(input);
                  if (!result.error) {
                    setEditing(null);
                    show(intl.formatMessage(personsMessages.added));
                  }
                  return result;
                }}
              />
            </section>
          ) : (
            <button
              type="button"
              onClick={() => {
                setNotice(null);
                setEditing('new');
              }}
            >
              {intl.formatMessage(personsMessages.add)}
            </button>
          )}
        </>
      )}
    </SimplePage>
  );
}

export default function PersonsPage() {
  return (
    <RequireSession>
      <Persons />
    </RequireSession>
  );
}
