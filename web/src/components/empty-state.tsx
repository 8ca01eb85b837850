import type { ReactNode } from 'react';

/** Nothing to show yet (an empty basket, no search result): what that means and where to go next. */
export function EmptyState({ title, hint, children }: { title: string; hint: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <svg
        className="empty-state-picture"
        viewBox="0 0 120 72"
        width="120"
        height="72"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M0 64 34 22l18 20 22-28 46 50z" fill="currentColor" opacity=".25" />
        <path d="m34 22 7 8-5-1-4 3-4-3-4 1zm40-8 8 9-5-1-4 3-4-3-5 1z" fill="#fff" />
        <path d="M0 64h120v8H0z" fill="currentColor" opacity=".4" />
      </svg>
      <p className="empty-state-title">{title}</p>
      <p className="hint">{hint}</p>
      {children}
    </div>
  );
}
