import { connect } from 'nats';

/** Removes the JetStream streams a test's shop made for itself (its events, its access-usage stream),
 * so that no stream of a finished test is left holding a subject. */
export async function deleteNatsStreams(...names: string[]): Promise<void> {
  const nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    const { streams } = await nats.jetstreamManager();
    for (const name of names) await streams.delete(name).catch(() => undefined);
  } finally {
    await nats.drain();
  }
}
