import { randomInt } from 'node:crypto';
import request from 'supertest';
import {
  defaultFeatureFlags,
  defaultPersonFieldRules,
  keycardFieldsBody,
  luhnCheckDigit,
} from '@alpenpass/contracts';
import { accountResourcesOf } from '../../account/account-resources';
import { createAccountService } from '../../account/account-service';
import { noAccountResources } from '../../basket/account-resources';
import { loadProduct, readModelFactSources } from '../../basket/basket-facts';
import { emptyFacts } from '../../basket/entry-facts';
import { kitNow, type BasketTestKit } from '../../../test/support/basket-kit';
import { keycardResourcesOf } from '../../keycard';
import { createKeycardService } from '../../keycard/keycard-service';
import { shopHeaders } from '../../../test/support/shop-headers';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../../test/support/checkout-kit';

/**
 * The demo's season pass (104, sold onto SKIDATA cards and SwissPasses)
 * renews automatically, so the checkout asks for that agreement with the price and period in the
 * customer's language, and refuses to start a payment without it, without a holder or without a card.
 */
const accountsOf = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
  createAccountService({ store, knex, personFieldRules: defaultPersonFieldRules });
const keycardsOf = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
  createKeycardService({
    store,
    knex,
    accounts: accountsOf(store, knex),
    featureFlags: defaultFeatureFlags,
    now: () => kitNow,
  });

let kit: CheckoutTestKit;
let bearer: string;
let personId: number;
let keycardId: number;
const accountId = `season-${randomInt(1_000_000, 9_000_000)}`;

beforeAll(async () => {
  kit = await createCheckoutTestKit({
    accounts: (store, knex) =>
      accountResourcesOf(accountsOf(store, knex), {
        keycards: keycardResourcesOf(keycardsOf(store, knex)),
        paymentDetails: noAccountResources.paymentDetails,
      }),
  });
  const { store, knex } = { store: kit.basket.store, knex: kit.basket.db.knex };
  bearer = await kit.basket.identity.bearer({ subject: `c-${accountId}`, roles: ['customer'], accountId });
  const caller = {
    principal: { subject: `c-${accountId}`, roles: ['customer' as const], accountId },
    correlationId: 'season-pass',
  };
  personId = (
    await accountsOf(store, knex).addPerson(
      caller,
      { firstName: 'Sina', lastName: 'Saison', birthdate: '1990-04-01' },
      true,
    )
  ).id;
  const digits = `01${String(randomInt(1, 2 ** 47)).padStart(20, '0')}`;
  keycardId = (
    await keycardsOf(store, knex).add(caller, {
      personId,
      ...keycardFieldsBody.parse({ type: 'SKIDATA', dataCarrierId: `${digits}${luhnCheckDigit(digits)}` }),
    })
  ).id;
}, 60_000);
afterAll(() => kit?.close());

const call = (method: 'get' | 'post' | 'patch', path: string, language = 'de') => {
  const test = request(kit.app)[method](`/api${path}`);
  return test.set(shopHeaders).set('accept-language', language).set('authorization', bearer);
};

async function seasonPassCheckout() {
  const product = await loadProduct(
    readModelFactSources(kit.basket.db.knex, kit.basket.store),
    emptyFacts(kitNow),
    104,
  );
  const validity = { from: '2030-12-20', to: product!.availabilityRanges[0]!.to };
  const created = await call('post', '/checkout').send({ items: [{ productDefinitionId: 1041, validity }] });
  expect(created.status).toBe(201);
  return {
    checkoutId: created.body.id as string,
    itemId: created.body.order.items[0].id as string,
    price: (created.body.order.items[0].unitPrice.amount / 100).toFixed(2),
  };
}

const payOnSite = (checkoutId: string) =>
  call('post', `/checkout/${checkoutId}/payment`).send({ intent: 'onSite' });

function expectProblem(response: request.Response, code: string) {
  expect(response.status).toBe(409);
  expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(response.body.code).toBe(code);
}

describe('a season pass in the checkout', () => {
  it('asks to agree to the renewal, with its price, period and how to cancel, in de, en and fr', async () => {
    const { checkoutId, price } = await seasonPassCheckout();
    const fields = (await call('get', `/checkout/${checkoutId}`)).body.conditions.fields;
    const consent = fields.find((field: { name: string }) => field.name === 'acceptAutomaticRenewal');
    expect(consent).toMatchObject({ kind: 'checkbox', required: true });
    expect(consent.labels.de).toContain('automatisch');
    expect(consent.labels.de).toContain(`CHF ${price}`);
    expect(consent.labels.de).toContain('20.12.2030');
    expect(consent.labels.de).toContain('Mein Konto › Abonnemente');
    expect(consent.labels.en).toContain('renews automatically');
    expect(consent.labels.fr).toContain('renouvelle automatiquement');
    expect(fields.map((field: { name: string }) => field.name)).toContain('acceptTerms');
  });

  it('refuses the payment without a holder, without the card and without the agreement, then takes it', async () => {
    const { checkoutId, itemId } = await seasonPassCheckout();
    await call('post', `/checkout/${checkoutId}/checkout-conditions`).send({
      formValues: { acceptTerms: true },
    });
    expectProblem(await payOnSite(checkoutId), 'SEASON_PASS_HOLDER_MISSING');

    const personalize = (body: object) =>
      call('patch', `/checkout/${checkoutId}/items/${itemId}/personalization`).send(body);
    expect((await personalize({ personId, mediumType: 'SKIDATA', keycardId: null })).status).toBe(200);
    expectProblem(await payOnSite(checkoutId), 'SEASON_PASS_KEYCARD_MISSING');

    expect((await personalize({ personId, mediumType: 'SKIDATA', keycardId })).status).toBe(200);
    const withoutConsent = await payOnSite(checkoutId);
    expectProblem(withoutConsent, 'RENEWAL_CONSENT_MISSING');
    expect(withoutConsent.body.detail).toMatch(/renews automatically/);
    expect((await call('get', `/checkout/${checkoutId}`)).body.order.status).toBe('CREATED');

    const agreed = await call('post', `/checkout/${checkoutId}/checkout-conditions`).send({
      formValues: { acceptTerms: true, acceptAutomaticRenewal: true },
    });
    expect(agreed.body.conditions).toMatchObject({
      complete: true,
      values: { acceptAutomaticRenewal: true },
    });
    const paid = await payOnSite(checkoutId);
    expect(paid.status).toBe(200);
    expect(paid.body.checkout.order.status).toBe('RESERVED');
  });

  it('asks nothing of an order without a season pass', async () => {
    const created = await call('post', '/checkout').send({
      items: [{ productDefinitionId: 1011, validity: { from: '2030-12-21', to: '2030-12-21' } }],
    });
    expect(created.status).toBe(201);
    expect(created.body.conditions.fields.map((field: { name: string }) => field.name)).not.toContain(
      'acceptAutomaticRenewal',
    );
  });
});
