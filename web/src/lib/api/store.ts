import { configureStore, isPlain } from '@reduxjs/toolkit';
import type { ServerQueryEnvironment } from '../server-rendering/server-queries';
import { api } from './api-slice';

/** Responses carry Date objects (§7), so dates count as serializable state. */
const isSerializable = (value: unknown) => isPlain(value) || value instanceof Date;

/** The browser's store; a server render passes the environment its queries are answered in. */
export function createStore(server?: ServerQueryEnvironment) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: { server } },
        serializableCheck: { isSerializable },
        immutableCheck: { isImmutable: isSerializable },
      }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
