/** Test data shaped like the API's answers (instants as ISO text, days as yyyy-MM-dd), docs/consumptions.md. */
const chf = (amount: number) => ({ amount, currency: 'CHF' });

export const SKIDATA_CARD = {
  id: 17,
  personId: 1,
  type: 'SKIDATA',
  clientKey: 'KEYCARD:SKIDATA',
  status: 'ACTIVE',
  dataCarrierId: '01-1614 7255 0123 4567 8901-3',
  fields: {},
  createdAt: '2026-11-01T10:00:00.000Z',
};

const usage = (eventId: string, kind: string, occurredAt: string, gateId: string, quantity = 1) => ({
  eventId,
  kind,
  quantity,
  gateId,
  occurredAt,
});

/** A paid day: a passage, two rides and the car park, billed in order 9001. */
export const paidDay = {
  id: '17-2026-12-20',
  keycardId: 17,
  personId: 1,
  day: '2026-12-20',
  status: 'BILLED',
  productId: 107,
  productDefinitionId: 1071,
  price: chf(6900),
  passages: 1,
  rides: 2,
  parkingMinutes: 95,
  firstUsedAt: '2026-12-20T08:05:00.000Z',
  lastUsedAt: '2026-12-20T14:40:00.000Z',
  orderId: 9001,
  usages: [
    usage('skd-1', 'PASSAGE', '2026-12-20T08:05:00.000Z', 'alpenhorn-valley-turnstile-1'),
    usage('skd-2', 'RIDE', '2026-12-20T08:20:00.000Z', 'alpenhorn-gondola'),
    usage('skd-3', 'RIDE', '2026-12-20T10:10:00.000Z', 'summit-chair'),
    usage('skd-4', 'PARKING', '2026-12-20T14:40:00.000Z', 'alpenhorn-valley-parking', 95),
  ],
  order: { id: 9001, refno: 'AP-0009001-4', status: 'PAID', paymentStatus: 'PAID' },
};

/** Ridden yesterday, charged, not in a bill yet. */
export const openDay = {
  ...paidDay,
  id: '17-2026-12-21',
  day: '2026-12-21',
  status: 'UNBILLED',
  passages: 1,
  rides: 5,
  parkingMinutes: 0,
  firstUsedAt: '2026-12-21T08:40:00.000Z',
  lastUsedAt: '2026-12-21T15:10:00.000Z',
  orderId: null,
  usages: [usage('skd-9', 'PASSAGE', '2026-12-21T08:40:00.000Z', 'alpenhorn-valley-turnstile-2')],
  order: null,
};

/** Billed, but the saved card was declined: the order waits for the customer. */
export const declinedDay = {
  ...paidDay,
  id: '17-2026-12-19',
  day: '2026-12-19',
  status: 'BILLING',
  orderId: 9000,
  order: { id: 9000, refno: 'AP-0009000-1', status: 'CREATED', paymentStatus: 'FAILED' },
};

/** A card the shop no longer lists (deleted), seen where pay per use was not registered. */
export const notBillableDay = {
  ...openDay,
  id: '23-2026-12-18',
  keycardId: 23,
  day: '2026-12-18',
  status: 'NOT_BILLABLE',
  price: chf(0),
  productId: null,
  productDefinitionId: null,
  usages: [],
};

export const seasonUsage = {
  from: '2026-12-05',
  to: '2027-04-18',
  keycards: [
    {
      keycardId: 17,
      days: [
        {
          day: '2026-12-20',
          consumptionId: '17-2026-12-20',
          status: 'BILLED',
          price: chf(6900),
          passages: 1,
          rides: 2,
          parkingMinutes: 95,
        },
        {
          day: '2026-12-21',
          consumptionId: '17-2026-12-21',
          status: 'UNBILLED',
          price: chf(7400),
          passages: 1,
          rides: 5,
          parkingMinutes: 0,
        },
      ],
      totals: { days: 2, passages: 2, rides: 7, parkingMinutes: 95, billed: chf(6900), open: chf(7400) },
    },
  ],
  totals: { days: 2, passages: 2, rides: 7, parkingMinutes: 95, billed: chf(6900), open: chf(7400) },
};

export const emptySeason = {
  from: '2026-12-05',
  to: '2027-04-18',
  keycards: [],
  totals: { days: 0, passages: 0, rides: 0, parkingMinutes: 0, billed: chf(0), open: chf(0) },
};

export const payPerUseCatalogue = [
  {
    slug: 'pay-per-use',
    name: 'Pay per use',
    description: '',
    image: null,
    products: [{ id: 107, kind: 'CONSUMPTION', name: 'Pay-per-use ski day' }],
  },
];
