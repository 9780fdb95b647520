// What every browser journey shares: the server under test (BASE_URL; without it the journey
// says it is skipped and exits), Debian's Chromium launched once per file with the flags this
// machine needs, the screenshots folder, the wait budget, and fresh pages that record errors.

import { mkdir } from 'node:fs/promises';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.BASE_URL?.replace(/\/+$/, '');
if (!BASE_URL) {
  console.log('e2e skipped: BASE_URL not set');
  process.exit(0);
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
export const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
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
