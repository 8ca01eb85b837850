import { useIntl } from 'react-intl';
import { DateTime } from 'luxon';
import type { Person } from './api';
import { accountMessages } from './messages';

export const personName = (person: Pick<Person, 'firstName' | 'lastName'>) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ');

/** A birthdate (yyyy-MM-dd, a calendar day without a zone) in the page's language. */
export function formatBirthdate(locale: string, birthdate: string): string {
  return DateTime.fromISO(birthdate, { zone: 'utc' }).setLocale(locale).toLocaleString(DateTime.DATE_MED);
}

/** A person's stored details as a description list. */
export function PersonSummary({ person }: { person: Person }) {
  const intl = useIntl();
  const notGiven = intl.formatMessage(accountMessages.notGiven);
  const genders = { f: accountMessages.genderF, m: accountMessages.genderM, d: accountMessages.genderD };
  return (
    <dl className="person-summary">
      <dt>{intl.formatMessage(accountMessages.firstName)}</dt>
      <dd>{person.firstName ?? notGiven}</dd>
      <dt>{intl.formatMessage(accountMessages.lastName)}</dt>
      <dd>{person.lastName ?? notGiven}</dd>
      <dt>{intl.formatMessage(accountMessages.birthdate)}</dt>
      <dd>{person.birthdate ? formatBirthdate(intl.locale, person.birthdate) : notGiven}</dd>
      <dt>{intl.formatMessage(accountMessages.gender)}</dt>
      <dd>{person.gender ? intl.formatMessage(genders[person.gender]) : notGiven}</dd>
      <dt>{intl.formatMessage(accountMessages.phone)}</dt>
      <dd>{person.phone ?? notGiven}</dd>
    </dl>
  );
}
