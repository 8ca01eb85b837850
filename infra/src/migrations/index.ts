import { eventStoreMigration } from './001-event-store';
import { checkpointsMigration } from './002-checkpoints';
import { capacitySequencesMigration } from './003-capacity-sequences';
import { eventTransactionIdsMigration } from './004-event-transaction-ids';
import { projectionFailuresMigration } from './005-projection-failures';
import { rateLimitsMigration } from './006-rate-limits';
import { accountSequencesMigration } from './008-account-sequences';
import { orderSequencesMigration } from './007-order-sequences';
import { keycardsMigration } from './013-keycards';
import { paymentDetailIdsMigration } from './015-payment-detail-ids';
import { sentMailsMigration } from './010-sent-mails';
import { discountsMigration } from './012-discounts';
import { identityMigration } from './014-identity';
import { accountsMigration } from './016-accounts';
import { consumptionsMigration } from './017-consumptions';
import { idempotentRequestsMigration } from './018-idempotent-requests';
import { personAvatarsMigration } from './019-person-avatars';
import { webhooksMigration } from './020-webhooks';
import { waitingRoomMigration } from './021-waiting-room';
import { waitingRoomPaceMigration } from './022-waiting-room-pace';
import { basketHoldTimersMigration } from './023-basket-hold-timers';
import type { Migration } from './migration';

/** Schema migrations of the write side and shared tables, in order. Read-model tables are not here:
 * each projection creates its own (versioned) table so that it can be rebuilt side by side. */
export const migrations: Migration[] = [
  eventStoreMigration,
  checkpointsMigration,
  capacitySequencesMigration,
  eventTransactionIdsMigration,
  projectionFailuresMigration,
  rateLimitsMigration,
  accountSequencesMigration,
  orderSequencesMigration,
  keycardsMigration,
  paymentDetailIdsMigration,
  sentMailsMigration,
  discountsMigration,
  identityMigration,
  accountsMigration,
  consumptionsMigration,
  idempotentRequestsMigration,
  personAvatarsMigration,
  webhooksMigration,
  waitingRoomMigration,
  waitingRoomPaceMigration,
  basketHoldTimersMigration,
];

export type { Migration } from './migration';
