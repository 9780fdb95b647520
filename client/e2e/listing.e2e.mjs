// Browser journeys of browsing against a running server (BASE_URL, `souk serve --demo`):
// home → a category's listing → a filter → an ad → previous/next → save after signing in at the
// login wall, once in French and once in Arabic (right to left, Arabic text); the language
// switch on a listing keeps the page; old-style ad and listing URLs are redirected to their
// canonical ones; the ad view's map falls back to the outline of Morocco when its tiles cannot
// load (phone and desktop, French and Arabic).
//
//   BASE_URL=http://127.0.0.1:18080 DEMO_PRIVATE_LOGIN=06… node e2e/listing.e2e.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, DEMO_PASSWORD, DEMO_PRIVATE_LOGIN, documentLanguage, needs, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';
import { readsLeftToRight } from './support/rtl.mjs';
import { assertAccessible } from './support/axe.mjs';

/** The first demo ad (services/src/demo/generate.rs FIRST_LIST_ID). */
const FIRST_DEMO_AD = 10_000_001;

/** The words of each language the journeys use. */
const TEXT = {
  fr: {
    home: '/',
    cars: 'Voitures',
    directory: 'Toutes les catégories',
    filters: 'Filtres de recherche',
    city: 'Ville',
    search: 'Rechercher',
    results: 'Résultats',
    listingTitle: /^Voitures à /,
    neighbours: 'Parcourir les résultats',
    back: 'Retour aux résultats',
    save: 'Sauvegarder',
    saved: 'Sauvegardée',
    phone: 'Numéro de téléphone',
    password: 'Mot de passe',
    signIn: 'Se connecter',
  },
  ar: {
    home: '/ar',
    cars: 'سيارات',
    directory: 'جميع الفئات',
    filters: 'فلاتر البحث',
    city: 'المدينة',
    search: 'ابحث',
    results: 'النتائج',
    listingTitle: /^سيارات في /,
    neighbours: 'تصفح النتائج',
    back: 'العودة إلى النتائج',
    save: 'حفظ',
    saved: 'محفوظ',
    phone: 'رقم الهاتف',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
  },
};

const { openPage } = useBrowser();

/**
 * Home → "Voitures" → the listing narrowed to the city of its first result → the first ad →
 * previous/next → save through the login wall.
 */
