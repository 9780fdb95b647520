// Previous / next buttons between numbered pages of an account list (my ads, favorites,
// orders); nothing when everything fits on one page.

import { useIntl } from 'react-intl';

export function PagePager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const intl = useIntl();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={intl.formatMessage({ id: 'pager.label' })}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => { onPage(page - 1); }}>
        {intl.formatMessage({ id: 'pager.previous' })}
      </button>
      <span>{intl.formatMessage({ id: 'pager.position' }, { page, pages })}</span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => { onPage(page + 1); }}>
        {intl.formatMessage({ id: 'pager.next' })}
      </button>
    </nav>
  );
}
