// The ad view's map: the bundled outline of Morocco with the city's dot whenever no street map
// can show (no tile server configured, tiles failing, the map's code failing to load), the
// street map in its place once a tile has drawn, and an outline that matches its generator.

import { act, render, screen, waitFor } from '@testing-library/react';
import { execFileSync } from 'node:child_process';
import { IntlProvider } from 'react-intl';
import { arMessages, frMessages } from '../../app/messagesForTests';
import { AdMap } from './AdMap';
import { OUTLINE, project } from './moroccoMap';
import type { TileMapEvents } from './tileMap';

const drawn: { element: HTMLElement; url: string; events: TileMapEvents; removed: boolean }[] = [];
jest.mock('./tileMap', () => ({
  drawTileMap: (element: HTMLElement, _place: unknown, tiles: { url: string }, events: TileMapEvents) => {
    const entry = { element, url: tiles.url, events, removed: false };
    drawn.push(entry);
    return () => {
      entry.removed = true;
    };
  },
}));

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

function configure(url: string | null) {
  document.head.querySelectorAll('meta[name^="souk-map"]').forEach((m) => { m.remove(); });
  if (url === null) return;
  const tags: [string, string][] = [['souk-map-tiles', url], ['souk-map-attribution', '© OpenStreetMap']];
  for (const [name, content] of tags) {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.appendChild(meta);
  }
}

function renderMap(language: 'fr' | 'ar' = 'fr', city = 'Casablanca') {
  return render(
    <IntlProvider locale={language} messages={language === 'fr' ? frMessages : arMessages}>
      <AdMap latitude={33.57} longitude={-7.59} city={city} />
    </IntlProvider>,
  );
}

function only() {
  const [entry] = drawn;
  if (!entry || drawn.length !== 1) throw new Error(`${String(drawn.length)} maps drawn`);
  return entry;
}

beforeEach(() => {
  drawn.length = 0;
});
afterAll(() => { configure(null); });

describe('AdMap', () => {
  it('without a tile server shows the city on the outline of Morocco, never coordinates', () => {
    configure(null);
    const { container } = renderMap();
    const outline = screen.getByRole('img', { name: 'Carte du Maroc situant Casablanca' });
    expect(outline.querySelector('.ad-map__land')?.getAttribute('d')).toBe(OUTLINE.path);
    expect(outline.querySelector('.ad-map__neighbours')?.getAttribute('d')).toBe(OUTLINE.neighbours);
    expect(outline).toHaveTextContent('Casablanca');
    expect(container.querySelector('figcaption')).toHaveTextContent('Casablanca : emplacement approximatif de la ville.');
    expect(container).not.toHaveTextContent(/33[.,]57|7[.,]59/);
    expect(container.querySelector('.ad-map__tiles')).toBeNull();
    expect(drawn).toHaveLength(0);
  });

  it('puts the dot where the city is: Casablanca on the Atlantic coast, Oujda in the north-east, Dakhla in the south', () => {
    const casablanca = project(33.57, -7.59);
    const oujda = project(34.68, -1.91);
    const dakhla = project(23.68, -15.96);
    expect(oujda.x).toBeGreaterThan(casablanca.x);
    expect(dakhla.y).toBeGreaterThan(casablanca.y);
    expect(dakhla.x).toBeLessThan(casablanca.x);
    for (const p of [casablanca, oujda, dakhla]) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(OUTLINE.width);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(OUTLINE.height);
    }
    // Beyond the country: clamped to the drawing, not drawn off it.
    expect(project(48.85, 2.35)).toEqual({ x: OUTLINE.width, y: 0 });
  });

  it('keeps the outline when the tiles cannot load', async () => {
    configure(OSM);
    const { container } = renderMap();
    await waitFor(() => { expect(drawn).toHaveLength(1); });
    expect(only().url).toBe(OSM);
    act(() => { only().events.onFail(); });
    expect(container.querySelector('figure')).toHaveAttribute('data-shown', 'outline');
    expect(screen.getByRole('img', { name: 'Carte du Maroc situant Casablanca' })).toBeVisible();
  });

  it('shows the street map once a tile has drawn, and removes it when the page goes', async () => {
    configure(OSM);
    const { container, unmount } = renderMap();
    await waitFor(() => { expect(drawn).toHaveLength(1); });
    expect(container.querySelector('figure')).toHaveAttribute('data-shown', 'outline');
    // Out of reach (no focus on its controls) until a tile has drawn.
    expect(only().element).toHaveAttribute('inert');
    act(() => { only().events.onReady(); });
    expect(only().element).not.toHaveAttribute('inert');
    expect(container.querySelector('figure')).toHaveAttribute('data-shown', 'tiles');
    expect(screen.getByRole('region', { name: 'Plan de Casablanca' })).toBe(only().element);
    // The outline is no longer announced next to the street map.
    expect(screen.queryByRole('img', { name: 'Carte du Maroc situant Casablanca' })).toBeNull();
    unmount();
    expect(only().removed).toBe(true);
  });

  it('fetches the street map only once the map comes near the screen', async () => {
    configure(OSM);
    const observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];
    class FakeObserver {
      entry: { callback: IntersectionObserverCallback; disconnected: boolean };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe(target: Element) {
        expect(target).toHaveClass('ad-map__tiles');
      }
      disconnect() { this.entry.disconnected = true; }
    }
    Object.defineProperty(window, 'IntersectionObserver', { value: FakeObserver, configurable: true, writable: true });
    try {
      renderMap();
      await act(async () => { await Promise.resolve(); });
      expect(drawn).toHaveLength(0);
      const [observer] = observers;
      if (!observer) throw new Error('no observer');
      act(() => { observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver); });
      await waitFor(() => { expect(drawn).toHaveLength(1); });
      expect(observer.disconnected).toBe(true);
    } finally {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    }
  });

  it('ignores a tile URL that is no tile template', () => {
    configure('javascript:alert(1)');
    const { container } = renderMap();
    expect(container.querySelector('.ad-map__tiles')).toBeNull();
  });

  it('names the place in Arabic', () => {
    configure(null);
    const { container } = renderMap('ar', 'الدار البيضاء');
    expect(screen.getByRole('img', { name: 'خريطة المغرب تحدد موقع الدار البيضاء' })).toBeInTheDocument();
    expect(container.querySelector('figcaption')).toHaveTextContent('الدار البيضاء: موقع تقريبي للمدينة.');
  });

  it('is drawn from the outline its generator writes (node scripts/morocco-outline.mjs)', () => {
    expect(() => execFileSync('node', ['scripts/morocco-outline.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
    expect(OUTLINE.path.length).toBeGreaterThan(1000);
  });
});
