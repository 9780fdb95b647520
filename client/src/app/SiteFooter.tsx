// The site footer on every page (issue 26): help (where to start), customer service with its
// hours (spec §9: 9h-20h, 7 days a week), the languages, and the legal pages (terms of use and
// privacy, features/legal).

import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from './hooks';
import { selectUser } from '../features/auth/authSlice';
import { Icon } from '../ui/Icon';
import { useLanguage, type MessageId } from './i18n';
import { documentNavigation } from './LanguageSwitch';
import { localizedPath, rememberLanguage, type Language } from './language';
import { localized, PATHS } from './paths';

const LANGUAGES: { language: Language; name: string }[] = [
  { language: 'fr', name: 'Français' },
  { language: 'ar', name: 'العربية' },
];

export function SiteFooter() {
  const intl = useIntl();
  const language = useLanguage();
  const location = useLocation();
  const user = useAppSelector(selectUser);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const switchTo = (target: Language) => {
    rememberLanguage(target);
    documentNavigation.assign(`${localizedPath(location.pathname, target)}${location.search}${location.hash}`);
  };

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__column" aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__title">
            <Icon name="help" size={18} />
            {t('footer.help')}
          </h2>
          <ul>
            <li>
              <Link to={localized(language, PATHS.adInsert)}>{t('footer.help.sell')}</Link>
            </li>
            <li>
              <Link to={language === 'ar' ? '/ar/boutiques' : '/boutiques'}>{t('footer.help.shops')}</Link>
            </li>
            <li>
              <Link to={localized(language, user ? PATHS.myAds : PATHS.signUp)}>{t(user ? 'footer.help.myAds' : 'footer.help.signUp')}</Link>
            </li>
          </ul>
        </section>
        <section className="site-footer__column" aria-labelledby="footer-service">
          <h2 id="footer-service" className="site-footer__title">
            <Icon name="headset" size={18} />
            {t('footer.service')}
          </h2>
          <p className="site-footer__hours">{t('footer.service.hours', { from: 9, to: 20 })}</p>
          <p>{t('footer.service.detail')}</p>
        </section>
        <section className="site-footer__column" aria-labelledby="footer-languages">
          <h2 id="footer-languages" className="site-footer__title">
            <Icon name="globe" size={18} />
            {t('footer.languages')}
          </h2>
          <ul>
            {LANGUAGES.map((entry) => (
              <li key={entry.language}>
                {entry.language === language ? (
                  <span lang={entry.language} aria-current="true" className="site-footer__current">
                    {entry.name}
                  </span>
                ) : (
                  // A button, not a second link named like the header's language switch.
                  <button type="button" lang={entry.language} className="site-footer__link" onClick={() => { switchTo(entry.language); }}>
                    {entry.name}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
        <section className="site-footer__column" aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__title">
            <Icon name="document" size={18} />
            {t('footer.legal')}
          </h2>
          <ul>
            <li>
              <Link className="site-footer__link" to={localized(language, PATHS.terms)}>
                {t('footer.legal.terms')}
              </Link>
            </li>
            <li>
              <Link className="site-footer__link" to={localized(language, PATHS.privacy)}>
                {t('footer.legal.privacy')}
              </Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="site-footer__bottom">{t('footer.copyright', { year: 2026 })}</p>
    </footer>
  );
}
