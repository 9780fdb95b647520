// Pages loaded on demand, as React.lazy loads them, except that a page whose code is already
// here renders at once: the first page's code is started before the first render
// (firstPage.ts), so a page the server drew (its first paint) is replaced by the same page and
// never by the loader of the layout's Suspense.

import { createElement, lazy, useState, type ComponentType } from 'react';

export type LazyPage<P extends object> = ComponentType<P> & {
  /** Loads the page's code; the page then renders without suspending. */
  preload: () => Promise<void>;
};

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed load (a network error) may be tried again by the next render.
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(start) as unknown as ComponentType<P>;
  function Page(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded page would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Page, { preload: () => start().then(() => undefined) });
}
