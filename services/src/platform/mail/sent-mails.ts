import type { Knex } from 'knex';

export interface SentMailRecord {
  messageId: string;
  orderId: number | null;
  kind: string;
  recipient: string;
  language: string;
}

/**
 * Sends a mail at most once per Message-ID. The claim row is inserted in a transaction that stays open
 * while the mail goes out: a concurrent attempt waits on the row and then finds it taken; a failed send
 * rolls the claim back, so the retry sends. Only a crash between the relay's acceptance and the commit
 * can repeat a mail, and then with the same Message-ID (docs/mails.md).
 */
export async function sendOnce(
  knex: Knex,
  record: SentMailRecord,
  send: () => Promise<void>,
): Promise<'sent' | 'already-sent'> {
  return knex.transaction(async (trx) => {
    const claimed = await trx('sent_mails')
      .insert({
        message_id: record.messageId,
        order_id: record.orderId,
        kind: record.kind,
        recipient: record.recipient,
        language: record.language,
      })
      .onConflict('message_id')
      .ignore()
      .returning('message_id');
    if (claimed.length === 0) return 'already-sent';
    await send();
    return 'sent';
  });
}

export async function findSentMail(
  knex: Knex,
  messageId: string,
): Promise<{ recipient: string; kind: string; sentAt: Date } | null> {
  const row = await knex('sent_mails')
    .where('message_id', messageId)
    .first<{ recipient: string; kind: string; sent_at: Date } | undefined>();
  return row ? { recipient: row.recipient, kind: row.kind, sentAt: row.sent_at } : null;
}
