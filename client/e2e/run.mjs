// Runs the browser journeys (`npm run e2e`): each file in turn (they share one server, and this
// machine's cores), every one even when another failed, so that one failure hides neither the
// others nor their screenshots; exits non-zero naming the files that failed.
//
// Without BASE_URL it says that it skipped and why, and exits 0 — unless E2E_STRICT=1
// (scripts/e2e.sh), where that is a failure (support/browser.mjs checks the rest).

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// admin (issue 26): it posts, approves and refuses its own ads in the moderation desk; payment:
// it publishes demo ads that waited for payment; boost (issue 24): it pays packs for demo ads;
// credit (issue 25): it sends credit requests on demo car ads; valuation (issue 25): it values a
// demo car as the demo private account;
// seller (issue 23) last: it places orders on the demo e-commerce shops' products.
const ALL = ['home', 'account', 'ads', 'listing', 'shops', 'stats', 'messaging', 'admin', 'payment', 'boost', 'credit', 'valuation', 'seller'];
// E2E_ONLY=account,boost runs those files only (a developer's shortcut; make test runs them all).
const only = (process.env.E2E_ONLY ?? '').split(',').filter(Boolean);
const JOURNEYS = only.length > 0 ? ALL.filter((name) => only.includes(name)) : ALL;

if (!process.env.BASE_URL) {
  if (process.env.E2E_STRICT === '1') {
    console.error('e2e FAILED: BASE_URL not set; scripts/e2e.sh must provide it');
    process.exit(1);
  }
  console.log('e2e skipped: BASE_URL not set (run scripts/e2e.sh, or start `souk serve --demo` and set BASE_URL)');
  process.exit(0);
}

const failed = [];
for (const name of JOURNEYS) {
  const file = fileURLToPath(new URL(`./${name}.e2e.mjs`, import.meta.url));
  console.log(`\n# e2e/${name}.e2e.mjs`);
  const { status, signal, error } = spawnSync(process.execPath, [file], { stdio: 'inherit' });
  if (status !== 0) failed.push(`e2e/${name}.e2e.mjs (${error?.message ?? signal ?? `exit ${status}`})`);
}
if (failed.length > 0) {
  console.error(`\ne2e FAILED: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\ne2e: ${JOURNEYS.length} journey files passed`);
