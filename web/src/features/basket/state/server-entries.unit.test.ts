import { adultPassWithKeycard, passProduct } from '../../../../test/support/basket-model-fixtures';
import type { ServerEntry } from '../server-types';
import { resizedEntryInput, toServerEntryInput } from './server-entries';

const serverEntry = (validity: ServerEntry['validity']): ServerEntry =>
  ({
    id: 'server-7',
    productId: 10,
    productDefinitionId: adultPassWithKeycard().productDefinition.id,
    slotId: null,
    quantity: 1,
    allocation: { quantity: 1 },
    attributes: {},
    validity,
  }) as ServerEntry;

describe('a basket entry as the SPA sends it (§4, §5: validities are days, yyyy-MM-dd)', () => {
  it("names the validity by its first and last day in the pool's zone, never by an instant", () => {
    expect(toServerEntryInput(adultPassWithKeycard()).validity).toEqual({
      from: '2026-01-01',
      to: '2026-01-03',
    });
    // the pool's midnight is 07:00 UTC in Denver: its day counts, not UTC's
    const denver = {
      ...adultPassWithKeycard(),
      product: { ...passProduct, pool: { timezone: 'America/Denver' } },
      validity: { from: '2026-12-20T00:00:00.000-07:00', to: '2026-12-21T23:59:59.999-07:00' },
    };
    expect(toServerEntryInput(denver).validity).toEqual({ from: '2026-12-20', to: '2026-12-21' });
  });

  it('adds a day entry again with its days; one that holds instants is not re-added', () => {
    expect(resizedEntryInput(serverEntry({ from: '2026-01-01', to: '2026-01-03' }), 3)).toMatchObject({
      allocation: { quantity: 3 },
      validity: { from: '2026-01-01', to: '2026-01-03' },
    });
    expect(
      resizedEntryInput(
        serverEntry({ from: new Date('2025-12-31T23:00:00Z'), to: new Date('2026-01-03T22:59:59Z') }),
        3,
      ),
    ).toBeNull();
  });
});
