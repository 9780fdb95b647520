// Browser journey of the home page in a real Chromium against a running server (BASE_URL):
// French home with the category directory, Arabic home right to left, the language switch,
// the translated 404 page behind the server's HTTP 404, and the vertical homes (vehicles with
// its popular brands, real estate with its tabs above their panel), phone and desktop, French
// and Arabic. Screenshots go to
// artifacts/e2e/ (support/browser.mjs SCREENSHOTS) for a person to look at.
//
//   BASE_URL=http://127.0.0.1:18080 npm run e2e      (CHROMIUM_PATH overrides /usr/bin/chromium)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible } from './support/axe.mjs';
import { BASE_URL, documentLanguage, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';

const { openPage: openBrowserPage } = useBrowser();

function openPage(viewport) {
  return openBrowserPage(viewport, { consoleErrors: true });
}

function isFrenchPath(pathname) {
  return pathname === '/fr' || pathname.startsWith('/fr/');
}

test('home page in French, then Arabic, then back through the language switch', async () => {
  const { context, page, problems } = await openPage();
  try {
    const graphqlRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/graphql', WAIT);
    await page.goto(`${BASE_URL}/`);

    const realEstate = page.getByRole('region', { name: /^Immobilier/ });
    await page.getByRole('heading', { level: 2, name: /^Immobilier/ }).waitFor(WAIT);
    await realEstate.getByRole('link', { name: /^Appartements/ }).first().waitFor(WAIT);
    const directory = page.getByRole('navigation', { name: 'Toutes les catégories' });
    await directory.getByRole('link', { name: /^Voitures/ }).first().waitFor(WAIT);
    assert.deepEqual(await documentLanguage(page), { lang: 'fr', dir: 'ltr' });

    const headers = (await graphqlRequest).headers();
    assert.equal(headers['accept-language'], 'fr');
    assert.match(headers['visitorid'] ?? '', /^[0-9a-f-]{36}$/);
    assert.match(headers['sessionid'] ?? '', /^[0-9a-f-]{36}$/);
    // The latest ads with their photos (issue 26: a home that sells).
    const latest = page.getByRole('region', { name: 'Dernières annonces' });
    await latest.getByRole('article').first().waitFor(WAIT);
    assert.ok((await latest.locator('img[src]').count()) > 0, 'the latest ads show photos');
    await page.screenshot({ path: `${SCREENSHOTS}home-fr.png`, fullPage: true });
    await assertAccessible(page, 'home fr');

    await page.goto(`${BASE_URL}/ar`);
    await page.getByRole('link', { name: /شقق/ }).first().waitFor(WAIT);
    assert.deepEqual(await documentLanguage(page), { lang: 'ar', dir: 'rtl' });
    await page.getByRole('heading', { level: 1, name: 'إعلانات مبوبة في المغرب' }).waitFor(WAIT);
    await page.getByRole('region', { name: 'أحدث الإعلانات' }).getByRole('article').first().waitFor(WAIT);
    await page.screenshot({ path: `${SCREENSHOTS}home-ar.png`, fullPage: true });
    await assertAccessible(page, 'home ar');

    await page.getByRole('link', { name: 'Français' }).click();
    await page.waitForURL((url) => isFrenchPath(url.pathname), WAIT);
    await page.getByRole('heading', { level: 2, name: /^Immobilier/ }).waitFor(WAIT);
    assert.deepEqual(await documentLanguage(page), { lang: 'fr', dir: 'ltr' });
    const cookies = await context.cookies(BASE_URL);
    assert.equal(cookies.find((cookie) => cookie.name === 'lang')?.value, 'fr');

    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('Arabic home on a phone-sized screen', async () => {
  const { context, page, problems } = await openPage({ width: 390, height: 844 });
  try {
    await page.goto(`${BASE_URL}/ar/home`);
    await page.getByRole('link', { name: /شقق/ }).first().waitFor(WAIT);
    assert.deepEqual(await documentLanguage(page), { lang: 'ar', dir: 'rtl' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    await page.screenshot({ path: `${SCREENSHOTS}home-ar-mobile.png`, fullPage: true });
    await assertAccessible(page, 'home ar phone');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('an unknown path shows the translated 404 page (SPA fallback)', async () => {
  const { context, page, problems } = await openPage();
  try {
    const response = await page.goto(`${BASE_URL}/fr/cette-page-n-existe-pas`);
    // No soft 404: the server says 404, and the app still draws its page.
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor(WAIT);
    await page.goto(`${BASE_URL}/ar/cette-page-n-existe-pas`);
    await page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }).waitFor(WAIT);
    await assertAccessible(page, '404 ar');
    // A server may answer unknown paths with the app shell and a 404 status, which Chromium
    // reports on the console; that is expected here.
    assert.deepEqual(problems.filter((problem) => !/status of 404/.test(problem)), []);
  } finally {
    await context.close();
  }
});

/**
 * The vertical homes on a phone and a desktop, in French and Arabic: the vehicles home's popular
 * brands with their counts; the real-estate tabs above their panel (never beside it), each tab
 * switching the panel; no page wider than the viewport.
 */
for (const language of ['fr', 'ar']) {
  for (const phone of [false, true]) {
    const size = phone ? 'phone-' : '';
    const viewport = phone ? { width: 390, height: 844 } : undefined;
    const prefix = language === 'ar' ? '/ar' : '';
    test(`the vehicles home lists popular brands and models: vehicles-home-${size}${language}`, async () => {
      const { context, page, problems } = await openPage(viewport);
      try {
        await page.goto(`${BASE_URL}${prefix}/${language === 'ar' ? encodeURIComponent('المركبات') : 'vehicules'}`);
        const section = page.getByRole('region', { name: language === 'ar' ? 'الماركات والموديلات الأكثر طلباً' : 'Marques et modèles populaires' });
        const brand = section.locator('.popular-brands__brand').first();
        await brand.waitFor(WAIT);
        assert.match((await brand.textContent()) ?? '', /\d/, 'a brand shows its count');
        assert.match(decodeURI((await brand.getAttribute('href')) ?? ''), /\?brand=[a-z-]+$/);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= (phone ? 390 : 1280), `no page wider than the viewport: ${String(width)}`);
        await page.screenshot({ path: `${SCREENSHOTS}vehicles-home-${size}${language}.png`, fullPage: !phone });
        await assertAccessible(page, `vehicles home ${size}${language}`);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test(`the real-estate tabs sit above their panel: real-estate-home-${size}${language}`, async () => {
      const { context, page, problems } = await openPage(viewport);
      try {
        await page.goto(`${BASE_URL}${prefix}/${language === 'ar' ? encodeURIComponent('العقارات') : 'immobilier'}`);
        const tablist = page.getByRole('tablist');
        await tablist.waitFor(WAIT);
        const tabs = tablist.getByRole('tab');
        assert.equal(await tabs.count(), 5);
        for (const index of [0, 1]) {
          await tabs.nth(index).click();
          const panel = page.getByRole('tabpanel');
          await panel.waitFor(WAIT);
          const list = await tablist.boundingBox();
          const box = await panel.boundingBox();
          assert.ok(list && box, 'tabs and panel are drawn');
          assert.ok(box.y >= list.y + list.height - 1, `the panel starts below the tabs: ${JSON.stringify({ list, box })}`);
          assert.ok(box.width >= list.width * 0.9, 'the panel is as wide as the tab row');
        }
        await tabs.nth(0).click();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= (phone ? 390 : 1280), `no page wider than the viewport: ${String(width)}`);
        await page.screenshot({ path: `${SCREENSHOTS}real-estate-home-${size}${language}.png`, fullPage: !phone });
        await assertAccessible(page, `real-estate home ${size}${language}`);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
}
