// What every browser journey shares: the server under test (BASE_URL), the demo logins, Debian's
// Chromium launched once per file with the flags this machine needs, the screenshots folder,
// the wait budget, and fresh pages that record errors.
//
// Run by scripts/e2e.sh (E2E_STRICT=1), a journey never skips: a missing BASE_URL or demo login
// fails the file at once. Run by hand (`npm run e2e`), a file without BASE_URL says it skipped
// and exits 0, and a journey whose demo login is not set is skipped with the reason.

import { mkdir } from 'node:fs/promises';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** Set by scripts/e2e.sh: everything below must be there. */
export const STRICT = process.env.E2E_STRICT === '1';

/** What the journeys read from the environment, and what each is. */
const NEEDS = {
  BASE_URL: 'the server under test',
  DEMO_PRIVATE_LOGIN: "a demo private account's phone",
  DEMO_SHOP_LOGIN: "a demo shop's e-mail",
  DEMO_ADMIN_LOGIN: 'a demo account given the admin role',
  DEMO_ECOMMERCE_LOGIN: "a demo e-commerce shop's e-mail (seller centre)",
};

function missing(names) {
  return names.filter((name) => !process.env[name]?.trim());
}

if (STRICT) {
  const absent = missing(Object.keys(NEEDS));
  if (absent.length > 0) {
    console.error(`e2e FAILED: ${absent.map((name) => `${name} (${NEEDS[name]})`).join(', ')} not set; scripts/e2e.sh must provide them`);
    process.exit(1);
  }
}

export const BASE_URL = process.env.BASE_URL?.replace(/\/+$/, '');
if (!BASE_URL) {
  console.log('e2e skipped: BASE_URL not set (run scripts/e2e.sh, or start `souk serve --demo` and set BASE_URL)');
  process.exit(0);
}

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'souk-demo-2026';
export const DEMO_PRIVATE_LOGIN = process.env.DEMO_PRIVATE_LOGIN;
export const DEMO_SHOP_LOGIN = process.env.DEMO_SHOP_LOGIN;
/** A demo account given the admin role by scripts/e2e.sh (`souk admin grant`). */
export const DEMO_ADMIN_LOGIN = process.env.DEMO_ADMIN_LOGIN;
/** A demo e-commerce shop (the demo prints it as `ecommerce`): its seller centre and products. */
export const DEMO_ECOMMERCE_LOGIN = process.env.DEMO_ECOMMERCE_LOGIN;

/**
 * The node:test options of a journey that needs these variables (`needs('DEMO_SHOP_LOGIN')`):
 * none when they are set; in a run by hand, skipped with the reason when one is not. Under
 * scripts/e2e.sh they were checked above, so such a journey runs (and fails on its own).
 */
export function needs(...names) {
  const absent = missing(names);
  if (absent.length === 0 || STRICT) return {};
  return { skip: `${absent.join(' and ')} not set (scripts/e2e.sh reads the demo logins from souk serve --demo)` };
}

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * Where the screenshots go: E2E_ARTIFACTS (scripts/e2e.sh sets it), else `artifacts/e2e/` at the
 * repository root (git-ignored). They stay there after the run for a person to look at.
 */
export const SCREENSHOTS = `${(process.env.E2E_ARTIFACTS || fileURLToPath(new URL('../../../artifacts/e2e/', import.meta.url))).replace(/\/+$/, '')}/`;
export const WAIT = { timeout: 20_000 };

/**
 * Registers the file's before/after hooks (launch Chromium, close it) and answers how to open
 * contexts and pages in it.
 */
export function useBrowser() {
  /** @type {import('playwright-core').Browser} */
  let browser;
  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  after(async () => {
    await browser?.close();
  });
  return {
    /** A new browser context with `options`. */
    newContext: (options) => browser.newContext(options),
    /**
     * A fresh French page that records uncaught errors in `problems`, and console errors too
     * when `consoleErrors` is set.
     */
    async openPage(viewport = { width: 1280, height: 900 }, { consoleErrors = false } = {}) {
      const context = await browser.newContext({ viewport, locale: 'fr-MA' });
      const page = await context.newPage();
      const problems = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      if (consoleErrors) {
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
        });
      }
      return { context, page, problems };
    },
  };
}

/** The document's language and direction. */
export function documentLanguage(page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}
