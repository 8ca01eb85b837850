/** §3 "Cached data groups": one RTK Query tag type per group, invalidated by the mutations that change it. */
export const cacheTagTypes = [
  'Person',
  'Owner',
  'Address',
  'Country',
  'ConsumptionUsage',
  'Receipt',
  'Order',
  'ExternalTicketItem',
  'Product',
  'Validity',
  'Subscription',
  'PaymentDetail',
  'OnlineCreditBalance',
  'Account',
  'Slot',
  'Ticket',
  'Keycard',
  'Client',
  'Checkout',
] as const;

export type CacheTagType = (typeof cacheTagTypes)[number];

/** The id a list query provides, so that creating an item can invalidate every list of its type. */
export const LIST_TAG_ID = 'LIST';
