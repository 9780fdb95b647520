// The client's own words (its message files), so that a journey reads the same in both
// languages, formatted as the app formats them: ICU (plurals in Arabic) in the `${language}-MA`
// locale that src/app/language.ts gives Intl.

import { readFile } from 'node:fs/promises';
// intl-messageformat is the ICU formatter react-intl itself uses.
import { IntlMessageFormat } from 'intl-messageformat';

const read = async (path) => JSON.parse(await readFile(new URL(path, import.meta.url), 'utf8'));
// The client's own words merged with the server's error wording (src/generated, `make rules`),
// as src/app/messages.ts merges them.
const MESSAGES = {
  fr: { ...(await read('../../src/locales/fr.json')), ...(await read('../../src/generated/messages.fr.json')) },
  ar: { ...(await read('../../src/locales/ar.json')), ...(await read('../../src/generated/messages.ar.json')) },
};

/** `t(id, values)` in `language` ('fr' or 'ar'): the message `id` with `values` put in. */
export function translator(language) {
  return (id, values = {}) => {
    const message = MESSAGES[language][id];
    if (message === undefined) throw new Error(`no message ${id} in ${language}`);
    return new IntlMessageFormat(message, `${language}-MA`).format(values);
  };
}
