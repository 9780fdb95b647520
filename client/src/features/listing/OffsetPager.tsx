// Pagination by offset (`o` in the address, spec §2): previous, "page n of m", next. The
// number of pages stops at spec §9's offset cap.

import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { PAGE_SIZE } from '../../api/search';
import { OFFSET_CAP } from './listingUrl';

/** The current address with another offset. */
export function useOffsetHref(): (offset: number) => string {
  const location = useLocation();
  return (at: number) => {
    const params = new URLSearchParams(location.search);
    if (at > 0) params.set('o', String(at));
    else params.delete('o');
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
}

export function OffsetPager({ offset, total }: { offset: number; total: number }) {
  const intl = useIntl();
  const hrefAt = useOffsetHref();
  const pages = Math.max(1, Math.ceil(Math.min(total, OFFSET_CAP) / PAGE_SIZE));
  const page = Math.floor(offset / PAGE_SIZE) + 1;
  if (pages <= 1 && page === 1) return null;
  return (
    <nav className="pager" aria-label={intl.formatMessage({ id: 'pager.label' })}>
      {page > 1 ? <Link to={hrefAt(Math.max(0, offset - PAGE_SIZE))}>{intl.formatMessage({ id: 'pager.previous' })}</Link> : null}
      <span>{intl.formatMessage({ id: 'pager.position' }, { page, pages: Math.max(pages, page) })}</span>
      {page < pages ? <Link to={hrefAt(offset + PAGE_SIZE)}>{intl.formatMessage({ id: 'pager.next' })}</Link> : null}
    </nav>
  );
}
