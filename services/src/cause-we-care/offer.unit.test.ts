import type { CauseWeCareEvent } from '@alpenpass/contracts';
import { decideOffer, offerFolder } from './offer';

const channelId = '6a1c7e52-3b8f-4e0a-9d2c-5f4b8a7e1d30';
const rescue = { name: { de: 'Bergrettung', en: 'Mountain rescue', fr: 'Secours en montagne' }, amount: 200 };
const offered: CauseWeCareEvent = { type: 'CauseWeCareOffered', data: { channelId, ...rescue } };
const given = (...events: CauseWeCareEvent[]) =>
  events.reduce(offerFolder.evolve, offerFolder.initialState());

describe('a channel’s cause-we-care offer', () => {
  it('is offered once, changed when it differs, withdrawn once', () => {
    expect(decideOffer({ type: 'Offer', data: { channelId, ...rescue } }, given())).toEqual([offered]);
    expect(decideOffer({ type: 'Offer', data: { channelId, ...rescue } }, given(offered))).toEqual([]);
    expect(
      decideOffer({ type: 'Offer', data: { channelId, ...rescue, amount: 500 } }, given(offered)),
    ).toHaveLength(1);
    expect(decideOffer({ type: 'Withdraw', data: { channelId } }, given(offered))).toEqual([
      { type: 'CauseWeCareWithdrawn', data: { channelId } },
    ]);
    expect(decideOffer({ type: 'Withdraw', data: { channelId } }, given())).toEqual([]);
    expect(given(offered, { type: 'CauseWeCareWithdrawn', data: { channelId } }).offer).toBeNull();
  });
});
