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

/** Placeholder cards while the catalogue loads. */
export function SkeletonCards({ label, cards }: { label: string; cards: number }) {
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: cards }, (_, index) => (
          <li key={index} className="product-card skeleton-card">
            <div className="product-card-image image-placeholder" />
            <div className="skeleton-line" />
            <div className="skeleton-line short" />
          </li>
        ))}
      </ul>
    </div>
  );
}
