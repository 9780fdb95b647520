// The interface text of each language, loaded on demand: each locale file is its own chunk
// (precompiled to ICU syntax trees in production builds, see webpack.config.js), so a page
// carries one language, not both. The entry loads the page's language before the first render
// (index.tsx); the provider loads another one when the language changes.

import type fr from '../locales/fr.json';
import type { Language } from './language';

/** Every message id; French is the reference locale. */
export type MessageId = keyof typeof fr;
export type Messages = Record<MessageId, string>;

const LOADERS: Record<Language, () => Promise<{ default: Messages }>> = {
  fr: () => import(/* webpackChunkName: "messages-fr" */ '../locales/fr.json'),
  ar: () => import(/* webpackChunkName: "messages-ar" */ '../locales/ar.json'),
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
