// The accessibility check of a key page (issue 26): axe-core run in the page, failing on any
// serious or critical violation (the minor and moderate ones are printed, not failed), named
// with the rule, its help and the first elements concerned, so that a failure says what to fix.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// Evaluated rather than added as a script tag: the pages' Content Security Policy refuses
// inline scripts, and evaluation by the browser's debugging protocol is not subject to it.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const FAILING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on `page` as it is now (WCAG 2.1 A and AA rules and best practices) and fails
 * on serious or critical violations. `what` names the page in the failure message.
 */
export async function assertAccessible(page, what) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is the global the script above defines.
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  const failing = violations.filter((v) => FAILING.has(v.impact ?? ''));
  for (const v of violations.filter((v) => !FAILING.has(v.impact ?? ''))) {
    console.log(`axe (${what}): ${v.impact} ${v.id}: ${v.help} — ${v.nodes.join(', ')}`);
  }
  assert.deepEqual(
    failing.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.join(', ')}`),
    [],
    `${what}: serious or critical accessibility violations`,
  );
}
