/** What a role process tells the supervisor over the IPC channel. */
export interface ReadyMessage {
  type: 'alpenpass:ready';
  roles: string[];
  url?: string;
}

export function isReadyMessage(message: unknown): message is ReadyMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === 'alpenpass:ready'
  );
}
