// Whether the mobile layout applies (spec §9: below 728 px), following the window's width.

import { useSyncExternalStore } from 'react';

export const MOBILE_QUERY = '(max-width: 727.98px)';

function query(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(MOBILE_QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => {
    list?.removeEventListener('change', onChange);
  };
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false);
}
