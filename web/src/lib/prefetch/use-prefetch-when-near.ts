import { useEffect, useRef, type RefObject } from 'react';

/** §9: links prefetch what they lead to once they come within 200px of the viewport. */
export const PREFETCH_MARGIN = '200px';

/** how long an idle moment is waited for before the prefetch goes anyway */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Runs `work` once the page has loaded and then at the browser's next idle moment: what a link
 * prefetches never competes with the scripts, data and pictures of the first screen.
 */
export function afterLoadWhenIdle(work: () => void): void {
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(work, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * Calls `prefetch` once, when the element first comes within the prefetch margin of the viewport,
 * after the page's load (afterLoadWhenIdle).
 */
export function usePrefetchWhenNear<T extends Element>(prefetch: () => unknown): RefObject<T | null> {
  const element = useRef<T>(null);
  const latestPrefetch = useRef(prefetch);
  latestPrefetch.current = prefetch;

  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        afterLoadWhenIdle(() => void latestPrefetch.current());
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  return element;
}
