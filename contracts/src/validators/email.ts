import { z } from 'zod';
import { validationMessages as messages } from './messages';

/**
 * §5 e-mail: a standard address pattern. Local part of the usual atom characters with single dots
 * between them, an @, then dot-separated domain labels (letters, digits, inner hyphens) ending in a
 * top-level domain of at least two letters.
 */
const localPart = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const domainLabel = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const emailPattern = new RegExp(`^${localPart}@(?:${domainLabel}\\.)+[A-Za-z]{2,63}$`);
export const maxEmailLength = 254;

export function isEmailAddress(text: string): boolean {
  return text.length <= maxEmailLength && emailPattern.test(text);
}

export function createEmailAddress(message: string = messages.email) {
  return z.string({ error: message }).trim().refine(isEmailAddress, message);
}

export const emailAddress = createEmailAddress();

/** As stored for accounts (admin account creation lower-cases it, §5). */
export const lowerCasedEmailAddress = emailAddress.transform((email) => email.toLowerCase());
