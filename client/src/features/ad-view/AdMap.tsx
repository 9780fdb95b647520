// The ad's place on a map (spec: "map from the city's coordinates"). First, and whenever tiles
// cannot load, a self-contained locator: the city's dot on the bundled outline of Morocco
// (moroccoMap.ts). When the server names a tile server (mapConfig.ts), Leaflet is loaded once
// the map comes near the screen (tileMap.ts, its own chunk) and its street map replaces the
// outline once a tile has drawn; a tile server that fails leaves the outline, never a blank
// frame.

import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { mapTiles } from './mapConfig';
import { OUTLINE, project } from './moroccoMap';

type Shown = 'outline' | 'tiles';

/** Loads the street map's code; tests replace it. */
export const loadTileMap = () => import(/* webpackChunkName: "map" */ './tileMap');

export function AdMap({ latitude, longitude, city }: { latitude: number; longitude: number; city: string }) {
  const intl = useIntl();
  const tiles = mapTiles();
  const [shown, setShown] = useState<Shown>('outline');
  const tileElement = useRef<HTMLDivElement>(null);
  const url = tiles?.url;
  const attribution = tiles?.attribution ?? '';

  useEffect(() => {
    const element = tileElement.current;
    if (!url || !element) return undefined;
    let removed = false;
    let remove: (() => void) | undefined;
    const draw = () => {
      loadTileMap()
        .then(({ drawTileMap }) => {
          if (removed) return;
          remove = drawTileMap(element, { latitude, longitude, label: city }, { url, attribution }, {
            onReady: () => { if (!removed) setShown('tiles'); },
            onFail: () => { if (!removed) setShown('outline'); },
          });
        })
        // The map's code could not load (offline after the page): the outline stays.
        .catch(() => { if (!removed) setShown('outline'); });
    };
    // Leaflet and the tiles are fetched once the map comes near the screen, not with the page.
    if (typeof IntersectionObserver === 'undefined') {
      draw();
      return () => {
        removed = true;
        remove?.();
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          draw();
        }
      },
      { rootMargin: '300px' },
    );
    observer.observe(element);
    return () => {
      removed = true;
      observer.disconnect();
      remove?.();
    };
  }, [url, attribution, latitude, longitude, city]);

  return (
    <figure className="ad-map" data-shown={shown}>
      <div className="ad-map__frame">
        <MoroccoOutline latitude={latitude} longitude={longitude} city={city} hidden={shown === 'tiles'} />
        {url ? (
          <div
            ref={tileElement}
            className="ad-map__tiles"
            role="region"
            aria-label={intl.formatMessage({ id: 'ad.map.streets' }, { city })}
            // Until a tile has drawn the street map is out of reach (its controls too).
            inert={shown !== 'tiles'}
          />
        ) : null}
      </div>
      <figcaption>{intl.formatMessage({ id: 'ad.map.caption' }, { city })}</figcaption>
    </figure>
  );
}

/** The outline of Morocco with the city's dot and name. */
function MoroccoOutline({ latitude, longitude, city, hidden }: { latitude: number; longitude: number; city: string; hidden: boolean }) {
  const intl = useIntl();
  const { x, y } = project(latitude, longitude);
  // The name sits on the side of the dot with more room, above it near the bottom edge.
  const toTheLeft = x > OUTLINE.width * 0.55;
  return (
    <svg
      className="ad-map__outline"
      viewBox={`0 0 ${String(OUTLINE.width)} ${String(OUTLINE.height)}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={intl.formatMessage({ id: 'ad.map.label' }, { city })}
      aria-hidden={hidden ? true : undefined}
    >
      <path d={OUTLINE.neighbours} className="ad-map__neighbours" />
      <path d={OUTLINE.path} className="ad-map__land" />
      <circle cx={x} cy={y} r={14} className="ad-map__halo" />
      <circle cx={x} cy={y} r={6} className="ad-map__marker" data-testid="ad-map-marker" />
      <text
        x={toTheLeft ? x - 12 : x + 12}
        y={y + 4}
        textAnchor={toTheLeft ? 'end' : 'start'}
        direction="ltr"
        className="ad-map__city"
      >
        {city}
      </text>
    </svg>
  );
}
