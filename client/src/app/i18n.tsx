// Interface text and direction. The URL (prefix, else the `lang` cookie, else French) selects
// the language; this provider exposes it to components, feeds react-intl with the language's
// messages (locales/{fr,ar}.json, loaded on demand by messages.ts), sets `<html lang dir>`, and
// mirrors the language into the store for code outside React (the gateway's Accept-Language).

import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useLocation } from 'react-router';
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
import { loadedMessages, loadMessages, type MessageId } from './messages';

export type { MessageId } from './messages';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- react-intl's documented hook for typed ids
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

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

  // The entry loaded the first language; another one is loaded when the URL asks for it,
  // and the page shows once its text is there.
  const messages = loadedMessages(language);
  const [, setLoadedCount] = useState(0);
  useEffect(() => {
    if (messages) return;
    let live = true;
    void loadMessages(language).then(() => {
      if (live) setLoadedCount((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [language, messages]);
  if (!messages) return null;

  return (
    <LanguageContext value={language}>
      <IntlProvider
        locale={intlLocale(language)}
        defaultLocale={intlLocale(DEFAULT_LANGUAGE)}
        messages={messages}
      >
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}
