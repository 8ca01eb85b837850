import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Announcement } from '../../components/announcement';
import {
  useChangeOwnerMutation,
  useCreateOwnerMutation,
  useGetOwnerQuery,
  type PersonFieldRules,
} from './api';
import { accountMessages } from './messages';
import { PersonForm } from './person-form';
import { PersonPhoto } from './person-photo';
import { PersonSummary } from './person-summary';
import { personValuesOf } from './person-validation';
import { useSession } from '../../lib/session/session-context';

const isMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/** The owner (§3: the account's own person): shown, changed, or created when the account has none yet. */
export function OwnerSection({ rules }: { rules: PersonFieldRules }) {
  const intl = useIntl();
  const { data: owner, isLoading, error } = useGetOwnerQuery();
  const [createOwner] = useCreateOwnerMutation();
  const [changeOwner] = useChangeOwnerMutation();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const missing = !owner && isMissing(error);
  const registration = useSession().data?.registration;

  return (
    <section className="account-section" aria-labelledby="owner-heading">
      <h2 id="owner-heading">{intl.formatMessage(accountMessages.ownerHeading)}</h2>
      {isLoading && <p role="status">{intl.formatMessage(accountMessages.loading)}</p>}
      {error && !missing && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(accountMessages.loadFailed)}
        </p>
      )}
      {saved && <Announcement text={intl.formatMessage(accountMessages.saved)} />}
      {missing && (
        <>
          <p>{intl.formatMessage(accountMessages.ownerMissing)}</p>
          <PersonForm
            rules={rules}
            initial={{
              ...personValuesOf(undefined),
              firstName: registration?.givenName ?? '',
              lastName: registration?.familyName ?? '',
              birthdate: registration?.birthdate ?? '',
            }}
            submitLabel={intl.formatMessage(accountMessages.ownerCreate)}
            onSubmit={async (input) => {
              const result = await createOwner(input);
              setSaved(!result.error);
              return result;
            }}
          />
        </>
      )}
      {owner && !editing && (
        <>
          <PersonSummary person={owner} />
          {!rules.disabled.includes('avatar') && <PersonPhoto person={owner} />}
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {intl.formatMessage(accountMessages.edit)}
          </button>
        </>
      )}
      {owner && editing && (
        <PersonForm
          rules={rules}
          initial={personValuesOf(owner)}
          submitLabel={intl.formatMessage(accountMessages.save)}
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            const result = await changeOwner(input);
            if (!result.error) {
              setEditing(false);
              setSaved(true);
            }
            return result;
          }}
        />
      )}
    </section>
  );
}
