// The listing page as a lazy chunk, for the routes and pages that hand a path over to it
// (a single segment that is no vertical, three segments that are no ad file).

import { lazyPage } from '../../app/lazyPage';

export const LazyListingPage = lazyPage(() => import(/* webpackChunkName: "listing" */ './ListingPage'));
