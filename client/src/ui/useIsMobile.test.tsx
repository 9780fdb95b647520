// The mobile breakpoint (spec §9: the mobile layout below 728 px): 727 px is mobile, 728 px is
// not, and a window resized across the boundary changes the answer. jsdom has no media
// queries, so a small matchMedia evaluates the hook's own `max-width` query against a width
// the test sets, as a browser would.

import { act, render, screen } from '@testing-library/react';
import { MOBILE_QUERY, useIsMobile } from './useIsMobile';

/** A window width and a matchMedia that answers `(max-width: N px)` queries for it. */
function fakeViewport(initialWidth: number) {
  let width = initialWidth;
  const lists: { query: string; listeners: Set<() => void>; last: boolean }[] = [];
  const matches = (query: string) => {
    const maxWidth = /^\(max-width:\s*([\d.]+)px\)$/.exec(query);
    if (!maxWidth) throw new Error(`unexpected media query ${query}`);
    return width <= Number(maxWidth[1]);
  };
  const matchMedia = jest.fn((query: string) => {
    const entry = { query, listeners: new Set<() => void>(), last: matches(query) };
    lists.push(entry);
    return {
      media: query,
      get matches() {
        return matches(query);
      },
      addEventListener: (_: 'change', listener: () => void) => entry.listeners.add(listener),
      removeEventListener: (_: 'change', listener: () => void) => entry.listeners.delete(listener),
    } as unknown as MediaQueryList;
  });
  Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true, writable: true });
  return {
    matchMedia,
    resize(to: number) {
      width = to;
      for (const entry of lists) {
        const now = matches(entry.query);
        if (now === entry.last) continue;
        entry.last = now;
        for (const listener of entry.listeners) listener();
      }
    },
  };
}

function Probe() {
  return <p>{useIsMobile() ? 'mobile' : 'desktop'}</p>;
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

it.each([
  [320, 'mobile'],
  [727, 'mobile'],
  [727.5, 'mobile'],
  [728, 'desktop'],
  [1280, 'desktop'],
])('a window %d px wide gets the %s layout', (width, layout) => {
  const viewport = fakeViewport(width);
  render(<Probe />);
  expect(screen.getByText(layout)).toBeInTheDocument();
  expect(viewport.matchMedia).toHaveBeenCalledWith(MOBILE_QUERY);
});

it('follows the window across the 728 px boundary both ways', () => {
  const viewport = fakeViewport(728);
  render(<Probe />);
  expect(screen.getByText('desktop')).toBeInTheDocument();
  act(() => {
    viewport.resize(727);
  });
  expect(screen.getByText('mobile')).toBeInTheDocument();
  act(() => {
    viewport.resize(728);
  });
  expect(screen.getByText('desktop')).toBeInTheDocument();
});

it('is the desktop layout where the browser has no media queries', () => {
  render(<Probe />);
  expect(screen.getByText('desktop')).toBeInTheDocument();
});
