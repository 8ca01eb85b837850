import { Client, Connection } from '@temporalio/client';

/** One Temporal client per process, connected on first use. */
export function lazyTemporalClient(settings: { address: string; namespace: string }) {
  let connecting: Promise<{ connection: Connection; client: Client }> | undefined;
  const connect = () => {
    connecting ??= Connection.connect({ address: settings.address })
      .then((connection) => ({
        connection,
        client: new Client({ connection, namespace: settings.namespace }),
      }))
      .catch((error: unknown) => {
        connecting = undefined;
        throw error;
      });
    return connecting;
  };
  return {
    client: async () => (await connect()).client,
    /** answers when the frontend does (readiness) */
    async check() {
      const { connection } = await connect();
      await connection.workflowService.getSystemInfo({});
    },
    async close() {
      if (connecting) await (await connecting).connection.close().catch(() => undefined);
    },
  };
}
