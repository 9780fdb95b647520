// The street map with the real Leaflet in jsdom: a failed tile before any drew says the tiles
// cannot load, a drawn tile says the map may show, and the tiles come from the configured server.

import { drawTileMap } from './tileMap';

function mount() {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: 400 });
  Object.defineProperty(element, 'clientHeight', { value: 300 });
  document.body.appendChild(element);
  return element;
}

function tile(tiles: HTMLImageElement[], i: number): HTMLImageElement {
  const found = tiles[i];
  if (!found) throw new Error(`no tile ${String(i)}`);
  return found;
}

const TILES = { url: 'https://tiles.example.test/{z}/{x}/{y}.png', attribution: '© OpenStreetMap <contributors>' };

describe('drawTileMap', () => {
  it('asks the configured server for tiles around the place and reports a failure', () => {
    const element = mount();
    const events = { onReady: jest.fn(), onFail: jest.fn() };
    const remove = drawTileMap(element, { latitude: 33.57, longitude: -7.59, label: 'Casablanca' }, TILES, events);
    const tiles = Array.from(element.querySelectorAll<HTMLImageElement>('img.leaflet-tile'));
    expect(tiles.length).toBeGreaterThan(0);
    expect(tile(tiles, 0).src).toMatch(/^https:\/\/tiles\.example\.test\/12\/\d+\/\d+\.png$/);
    tile(tiles, 0).dispatchEvent(new Event('error'));
    expect(events.onFail).toHaveBeenCalledTimes(1);
    expect(events.onReady).not.toHaveBeenCalled();
    // The credit is text, not markup.
    expect(element.querySelector('.leaflet-control-attribution')?.textContent).toBe('© OpenStreetMap <contributors>');
    remove();
    expect(element.querySelector('img.leaflet-tile')).toBeNull();
  });

  it('reports the first drawn tile once', () => {
    const element = mount();
    const events = { onReady: jest.fn(), onFail: jest.fn() };
    drawTileMap(element, { latitude: 30.42, longitude: -9.6, label: 'Agadir' }, TILES, events);
    const tiles = Array.from(element.querySelectorAll<HTMLImageElement>('img.leaflet-tile'));
    tile(tiles, 0).dispatchEvent(new Event('load'));
    tile(tiles, 1).dispatchEvent(new Event('load'));
    tile(tiles, 2).dispatchEvent(new Event('error'));
    expect(events.onReady).toHaveBeenCalledTimes(1);
    expect(events.onFail).not.toHaveBeenCalled();
  });
});
