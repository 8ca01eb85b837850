import { accountStreamName, keycardStreamName, paymentDetailsStreamName } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { accountCallerScope } from '../platform/http/idempotent-route';
import { forgetIdempotencyKeysOf } from '../platform/idempotent-requests';

/** The fields erasure empties in an event's data: names, contact, address lines, card numbers. Ids,
 * amounts, dates of the events and kinds stay. */
const personalFields = new Set([
  'firstName',
  'lastName',
  'birthdate',
  'gender',
  'phone',
  'email',
  'fullName',
  'company',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zip',
  'countryCode',
  'fields',
  'carrierKey',
  'card',
  'masked',
  'alias',
]);

/** kept inside a personal object: what kind of card it is, not whose */
const kindFields = new Set(['type', 'brand', 'expiryMonth', 'expiryYear']);
export const erasedMarker = 'ERASED';

/** Every text under a personal field becomes ERASED; the shape and the kinds stay, so that folds and
 * projections replay the stored events exactly as before (a keycard is still an AXESS card). */
function erasedValue(value: unknown): unknown {
  if (typeof value === 'string') return erasedMarker;
  if (Array.isArray(value)) return value.map(erasedValue);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, kindFields.has(key) ? inner : erasedValue(inner)]),
  );
}

export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      personalFields.has(key) ? erasedValue(inner) : redacted(inner),
    ]),
  );
}

/**
 * Erases an account's personal data outside its folded state (docs/account.md, "Deletion"): the
 * stored events of its own stream, its persons' keycards and its saved cards are rewritten without
 * personal fields (the only update the event store allows, migration 016); its keycard numbers are
 * freed; the embedded provider's user and its sessions and grants are removed. Orders keep their
 * ids, amounts and the account id (a random uuid): what accounting needs, and nobody's name.
 * Idempotent: a second run finds nothing left to change.
 */
export async function erasePersonalData(knex: Knex, accountId: string, personIds: number[]): Promise<void> {
  const streams = [
    accountStreamName(accountId),
    paymentDetailsStreamName(accountId),
    ...personIds.map(keycardStreamName),
  ];
  await knex.transaction(async (trx) => {
    await trx.raw("set local alpenpass.redaction = 'on'");
    const events = await trx('events')
      .select<{ global_position: string; data: unknown }[]>('global_position', 'data')
      .whereIn('stream_name', streams);
    for (const event of events) {
      const data = redacted(event.data);
      if (JSON.stringify(data) !== JSON.stringify(event.data))
        await trx('events')
          .where({ global_position: event.global_position })
          .update({ data: JSON.stringify(data) });
    }
    await trx('keycard_registry').where({ account_id: accountId }).delete();
    // the persons' photos (migration 019)
    await trx('person_avatars').where({ account_id: accountId }).delete();
    // the staff keycard list (read model) holds the card numbers too
    if (await trx.schema.hasTable('keycards'))
      await trx('keycards').where({ account_id: accountId }).update({ data_carrier_id: erasedMarker });
    // the embedded provider's account ids are uuids (others are not looked up there)
    const users = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(accountId)
      ? await trx('identity_users').select<{ id: string }[]>('id').where({ account_id: accountId })
      : [];
    const userIds = users.map((user) => user.id);
    if (userIds.length) {
      await trx('identity_oidc_payloads').whereRaw("payload->>'accountId' = any(?)", [userIds]).delete();
      await trx('identity_users').whereIn('id', userIds).delete();
    }
    await trx('account_identities').where({ account_id: accountId }).delete();
    // the answers kept for its Idempotency-Keys (orders with names and addresses)
    await forgetIdempotencyKeysOf(trx, accountCallerScope(accountId));
  });
}

/** The person ids an account ever had (its keycard streams are named by them). */
export function personIdsOf(events: { type: string; data: unknown }[]): number[] {
  return [
    ...new Set(
      events
        .filter((event) => event.type === 'PersonAdded')
        .map((event) => (event.data as { personId: number }).personId),
    ),
  ];
}
