import { useNavigation } from 'react-router';

/**
 * A bar along the top of the window from the moment a navigation starts until its page can show
 * (its code loading): the click is answered at once, before the next page or its skeleton is there.
 * Decorative: the new page's heading takes the focus when it arrives (focus-on-navigation.ts).
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return <div className="navigation-progress" data-busy={busy} aria-hidden="true" />;
}
