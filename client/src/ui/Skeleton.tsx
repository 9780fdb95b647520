// A placeholder with the shape of content still loading (a line of text or a photo), shimmering
// unless the person asked for reduced motion. Hidden from assistive technology: the loading
// state is announced by the page (aria-busy or a status line).

import type { CSSProperties, ReactNode } from 'react';

export function Skeleton({ kind = 'text', width, height }: { kind?: 'text' | 'block'; width?: string; height?: string }) {
  const style: CSSProperties = {};
  if (width) style.inlineSize = width;
  if (height) style.blockSize = height;
  return <span className={`skeleton skeleton--${kind}`} style={style} aria-hidden="true" />;
}

/** A card-shaped placeholder: photo, title line, price line. */
export function SkeletonCard() {
  return (
    <span className="skeleton-card" aria-hidden="true">
      <Skeleton kind="block" />
      <Skeleton width="80%" />
      <Skeleton width="40%" />
    </span>
  );
}

/**
 * The loading state of a region: a `status` named for what is loading (read once by screen
 * readers), holding placeholders with the shape of what will replace them, so that nothing
 * moves when it arrives.
 */
export function SkeletonStatus({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `skeleton-status ${className}` : 'skeleton-status'} role="status" aria-label={label} aria-busy="true">
      {children}
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** A grid of card placeholders, laid out as the ad cards' grid (`.ad-cards__grid`). */
export function SkeletonCards({ label, count = 8 }: { label: string; count?: number }) {
  return (
    <SkeletonStatus label={label} className="ad-cards__grid">
      {Array.from({ length: count }, (_, i) => (
        <SkeletonCard key={i} />
      ))}
    </SkeletonStatus>
  );
}
