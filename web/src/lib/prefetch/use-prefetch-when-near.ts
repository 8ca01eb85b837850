import { useEffect, useRef, type RefObject } from 'react';

/** §9: links prefetch what they lead to once they come within 200px of the viewport. */
export const PREFETCH_MARGIN = '200px';

/** Calls `prefetch` once, when the element first comes within the prefetch margin of the viewport. */
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
        void latestPrefetch.current();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  return element;
}
