import request from 'supertest';
import { CODE_ALPHABET, discountMessages } from '@alpenpass/contracts';
import { shopHeaders } from '../../test/support/shop-headers';
import { createDiscountTestKit, type DiscountTestKit } from '../../test/support/discount-kit';
import { generateCodes } from './promo-code-text';

let kit: DiscountTestKit;
let staff: string;
let customer: string;

beforeAll(async () => {
  kit = await createDiscountTestKit();
  staff = await kit.basket.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
  customer = await kit.basket.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
}, 60_000);
afterAll(() => kit?.close());

const api = () => request(kit.app);
const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);
const sample = {
  displayName: 'Winter ten',
  description: 'Ten percent off every place',
  discountType: 'relative',
  discount: 10,
};
const campaign = (codes: object, extra: object = {}) => ({
  name: 'Winter 2030',
  applyRounding: true,
  sample: { ...sample, ...extra },
  codes,
});

describe('staff create promo campaigns (§6)', () => {
  it('with typed and generated codes: typed ones upper-cased, generated ones unguessable and unambiguous', async () => {
    const created = await api()
      .post('/api/admin/discounting/promo-campaigns')
      .set(as(staff))
      .send(campaign({ manual: ['winter-2030'], generate: { count: 25, length: 8 } }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Winter 2030',
      applyRounding: true,
      codeCount: 26,
      sample: expect.objectContaining({ displayName: 'Winter ten', maxUsages: null }),
    });
    const codes = created.body.codes as { code: string; type: string; disabled: boolean }[];
    expect(codes[0]).toEqual({ code: 'WINTER-2030', type: 'manual', disabled: false });
    const generated = codes.filter((code) => code.type === 'automatic');
    expect(generated).toHaveLength(25);
    for (const { code } of generated)
      expect([...code].every((char) => CODE_ALPHABET.includes(char)) && code.length === 8).toBe(true);

    await kit.project();
    const list = await api().get('/api/admin/discounting/promo-campaigns?limit=5').set(as(staff));
    expect(list.body).toEqual(
      expect.arrayContaining([
        {
          id: created.body.id,
          name: 'Winter 2030',
          displayName: 'Winter ten',
          codeCount: 26,
          disabledCount: 0,
          createdAt: expect.any(String),
        },
      ]),
    );
    expect((await api().get('/api/admin/discounting/promo-campaigns').set(as(customer))).status).toBe(403);
    const read = await api()
      .get(`/api/admin/discounting/promo-campaigns/${created.body.id}?codeLimit=1`)
      .set(as(staff));
    expect(read.status).toBe(200);
    expect(read.body.codes).toHaveLength(1);
    expect(read.body.codeCount).toBe(26);
  });

  it.each([
    [
      'displayName empty',
      campaign({ manual: ['ABCDEF1'] }, { displayName: '' }),
      discountMessages.displayName,
    ],
    [
      'description under 10 characters',
      campaign({ manual: ['ABCDEF1'] }, { description: 'short' }),
      discountMessages.description,
    ],
    ['a code under 6 characters', campaign({ manual: ['ABC'] }), discountMessages.code],
    ['relative over 100', campaign({ manual: ['ABCDEF1'] }, { discount: 150 }), discountMessages.relative],
    ['relative below 0', campaign({ manual: ['ABCDEF1'] }, { discount: -10 }), discountMessages.relative],
    [
      'absolute below 0',
      campaign({ manual: ['ABCDEF1'] }, { discountType: 'absolute', discount: -1 }),
      discountMessages.absolute,
    ],
    [
      'a fixed price below 0',
      campaign({ manual: ['ABCDEF1'] }, { discountType: 'fixed', discount: -1 }),
      discountMessages.fixed,
    ],
    [
      'a huge absolute amount',
      campaign({ manual: ['ABCDEF1'] }, { discountType: 'absolute', discount: 1e15 }),
      undefined,
    ],
    ['no code at all', campaign({ manual: [] }), discountMessages.atLeastOneCode],
    [
      'a booking window that ends before it starts',
      campaign(
        { manual: ['ABCDEF1'] },
        { bookingValidFrom: '2031-01-02T00:00:00Z', bookingValidTo: '2031-01-01T00:00:00Z' },
      ),
      'bookingValidTo must not be before bookingValidFrom',
    ],
  ])('refuses %s with 400 and the §5 message', async (_name, body, message) => {
    const refused = await api().post('/api/admin/discounting/promo-campaigns').set(as(staff)).send(body);
    expect(refused.status).toBe(400);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    if (message)
      expect(refused.body.errors.map((error: { message: string }) => error.message)).toContain(message);
  });

  it('is for staff only: a guest gets 401, a customer 403', async () => {
    const body = campaign({ manual: ['NOTMINE1'] });
    expect((await api().post('/api/admin/discounting/promo-campaigns').set(as(null)).send(body)).status).toBe(
      401,
    );
    expect(
      (await api().post('/api/admin/discounting/promo-campaigns').set(as(customer)).send(body)).status,
    ).toBe(403);
    expect(
      (await api().get('/api/discounting/promo-codes/NOTMINE1/validate').set(as(null))).body.reason,
    ).toBe('UNKNOWN');
  });

  it('refuses a code another campaign holds (case-insensitively) and claims none of the others', async () => {
    expect(
      (
        await api()
          .post('/api/admin/discounting/promo-campaigns')
          .set(as(staff))
          .send(campaign({ manual: ['TAKEN01'] }))
      ).status,
    ).toBe(201);
    const refused = await api()
      .post('/api/admin/discounting/promo-campaigns')
      .set(as(staff))
      .send(campaign({ manual: ['FREE0001', 'taken01'] }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'PROMO_CODE_TAKEN',
      errors: [{ path: 'codes', message: 'TAKEN01 is taken' }],
    });
    expect(
      (await api().get('/api/discounting/promo-codes/FREE0001/validate').set(as(null))).body.reason,
    ).toBe('UNKNOWN');
    expect(
      (
        await api()
          .post('/api/admin/discounting/promo-campaigns')
          .set(as(staff))
          .send(campaign({ manual: ['FREE0001'] }))
      ).status,
    ).toBe(201);
  });

  it('imports 5,000 codes from a CSV upload, and refuses a file with bad lines as a whole', async () => {
    const created = await api()
      .post('/api/admin/discounting/promo-campaigns')
      .set(as(staff))
      .send(campaign({ manual: ['IMPORT-BASE'] }));
    const csv = ['code', ...generateCodes(5000, 12).map((code) => code.toLowerCase())].join('\n');
    const started = Date.now();
    const imported = await api()
      .post(`/api/admin/discounting/promo-campaigns/${created.body.id}/codes/import`)
      .set(as(staff))
      .set('content-type', 'text/csv')
      .send(csv);
    expect(imported.status).toBe(200);
    expect(imported.body.codeCount).toBe(5001);
    expect(Date.now() - started).toBeLessThan(20_000);
    const oneOfThem = csv.split('\n')[4321]!;
    expect(
      (await api().get(`/api/discounting/promo-codes/${oneOfThem}/validate`).set(as(null))).body,
    ).toMatchObject({ valid: true, code: oneOfThem.toUpperCase() });

    const again = await api()
      .post(`/api/admin/discounting/promo-campaigns/${created.body.id}/codes/import`)
      .set(as(staff))
      .set('content-type', 'text/csv')
      .send(`NEWCODE1\n${oneOfThem}\n`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PROMO_CODE_TAKEN');
    expect(
      (await api().get('/api/discounting/promo-codes/NEWCODE1/validate').set(as(null))).body.reason,
    ).toBe('UNKNOWN');

    const bad = await api()
      .post(`/api/admin/discounting/promo-campaigns/${created.body.id}/codes/import`)
      .set(as(staff))
      .set('content-type', 'text/csv')
      .send('GOODONE1\nbad\n');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'INVALID_CODE_FILE',
      errors: [{ path: 'line 2', message: discountMessages.code }],
    });
    const json = await api()
      .post(`/api/admin/discounting/promo-campaigns/${created.body.id}/codes/import`)
      .set(as(staff))
      .send({ csv: 'JSONCODE1\n' });
    expect(json.body.codeCount).toBe(5002);
    const empty = await api()
      .post(`/api/admin/discounting/promo-campaigns/${created.body.id}/codes/import`)
      .set(as(staff))
      .send({ nothing: true });
    expect(empty.status).toBe(400);
    const unknown = await api()
      .post('/api/admin/discounting/promo-campaigns/6f1d2c3b-4a59-4e68-8877-665544330009/codes/import')
      .set(as(staff))
      .set('content-type', 'text/csv')
      .send('LOSTCODE1\n');
    expect(unknown.status).toBe(404);
  }, 60_000);

  it('adds generated codes to a campaign later', async () => {
    const created = await api()
      .post('/api/admin/discounting/promo-campaigns')
      .set(as(staff))
      .send(campaign({ manual: ['LATER-ONE'] }));
    const added = await api()
      .post(`/api/admin/discounting/promo-campaigns/${created.body.id}/codes`)
      .set(as(staff))
      .send({ generate: { count: 3 } });
    expect(added.status).toBe(200);
    expect(added.body.codeCount).toBe(4);
    expect(
      (
        await api()
          .post(`/api/admin/discounting/promo-campaigns/${created.body.id}/codes`)
          .set(as(staff))
          .send({ manual: [] })
      ).status,
    ).toBe(400);
  });
});

