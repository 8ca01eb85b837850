import type { Medium, OrderEvent, Personalization } from '@alpenpass/contracts';
import {
  A,
  B,
  cancelled,
  given,
  namingFacts,
  orderId,
  orderItem,
  paid,
  pending,
  placedEvent,
  refusalOf,
  reserved,
} from '../../test/support/order-given';
import { decidePersonalization, type PersonalizationCommand } from './personalization-decide';

const when = (command: PersonalizationCommand, ...events: OrderEvent[]) =>
  decidePersonalization(command, given(...events));
const refusal = (command: PersonalizationCommand, ...events: OrderEvent[]) =>
  refusalOf(() => when(command, ...events));

describe('PersonalizeItem', () => {
  const personalization: Personalization = { personId: null, medium: 'SWISSPASS', keycardId: null };
  const personalize = (
    itemId: string,
    media: Medium[] = ['SWISSPASS'],
    chosen: Partial<Personalization> = {},
  ): PersonalizationCommand => ({
    type: 'PersonalizeItem',
    data: { itemId, personalization: { ...personalization, ...chosen }, facts: namingFacts(media) },
  });

  it('records the personalization of an item while the order is CREATED; the same again changes nothing', () => {
    const personalized: OrderEvent = {
      type: 'OrderItemPersonalized',
      data: { orderId, itemId: A, ...personalization },
    };
    expect(when(personalize(A), placedEvent)).toEqual([personalized]);
    expect(given(placedEvent, personalized)).toMatchObject({
      items: [
        expect.objectContaining({ itemId: A, personalization }),
        expect.objectContaining({ personalization: null }),
      ],
    });
    expect(when(personalize(A), placedEvent, personalized)).toEqual([]);
  });

  it('refuses an unknown item (404), a medium the product does not offer (400), a reserved or paid order (409)', () => {
    expect(refusal(personalize(B.replace('b', 'c')), placedEvent)).toMatchObject({
      kind: 'not_found',
      code: 'ORDER_ITEM_NOT_FOUND',
      message: 'item with id not found',
    });
    expect(refusal(personalize(A, ['AXESS']), placedEvent)).toMatchObject({
      kind: 'invalid',
      code: 'MEDIUM_NOT_OFFERED',
      path: 'mediumType',
    });
    expect(refusal(personalize(A), placedEvent, reserved)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_NOT_OPEN',
    });
    expect(refusal(personalize(A), placedEvent, reserved, paid)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_ALREADY_PAID',
    });
  });

  it("judges the person by the basket's naming rules: the account's, of the definition's age, once per definition and slot", () => {
    expect(refusal(personalize(A, undefined, { personId: 9 }), placedEvent)).toMatchObject({
      kind: 'not_found',
      code: 'PERSON_NOT_FOUND',
    });
    expect(refusal(personalize(A, undefined, { personId: 6 }), placedEvent)).toMatchObject({
      kind: 'invalid',
      code: 'PERSON_AGE_NOT_ALLOWED',
      path: 'personId',
    });
    const twoSlotItems: OrderEvent = {
      ...placedEvent,
      data: { ...placedEvent.data, items: [orderItem(A, 4200, 1, 7), orderItem(B, 4200, 1, 7)] },
    } as OrderEvent;
    const onA: OrderEvent = {
      type: 'OrderItemPersonalized',
      data: { orderId, itemId: A, ...personalization, personId: 5 },
    };
    expect(refusal(personalize(B, undefined, { personId: 5 }), twoSlotItems, onA)).toMatchObject({
      kind: 'invalid',
      code: 'PERSON_NAMED_TWICE',
      path: 'personId',
    });
  });
});

describe('AssignItem (after the order)', () => {
  const assign = (itemId: string, personId = 5, usedItemIds: string[] = []): PersonalizationCommand => ({
    type: 'AssignItem',
    data: { itemId, personId, facts: namingFacts(), usedItemIds },
  });
  const assigned = (personId: number): OrderEvent => ({
    type: 'OrderItemPersonalized',
    data: { orderId, itemId: B, personId, medium: null, keycardId: null },
  });

  it('names the person of an item of one place whatever the payment stands at, keeping its medium and keycard; once', () => {
    for (const events of [
      [placedEvent],
      [placedEvent, reserved],
      [placedEvent, pending],
      [placedEvent, reserved, paid],
    ])
      expect(when(assign(B), ...events)).toEqual([assigned(5)]);
    expect(when(assign(B), placedEvent, reserved, paid, assigned(5))).toEqual([]);
    const carded: OrderEvent = {
      type: 'OrderItemPersonalized',
      data: { orderId, itemId: B, personId: null, medium: 'SWISSPASS', keycardId: null },
    };
    expect(when(assign(B), placedEvent, carded)).toEqual([
      {
        type: 'OrderItemPersonalized',
        data: { orderId, itemId: B, personId: 5, medium: 'SWISSPASS', keycardId: null },
      },
    ]);
  });

  it('refuses a cancelled order or item, a refunded or used item, an item of several places, and what the naming rules refuse', () => {
    expect(refusal(assign(B), placedEvent, cancelled)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_CANCELLED',
    });
    const itemCancelled: OrderEvent = {
      type: 'OrderItemsCancelled',
      data: {
        orderId,
        cancellationId: 1,
        itemIds: [B],
        reason: null,
        cancelledBy: 'CUSTOMER',
        status: 'PARTIALLY_CANCELLED',
        paymentStatus: 'PAID',
      },
    };
    expect(refusal(assign(B), placedEvent, reserved, paid, itemCancelled)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_ITEM_CANCELLED',
    });
    const refundLine = { itemId: B, amount: 100 };
    const refunded: OrderEvent = {
      type: 'OrderRefundRequested',
      data: {
        orderId,
        refundId: 1,
        requestKey: null,
        lines: [refundLine],
        amount: 100,
        destination: 'ON_SITE',
        reason: null,
        requestedBy: 'STAFF',
        status: 'PARTIALLY_REFUNDED',
        paymentStatus: 'PARTIALLY_REFUNDED',
      },
    };
    expect(refusal(assign(B), placedEvent, reserved, paid, refunded)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_ITEM_REFUNDED',
    });
    expect(refusal(assign(B, 5, [B]), placedEvent, reserved, paid)).toMatchObject({
      kind: 'conflict',
      code: 'TICKET_USED',
    });
    expect(refusal(assign(A), placedEvent)).toMatchObject({
      kind: 'invalid',
      code: 'ORDER_ITEM_FOR_SEVERAL_PERSONS',
    });
    expect(refusal(assign(B, 6), placedEvent)).toMatchObject({
      kind: 'invalid',
      code: 'PERSON_AGE_NOT_ALLOWED',
    });
    expect(refusal(assign(B, 9), placedEvent)).toMatchObject({ kind: 'not_found', code: 'PERSON_NOT_FOUND' });
    expect(refusal(assign(B.replace('b', 'c')), placedEvent)).toMatchObject({
      kind: 'not_found',
      code: 'ORDER_ITEM_NOT_FOUND',
    });
  });
});
