import { z } from 'zod';
import { envList } from '../validators/env';

/** §3 Person gender codes (the field itself is nullable). */
export const genderCodes = ['m', 'f', 'd'] as const;
export const gender = z.enum(genderCodes);
export type Gender = z.infer<typeof gender>;

/** §5 "Owner and person fields": the person fields whose presence a deployment configures. */
export const configurablePersonFields = [
  'firstName',
  'lastName',
  'birthdate',
  'gender',
  'phone',
  'avatar',
] as const;
export const configurablePersonField = z.enum(configurablePersonFields);
export type ConfigurablePersonField = z.infer<typeof configurablePersonField>;

/** Which fields a form must ask for, and which it must not show at all. */
export const personFieldRules = z
  .object({
    required: z.array(configurablePersonField),
    disabled: z.array(configurablePersonField),
  })
  .refine((rules) => !rules.required.some((field) => rules.disabled.includes(field)), {
    message: 'A person field cannot be both required and disabled',
    path: ['disabled'],
  });
export type PersonFieldRules = z.infer<typeof personFieldRules>;

export const defaultOwnerFieldRules: PersonFieldRules = {
  required: ['firstName', 'lastName', 'birthdate'],
  disabled: ['avatar'],
};

export const defaultPersonFieldRules: PersonFieldRules = {
  required: ['firstName', 'lastName', 'birthdate'],
  disabled: ['avatar', 'phone'],
};

/** The deployed owner configuration: firstName, lastName and birthdate required, nothing disabled. */
export const deployedOwnerFieldRules: PersonFieldRules = {
  required: ['firstName', 'lastName', 'birthdate'],
  disabled: [],
};

/**
 * Person-field rules supplied from the environment as two comma lists, e.g.
 * PERSON_REQUIRED_FIELDS="firstName,lastName" and PERSON_DISABLED_FIELDS="avatar". A list that is
 * not set keeps the default.
 */
export const personFieldRulesFromEnv = z
  .object({ required: envList.optional(), disabled: envList.optional() })
  .transform(({ required, disabled }, context) => {
    const parsed = personFieldRules.safeParse({
      required: required === undefined ? defaultPersonFieldRules.required : required,
      disabled: disabled === undefined ? defaultPersonFieldRules.disabled : disabled,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) context.addIssue({ ...issue, code: 'custom' });
    return z.NEVER;
  });
