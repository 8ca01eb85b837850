import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  accessTokenOf,
  forgetSessionAnswer,
  markSessionAnswered,
  setSessionAccessToken,
} from './access-token';
import {
  createSessionClient,
  type SessionClient,
  type SessionClientOptions,
  type SessionState,
} from './session-client';

const SessionClientContext = createContext<SessionClient | null>(null);

/** One session client per app: started on mount, stopped on unmount. */
export function SessionProvider({
  options,
  children,
}: {
  options?: SessionClientOptions;
  children: ReactNode;
}) {
  const [client] = useState(() => {
    const created = createSessionClient(options);
    // set before any subscriber re-renders, so the pages' first calls already carry the token
    created.subscribe(() => {
      const state = created.getState();
      setSessionAccessToken(accessTokenOf(state.data));
      if (state.status !== 'loading') markSessionAnswered();
    });
    return created;
  });
  useEffect(() => {
    const stop = client.start();
    return () => {
      stop();
      setSessionAccessToken(undefined);
      forgetSessionAnswer();
    };
  }, [client]);
  return <SessionClientContext.Provider value={client}>{children}</SessionClientContext.Provider>;
}

export function useSessionClient(): SessionClient {
  const client = useContext(SessionClientContext);
  if (!client) throw new Error('useSession needs a SessionProvider above it.');
  return client;
}

/** The session state (§4), re-rendered on every change. */
export function useSession(): SessionState {
  const client = useSessionClient();
  // the session starts loading on every render, the server's too: hydration draws that first
  return useSyncExternalStore(client.subscribe, client.getState, client.getState);
}
