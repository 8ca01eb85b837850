import { createInbox, headers, type Msg, type NatsConnection } from 'nats';

/** One message for the stream: `msgID` is JetStream's deduplication key (Nats-Msg-Id). */
export interface BusMessage {
  subject: string;
  data: Uint8Array;
  msgID: string;
}

interface PendingBatch {
  acknowledged: Uint8Array;
  left: number;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Publishes a batch to JetStream pipelined: every message goes out at once with a reply subject of this
 * publisher's one inbox subscription (`<inbox>.<batch>.<index>`), and the batch is settled by one wait
 * for all its acks — one timer per batch instead of a request, a timer and a promise per message. The
 * batch fails whole on the first refused message, a stream that does not answer (no responders) or the
 * timeout; republishing it is safe, JetStream drops what it already has by Nats-Msg-Id.
 */
export function createBatchPublisher(nats: NatsConnection, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const inbox = createInbox();
  const pending = new Map<number, PendingBatch>();
  let batches = 0;

  const acknowledge = (message: Msg) => {
    const [batchToken, indexToken] = message.subject.slice(inbox.length + 1).split('.');
    const batch = pending.get(Number(batchToken));
    const index = Number(indexToken);
    if (!batch || !(index >= 0 && index < batch.acknowledged.length) || batch.acknowledged[index]) return;
    const refusal = refusalOf(message);
    if (refusal) return batch.reject(new Error(`JetStream refused ${message.subject}: ${refusal}`));
    batch.acknowledged[index] = 1;
    if (--batch.left === 0) batch.resolve();
  };
  const subscription = nats.subscribe(`${inbox}.>`, {
    callback: (error, message) => {
      if (!error) acknowledge(message);
    },
  });

  return {
    publish(messages: readonly BusMessage[]): Promise<void> {
      if (messages.length === 0) return Promise.resolve();
      const id = (batches = (batches + 1) % Number.MAX_SAFE_INTEGER);
      const settled = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => done(new Error(`JetStream acknowledged no batch within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const done = (error?: Error) => {
          clearTimeout(timer);
          pending.delete(id);
          if (error) reject(error);
          else resolve();
        };
        pending.set(id, {
          acknowledged: new Uint8Array(messages.length),
          left: messages.length,
          resolve: () => done(),
          reject: done,
        });
      });
      try {
        messages.forEach((message, index) => {
          const header = headers();
          header.set('Nats-Msg-Id', message.msgID);
          nats.publish(message.subject, message.data, { reply: `${inbox}.${id}.${index}`, headers: header });
        });
      } catch (error) {
        pending.get(id)?.reject(error instanceof Error ? error : new Error(String(error)));
      }
      return settled;
    },
    stop(): void {
      subscription.unsubscribe();
      for (const batch of pending.values()) batch.reject(new Error('publisher stopped'));
    },
  };
}

/** Why an ack is not one: a status (503: no stream listens on the subject) or JetStream's error. */
function refusalOf(message: Msg): string | undefined {
  if (message.headers?.hasError)
    return `${message.headers.code} ${message.headers.description}`.trim() || 'no responders';
  if (message.data.length === 0) return 'an empty answer';
  try {
    const answer = JSON.parse(new TextDecoder().decode(message.data)) as {
      error?: { description?: string };
      stream?: string;
    };
    if (answer.error) return answer.error.description ?? 'an error';
    return answer.stream ? undefined : 'no stream named';
  } catch {
    return 'an answer that is not JSON';
  }
}
