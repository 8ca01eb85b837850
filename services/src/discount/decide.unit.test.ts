import type {
  AutoDiscountDefinition,
  DiscountUsageEvent,
  PromoCampaignEvent,
  PromoSample,
} from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { autoDiscountFolder, decideAutoDiscount, type AutoDiscountCommand } from './auto-discount';
import { campaignFolder, decideCampaign, type CampaignCommand } from './campaign';
import { decideUsage, remainingFor, usageFolder, type UsageCommand } from './usage';

const campaignId = '6f1d2c3b-4a59-4e68-8877-665544330001';
const sample = {
  displayName: 'Winter',
  description: 'Ten percent off',
  maxUsages: 10,
  maxUsagesPerBasket: 2,
  bookingValidFrom: null,
  bookingValidTo: null,
  slotValidFrom: null,
  slotValidTo: null,
  productIds: [],
  productDefinitionIds: [],
  discountType: 'relative',
  discount: 10,
} as PromoSample;
const created: PromoCampaignEvent = {
  type: 'PromoCampaignCreated',
  data: {
    campaignId,
    name: 'Winter',
    applyRounding: true,
    sample,
    codes: [{ code: 'WINTER10', type: 'manual' }],
  },
};

const givenCampaign = (...events: PromoCampaignEvent[]) => ({
  when: (command: CampaignCommand) =>
    decideCampaign(command, events.reduce(campaignFolder.evolve, campaignFolder.initialState())),
});

function refusalOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('promo campaign decider', () => {
  it('creates a campaign once', () => {
    expect(givenCampaign().when({ type: 'CreateCampaign', data: created.data })).toEqual([created]);
    expect(givenCampaign(created).when({ type: 'CreateCampaign', data: created.data })).toEqual([]);
  });

  it('adds new codes and refuses codes already in the campaign', () => {
    expect(
      givenCampaign(created).when({
        type: 'AddCodes',
        data: { codes: [{ code: 'SPRING20', type: 'imported' }] },
      }),
    ).toEqual([
      { type: 'PromoCodesAdded', data: { campaignId, codes: [{ code: 'SPRING20', type: 'imported' }] } },
    ]);
    expect(
      refusalOf(() =>
        givenCampaign(created).when({
          type: 'AddCodes',
          data: { codes: [{ code: 'WINTER10', type: 'manual' }] },
        }),
      ).code,
    ).toBe('PROMO_CODE_TAKEN');
  });

  it('disables and enables a code; repeating changes nothing', () => {
    const disabled: PromoCampaignEvent = {
      type: 'PromoCodeDisabled',
      data: { campaignId, code: 'WINTER10' },
    };
    expect(givenCampaign(created).when({ type: 'DisableCode', data: { code: 'WINTER10' } })).toEqual([
      disabled,
    ]);
    expect(
      givenCampaign(created, disabled).when({ type: 'DisableCode', data: { code: 'WINTER10' } }),
    ).toEqual([]);
    expect(givenCampaign(created, disabled).when({ type: 'EnableCode', data: { code: 'WINTER10' } })).toEqual(
      [{ type: 'PromoCodeEnabled', data: { campaignId, code: 'WINTER10' } }],
    );
    expect(givenCampaign(created).when({ type: 'EnableCode', data: { code: 'WINTER10' } })).toEqual([]);
  });

  it('refuses commands on an unknown campaign or code', () => {
    expect(
      refusalOf(() => givenCampaign().when({ type: 'DisableCode', data: { code: 'WINTER10' } })).code,
    ).toBe('PROMO_CAMPAIGN_NOT_FOUND');
    expect(
      refusalOf(() => givenCampaign(created).when({ type: 'DisableCode', data: { code: 'NOPE99' } })).code,
    ).toBe('PROMO_CODE_UNKNOWN');
  });
});

const givenUsage = (...events: DiscountUsageEvent[]) => {
  const state = events.reduce(usageFolder.evolve, usageFolder.initialState());
  return { state, when: (command: UsageCommand) => decideUsage(command, state) };
};
const reserved = (basketId: string, applications: number): DiscountUsageEvent => ({
  type: 'DiscountUsageReserved',
  data: { usageKey: 'promo-X', basketId, applications },
});
const reserve = (basketId: string, wanted: number, maxUsages: number | null = 10): UsageCommand => ({
  type: 'Reserve',
  data: { usageKey: 'promo-X', basketId, wanted, maxUsages },
});

