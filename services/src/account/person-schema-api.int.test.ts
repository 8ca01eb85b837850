import request from 'supertest';
import type { ConfigurablePersonField } from '@alpenpass/contracts';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { createTestIdentity } from '../../test/support/test-identity';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { personSchemaRouter } from './person-schema-api';

/** The SPA's person forms read the rules the server enforces (PERSON_REQUIRED_FIELDS / PERSON_DISABLED_FIELDS). */
async function appWithRules(required: ConfigurablePersonField[], disabled: ConfigurablePersonField[]) {
  const identity = await createTestIdentity();
  return createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [],
    routers: [personSchemaRouter({ required, disabled })],
    readiness: [],
  });
}

describe('GET /accounts/persons/schema', () => {
  it('answers the configured person rules and the deployed owner rules, without sign-in', async () => {
    const app = await appWithRules(['firstName', 'lastName', 'phone'], ['avatar', 'gender']);
    const answer = await request(app).get('/api/accounts/persons/schema').set(shopHeaders);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      person: { required: ['firstName', 'lastName', 'phone'], disabled: ['avatar', 'gender'] },
      owner: { required: ['firstName', 'lastName', 'birthdate'], disabled: [] },
    });
  });

  it('needs the shop headers like every shop call', async () => {
    const app = await appWithRules(['firstName'], []);
    expect((await request(app).get('/api/accounts/persons/schema')).status).toBe(400);
  });
});
