import { configureStore, isPlain } from '@reduxjs/toolkit';
import { api } from './api-slice';

/** Responses carry Date objects (§7), so dates count as serializable state. */
const isSerializable = (value: unknown) => isPlain(value) || value instanceof Date;

export function createStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { isSerializable },
        immutableCheck: { isImmutable: isSerializable },
      }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