async function browseAndSave(language) {
  const t = TEXT[language];
  const { context, page, problems } = await openPage();
  try {
    await page.goto(`${BASE_URL}${t.home}`);
    const directory = page.getByRole('navigation', { name: t.directory });
    await directory.getByRole('link', { name: t.cars, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: t.listingTitle }).waitFor(WAIT);
    const results = page.getByRole('list', { name: t.results });
    await results.getByRole('listitem').first().waitFor(WAIT);
    assert.deepEqual(await documentLanguage(page), { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });

    // The city of the first result, chosen in the filters: the listing keeps at least that ad.
    const meta = (await results.getByRole('listitem').first().locator('.listing-card__meta').textContent()) ?? '';
    const cityName = meta.split('·')[0]?.trim() ?? '';
    assert.ok(cityName, 'the first result names its city');
    const filters = page.getByRole('search', { name: t.filters });
    await filters.getByRole('combobox', { name: t.city, exact: true }).selectOption({ label: cityName });
    const before = page.url();
    await filters.getByRole('button', { name: t.search }).click();
    await page.waitForURL((url) => url.href !== before, WAIT);
    const path = decodeURIComponent(new URL(page.url()).pathname);
    assert.ok(language === 'ar' ? path.startsWith('/ar/') : !path.startsWith('/ar/'), path);
    await page.getByRole('heading', { level: 1, name: new RegExp(cityName) }).waitFor(WAIT);
    await results.getByRole('listitem').first().waitFor(WAIT);
    // Each price on the cards reads left to right in both languages ("55 000 DH", never
    // "DH 000 55" in Arabic), as Chromium lays it out.
    const prices = await results.locator('bdi.amount').all();
    assert.ok(prices.length > 0, 'the results show prices');
    for (const price of prices) assert.ok(await readsLeftToRight(price), `"${await price.textContent()}" reads left to right`);
    await page.screenshot({ path: `${SCREENSHOTS}listing-${language}.png`, fullPage: true });
    await assertAccessible(page, `listing ${language}`);

    // The cards are the list's own items (a premium card's labels are a list of their own).
    const cards = results.locator(':scope > li');
    const count = await cards.count();
    const second = cards.nth(Math.min(1, count - 1));
    const title = ((await second.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();
    await second.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
    const neighbours = page.getByRole('navigation', { name: t.neighbours });
    await neighbours.getByRole('link', { name: t.back }).waitFor(WAIT);
    // Previous / next run across the page above the ad; they used to take the ad's column and
    // push the ad and its seller one cell further in the grid.
    const across = (await neighbours.boundingBox())?.width ?? 0;
    const main = (await page.getByRole('main').boundingBox())?.width ?? 0;
    assert.ok(across > main * 0.9, `the previous/next bar spans the page (${across} of ${main} px)`);

    await page.getByRole('button', { name: t.save, exact: true }).click();
    const wall = page.getByRole('dialog');
    await wall.waitFor(WAIT);
    await wall.getByLabel(t.phone).fill(DEMO_PRIVATE_LOGIN);
    await wall.getByLabel(t.password).fill(DEMO_PASSWORD);
    await wall.getByRole('button', { name: t.signIn }).click();
    await page.getByRole('button', { name: t.saved, exact: true }).waitFor(WAIT);
    await page.screenshot({ path: `${SCREENSHOTS}ad-from-listing-${language}.png`, fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
}

test('home → listing → filter → ad → save after sign-in, in French', needs('DEMO_PRIVATE_LOGIN'), async () => {
  await browseAndSave('fr');
});

test('home → listing → filter → ad → save after sign-in, in Arabic right to left', needs('DEMO_PRIVATE_LOGIN'), async () => {
  await browseAndSave('ar');
});

test('the language switch on a listing keeps the page and stores the choice', async () => {
  const { context, page, problems } = await openPage();
  try {
    await page.goto(`${BASE_URL}/maroc/voitures`);
    await page.getByRole('heading', { level: 1, name: /^Voitures à / }).waitFor(WAIT);
    await page.getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === '/ar/المغرب/سيارات', WAIT);
    await page.getByRole('heading', { level: 1, name: /^سيارات في / }).waitFor(WAIT);
    assert.deepEqual(await documentLanguage(page), { lang: 'ar', dir: 'rtl' });
    assert.equal((await context.cookies(BASE_URL)).find((c) => c.name === 'lang')?.value, 'ar');

    await page.getByRole('link', { name: 'Français' }).click();
    await page.waitForURL((url) => url.pathname === '/maroc/voitures', WAIT);
    await page.getByRole('heading', { level: 1, name: /^Voitures à / }).waitFor(WAIT);
    assert.equal((await context.cookies(BASE_URL)).find((c) => c.name === 'lang')?.value, 'fr');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('inside the app, /li and /deeplink/view/{id} land on the listing and the ad without a page load', async () => {
  const { context, page, problems } = await openPage();
  try {
    await page.goto(`${BASE_URL}/`);
    await page.getByRole('navigation', { name: 'Toutes les catégories' }).waitFor(WAIT);
    // A mark on the document: a full page load would drop it.
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    // What a link inside the app does: a history entry the router follows.
    const navigate = (path) =>
      page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);

    await navigate('/li?category=2010&q=clio');
    await page.waitForURL((url) => url.pathname === '/maroc/voitures/clio', WAIT);
    await page.getByRole('heading', { level: 1, name: '« clio » : Voitures à tout le Maroc' }).waitFor(WAIT);

    await navigate(`/deeplink/view/${FIRST_DEMO_AD}`);
    await page.waitForURL((url) => url.pathname === `/vi/${FIRST_DEMO_AD}.htm`, WAIT);
    await page.getByRole('button', { name: 'Sauvegarder', exact: true }).waitFor(WAIT);
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the app navigated without a page load');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('old-style ad and listing URLs are redirected to their canonical ones', async () => {
  const { context, page, problems } = await openPage();
  try {
    const response = await page.goto(`${BASE_URL}/vi/${FIRST_DEMO_AD}.htm`);
    const chain = response?.request().redirectedFrom();
    assert.ok(chain, 'the old address answered with a redirect');
    assert.equal((await chain.response())?.status(), 301);
    const path = decodeURIComponent(new URL(page.url()).pathname);
    assert.match(path, new RegExp(`^/[^/]+/[^/]+/[^/]+_${FIRST_DEMO_AD}\\.htm$`));
    await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);

    await page.goto(`${BASE_URL}/list?category=2010&q=clio`);
    await page.waitForURL((url) => url.pathname === '/maroc/voitures/clio', WAIT);
    await page.getByRole('heading', { level: 1, name: '« clio » : Voitures à tout le Maroc' }).waitFor(WAIT);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

/**
 * The ad view's map with its tile server unreachable (requests aborted, as offline): the city's
 * dot on the bundled outline of Morocco, never a blank frame or coordinates, on a phone and on a
 * desktop, in French and Arabic.
 */
for (const language of ['fr', 'ar']) {
  for (const phone of [false, true]) {
    const name = `map-fallback-${phone ? 'phone-' : ''}${language}`;
    test(`the ad view's map falls back to the outline of Morocco: ${name}`, async () => {
      const { context, page, problems } = await openPage(phone ? { width: 390, height: 844 } : undefined);
      try {
        const tileRequests = [];
        await page.route(/\/\d+\/\d+\/\d+\.png$/, (route) => {
          tileRequests.push(route.request().url());
          return route.abort('internetdisconnected');
        });
        await page.goto(`${BASE_URL}${language === 'ar' ? '/ar' : ''}/vi/${FIRST_DEMO_AD}.htm`);
        await page.waitForURL((url) => url.pathname.endsWith(`_${FIRST_DEMO_AD}.htm`), WAIT);
        const map = page.locator('figure.ad-map');
        await map.scrollIntoViewIfNeeded(WAIT);
        const outline = map.getByRole('img', { name: language === 'ar' ? /^خريطة المغرب تحدد موقع / : /^Carte du Maroc situant / });
        await outline.waitFor(WAIT);
        // The street map was tried (the server names a tile server) and its tiles failed.
        await page.waitForFunction(() => document.querySelector('.ad-map__tiles .leaflet-tile') !== null, null, WAIT);
        assert.ok(tileRequests.length > 0, 'the tile server was asked');
        assert.equal(await map.getAttribute('data-shown'), 'outline');
        assert.ok(await outline.isVisible());
        const city = (await outline.locator('text').textContent())?.trim() ?? '';
        assert.ok(city.length > 0, 'the city is named on the outline');
        assert.doesNotMatch((await map.textContent()) ?? '', /-?\d+[.,]\d{2}/, 'no raw coordinates');
        const box = await outline.boundingBox();
        assert.ok(box && box.width > 200 && box.height > 150, `the outline is drawn large enough: ${JSON.stringify(box)}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= (phone ? 390 : 1280), `no page wider than the viewport: ${String(width)}`);
        await map.screenshot({ path: `${SCREENSHOTS}${name}.png` });
        await assertAccessible(page, name);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
}
