// The ad's place on a map drawn without any tile server (spec: "map from the city's
// coordinates"): an inline SVG of Morocco's bounding box (latitude 21° to 36° N, longitude
// 17.2° to 1° W) with a one-degree graticule and a marker at the city's coordinates. It is a
// locator, not a street map, and says so.

import { useIntl } from 'react-intl';
import { isolateLtr } from '../../lib/bidi';

const BOX = { north: 36, south: 21, west: -17.2, east: -1 } as const;
const WIDTH = 324;
const HEIGHT = 300;

/** SVG coordinates of a point (equirectangular inside the box, clamped to it). */
export function project(latitude: number, longitude: number): { x: number; y: number } {
  const lon = Math.min(BOX.east, Math.max(BOX.west, longitude));
  const lat = Math.min(BOX.north, Math.max(BOX.south, latitude));
  return {
    x: ((lon - BOX.west) / (BOX.east - BOX.west)) * WIDTH,
    y: ((BOX.north - lat) / (BOX.north - BOX.south)) * HEIGHT,
  };
}

export function AdMap({ latitude, longitude, city }: { latitude: number; longitude: number; city: string }) {
  const intl = useIntl();
  const { x, y } = project(latitude, longitude);
  const lines = [];
  for (let lon = -17; lon <= -1; lon += 2) {
    const px = project(BOX.south, lon).x;
    lines.push(<line key={`lon${String(lon)}`} x1={px} y1={0} x2={px} y2={HEIGHT} />);
  }
  for (let lat = 22; lat <= 36; lat += 2) {
    const py = project(lat, BOX.west).y;
    lines.push(<line key={`lat${String(lat)}`} x1={0} y1={py} x2={WIDTH} y2={py} />);
  }
  return (
    <figure className="ad-map">
      <svg
        viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
        role="img"
        aria-label={intl.formatMessage({ id: 'ad.map.label' }, { city })}
      >
        <rect x={0} y={0} width={WIDTH} height={HEIGHT} className="ad-map__box" />
        <g className="ad-map__grid">{lines}</g>
        <circle cx={x} cy={y} r={7} className="ad-map__marker" />
        <text
          x={x > WIDTH / 2 ? x - 10 : x + 10}
          y={Math.max(y - 10, 14)}
          textAnchor={x > WIDTH / 2 ? 'end' : 'start'}
          className="ad-map__city"
        >
          {city}
        </text>
      </svg>
      <figcaption>
        {intl.formatMessage(
          { id: 'ad.map.caption' },
          // Isolated: a longitude of -7.59 keeps its minus in front in an Arabic line.
          { city, latitude: isolateLtr(latitude.toFixed(2)), longitude: isolateLtr(longitude.toFixed(2)) },
        )}
      </figcaption>
    </figure>
  );
}
