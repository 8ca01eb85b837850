import { deployedOwnerFieldRules, personFieldSchemaDto, type PersonFieldRules } from '@alpenpass/contracts';
import { ApiRouter } from '../platform/http/api-router';

/**
 * §7 GET /accounts/persons/schema: the person-field rules the server enforces (PERSON_REQUIRED_FIELDS,
 * PERSON_DISABLED_FIELDS for persons, the deployed rules for the owner), so that the SPA's forms ask
 * for exactly what the server requires. Public: the rules are the same for everyone and hold no data.
 */
export function personSchemaRouter(personRules: PersonFieldRules): ApiRouter {
  const schema = { person: personRules, owner: deployedOwnerFieldRules };
  return new ApiRouter('Persons', '/accounts/persons').route(
    {
      method: 'get',
      operationId: 'getPersonSchema',
      path: '/schema',
      summary: 'Which person and owner fields are required and which are not used',
      access: 'public',
      response: personFieldSchemaDto,
    },
    () => schema,
  );
}
