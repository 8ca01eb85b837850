export * from './events';
export * from './api';
export * from './languages';
export * from './feature-flags';
export * from './settings';
export * from './task-queues';

export * from './validators/messages';
export * from './validators/env';
export * from './validators/text-formats';
export * from './validators/dates';
export * from './validators/parsers';
export * from './validators/comma-lists';
export * from './validators/ids';
export * from './validators/licence-plate';
export * from './validators/phone-number';
export * from './validators/email';
export * from './validators/country-code';

export * from './reference/countries';

export * from './domain/order';
export * from './domain/medium';
export * from './domain/subscription';
export * from './domain/channel';
export * from './domain/session';
export * from './domain/address';
export * from './domain/person';
export * from './domain/keycard';
export * from './domain/discount';
export * from './domain/pricing';
export * from './domain/payment-codes';
export * from './domain/payment-records';
export * from './domain/checkout-payment';
export * from './domain/custom-form-fields';
export * from './domain/content-documents';
export * from './domain/item-selection';
export * from './domain/filter-entry';

export * from './queries/paging';
export * from './queries/filter-tree';
export * from './queries/list-query';
export * from './pricing';
export * from './catalogue';
export * from './channel';
export * from './capacity';
export * from './booking';
export * from './basket';
