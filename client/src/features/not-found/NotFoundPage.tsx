// The 404 page for any path no route claims, with a way back to the home page.

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLanguage } from '../../app/i18n';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export default function NotFoundPage() {
  const intl = useIntl();
  const language = useLanguage();
  useDocumentTitle(intl.formatMessage({ id: 'notFound.documentTitle' }));
  return (
    <div className="page not-found">
      <h1>{intl.formatMessage({ id: 'notFound.title' })}</h1>
      <p>{intl.formatMessage({ id: 'notFound.body' })}</p>
      <p>
        <Link className="button" to={`/${language}`}>
          {intl.formatMessage({ id: 'notFound.backHome' })}
        </Link>
      </p>
    </div>
  );
}
