// The 404 page for any path no route claims (the server answers such paths with HTTP 404 and
// this page): what happened, a search box to find an ad instead (replacing the header's, as on
// the home page: styles.css), and the ways back — the home page, or posting an ad.

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { Icon } from '../../ui/Icon';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { SearchBar } from '../search/SearchBar';

export default function NotFoundPage() {
  const intl = useIntl();
  const language = useLanguage();
  useDocumentTitle(intl.formatMessage({ id: 'notFound.documentTitle' }));
  return (
    <div className="page not-found">
      <span className="not-found__icon" aria-hidden="true">
        <Icon name="search" size={36} />
      </span>
      <p className="not-found__code">{intl.formatMessage({ id: 'notFound.code' })}</p>
      <h1>{intl.formatMessage({ id: 'notFound.title' })}</h1>
      <p className="not-found__body">{intl.formatMessage({ id: 'notFound.body' })}</p>
      <section className="not-found__search" aria-labelledby="not-found-search">
        <h2 id="not-found-search" className="not-found__search-title">
          {intl.formatMessage({ id: 'notFound.search' })}
        </h2>
        <SearchBar variant="hero" />
      </section>
      <p className="not-found__actions">
        <Link className="button button--primary" to={`/${language}`}>
          {intl.formatMessage({ id: 'notFound.backHome' })}
        </Link>
        <Link className="button button--secondary" to={localized(language, PATHS.adInsert)}>
          {intl.formatMessage({ id: 'header.postAd' })}
        </Link>
      </p>
    </div>
  );
}
