import { z } from 'zod';
import { findCountry } from '../reference/countries';
import { validationMessages as messages } from './messages';

/** §5 alpha2 country code: exactly 2 characters, in the country list, any case; yields upper case ("ch" -> "CH"). */
export const alpha2CountryCode = z
  .string({ error: messages.alpha2CountryCode })
  .length(2, messages.alpha2CountryCode)
  .refine((code) => findCountry(code) !== undefined, messages.alpha2CountryCode)
  .transform((code) => code.toUpperCase());

const countryCodeMessage = 'Expected a 2 or 3 letter country code';

/**
 * §5 country code to alpha3: 2 or 3 characters; a known alpha2 or alpha3 code yields its upper-case
 * alpha3 ("ch" -> "CHE"); an unknown code is passed on upper-cased.
 */
export const countryCodeToAlpha3 = z
  .string({ error: countryCodeMessage })
  .min(2, countryCodeMessage)
  .max(3, countryCodeMessage)
  .transform((code) => (findCountry(code)?.alpha3 ?? code).toUpperCase());

const alpha3Message = 'Expected an alpha-3 country code';

/** An address country code (§5 Address create): 3 letters known to the list, any case; yields upper case. */
export const alpha3CountryCode = z
  .string({ error: alpha3Message })
  .length(3, alpha3Message)
  .refine((code) => findCountry(code) !== undefined, alpha3Message)
  .transform((code) => code.toUpperCase());
