import { isPlausibleBirthdate } from '@alpenpass/contracts/src/validators/dates';
import { isEmailAddress } from '@alpenpass/contracts/src/validators/email';
import { validationMessages } from '@alpenpass/contracts/src/validators/messages';
import { parsePhoneNumberWithDialCode } from '@alpenpass/contracts/src/validators/phone-number';
import type { Gender } from '@alpenpass/contracts/src/domain/person';
import type { Person, PersonFieldRules, PersonInput } from './api';

/** The person fields a form edits (the avatar waits for the photo upload). */
export const personFormFields = ['firstName', 'lastName', 'birthdate', 'gender', 'phone'] as const;
export type PersonFormField = (typeof personFormFields)[number];
export type PersonFormValues = Record<PersonFormField, string>;

/** Why a field cannot be sent; each has a text in de, en and fr (messages.ts). */
export type FieldProblemKind = 'required' | 'birthdate' | 'phone' | 'email' | 'disabled';

export const emptyPersonValues: PersonFormValues = {
  firstName: '',
  lastName: '',
  birthdate: '',
  gender: '',
  phone: '',
};

export function personValuesOf(person: Person | undefined): PersonFormValues {
  if (!person) return emptyPersonValues;
  return {
    firstName: person.firstName ?? '',
    lastName: person.lastName ?? '',
    birthdate: person.birthdate ?? '',
    gender: person.gender ?? '',
    phone: person.phone ?? '',
  };
}

export const isShown = (rules: PersonFieldRules, field: PersonFormField) => !rules.disabled.includes(field);
export const isRequired = (rules: PersonFieldRules, field: PersonFormField) => rules.required.includes(field);

/** §5 with the SPA's shared validators from contracts: the same checks the server makes, before it is asked. */
export function personProblems(
  values: PersonFormValues,
  rules: PersonFieldRules,
): Partial<Record<PersonFormField, FieldProblemKind>> {
  const problems: Partial<Record<PersonFormField, FieldProblemKind>> = {};
  for (const field of personFormFields) {
    if (!isShown(rules, field)) continue;
    const value = values[field].trim();
    if (!value) {
      if (isRequired(rules, field)) problems[field] = 'required';
      continue;
    }
    if (field === 'birthdate' && !isPlausibleBirthdate(value)) problems[field] = 'birthdate';
    if (field === 'phone' && !parsePhoneNumberWithDialCode(value).ok) problems[field] = 'phone';
  }
  return problems;
}

/** §5 e-mail, for the account's e-mail once the account profile call exists (docs/spa-account.md). */
export const emailProblem = (value: string): FieldProblemKind | undefined =>
  isEmailAddress(value.trim()) ? undefined : 'email';

/** The body to send: shown fields only; an empty optional field clears the value, an empty name is left out. */
export function personInputOf(values: PersonFormValues, rules: PersonFieldRules): PersonInput {
  const input: PersonInput = {};
  const text = (field: PersonFormField) => values[field].trim();
  if (isShown(rules, 'firstName') && text('firstName')) input.firstName = text('firstName');
  if (isShown(rules, 'lastName') && text('lastName')) input.lastName = text('lastName');
  if (isShown(rules, 'birthdate')) input.birthdate = text('birthdate') || null;
  if (isShown(rules, 'gender')) input.gender = (text('gender') || null) as Gender | null;
  if (isShown(rules, 'phone')) input.phone = text('phone') || null;
  return input;
}

/** A server problem on a field, in the page's language where its message is one of §5's; otherwise the server's text. */
export function serverFieldProblem(code: string | null, message: string): FieldProblemKind | string {
  if (code === 'PERSON_FIELD_REQUIRED') return 'required';
  if (code === 'PERSON_FIELD_DISABLED') return 'disabled';
  if (message === validationMessages.birthdate) return 'birthdate';
  if (message === validationMessages.phoneNumber) return 'phone';
  if (message === validationMessages.email) return 'email';
  return message;
}
