// Browser journey of the live statistics (docs/stats.md) in a real Chromium against a running
// server (BASE_URL): a demo shop opens its statistics tab; a visitor in another browser context
// views one of the shop's ads; the tab's view total moves within a few seconds, without a reload
// (the server pushes stats:update over Socket.IO). Once in French, once in Arabic (rtl).
//
//   BASE_URL=http://127.0.0.1:18080 DEMO_SHOP_LOGIN=…@… node e2e/stats.e2e.mjs
//
// The server does not count robots, and headless Chromium says "HeadlessChrome" in its user
// agent: the visitor's context presents the user agent of an ordinary desktop Chrome.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, DEMO_PASSWORD, DEMO_SHOP_LOGIN, needs, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';
import { activeAdsOf } from './support/graphql.mjs';

const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** "within a few seconds" */
const LIVE_WAIT = { timeout: 5_000 };

const { newContext } = useBrowser();

/** The list id of one of the shop's active ads, asked the way the my-ads tab asks. */
async function oneOfTheShopsAds() {
  const ads = await activeAdsOf(DEMO_SHOP_LOGIN);
  assert.ok(ads.length > 0, 'the demo shop has active ads');
  return ads[0];
}

async function openShopStats(language) {
  const context = await newContext({ viewport: { width: 1280, height: 900 }, locale: language === 'ar' ? 'ar-MA' : 'fr-MA' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  await page.goto(`${BASE_URL}/${language}/account/shop/signin`);
  await page.getByLabel(language === 'ar' ? 'البريد الإلكتروني' : 'Adresse e-mail').fill(DEMO_SHOP_LOGIN);
  await page.getByLabel(language === 'ar' ? 'كلمة المرور' : 'Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: language === 'ar' ? 'تسجيل الدخول' : 'Se connecter' }).click();
  await page.getByRole('heading', { level: 1, name: language === 'ar' ? 'متجري' : 'Ma boutique' }).waitFor(WAIT);
  await page.goto(`${BASE_URL}/${language}/account/v2/stats?range=TODAY`);
  return { context, page, problems };
}

/** The number in the view chart's total ("Total : 3" / "المجموع: 3"). */
async function viewTotal(page, viewsLabel) {
  const text = await page.getByRole('figure', { name: viewsLabel }).locator('strong').textContent();
  const digits = (text ?? '').replace(/[^\d]/g, '');
  assert.ok(digits !== '', `a total in "${text}"`);
  return Number(digits);
}

async function viewAsVisitor(listId) {
  const context = await newContext({ userAgent: DESKTOP_CHROME, locale: 'fr-MA' });
  try {
    const page = await context.newPage();
    const counted = page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('collectPerformanceEvent'),
      WAIT,
    );
    await page.goto(`${BASE_URL}/vi/${listId}.htm`);
    const body = await (await counted).json();
    assert.equal(body.data?.collectPerformanceEvent, true, `the view was counted: ${JSON.stringify(body)}`);
  } finally {
    await context.close();
  }
}

for (const language of ['fr', 'ar']) {
  test(`the shop's view total moves live when an ad is viewed (${language})`, needs('DEMO_SHOP_LOGIN'), async () => {
    const listId = await oneOfTheShopsAds();
    const { context, page, problems } = await openShopStats(language);
    const viewsLabel = language === 'ar' ? 'المشاهدات' : 'Vues';
    try {
      await page.getByRole('figure', { name: viewsLabel }).waitFor(WAIT);
      if (language === 'ar') {
        assert.deepEqual(
          await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })),
          { lang: 'ar', dir: 'rtl' },
        );
      }
      const before = await viewTotal(page, viewsLabel);
      const navigations = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });

      await viewAsVisitor(listId);

      await page.waitForFunction(
        ({ label, expected }) => {
          const figure = [...document.querySelectorAll('figure')].find(
            (f) => document.getElementById(f.getAttribute('aria-labelledby') ?? '')?.textContent === label,
          );
          const digits = (figure?.querySelector('strong')?.textContent ?? '').replace(/[^\d]/g, '');
          return digits !== '' && Number(digits) >= expected;
        },
        { label: viewsLabel, expected: before + 1 },
        LIVE_WAIT,
      );
      assert.equal(await viewTotal(page, viewsLabel), before + 1);
      assert.deepEqual(navigations, [], 'the page did not reload');
      await page.screenshot({ path: `${SCREENSHOTS}stats-live-${language}.png`, fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
