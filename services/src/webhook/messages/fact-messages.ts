import type {
  ConsumptionEvent,
  PriceGenerationCompletedData,
  RecordedEvent,
  TicketEvent,
} from '@alpenpass/contracts';
import { fromEvent, message, type MessageBuilder } from './webhook-message';

type TicketsIssued = Extract<TicketEvent, { type: 'TicketsIssued' }>['data'];
type UsageRecorded = Extract<ConsumptionEvent, { type: 'UsageRecorded' }>['data'];

/** consumption-<keycardId>-<yyyy-MM-dd> */
const consumptionIdPattern = /^(\d+)-(\d{4}-\d{2}-\d{2})$/;

function usageMessage(event: RecordedEvent) {
  const { consumptionId, usage } = event.data as UsageRecorded;
  const parts = consumptionIdPattern.exec(consumptionId);
  if (!parts) return null;
  return message('consumption.recorded', {
    consumptionId,
    keycardId: Number(parts[1]),
    day: parts[2]!,
    usageEventId: usage.usageEventId,
    kind: usage.kind,
    quantity: usage.quantity,
    gateId: usage.gateId,
    occurredAt: usage.occurredAt,
  });
}

/** Tickets, usages, price generations and erased accounts: each event says all its message needs. */
export const factMessageBuilders: Record<string, MessageBuilder> = {
  TicketsIssued: fromEvent((event) => {
    const { orderId, tickets } = event.data as TicketsIssued;
    return message('ticket.issued', {
      orderId,
      tickets: tickets.map((ticket) => ({
        ticketId: ticket.ticketId,
        orderItemId: ticket.orderItemId,
        productId: ticket.productId,
        productDefinitionId: ticket.productDefinitionId,
        personId: ticket.personId,
        keycardId: ticket.keycardId ?? null,
        slotId: ticket.slotId,
        validity: ticket.validity,
        day: ticket.day,
      })),
    });
  }),
  UsageRecorded: fromEvent(usageMessage),
  PriceGenerationCompleted: fromEvent((event) => {
    const { generationId, from, to, productDefinitionIds, prices } =
      event.data as PriceGenerationCompletedData;
    return message('prices.published', { generationId, from, to, productDefinitionIds, prices });
  }),
  AccountErased: fromEvent((event) =>
    message('account.deleted', { accountId: (event.data as { accountId: string }).accountId }),
  ),
};
