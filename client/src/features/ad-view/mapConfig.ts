// The tile server the ad view's map draws from, as the server's configuration names it
// (`[web] map_tiles_url` and `map_tiles_attribution`, written into every page's head as
// `<meta name="souk-map-tiles">` and `<meta name="souk-map-attribution">`). No URL: the map is
// the bundled outline of Morocco only.

export interface MapTiles {
  /** A Leaflet tile URL template (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`). */
  url: string;
  /** The credit the tile server's licence asks for (plain text). */
  attribution: string;
}

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
}

export function mapTiles(): MapTiles | null {
  const url = meta('souk-map-tiles');
  if (!/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(url)) return null;
  return { url, attribution: meta('souk-map-attribution') };
}
