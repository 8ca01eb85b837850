import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { Announcement } from '../../components/announcement';
import { LanguageField } from '../../components/language-field';
import { pathInLanguage } from '../../lib/navigation/path-in-language';
import { useChangeAccountSettingsMutation, useGetCurrentUserQuery, type CurrentUser } from './api';
import { accountMessages, accountValueMessages } from './messages';

/** §3 Account on the profile: the e-mail (changed at the sign-in provider), the language the shop writes in, the newsletter. */
export function AccountSettingsSection() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  const current = useGetCurrentUserQuery(locale as Language);
  return (
    <section className="account-section" aria-labelledby="account-settings-heading">
      <h2 id="account-settings-heading">{intl.formatMessage(accountMessages.settingsHeading)}</h2>
      {current.isError && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(accountMessages.loadFailed)}
        </p>
      )}
      {current.data && <AccountSettingsForm key={current.data.id} user={current.data} />}
    </section>
  );
}

function AccountSettingsForm({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname, search, state } = useLocation();
  const { locale = 'de' } = useParams();
  const [language, setLanguage] = useState<Language>(user.language);
  const [newsletter, setNewsletter] = useState(user.metaInformation?.acceptedNewsletter ?? false);
  const [save, call] = useChangeAccountSettingsMutation();
  // the page in the newly chosen language is mounted afresh: it learns from the navigation that it was saved
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(
    (state as { accountSettingsSaved?: boolean } | null)?.accountSettingsSaved ? 'saved' : null,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save({ language, metaInformation: { acceptedNewsletter: newsletter } });
    setOutcome(result.error ? 'failed' : 'saved');
    // the customer chose the language they read: the shop follows at once
    if (!result.error && language !== locale)
      void navigate(pathInLanguage(language, pathname, search), {
        replace: true,
        state: { accountSettingsSaved: true },
      });
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <p>{intl.formatMessage(accountValueMessages.settingsEmail, { email: user.email })}</p>
      <p className="hint">{intl.formatMessage(accountMessages.settingsEmailHint)}</p>
      <LanguageField
        id="account-language"
        label={intl.formatMessage(accountMessages.settingsLanguage)}
        value={language}
        onChange={setLanguage}
      />
      <p>
        <label className="slot-option">
          <input
            type="checkbox"
            checked={newsletter}
            onChange={(event) => setNewsletter(event.target.checked)}
          />
          {intl.formatMessage(accountMessages.settingsNewsletter)}
        </label>
      </p>
      <button type="submit" className="button" disabled={call.isLoading}>
        {intl.formatMessage(accountMessages.settingsSave)}
      </button>
      {outcome === 'saved' && <Announcement text={intl.formatMessage(accountMessages.saved)} />}
      {outcome === 'failed' && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(accountMessages.settingsFailed)}
        </p>
      )}
    </form>
  );
}
