// Interface text and direction. The URL (prefix, else the `lang` cookie, else French) selects
// the language; this provider exposes it to components, feeds react-intl with
// locales/{fr,ar}.json, sets `<html lang dir>`, and mirrors the language into the store for
// code outside React (the gateway's Accept-Language).

import { createContext, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useLocation } from 'react-router';
import ar from '../locales/ar.json';
import fr from '../locales/fr.json';
import { useAppDispatch } from './hooks';
import {
  DEFAULT_LANGUAGE,
  intlLocale,
  languageFromCookie,
  resolveLanguage,
  textDirection,
  type Language,
} from './language';
import { languageChanged } from './languageSlice';

/** Every message id; French is the reference locale. */
export type MessageId = keyof typeof fr;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- react-intl's documented hook for typed ids
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

/**
 * Messages by language. In production builds webpack precompiles them to ICU syntax trees
 * (see webpack.config.js), so the runtime carries no message parser.
 */
export const MESSAGES: Record<Language, Record<MessageId, string>> = { fr, ar };

const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

/** The language of the page being shown. */
export function useLanguage(): Language {
  return useContext(LanguageContext);
}

/** Applies the language to the document element so that CSS logical properties follow it. */
export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = textDirection(language);
}

/** Must sit inside a router: the language comes from the current location. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const language = useMemo(() => resolveLanguage(pathname, languageFromCookie()), [pathname]);
  const dispatch = useAppDispatch();

  // A layout effect runs before the passive effects that start queries, so requests made for
  // this render already carry the new language.
  useLayoutEffect(() => {
    applyDocumentLanguage(language);
    dispatch(languageChanged(language));
  }, [dispatch, language]);

  return (
    <LanguageContext value={language}>
      <IntlProvider
        locale={intlLocale(language)}
        defaultLocale={intlLocale(DEFAULT_LANGUAGE)}
        messages={MESSAGES[language]}
      >
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}
