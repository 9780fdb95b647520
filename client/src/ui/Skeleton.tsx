// A placeholder with the shape of content still loading (a line of text or a photo), shimmering
// unless the person asked for reduced motion. Hidden from assistive technology: the loading
// state is announced by the page (aria-busy or a status line).

import type { CSSProperties } from 'react';

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
