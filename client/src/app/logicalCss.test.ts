/// <reference types="node" />
// The client's CSS uses logical properties only (margin-inline-start, inset-inline-end,
// text-align: start...), so that <html dir="rtl"> mirrors the Arabic layout with no special
// case. This scans every .css file under src/ for the physical ones. The one allowed exception
// is the toast region's `left` (spec §8 and §9: toasts bottom-left in both languages;
// docs/decisions.md "Toasts bottom-left in both languages").

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface Physical {
  line: number;
  selector: string;
  declaration: string;
}

/** Properties that name a physical side (left or right) whatever their value. */
const PHYSICAL_PROPERTY =
  /^(?:left|right|(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)(?:-[a-z]+)?|border-(?:top|bottom)-(?:left|right)-radius)$/;
/** Properties whose `left` / `right` values are physical (`start` / `end` are the logical ones). */
const PHYSICAL_VALUE_PROPERTY = /^(?:text-align|float|clear|caption-side|resize)$/;

/** The allowed physical declarations: selector and property. */
const EXCEPTIONS = [{ selector: '.toast-region', property: 'left' }];

/** The declarations of `css` that use a physical side, with their line and rule's selector. */
function physicalDeclarations(css: string): Physical[] {
  // Comments are blanked (newlines kept) so that line numbers stay true.
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const found: Physical[] = [];
  // Innermost rules: a selector and a body without nested braces (so rules inside @media too).
  for (const rule of text.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    const selector = (rule[1] ?? '').trim().replace(/\s+/g, ' ');
    const body = rule[2] ?? '';
    const bodyStart = rule.index + (rule[1] ?? '').length + 1;
    let offset = 0;
    for (const declaration of body.split(';')) {
      const colon = declaration.indexOf(':');
      const start = bodyStart + offset + (declaration.length - declaration.trimStart().length);
      offset += declaration.length + 1;
      if (colon < 0) continue;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim().toLowerCase();
      const physical =
        PHYSICAL_PROPERTY.test(property) || (PHYSICAL_VALUE_PROPERTY.test(property) && /\b(?:left|right)\b/.test(value));
      if (!physical) continue;
      if (EXCEPTIONS.some((e) => e.selector === selector && e.property === property)) continue;
      const line = text.slice(0, start).split('\n').length;
      found.push({ line, selector, declaration: `${property}: ${value}` });
    }
  }
  return found;
}

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('the physical-property check', () => {
  it('finds every physical side the rule forbids, inside @media too', () => {
    const css = [
      '.a { margin-left: 1rem; padding-right: 0; }',
      '.b {',
      '  right: 0;',
      '  text-align: left;',
      '  border-left: 1px solid;',
      '  border-right-width: 2px;',
      '}',
      '@media (max-width: 727.98px) { .c { float: right; left: 2px; border-top-left-radius: 4px } }',
    ].join('\n');
    expect(physicalDeclarations(css)).toEqual([
      { line: 1, selector: '.a', declaration: 'margin-left: 1rem' },
      { line: 1, selector: '.a', declaration: 'padding-right: 0' },
      { line: 3, selector: '.b', declaration: 'right: 0' },
      { line: 4, selector: '.b', declaration: 'text-align: left' },
      { line: 5, selector: '.b', declaration: 'border-left: 1px solid' },
      { line: 6, selector: '.b', declaration: 'border-right-width: 2px' },
      { line: 8, selector: '.c', declaration: 'float: right' },
      { line: 8, selector: '.c', declaration: 'left: 2px' },
      { line: 8, selector: '.c', declaration: 'border-top-left-radius: 4px' },
    ]);
  });

  it('accepts logical properties, comments and the toast exception', () => {
    const css = [
      '/* margin-left: 1rem; never left/right */',
      '.a:hover { margin-inline-start: 1rem; inset-inline-end: 0; text-align: start; border-inline-start: 1px solid }',
      '.toast-region { position: fixed; left: 1rem }',
      '.note { content: "left: 0"; }',
    ].join('\n');
    expect(physicalDeclarations(css)).toEqual([]);
  });

  it('allows the toast region its left side only', () => {
    expect(physicalDeclarations('.toast-region { right: 0 }\n.toast { left: 0 }')).toEqual([
      { line: 1, selector: '.toast-region', declaration: 'right: 0' },
      { line: 2, selector: '.toast', declaration: 'left: 0' },
    ]);
  });
});

it('the CSS under src/ uses logical properties only', () => {
  const root = join(__dirname, '..');
  const files = cssFiles(root);
  expect(files.map((file) => relative(root, file))).toContain(join('app', 'styles.css'));
  const found = files.flatMap((file) =>
    physicalDeclarations(readFileSync(file, 'utf8')).map((p) => `${relative(root, file)}:${p.line} ${p.selector} { ${p.declaration} }`),
  );
  expect(found).toEqual([]);
});
