import { useEffect, useRef } from 'react';

/** The path without its locale: switching the language is not a new page. */
const pageOf = (pathname: string) => pathname.split('/').slice(2).join('/');

/**
 * After a navigation the focus moves to the new page's heading (h1 in main), so a screen reader
 * announces the page and the next Tab starts from there. Lazily loaded pages render their heading a
 * little later: the hook waits for it. The first page load keeps the browser's own start.
 */
export function useFocusHeadingOnNavigation(pathname: string): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const page = pageOf(pathname);
    const first = previous.current === null;
    const samePage = previous.current === page;
    previous.current = page;
    if (first || samePage) return;
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = () => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname]);
}
