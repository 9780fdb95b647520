// The street map of the ad view (loaded on demand by AdMap.tsx, with Leaflet and its styles,
// self-hosted from the client build): the configured tile server's map around the place, a
// marker on it. It tells its caller once the first tile has drawn (the map may then be shown)
// or once tiles cannot load (the outline stays).

import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapTiles } from './mapConfig';

export interface TileMapEvents {
  /** The first tile has drawn. */
  onReady: () => void;
  /** Tiles cannot load (offline, blocked, server down) before any tile drew. */
  onFail: () => void;
}

/** Draws the map into `element`; the returned function removes it. */
export function drawTileMap(
  element: HTMLElement,
  { latitude, longitude, label }: { latitude: number; longitude: number; label: string },
  tiles: MapTiles,
  events: TileMapEvents,
): () => void {
  const map = L.map(element, {
    center: [latitude, longitude],
    zoom: 12,
    // The page scrolls past the map: the wheel and one finger move the page, not the map.
    scrollWheelZoom: false,
    dragging: !L.Browser.mobile,
    attributionControl: true,
  });
  map.attributionControl.setPrefix(false);
  let drawn = false;
  let settled = false;
  const layer = L.tileLayer(tiles.url, { attribution: escapeHtml(tiles.attribution), maxZoom: 18, crossOrigin: true });
  layer.on('tileload', () => {
    drawn = true;
    if (!settled) {
      settled = true;
      events.onReady();
    }
  });
  layer.on('tileerror', () => {
    if (!drawn && !settled) {
      settled = true;
      events.onFail();
    }
  });
  layer.addTo(map);
  // A vector marker: no marker images to fetch, and it follows the theme's colour.
  L.circleMarker([latitude, longitude], { radius: 9, weight: 3, color: '#ffffff', fillColor: '#c2410c', fillOpacity: 1 })
    .bindTooltip(escapeHtml(label), { permanent: true, direction: 'top', offset: [0, -10], className: 'ad-map__tooltip' })
    .addTo(map);
  return () => {
    map.remove();
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}
