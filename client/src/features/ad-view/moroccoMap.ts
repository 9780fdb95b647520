// Where a place falls on the bundled outline of Morocco (generated/morocco-outline.json, written
// at build time by scripts/morocco-outline.mjs from Natural Earth's 1:50m countries): the same
// projection the outline was drawn with, so a city's dot lands where the city is.

import outline from '../../generated/morocco-outline.json';

export const OUTLINE = outline;

/** SVG coordinates of a point on the outline's drawing, clamped to the drawing. */
export function project(latitude: number, longitude: number): { x: number; y: number } {
  const { west, north, kx, scale, pad } = outline.projection;
  const x = pad + (longitude - west) * kx * scale;
  const y = pad + (north - latitude) * scale;
  return {
    x: Math.min(outline.width, Math.max(0, x)),
    y: Math.min(outline.height, Math.max(0, y)),
  };
}
