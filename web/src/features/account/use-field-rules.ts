import { useGetPersonFieldSchemaQuery, type PersonFieldSchema } from './api';

/**
 * The person-field rules the server enforces (GET /accounts/persons/schema: PERSON_REQUIRED_FIELDS and
 * PERSON_DISABLED_FIELDS for persons, the deployed rules for the owner); undefined until they arrive.
 */
export function useFieldRules(): { schema: PersonFieldSchema | undefined; failed: boolean } {
  const { data, error } = useGetPersonFieldSchemaQuery();
  return { schema: data, failed: Boolean(error) };
}
