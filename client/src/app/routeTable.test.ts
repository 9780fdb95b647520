// The client's router and the server's route table (generated/routes.json, written by
// `souk rules` from http/src/web/page_routes.rs) list the same page paths: the server answers
// HTTP 404 for a path none of them matches, so a route added on one side only would be a page
// that answers 404, or an unknown path that answers 200. Add it on both sides and run `make rules`.

import type { RouteObject } from 'react-router';
import table from '../generated/routes.json';
import { LANGUAGES } from './language';
import { ROUTES } from './router';

function pagePaths(routes: RouteObject[] | undefined): string[] {
  return (routes ?? []).map((r) => (r.index ? '' : (r.path ?? '')));
}

const layout = ROUTES[0]?.children ?? [];
const unprefixed = layout.find((r) => r.path === '/');

describe('the route table', () => {
  it('lists every page path of the router and nothing else', () => {
    const client = pagePaths(unprefixed?.children).filter((p) => p !== '*');
    expect(table.routes.map((r) => r.path).sort()).toEqual([...client].sort());
  });

  it('is the same under each language prefix', () => {
    for (const language of LANGUAGES) {
      const prefixed = layout.find((r) => r.path === `/${language}`);
      expect(pagePaths(prefixed?.children)).toEqual(pagePaths(unprefixed?.children));
    }
  });

  it('ends with the 404 page for every other path', () => {
    expect(pagePaths(unprefixed?.children).at(-1)).toBe('*');
  });
});
