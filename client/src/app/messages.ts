// The interface text of each language, loaded on demand: each language is its own chunk
// (precompiled to ICU syntax trees in production builds, see webpack.config.js), so a page
// carries one language, not both. The entry loads the page's language before the first render
// (index.tsx); the provider loads another one when the language changes.
//
// A language's text is the client's own locale file merged with the server's error wording
// (generated/messages.*.json, written by `make rules` from the server's catalogue): the client
// holds no error wording of its own, so the two can never differ (issue 30).

import type fr from '../locales/fr.json';
import type serverFr from '../generated/messages.fr.json';
import type { Language } from './language';

/** Every message id; French is the reference locale. */
export type MessageId = keyof typeof fr | keyof typeof serverFr;
export type Messages = Record<MessageId, string>;

const LOADERS: Record<Language, () => Promise<{ default: Messages }>> = {
  fr: () =>
    Promise.all([
      import(/* webpackChunkName: "messages-fr" */ '../locales/fr.json'),
      import(/* webpackChunkName: "messages-fr" */ '../generated/messages.fr.json'),
    ]).then(([own, server]) => ({ default: { ...own.default, ...server.default } })),
  ar: () =>
    Promise.all([
      import(/* webpackChunkName: "messages-ar" */ '../locales/ar.json'),
      import(/* webpackChunkName: "messages-ar" */ '../generated/messages.ar.json'),
    ]).then(([own, server]) => ({ default: { ...own.default, ...server.default } })),
};

const loaded: Partial<Record<Language, Messages>> = {};

/** The messages of a language if they are loaded. */
export function loadedMessages(language: Language): Messages | undefined {
  return loaded[language];
}

/** Loads (once) and returns the messages of a language. */
export async function loadMessages(language: Language): Promise<Messages> {
  const known = loaded[language];
  if (known) return known;
  const messages = (await LOADERS[language]()).default;
  loaded[language] = messages;
  return messages;
}
