// Browser journeys of the ads against a running server (BASE_URL, `souk serve --demo`): a
// visitor opens a demo ad, shows the number, tries to save it, meets the login wall, signs in
// and the ad is saved (French), and reads an ad right to left (Arabic); a demo private seller
// posts an ad through the four steps with a real photo upload, finds it pending moderation in
// my ads, an admin approves it and it is found in search (French and Arabic); then deactivates
// and activates one of their ads. The ad page reads before the client runs (the server's first
// paint) and, on a phone, never scrolls sideways.
//
//   BASE_URL=http://127.0.0.1:18080 DEMO_PRIVATE_LOGIN=06… DEMO_ADMIN_LOGIN=07… npm run e2e

import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BASE_URL, DEMO_ADMIN_LOGIN, DEMO_PASSWORD, DEMO_PRIVATE_LOGIN, needs, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';
import { assertAccessible } from './support/axe.mjs';
import { translator } from './support/messages.mjs';
import { readsLeftToRight } from './support/rtl.mjs';
import { gql, tokenOf } from './support/graphql.mjs';

/** The first demo ad (services/src/demo/generate.rs FIRST_LIST_ID). */
const FIRST_DEMO_AD = 10_000_001;

const browser = useBrowser();
const { openPage } = browser;

/** The list id of an active demo ad whose seller shows the number (and, if asked, with photos). */
async function adWithPhone({ photos = false } = {}) {
  for (let listId = FIRST_DEMO_AD; listId < FIRST_DEMO_AD + 40; listId += 1) {
    const response = await fetch(`${BASE_URL}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        operationName: 'getAd',
        query: 'query getAd($listId: Int!) { getAd(listId: $listId) { ad { title mediaCount } seller { phoneHidden } } }',
        variables: { listId },
      }),
    });
    const body = await response.json();
    const ad = body.data?.getAd;
    if (ad && !ad.seller.phoneHidden && (!photos || ad.ad.mediaCount > 1)) return { listId, title: ad.ad.title };
  }
  throw new Error('no demo ad with a visible number');
}

async function signIn(page) {
  await page.goto(`${BASE_URL}/fr/account/signin`);
  await page.getByLabel('Numéro de téléphone').fill(DEMO_PRIVATE_LOGIN);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor(WAIT);
}

test('a visitor shows the number, meets the login wall when saving, signs in, and the ad is saved', needs('DEMO_PRIVATE_LOGIN'), async () => {
  const { context, page, problems } = await openPage();
  try {
    const { listId, title } = await adWithPhone();
    await page.goto(`${BASE_URL}/vi/${listId}.htm`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
    await page.getByRole('img', { name: /^Carte du Maroc situant/ }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Afficher le numéro' }).click();
    const phone = page.getByRole('link', { name: /^0\d{9}$/ });
    await phone.waitFor(WAIT);
    assert.match((await phone.getAttribute('href')) ?? '', /^tel:0\d{9}$/);

    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    const wall = page.getByRole('dialog');
    await wall.waitFor(WAIT);
    await wall.getByLabel('Numéro de téléphone').fill(DEMO_PRIVATE_LOGIN);
    await wall.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await wall.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('button', { name: 'Sauvegardée' }).waitFor(WAIT);
    await page.screenshot({ path: `${SCREENSHOTS}ad-view-fr.png`, fullPage: true });
    await assertAccessible(page, 'ad view fr');

    await page.goto(`${BASE_URL}/fr/account/v2/my-favorites`);
    await page.getByRole('link', { name: title }).waitFor(WAIT);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

/** Opens the photos full screen from `open`, moves to the second photo, closes with Escape. */
async function viewPhotos(page, open, text, language) {
  await open.click();
  const viewer = page.getByRole('dialog', { name: text.viewer });
  await viewer.waitFor(WAIT);
  const counter = (await viewer.locator('.photo-viewer__counter').textContent()) ?? '';
  const total = Number(counter.split('/')[1]);
  assert.ok(total > 1, `the ad has photos (${counter})`);
  await viewer.getByRole('button', { name: text.next }).click();
  await viewer.getByText(`2 / ${String(total)}`).waitFor(WAIT);
  await page.screenshot({ path: `${SCREENSHOTS}ad-view-photos-phone-${language}.png` });
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'detached', ...WAIT });
}

// The ad view on a phone (issue 26): call and message in a bar fixed at the bottom of the
// screen, the number revealed there; the photos full screen (next photo, Escape); the contact
// form from the bar; no sideways scrolling; no serious accessibility violation.
for (const [language, text] of /** @type {const} */ ([
  ['fr', { bar: 'Contacter le vendeur', call: 'Appeler', message: 'Envoyer un message', open: 'Agrandir la photo 1', viewer: 'Photos en plein écran', next: 'Photo suivante', contact: 'Contacter le vendeur' }],
  ['ar', { bar: 'التواصل مع البائع', call: 'اتصال', message: 'إرسال رسالة', open: 'تكبير الصورة 1', viewer: 'الصور بملء الشاشة', next: 'الصورة التالية', contact: 'مراسلة البائع' }],
])) {
  test(`the ad view on a phone keeps call and message at hand (${language})`, async () => {
    const { context, page, problems } = await openPage({ width: 390, height: 844 });
    try {
      const { listId, title } = await adWithPhone({ photos: true });
      await page.goto(`${BASE_URL}/${language}/vi/${listId}.htm`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
      const bar = page.getByRole('group', { name: text.bar });
      await bar.waitFor(WAIT);
      const box = await bar.boundingBox();
      assert.ok(box && Math.abs(box.y + box.height - 844) <= 1, `the bar sits at the bottom of the screen (${JSON.stringify(box)})`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      await page.screenshot({ path: `${SCREENSHOTS}ad-view-phone-${language}.png` });

      await bar.getByRole('button', { name: text.call }).click();
      const phone = bar.getByRole('link', { name: /^0\d{9}$/ });
      await phone.waitFor(WAIT);
      assert.match((await phone.getAttribute('href')) ?? '', /^tel:0\d{9}$/);
      await assertAccessible(page, `ad view phone ${language}`);

      await viewPhotos(page, page.getByRole('button', { name: text.open }), text, language);

      await bar.getByRole('button', { name: text.message }).click();
      await page.getByRole('dialog', { name: text.contact }).waitFor(WAIT);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('an ad reads right to left in Arabic', async () => {
  const { context, page, problems } = await openPage();
  try {
    const { listId, title } = await adWithPhone();
    await page.goto(`${BASE_URL}/ar/vi/${listId}.htm`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
    await page.getByRole('button', { name: 'إظهار الرقم' }).waitFor(WAIT);
    const dir = await page.evaluate(() => document.documentElement.dir);
    assert.equal(dir, 'rtl');
    // Mixed-direction text as Chromium lays it out: every price reads "1 100 DH", not
    // "DH 100 1" (the ad's own, and its related and premium ads'), and the city's longitude
    // keeps its minus in front ("-5.36", not "5.36-") in the map's Arabic caption.
    await page.getByRole('region', { name: 'إعلانات مشابهة' }).waitFor(WAIT);
    const amounts = await page.locator('bdi.amount').all();
    assert.ok(amounts.length > 0, 'the page shows prices');
    for (const amount of amounts) {
      assert.ok(await readsLeftToRight(amount), `"${await amount.textContent()}" reads left to right`);
    }
    assert.ok(await readsLeftToRight(page.getByRole('figure'), '-\\d+\\.\\d+'), 'the longitude keeps its minus in front');
    await page.screenshot({ path: `${SCREENSHOTS}ad-view-ar.png`, fullPage: true });
    await assertAccessible(page, 'ad view ar');
    await page.goto(`${BASE_URL}/ar/vi/1.htm`);
    await page.getByRole('heading', { level: 1, name: 'الإعلان غير موجود' }).waitFor(WAIT);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the server draws an ad page before the client runs, and the client takes it over on a phone', async () => {
  const { listId, title } = await adWithPhone();
  const { newContext } = browser;
  const phone = { viewport: { width: 390, height: 844 }, locale: 'fr-MA' };
  const withoutScripts = await newContext({ ...phone, javaScriptEnabled: false });
  try {
    const page = await withoutScripts.newPage();
    await page.goto(`${BASE_URL}/vi/${listId}.htm`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
    const photo = page.locator('img.gallery__large');
    assert.ok(await photo.evaluate((img) => img.complete && img.naturalWidth > 0), 'the first photo is shown');
    assert.match((await page.getByRole('link', { name: 'العربية' }).getAttribute('href')) ?? '', /^\/ar\//);
    await page.screenshot({ path: `${SCREENSHOTS}ad-view-first-paint.png` });
  } finally {
    await withoutScripts.close();
  }
  const context = await newContext(phone);
  try {
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${BASE_URL}/vi/${listId}.htm`);
    // The client's own page: the button only it draws, one heading, nothing wider than the screen.
    await page.getByRole('button', { name: 'Appeler' }).waitFor(WAIT);
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(widths[0] <= widths[1], `the page scrolls sideways: ${widths.join(' > ')}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

/** The admin approves the waiting ad titled `title` (the moderation queue, then moderateAd). */
async function approveAsAdmin(title) {
  const token = await tokenOf(DEMO_ADMIN_LOGIN);
  const { getModerationQueue } = await gql('query { getModerationQueue(page: 1, size: 100) { items { ad { adId title } } } }', {}, token);
  const waiting = getModerationQueue.items.map((item) => item.ad).find((ad) => ad.title === title);
  assert.ok(waiting, `"${title}" is in the moderation queue`);
  await gql('mutation($a: String!) { moderateAd(adId: $a, decision: "APPROVE") { adId } }', { a: waiting.adId }, token);
}

for (const language of ['fr', 'ar']) {
  test(`a private seller posts an ad with two photos; pending, not in search, approved by an admin, then found in search (${language})`, needs('DEMO_PRIVATE_LOGIN', 'DEMO_ADMIN_LOGIN'), async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage();
    try {
      // Two different demo photos, uploaded as the seller's own.
      const dir = await mkdtemp(join(tmpdir(), 'souk-e2e-'));
      const photos = [];
      for (const name of ['market-1', 'market-2', 'vehicles-1', 'vehicles-2']) {
        if (photos.length === 2) break;
        const image = await fetch(`${BASE_URL}/media/demo/${name}.jpg`);
        if (!image.ok) continue;
        const file = join(dir, `${name}.jpg`);
        await writeFile(file, Buffer.from(await image.arrayBuffer()));
        photos.push(file);
      }
      assert.equal(photos.length, 2, 'two demo photos to upload');

      await signIn(page);
      // A word no other ad has, to find this one in search.
      // Ten random letters: two runs' words must not be a typo apart, or the search's spelling
      // correction (issue 32) would find the other run's ad.
      const word = `zq${Array.from({ length: 10 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('')}`;
      const title = `Samsung Galaxy A52 ${word} reconditionné`;
      await page.goto(`${BASE_URL}/${language}`);
      await page.getByRole('banner').getByRole('link', { name: t('header.postAd') }).click();
      const category = page.getByRole('main').getByRole('combobox', { name: t('adForm.category') });
      await category.waitFor(WAIT);
      assert.equal(new URL(page.url()).pathname, `/${language}/ad/insert/1`);
      assert.equal(await page.evaluate(() => document.documentElement.dir), language === 'ar' ? 'rtl' : 'ltr');
      // The searchable category select: typed, then chosen among the matches (5010, phones).
      const phones = language === 'ar' ? 'هواتف' : 'Téléphones';
      await category.fill(phones);
      await page.getByRole('option').filter({ has: page.locator('bdi', { hasText: new RegExp(`^${phones}$`) }) }).click();
      await page.getByRole('radio').first().check();
      await page.screenshot({ path: `${SCREENSHOTS}ad-form-1-${language}.png`, fullPage: true });
      await page.getByRole('button', { name: t('adForm.next') }).click();

      await page.getByRole('textbox', { name: t('adForm.title') }).fill(title);
      await page.getByRole('textbox', { name: t('adForm.description') }).fill("Téléphone en très bon état avec chargeur et boîte d'origine.");
      await page.screenshot({ path: `${SCREENSHOTS}ad-form-2-${language}.png`, fullPage: true });
      await page.getByRole('button', { name: t('adForm.next') }).click();

      await page.getByLabel(t('adForm.photos.add')).setInputFiles(photos);
      await page.getByRole('img', { name: t('adForm.photos.photo', { n: 1 }) }).waitFor(WAIT);
      await page.getByRole('img', { name: t('adForm.photos.photo', { n: 2 }) }).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}ad-form-3-${language}.png`, fullPage: true });
      await page.getByRole('button', { name: t('adForm.next') }).click();

      const city = page.getByRole('main').getByRole('combobox', { name: t('adForm.city') });
      await city.click();
      await page.getByRole('listbox').getByRole('option').first().click();
      await page.getByRole('spinbutton', { name: t('adForm.price') }).fill('2500');
      await page.screenshot({ path: `${SCREENSHOTS}ad-form-4-${language}.png`, fullPage: true });
      await page.getByRole('button', { name: t('adForm.submit') }).click();
      await page.getByRole('heading', { level: 1, name: t('adForm.done.title') }).waitFor(WAIT);

      // Pending in my ads, with its two photos.
      await page.getByRole('link', { name: t('adForm.done.myAds') }).click();
      await page.getByRole('heading', { level: 2, name: title }).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}my-ads-pending-${language}.png`, fullPage: true });
      await page.getByRole('group', { name: t('myAds.actions', { title }) }).getByRole('button', { name: t('myAds.properties') }).click();
      const properties = page.getByRole('dialog', { name: t('myAds.properties.title') });
      const media = properties.locator('div').filter({ has: page.getByRole('term').filter({ hasText: t('myAds.properties.media') }) });
      assert.equal((await media.getByRole('definition').textContent())?.trim(), '2');
      await properties.getByRole('button', { name: t('common.close') }).click();

      // Not in search while it waits for moderation (asked twice, seconds apart).
      const card = page.getByRole('link', { name: title });
      for (let i = 0; i < 2; i += 1) {
        await page.goto(`${BASE_URL}/${language}/list?q=${word}`);
        await page.getByText(t('listing.empty')).waitFor(WAIT);
        assert.equal(await card.count(), 0, `"${title}" is not in search before its approval`);
        await page.waitForTimeout(1_500);
      }

      // Found once an admin has approved it.
      await approveAsAdmin(title);
      const deadline = Date.now() + 20_000;
      for (;;) {
        await page.goto(`${BASE_URL}/${language}/list?q=${word}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);
        if ((await card.count()) > 0) break;
        assert.ok(Date.now() < deadline, `"${title}" is in search within 20 s of its approval`);
        await page.waitForTimeout(1_000);
      }
      await card.first().click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
      await page.getByRole('button', { name: t('ad.gallery.show', { n: 2 }) }).waitFor(WAIT);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('a private seller deactivates an ad, then activates it again', needs('DEMO_PRIVATE_LOGIN'), async () => {
  const { context, page, problems } = await openPage();
  try {
    await signIn(page);
    await page.goto(`${BASE_URL}/fr/account/v2/my-ads?status=ACTIVE`);
    const first = page.getByRole('list', { name: 'Vos annonces' }).getByRole('listitem').first();
    await first.waitFor(WAIT);
    const title = (await first.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
    assert.ok(title);
    await first.getByRole('button', { name: 'Désactiver' }).click();
    await page.getByText('Annonce désactivée').waitFor(WAIT);

    await page.getByRole('link', { name: /^Désactivées/ }).click();
    const actions = page.getByRole('group', { name: `Actions sur « ${title} »` });
    await actions.getByRole('button', { name: 'Activer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(WAIT);
    const name = await dialog.getByRole('heading').textContent();
    assert.ok(['Annonce activée', "Limite d'annonces actives atteinte"].includes(name ?? ''), name ?? '');
    await page.screenshot({ path: `${SCREENSHOTS}my-ads-activated-fr.png` });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const language of ['fr', 'ar']) {
  test(`the ad form on a phone: searchable category, an empty step says what it lacks in words, nothing wider than the screen (${language})`, needs('DEMO_PRIVATE_LOGIN'), async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage({ width: 390, height: 844 });
    try {
      await signIn(page);
      await page.goto(`${BASE_URL}/${language}/ad/insert/1`);
      const category = page.getByRole('main').getByRole('combobox', { name: t('adForm.category') });
      await category.fill(language === 'ar' ? 'سيار' : 'voit');
      await page.getByRole('listbox').waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}ad-form-1-phone-${language}.png` });
      await page.getByRole('listbox').getByRole('option').first().click();
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: t('adForm.next') }).click();
      await page.getByRole('textbox', { name: t('adForm.title') }).waitFor(WAIT);
      await page.getByRole('button', { name: t('adForm.next') }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor(WAIT);
      assert.doesNotMatch((await page.locator('main').textContent()) ?? '', /adForm\./, 'no raw message key on the page');
      await page.screenshot({ path: `${SCREENSHOTS}ad-form-2-phone-${language}.png`, fullPage: true });
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(widths[0] <= widths[1], `the ad form scrolls sideways: ${widths.join(' > ')}`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
