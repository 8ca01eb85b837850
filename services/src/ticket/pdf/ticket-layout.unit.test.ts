import type { IssuedTicket } from '../ticket';
import { FIXED_TICKET_HEIGHT, layoutTicket, type TicketPdfInput } from './ticket-pdf';

const ticket: IssuedTicket = {
  ticketId: '3f2a1c4e-9b8d-5e7f-a1b2-c3d4e5f60718',
  orderId: 1,
  orderItemId: '00000000-0000-4000-8000-00000000000a',
  productId: 1,
  productDefinitionId: 1031,
  personId: null,
  personIndex: 1,
  personCount: 2,
  slotId: 41,
  validity: { from: '2026-01-10T09:00:00.000+01:00', to: '2026-01-10T10:00:00.000+01:00' },
  day: '2026-01-10',
  code: 'code',
  status: 'VALID',
  issuedAt: '2026-01-01T00:00:00.000Z',
  usedAt: null,
};
const input = (productName: string, dynamicHeight: boolean): TicketPdfInput => ({
  tickets: [ticket],
  refno: 'AP-0000001-3',
  language: 'en',
  operatorName: 'Alpenpass',
  labels: () => ({ productName, definitionName: 'Adult' }),
  dynamicHeight,
});
const longName =
  'Panoramic glacier gondola with access to the viewing platform, the ice palace and the summit restaurant';

describe('ticket height', () => {
  it('is 9 cm whatever the content when dynamicTicketHeight is off (long names are cut to one line)', () => {
    expect(FIXED_TICKET_HEIGHT).toBeCloseTo(255.118, 2);
    expect(layoutTicket(ticket, input('Day pass', false)).height).toBe(FIXED_TICKET_HEIGHT);
    const long = layoutTicket(ticket, input(longName, false));
    expect(long.height).toBe(FIXED_TICKET_HEIGHT);
    expect(long.lines[1]!.height).toBe(layoutTicket(ticket, input('Day pass', false)).lines[1]!.height);
  });

  it('follows the content when dynamicTicketHeight is on: the code sets the least height, a wrapped long name adds to it', () => {
    const short = layoutTicket(ticket, input('Day pass', true));
    const long = layoutTicket(ticket, input(longName, true));
    expect(short.height).toBeLessThan(FIXED_TICKET_HEIGHT);
    expect(long.lines[1]!.height).toBeGreaterThan(2 * short.lines[1]!.height);
    expect(long.height).toBeGreaterThan(short.height);
    expect(long.height).toBeGreaterThanOrEqual(long.lines.reduce((sum, line) => sum + line.height, 0));
    // a ticket without a slot line is no higher than one with it
    expect(layoutTicket({ ...ticket, slotId: null }, input(longName, true)).height).toBeLessThan(long.height);
  });
});
