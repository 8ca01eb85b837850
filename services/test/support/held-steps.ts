import type { NewEvent } from '@alpenpass/contracts';
import type { EventStore } from '../../src/platform/event-store/event-store';
import type { IdempotentRequests } from '../../src/platform/idempotent-requests';

/** One call stopped at a step: the test lets other requests overtake it, then lets it go on. */
export interface HeldCall {
  /** resolves once the held call stands at the step */
  reached: Promise<void>;
  release(): void;
}

/**
 * A place in the code where a test stops one chosen call, so a race's bad interleaving happens once, on
 * purpose, instead of by chance in rounds of concurrent requests. Calls no test asked to hold pass on.
 */
export interface Step<Args extends unknown[]> {
  /** the next call that matches stops at the step until released */
  holdNext(matches: (...args: Args) => boolean): HeldCall;
  /** called by the code at the step */
  pass(...args: Args): Promise<void>;
}

export function step<Args extends unknown[]>(): Step<Args> {
  const holds: { matches: (...args: Args) => boolean; arrive: () => void; released: Promise<void> }[] = [];
  return {
    holdNext(matches) {
      let arrive = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ matches, arrive, released });
      return { reached, release };
    },
    async pass(...args) {
      const index = holds.findIndex((hold) => hold.matches(...args));
      if (index < 0) return;
      const [hold] = holds.splice(index, 1);
      hold!.arrive();
      await hold!.released;
    },
  };
}

/** Before an append reaches the store: a command held here has read its stream and decided on it. */
export type AppendStep = Step<[streamName: string, events: NewEvent[]]>;

export function appendsThrough(store: EventStore, appendStep: AppendStep): EventStore {
  return {
    ...store,
    async append(streamName, events, options) {
      await appendStep.pass(streamName, events);
      return store.append(streamName, events, options);
    },
    ...(store.appendToStreams
      ? {
          async appendToStreams(appends, options) {
            for (const { streamName, events } of appends) await appendStep.pass(streamName, events);
            return store.appendToStreams!(appends, options);
          },
        }
      : {}),
  };
}

/** 'claim': a request asks for its Idempotency-Key; 'run': it got the key and is about to run. */
export type ClaimStep = Step<[moment: 'claim' | 'run', key: string]>;

export function claimsThrough(requests: IdempotentRequests, claimStep: ClaimStep): IdempotentRequests {
  return {
    ...requests,
    async claim(scope, key, fingerprint) {
      await claimStep.pass('claim', key);
      const claim = await requests.claim(scope, key, fingerprint);
      if (claim.kind === 'run') await claimStep.pass('run', key);
      return claim;
    },
  };
}
