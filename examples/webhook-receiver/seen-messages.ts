import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface ReceivedMessage {
  webhookId: string;
  receivedAt: string;
  payload: unknown;
}

/**
 * The messages taken so far, by webhook-id, kept in a JSON-lines file so that a restarted receiver still
 * knows them: a retry or redelivery of a message already taken is answered 200 and not processed again.
 */
export function seenMessages(file: string) {
  const received: ReceivedMessage[] = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ReceivedMessage)
    : [];
  const ids = new Set(received.map((message) => message.webhookId));
  mkdirSync(dirname(file), { recursive: true });
  return {
    has: (webhookId: string) => ids.has(webhookId),
    /** records a message; false when its id was taken before */
    take(webhookId: string, payload: unknown): boolean {
      if (ids.has(webhookId)) return false;
      const message = { webhookId, receivedAt: new Date().toISOString(), payload };
      appendFileSync(file, `${JSON.stringify(message)}\n`);
      ids.add(webhookId);
      received.push(message);
      return true;
    },
    all: () => received,
  };
}
