/**
 * Grey placeholder bars in the shape of what is loading (no jump when it arrives); screen readers
 * hear the label once instead.
 */
export function SkeletonLines({ label, lines }: { label: string; lines: number }) {
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

/** Placeholder cards while the catalogue loads, each line where a real card has its text (no jump when it arrives). */
export function SkeletonCards({ label, cards }: { label: string; cards: number }) {
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: cards }, (_, index) => (
          <li key={index} className="product-card skeleton-card">
            <div className="product-card-image image-placeholder" />
            <div className="product-card-body">
              <div className="skeleton-line small short" />
              <div className="skeleton-line title" />
              <div className="skeleton-line" />
              <div className="skeleton-line" />
              <div className="skeleton-line short" />
              <div className="skeleton-button" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Grey chips in the place of a list of toggle chips that is still loading. */
export function SkeletonChips({ chips }: { chips: number }) {
  return (
    <>
      {Array.from({ length: chips }, (_, index) => (
        <span key={index} className="chip skeleton-chip" aria-hidden="true" />
      ))}
    </>
  );
}

/**
 * A product page while its product loads: the picture's box (the demo's pictures are 16:9), the title,
 * the description, the back link and the configurator's first fields where they will be.
 */
export function SkeletonProductPage({ label }: { label: string }) {
  return (
    <div className="product-page skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      <div className="product-picture image-placeholder skeleton-picture" aria-hidden="true" />
      <div aria-hidden="true">
        <div className="skeleton-line heading" />
        <div className="skeleton-line" />
        <div className="skeleton-line short" />
        <div className="skeleton-block" />
      </div>
    </div>
  );
}
