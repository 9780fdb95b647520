/// <reference types="node" />
// Every message key the client uses exists in both language files (issue 26: an empty step of
// the ad form showed the raw key `adForm.tooShort`). The source under src/ (tests aside) is
// scanned for the ways the code base names a message: `id: '…'`, `formatMessage({ id: '…' })`,
// `t('…')`, any quoted string shaped like a key whose first part is a key family (`adForm.…`),
// and keys built from a template (`adForm.step${n}`), which must match at least one key.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { arMessages as ar, frMessages as fr } from '../app/messagesForTests';

const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const frKeys = new Set(Object.keys(fr));
const arKeys = new Set(Object.keys(ar));
const families = new Set([...frKeys].map((key) => key.split('.')[0]));
const KEY = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9-]+)+$/;

interface Use {
  file: string;
  line: number;
  key: string;
  template: boolean;
}

/** The message keys a source text names, literal or built from a template. */
export function keysUsed(text: string, file = ''): Use[] {
  const uses: Use[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  // 'key' or "key": a literal shaped like a key, named by `id:`, `t(` or of a known family.
  for (const match of text.matchAll(/(id:\s*|\bt\(\s*)?(['"])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9-]+)+)\2(\s*:)?/g)) {
    const key = match[3] ?? '';
    const named = match[1] !== undefined;
    if (!KEY.test(key)) continue;
    if (!named) {
      if (!families.has(key.split('.')[0] ?? '')) continue;
      // An object's property name ('account.my-ads': PATHS.myAds) or a route key or access name
      // (with a hyphen, which no message key has) is not a message.
      if (match[4] !== undefined || key.includes('-')) continue;
      // The start of keys completed by a template (`${prefix}.title`).
      if ([...frKeys].some((known) => known.startsWith(`${key}.`))) continue;
    }
    // File names and modules ('./styles.css', 'react-dom.client') are not keys.
    if (/\.(?:css|tsx?|json|js|mjs|png|jpg|svg|woff2|htm|html)$/.test(key)) continue;
    uses.push({ file, line: lineOf(match.index), key, template: false });
  }
  // `family.part${…}` used as a message id.
  for (const match of text.matchAll(/`([a-z][A-Za-z0-9]*\.[^`]*\$\{[^`]*)`/g)) {
    const template = match[1] ?? '';
    if (!families.has(template.split('.')[0] ?? '')) continue;
    uses.push({ file, line: lineOf(match.index), key: template, template: true });
  }
  return uses;
}

function templatePattern(template: string): RegExp {
  const parts = template.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'));
  return new RegExp(`^${parts.join('[A-Za-z0-9_-]+')}$`);
}

function missing(use: Use, keys: Set<string>): boolean {
  if (!use.template) return !keys.has(use.key);
  const pattern = templatePattern(use.key);
  return ![...keys].some((key) => pattern.test(key));
}

describe('the message-key scan', () => {
  it('finds keys named by id:, t(, a known family, and templates', () => {
    const uses = keysUsed(
      [
        "intl.formatMessage({ id: 'adForm.tooShort' }, limits);",
        "const problem = 'validation.text.noEmail';",
        "t('header.postAd');",
        "import './app/styles.css';",
        "const label = `adForm.step${String(n)}`;",
        "const other = 'not.a.family';",
        "const ROUTES = { 'account.settings': '/account' };",
        "const prefix = 'myAds.confirmActivate';",
      ].join('\n'),
    );
    expect(uses.map((use) => [use.key, use.template])).toEqual([
      ['adForm.tooShort', false],
      ['validation.text.noEmail', false],
      ['header.postAd', false],
      ['adForm.step${String(n)}', true],
    ]);
  });

  it('tells a missing key and a template that matches nothing', () => {
    const keys = new Set(['adForm.step1', 'adForm.step2']);
    expect(missing({ file: '', line: 1, key: 'adForm.step${n}', template: true }, keys)).toBe(false);
    expect(missing({ file: '', line: 1, key: 'adForm.stage${n}', template: true }, keys)).toBe(true);
    expect(missing({ file: '', line: 1, key: 'adForm.step3', template: false }, keys)).toBe(true);
  });
});

it('every message key the client uses is in fr.json and in ar.json', () => {
  const uses = sourceFiles(SRC).flatMap((path) => keysUsed(readFileSync(path, 'utf8'), relative(SRC, path)));
  expect(uses.length).toBeGreaterThan(500);
  const problems = uses.flatMap((use) => [
    ...(missing(use, frKeys) ? [`${use.file}:${String(use.line)} ${use.key} is missing from fr.json`] : []),
    ...(missing(use, arKeys) ? [`${use.file}:${String(use.line)} ${use.key} is missing from ar.json`] : []),
  ]);
  expect(problems).toEqual([]);
});
