// Webpack loader for locales/*.json: parses every ICU message at build time and emits the syntax
// trees, so the browser bundle can use react-intl without its message parser (aliased to the
// `no-parser` build in webpack.config.js). A malformed message fails the build.

import { parse } from '@formatjs/icu-messageformat-parser';

/** @param {string} source */
export default function icuMessagesLoader(source) {
  /** @type {Record<string, string>} */
  const messages = JSON.parse(source);
  const compiled = Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      try {
        return [id, parse(message)];
      } catch (error) {
        throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${String(error)}`);
      }
    }),
  );
  return JSON.stringify(compiled);
}
