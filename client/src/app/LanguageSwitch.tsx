// The link to the same page in the other language, labelled in that language (spec §4
// "Language switch: stores language in cookie, reloads path in new language"). Following it
// remembers the choice in the `lang` cookie and loads the page again from the server, so that
// the server's page (title, canonical address, slugs of the other language) comes with it.

import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { useLanguage } from './i18n';
import { localizedPath, otherLanguage, rememberLanguage } from './language';

/** Full page loads, in one place so that tests can watch them. */
export const documentNavigation = {
  assign(href: string): void {
    window.location.assign(href);
  },
};

export function LanguageSwitch() {
  const intl = useIntl();
  const location = useLocation();
  const target = otherLanguage(useLanguage());
  const href = `${localizedPath(location.pathname, target)}${location.search}${location.hash}`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) is the browser's, without remembering anything.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    rememberLanguage(target);
    documentNavigation.assign(href);
  };
  return (
    <a className="language-switch" lang={target} hrefLang={target} href={href} title={intl.formatMessage({ id: 'language.switchLabel' })} onClick={onClick}>
      {intl.formatMessage({ id: 'language.switch' })}
    </a>
  );
}
