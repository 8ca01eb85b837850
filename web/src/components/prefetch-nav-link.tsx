import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { usePrefetchWhenNear } from '../lib/prefetch/use-prefetch-when-near';

/** A navigation link that loads its page's code before it is clicked. */
export function PrefetchNavLink({
  to,
  prefetch,
  end,
  children,
}: {
  to: string;
  prefetch: () => unknown;
  end?: boolean;
  children: ReactNode;
}) {
  const link = usePrefetchWhenNear<HTMLAnchorElement>(prefetch);
  return (
    <NavLink ref={link} to={to} end={end}>
      {children}
    </NavLink>
  );
}
