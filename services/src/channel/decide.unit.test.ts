import { noBranding, type EventMetadata } from '@alpenpass/contracts';
import { evolve, initialState, toChannel, type ChannelEvent } from './channel';
import { decide, type ChannelCommand } from './decide';

const id = '6a1c7e52-3b8f-4e0a-9d2c-5f4b8a7e1d30';
const meta = (at: string): EventMetadata => ({ correlationId: 'c', causationId: null, actor: 'staff-1', at });
const created: ChannelEvent = {
  type: 'ChannelCreated',
  data: { channelId: id, name: 'Webshop', type: 'WEB', productIds: [101, 102] },
  metadata: meta('2026-11-01T10:00:00.000Z'),
};
const given = (...events: ChannelEvent[]) => events.reduce(evolve, initialState());
const noFacts = { unknownProductIds: [] };
const create: ChannelCommand = {
  type: 'CreateChannel',
  channelId: id,
  name: 'Webshop',
  channelType: 'WEB',
  productIds: [101, 102],
};

describe('channel decider', () => {
  it('creates a channel once', () => {
    expect(decide(create, given(), noFacts)).toEqual([{ type: 'ChannelCreated', data: created.data }]);
    expect(() => decide(create, given(created), noFacts)).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'CHANNEL_EXISTS' }),
    );
  });

  it('refuses product ids the catalogue does not know', () => {
    expect(() => decide(create, given(), { unknownProductIds: [999] })).toThrow(
      expect.objectContaining({
        kind: 'invalid',
        code: 'UNKNOWN_PRODUCT',
        message: 'Unknown product ids: 999',
        path: 'body.productIds',
      }),
    );
  });

  it('updates only what changed, and nothing when nothing changed', () => {
    const update: ChannelCommand = {
      type: 'UpdateChannel',
      channelId: id,
      name: 'Webshop',
      productIds: [101, 103],
    };
    expect(decide(update, given(created), noFacts)).toEqual([
      { type: 'ChannelUpdated', data: { channelId: id, productIds: [101, 103] } },
    ]);
    expect(
      decide(
        { type: 'UpdateChannel', channelId: id, channelType: 'WEB', productIds: [101, 102] },
        given(created),
        noFacts,
      ),
    ).toEqual([]);
  });

  it('refuses to update a channel that does not exist', () => {
    expect(() => decide({ type: 'UpdateChannel', channelId: id, name: 'x' }, given(), noFacts)).toThrow(
      expect.objectContaining({ kind: 'not_found', code: 'CHANNEL_NOT_FOUND' }),
    );
  });

  it('folds events into the channel with its times', () => {
    const updated: ChannelEvent = {
      type: 'ChannelUpdated',
      data: { channelId: id, type: 'ADMIN' },
      metadata: meta('2026-11-02T10:00:00.000Z'),
    };
    expect(toChannel(given(created, updated))).toEqual({
      id,
      name: 'Webshop',
      type: 'ADMIN',
      productIds: [101, 102],
      branding: noBranding,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-02T10:00:00.000Z',
    });
  });

  it('changes the branding field by field and records the whole look', () => {
    const brand: ChannelCommand = {
      type: 'UpdateChannel',
      channelId: id,
      branding: { primaryColor: '#1d5d8f' },
    };
    const [changed] = decide(brand, given(created), noFacts);
    expect(changed).toEqual({
      type: 'ChannelUpdated',
      data: {
        channelId: id,
        branding: { ...noBranding, primaryColor: '#1d5d8f' },
      },
    });
    const branded = given(created, { ...changed!, metadata: meta('2026-11-02T10:00:00.000Z') });
    expect(decide(brand, branded, noFacts)).toEqual([]);
    expect(toChannel(given(created))?.branding).toEqual(noBranding);
  });

  it('reads a look recorded before hero, contact and social links existed as without them', () => {
    const oldLook: ChannelEvent = {
      ...created,
      data: {
        ...created.data,
        branding: { logoUrl: '/logo.svg', primaryColor: null, accentColor: null, fontFamily: null },
      },
    };
    expect(toChannel(given(oldLook))?.branding).toEqual({ ...noBranding, logoUrl: '/logo.svg' });
  });

  it('compares the contact by value: the same contact again changes nothing', () => {
    const contact = {
      email: 'info@alpenhorn.example',
      phone: '+41 27 555 01 00',
      address: ['Talstation 1', '3999 Alpenhorn VS'],
      openingHours: { de: 'Täglich 08:00–17:00', en: 'Daily 08:00–17:00', fr: 'Tous les jours 08:00–17:00' },
    };
    const command: ChannelCommand = { type: 'UpdateChannel', channelId: id, branding: { contact } };
    const [changed] = decide(command, given(created), noFacts);
    expect(changed?.data).toEqual({ channelId: id, branding: { ...noBranding, contact } });
    const again: ChannelCommand = {
      type: 'UpdateChannel',
      channelId: id,
      branding: { contact: structuredClone(contact) },
    };
    const withContact = given(created, { ...changed!, metadata: meta('2026-11-02T10:00:00.000Z') });
    expect(decide(again, withContact, noFacts)).toEqual([]);
  });
});
