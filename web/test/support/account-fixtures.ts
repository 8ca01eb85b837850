import type { ApiAnswer, ApiCall } from './mock-api-fetch';

/** A fake account API in memory, answering like services/src/account (problem+json as the server words it). */
export interface FakeAccountOptions {
  owner?: Record<string, unknown> | null;
  persons?: Record<string, unknown>[];
  addresses?: Record<string, unknown>[];
  personRules?: { required: string[]; disabled: string[] };
}

const problem = (
  status: number,
  code: string,
  errors: { path: string; message: string }[] = [],
): ApiAnswer => ({
  status,
  body: { type: 'about:blank', title: 'Problem', status, detail: code, code, correlationId: 'test', errors },
});

export const countries = [
  {
    id: 756,
    alpha2: 'ch',
    alpha3: 'che',
    locale: { de: { name: 'Schweiz' }, en: { name: 'Switzerland' }, fr: { name: 'Suisse' } },
  },
  {
    id: 276,
    alpha2: 'de',
    alpha3: 'deu',
    locale: { de: { name: 'Deutschland' }, en: { name: 'Germany' }, fr: { name: 'Allemagne' } },
  },
];

export function fakeAccountApi(options: FakeAccountOptions = {}) {
  let nextId = 100;
  let owner = options.owner ?? null;
  let persons = [...(options.persons ?? [])];
  let addresses = [...(options.addresses ?? [])];
  const rules = options.personRules ?? {
    required: ['firstName', 'lastName', 'birthdate'],
    disabled: ['avatar', 'phone'],
  };
  const withDefaults = (body: Record<string, unknown>, isOwner: boolean) => ({
    firstName: null,
    lastName: null,
    birthdate: null,
    gender: null,
    phone: null,
    avatar: null,
    ...body,
    owner: isOwner,
  });

  return (call: ApiCall): ApiAnswer | undefined => {
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (call.path === '/auth/session') return { status: 404, body: {} };
    if (call.path === '/users/current' && call.method === 'GET')
      return {
        status: 200,
        body: {
          id: 'alice',
          email: 'alice@example.ch',
          language: 'de',
          deletedAt: null,
          deleteAfter: null,
          metaInformation: { acceptedNewsletter: false },
        },
      };
    if (call.path === '/accounts/persons/schema')
      return {
        status: 200,
        body: { person: rules, owner: { required: ['firstName', 'lastName', 'birthdate'], disabled: [] } },
      };
    if (call.path === '/users/addresses/countries') return { status: 200, body: countries };
    if (call.path === '/users/persons/owner') {
      if (call.method === 'GET')
        return owner ? { status: 200, body: owner } : problem(404, 'OWNER_NOT_FOUND');
      if (call.method === 'POST') {
        if (body.lastName === 'Servererror')
          return problem(400, 'BAD_REQUEST', [{ path: 'body.phone', message: 'Invalid Phone Number' }]);
        owner = withDefaults({ id: nextId++, ...body }, true);
        return { status: 201, body: owner };
      }
      if (call.method === 'PATCH' && owner) return { status: 200, body: (owner = { ...owner, ...body }) };
    }
    if (call.path === '/users/persons') {
      if (call.method === 'GET') return { status: 200, body: [...(owner ? [owner] : []), ...persons] };
      const missing = rules.required.find((field) => !body[field]);
      if (missing)
        return problem(400, 'PERSON_FIELD_REQUIRED', [
          { path: `body.${missing}`, message: `The field ${missing} is required.` },
        ]);
      const person = withDefaults({ id: nextId++, ...body }, false);
      persons.push(person);
      return { status: 201, body: person };
    }
    const personId = /^\/users\/persons\/(\d+)$/.exec(call.path)?.[1];
    if (personId) {
      const index = persons.findIndex((person) => String(person.id) === personId);
      if (index < 0) return problem(404, 'PERSON_NOT_FOUND');
      if (call.method === 'PATCH')
        return { status: 200, body: (persons[index] = { ...persons[index], ...body }) };
      if (call.method === 'DELETE') {
        persons = persons.filter((_, at) => at !== index);
        return { status: 204 };
      }
    }
    if (call.path === '/users/addresses') {
      if (call.method === 'GET') return { status: 200, body: addresses };
      if (body.zip === '0')
        return problem(400, 'BAD_REQUEST', [{ path: 'body.zip', message: 'zip is not a postcode' }]);
      const address = { id: nextId++, ...body };
      addresses.push(address);
      return { status: 201, body: address };
    }
    const addressId = /^\/users\/addresses\/(\d+)$/.exec(call.path)?.[1];
    if (addressId) {
      if (call.method === 'PATCH') {
        addresses = addresses.map((address) =>
          String(address.id) === addressId ? { ...address, ...body } : address,
        );
        return { status: 200, body: addresses.find((address) => String(address.id) === addressId) };
      }
      if (call.method === 'DELETE') {
        addresses = addresses.filter((address) => String(address.id) !== addressId);
        return { status: 204 };
      }
    }
    return undefined;
  };
}
