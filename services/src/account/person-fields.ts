import {
  accountErrorCodes,
  configurablePersonFields,
  type ConfigurablePersonField,
  type PersonFieldRules,
} from '@alpenpass/contracts';
import { invalid } from '../platform/domain-error';

/** Values of the configurable person fields (avatar uploads come with the photo upload). */
type FieldValues = Partial<Record<ConfigurablePersonField, unknown>>;

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * §5 "Owner and person fields": a required field must be present once the person is complete (after
 * the change), a disabled one never sent. `complete` is the person as it would be stored.
 */
export function checkPersonFields(rules: PersonFieldRules, sent: FieldValues, complete: FieldValues): void {
  for (const field of configurablePersonFields) {
    if (rules.disabled.includes(field) && present(sent[field])) {
      throw invalid(accountErrorCodes.fieldDisabled, `The field ${field} is not used here.`, `body.${field}`);
    }
    if (rules.required.includes(field) && !present(complete[field])) {
      throw invalid(accountErrorCodes.fieldRequired, `The field ${field} is required.`, `body.${field}`);
    }
  }
}
