import type { Language } from '@alpenpass/contracts/src/language-codes';
import { parseJsonWithDates } from '../api/revive-dates';

/** The action that puts a server-rendered page's answers into the api slice (its extractRehydrationInfo). */
export const SERVER_STATE_ACTION = 'serverRendering/state';
export const SERVER_STATE_ELEMENT_ID = 'server-state';

/** What a server-rendered page hands to the browser, so that its first render is the server's. */
export interface ServerState {
  locale: Language;
  /** the shop's clock when the page was rendered (lib/clock/shop-clock.ts) */
  renderedAt: string;
  /** the locale's message catalogue (message id → ICU text) */
  messages: Readonly<Record<string, string>>;
  /** the api slice's state with the answered queries only */
  api: unknown;
}

interface ApiSliceState {
  queries: Record<string, { status?: string } | undefined>;
  [part: string]: unknown;
}

/** The api slice's settled queries (answers and errors: a 404 product renders as not found on both sides); pending ones are the browser's to ask. */
export function settledApiState(state: ApiSliceState): ApiSliceState {
  const queries = Object.fromEntries(
    Object.entries(state.queries).filter(
      ([, entry]) => entry?.status === 'fulfilled' || entry?.status === 'rejected',
    ),
  );
  return { ...state, queries, mutations: {}, subscriptions: {} };
}

/** The state as a JSON script element, safe inside HTML (no `<` that could close it). */
export function serverStateScript(state: ServerState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${json}</script>`;
}

/** The state a server-rendered page carries, or undefined on a page the browser renders alone. */
export function readServerState(document: Document): ServerState | undefined {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  return parseJsonWithDates(element.textContent) as ServerState;
}

export const serverStateAction = (state: ServerState) => ({
  type: SERVER_STATE_ACTION,
  payload: { api: state.api },
});
