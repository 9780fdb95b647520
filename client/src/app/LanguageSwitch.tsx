// The link to the same page in the other language, labelled in that language. Following it
// remembers the choice in the `lang` cookie.

import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useLanguage } from './i18n';
import { localizedPath, otherLanguage, rememberLanguage } from './language';

export function LanguageSwitch() {
  const intl = useIntl();
  const location = useLocation();
  const target = otherLanguage(useLanguage());
  return (
    <Link
      className="language-switch"
      lang={target}
      hrefLang={target}
      title={intl.formatMessage({ id: 'language.switchLabel' })}
      to={{ pathname: localizedPath(location.pathname, target), search: location.search, hash: location.hash }}
      onClick={() => {
        rememberLanguage(target);
      }}
    >
      {intl.formatMessage({ id: 'language.switch' })}
    </Link>
  );
}