describe('usage decider', () => {
  it.each([
    ['grants what is wanted when enough is left', [], reserve('b1', 2), [reserved('b1', 2)]],
    ['grants only what is left', [reserved('b0', 9)], reserve('b1', 3), [reserved('b1', 1)]],
    ['grants nothing when used up', [reserved('b0', 10)], reserve('b1', 1), []],
    ['a repeated reservation of a basket changes nothing', [reserved('b1', 2)], reserve('b1', 2), []],
    ['a basket may shrink its reservation', [reserved('b1', 2)], reserve('b1', 1), [reserved('b1', 1)]],
    [
      'a basket keeps its own reservation when others used the rest',
      [reserved('b1', 2), reserved('b2', 8)],
      reserve('b1', 2),
      [],
    ],
    [
      'unlimited usages grant everything',
      [reserved('b0', 1000)],
      reserve('b1', 50, null),
      [reserved('b1', 50)],
    ],
    [
      'shrinking to zero releases',
      [reserved('b1', 2)],
      reserve('b1', 0),
      [{ type: 'DiscountUsageReleased', data: { usageKey: 'promo-X', basketId: 'b1' } }],
    ],
    [
      'release of a reservation',
      [reserved('b1', 2)],
      { type: 'Release', data: { usageKey: 'promo-X', basketId: 'b1' } },
      [{ type: 'DiscountUsageReleased', data: { usageKey: 'promo-X', basketId: 'b1' } }],
    ],
    [
      'release of nothing changes nothing',
      [],
      { type: 'Release', data: { usageKey: 'promo-X', basketId: 'b1' } },
      [],
    ],
  ] as [string, DiscountUsageEvent[], UsageCommand, DiscountUsageEvent[]][])(
    '%s',
    (_name, history, command, expected) => {
      expect(givenUsage(...history).when(command)).toEqual(expected);
    },
  );

  it('counts what other baskets hold as used', () => {
    const { state } = givenUsage(reserved('b1', 2), reserved('b2', 3), {
      type: 'DiscountUsageReleased',
      data: { usageKey: 'promo-X', basketId: 'b2' },
    });
    expect(state.reserved).toBe(2);
    expect(remainingFor(state, 'b1', 10)).toBe(10);
    expect(remainingFor(state, 'b9', 10)).toBe(8);
    expect(remainingFor(state, null, null)).toBeNull();
  });
});

const definition = {
  id: 'd1',
  name: 'Family',
  displayName: 'Family',
  description: '',
  priority: 0,
  type: 'CART_ADJUSTMENT',
  rulesMatchAny: false,
  rules: [],
  application: {},
  maxUsages: null,
  maxApplicationsPerDiscount: null,
  applyRounding: false,
  validFrom: null,
  validTo: null,
  discountType: 'relative',
  discount: 5,
} as AutoDiscountDefinition;
const decideAuto = (
  command: AutoDiscountCommand,
  ...events: Parameters<typeof autoDiscountFolder.evolve>[1][]
) => decideAutoDiscount(command, events.reduce(autoDiscountFolder.evolve, autoDiscountFolder.initialState()));

describe('auto discount decider', () => {
  const defined = { type: 'AutoDiscountDefined' as const, data: definition };
  it('defines, changes and removes a discount', () => {
    expect(decideAuto({ type: 'CreateAutoDiscount', data: definition })).toEqual([defined]);
    expect(decideAuto({ type: 'UpdateAutoDiscount', data: { ...definition, discount: 7 } }, defined)).toEqual(
      [{ type: 'AutoDiscountDefined', data: { ...definition, discount: 7 } }],
    );
    expect(decideAuto({ type: 'RemoveAutoDiscount', data: { id: 'd1' } }, defined)).toEqual([
      { type: 'AutoDiscountRemoved', data: { id: 'd1' } },
    ]);
    expect(
      decideAuto({ type: 'RemoveAutoDiscount', data: { id: 'd1' } }, defined, {
        type: 'AutoDiscountRemoved',
        data: { id: 'd1' },
      }),
    ).toEqual([]);
  });

  it('refuses to change or remove an unknown discount, and to change a removed one', () => {
    expect(refusalOf(() => decideAuto({ type: 'UpdateAutoDiscount', data: definition })).code).toBe(
      'AUTO_DISCOUNT_NOT_FOUND',
    );
    expect(refusalOf(() => decideAuto({ type: 'RemoveAutoDiscount', data: { id: 'd1' } })).code).toBe(
      'AUTO_DISCOUNT_NOT_FOUND',
    );
    expect(
      refusalOf(() =>
        decideAuto({ type: 'UpdateAutoDiscount', data: definition }, defined, {
          type: 'AutoDiscountRemoved',
          data: { id: 'd1' },
        }),
      ).code,
    ).toBe('AUTO_DISCOUNT_NOT_FOUND');
  });
});