describe('GET /discounting/promo-codes/{code}/validate (§7)', () => {
  it('says why a code does not apply: unknown, disabled, not yet valid, expired', async () => {
    await api()
      .post('/api/admin/discounting/promo-campaigns')
      .set(as(staff))
      .send(campaign({ manual: ['SWITCH-ME'] }));
    await api()
      .post('/api/admin/discounting/promo-campaigns')
      .set(as(staff))
      .send(campaign({ manual: ['FUTURE-1'] }, { bookingValidFrom: '2031-06-01T00:00:00Z' }));
    await api()
      .post('/api/admin/discounting/promo-campaigns')
      .set(as(staff))
      .send(campaign({ manual: ['PAST-ONE'] }, { bookingValidTo: '2030-01-01T00:00:00Z' }));
    const check = async (code: string) =>
      (await api().get(`/api/discounting/promo-codes/${code}/validate`).set(as(null))).body;

    expect(await check('switch-me')).toMatchObject({
      code: 'SWITCH-ME',
      valid: true,
      reason: null,
      displayName: 'Winter ten',
      discountType: 'relative',
      discount: 10,
    });
    expect(await check('NO-SUCH-CODE')).toMatchObject({
      valid: false,
      reason: 'UNKNOWN',
      displayName: null,
      discount: null,
    });
    expect(await check('FUTURE-1')).toMatchObject({ valid: false, reason: 'NOT_YET_VALID' });
    expect(await check('PAST-ONE')).toMatchObject({ valid: false, reason: 'EXPIRED' });

    const disabled = await api().post('/api/admin/discounting/promo-codes/switch-me/disable').set(as(staff));
    expect(disabled.status).toBe(200);
    expect(await check('SWITCH-ME')).toMatchObject({
      valid: false,
      reason: 'DISABLED',
      message: 'The promo code SWITCH-ME has been disabled.',
    });
    expect(
      (await api().post('/api/admin/discounting/promo-codes/SWITCH-ME/enable').set(as(staff))).status,
    ).toBe(200);
    expect(await check('SWITCH-ME')).toMatchObject({ valid: true });
    expect(
      (await api().post('/api/admin/discounting/promo-codes/NO-SUCH-CODE/disable').set(as(staff))).status,
    ).toBe(404);
    expect(
      (await api().post('/api/admin/discounting/promo-codes/SWITCH-ME/disable').set(as(customer))).status,
    ).toBe(403);
  });
});
