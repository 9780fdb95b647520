// The client's own words (its message files), so that a journey reads the same in both
// languages, formatted as the app formats them: ICU (plurals in Arabic) in the `${language}-MA`
// locale that src/app/language.ts gives Intl.

import { readFile } from 'node:fs/promises';
// intl-messageformat is the ICU formatter react-intl itself uses.
import { IntlMessageFormat } from 'intl-messageformat';

const MESSAGES = {
  fr: JSON.parse(await readFile(new URL('../../src/locales/fr.json', import.meta.url), 'utf8')),
  ar: JSON.parse(await readFile(new URL('../../src/locales/ar.json', import.meta.url), 'utf8')),
};

/** `t(id, values)` in `language` ('fr' or 'ar'): the message `id` with `values` put in. */
export function translator(language) {
  return (id, values = {}) => {
    const message = MESSAGES[language][id];
    if (message === undefined) throw new Error(`no message ${id} in ${language}`);
    return new IntlMessageFormat(message, `${language}-MA`).format(values);
  };
}
