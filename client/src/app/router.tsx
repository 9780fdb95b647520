// The route table (spec §2, so far home and 404), each route reachable with or without an
// fr|ar prefix. Pages are loaded on demand (React.lazy) inside the layout's Suspense.

import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LANGUAGES } from './language';
import { Layout } from './Layout';

const HomePage = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/HomePage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "not-found" */ '../features/not-found/NotFoundPage'));

function pageRoutes(): RouteObject[] {
  return [
    { index: true, element: <HomePage /> },
    { path: 'home', element: <HomePage /> },
    { path: '*', element: <NotFoundPage /> },
  ];
}

export const ROUTES: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', children: pageRoutes() },
      ...LANGUAGES.map((language) => ({ path: `/${language}`, children: pageRoutes() })),
    ],
  },
];

export function AppRoutes() {
  return useRoutes(ROUTES);
}
