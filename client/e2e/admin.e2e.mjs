// Browser journeys of the moderation desk (issue 26, docs/moderation.md) against a running
// server (BASE_URL, `souk serve --demo`): the demo admin opens the desk (going through sign-in),
// a demo seller posts an ad (with a real photo upload, behind the page's back), the ad appears in
// the open desk without a reload (the socket's `moderation:new`), the admin opens it and approves
// it with the keyboard (a), and the ad is found in search — in French and in Arabic; on a phone,
// the list then the ad, refused with a reason, nothing wider than the screen; the abuse reports;
// axe-core finds no serious or critical violation on the desk and the reports. Screenshots:
// admin-desk-{fr,ar}, admin-desk-phone-{fr,ar} (and -full), admin-desk-phone-list-{fr,ar}, admin-reports-{fr,ar},
// admin-ad-back-{fr,ar} (an ad page opened from the reports, with its way back), admin-reports-dismiss-{fr,ar}.
//
//   BASE_URL=http://127.0.0.1:18080 DEMO_PRIVATE_LOGIN=06… DEMO_ADMIN_LOGIN=07… node e2e/admin.e2e.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible } from './support/axe.mjs';
import { BASE_URL, DEMO_ADMIN_LOGIN, DEMO_PASSWORD, DEMO_PRIVATE_LOGIN, documentLanguage, needs, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';
import { gql, tokenOf } from './support/graphql.mjs';
import { translator } from './support/messages.mjs';
import { scrollsSideways } from './support/rtl.mjs';

const { openPage } = useBrowser();
const PHONE = { width: 390, height: 844 };

/** A word no other ad has (ten random letters), to find one ad in search. */
function uniqueWord() {
  return `zq${Array.from({ length: 10 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('')}`;
}

/** The demo seller posts a complete ad with one demo photo (as the form does: upload, then submitAd). */
async function postAd(title) {
  const token = await tokenOf(DEMO_PRIVATE_LOGIN);
  const image = await fetch(`${BASE_URL}/media/demo/market-1.jpg`);
  assert.ok(image.ok, 'a demo photo to upload');
  const form = new FormData();
  form.append('file', new Blob([await image.arrayBuffer()], { type: 'image/jpeg' }), 'photo.jpg');
  const upload = await fetch(`${BASE_URL}/api/ads/photos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const uploaded = await upload.json();
  assert.equal(upload.status, 201, JSON.stringify(uploaded));
  const ad = {
    categoryId: 6020,
    adType: 'sell',
    title,
    description: "Canapé d'angle en cuir véritable, très bon état, à récupérer sur place à Casablanca.",
    params: { condition: 'tres_bon_etat' },
    images: [uploaded.mediaId],
    cityId: 1,
    areaId: 101,
    price: 2500,
  };
  const { submitAd } = await gql('mutation($a: AdInput) { submitAd(ad: $a) { adId status } }', { a: ad }, token);
  assert.equal(submitAd.status, 'pending_review');
  return submitAd.adId;
}

/** A live demo ad (the first that answers getAd), to report. */
async function liveDemoAd() {
  for (let listId = 10_000_001; listId < 10_000_041; listId += 1) {
    const response = await fetch(`${BASE_URL}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query($l: Int!) { getAd(listId: $l) { ad { listId title } } }', variables: { l: listId } }),
    });
    const ad = (await response.json()).data?.getAd?.ad;
    if (ad) return ad;
  }
  throw new Error('no live demo ad to report');
}

/** Opens the desk in `language`: the sign-in page first (the desk's sign-in wall), then back. */
async function openDesk(page, language) {
  const t = translator(language);
  await page.goto(`${BASE_URL}/${language}/admin/moderation`);
  await page.getByLabel(t('signin.phone')).fill(DEMO_ADMIN_LOGIN);
  await page.getByLabel(t('signin.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('signin.submit') }).click();
  await page.getByRole('heading', { level: 1, name: t('admin.queue.title') }).waitFor(WAIT);
  assert.equal(new URL(page.url()).pathname, `/${language}/admin/moderation`);
}

/** The queue's row of the ad titled `title`. */
function row(page, title) {
  return page.getByRole('main').getByRole('button').filter({ hasText: title });
}

for (const language of ['fr', 'ar']) {
  test(`an ad posted while the desk is open arrives live, is approved with the keyboard, and is found in search (${language})`, needs('DEMO_PRIVATE_LOGIN', 'DEMO_ADMIN_LOGIN'), async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage();
    try {
      await openDesk(page, language);
      assert.deepEqual(await documentLanguage(page), { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
      // The desk is drawn (its queue, or the empty state) before the ad is posted.
      await page.getByRole('complementary', { name: t('admin.shortcuts.title') }).waitFor(WAIT);

      const word = uniqueWord();
      const title = `Canapé cuir ${word} 3 places`;
      await postAd(title);
      // No reload: the socket brings it.
      await row(page, title).waitFor(WAIT);
      await row(page, title).click();
      const preview = page.getByRole('region', { name: t('admin.preview.label') });
      await preview.getByRole('heading', { level: 2, name: title }).waitFor(WAIT);
      await preview.getByRole('img', { name: t('admin.preview.photo', { n: 1, total: 1 }) }).waitFor(WAIT);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${SCREENSHOTS}admin-desk-${language}.png`, fullPage: true });
      await assertAccessible(page, `the moderation desk (${language})`);
      assert.equal(await scrollsSideways(page), false, 'the desk scrolls sideways');

      // The keyboard's "a" approves the open ad.
      await page.keyboard.press('a');
      await page.getByText(t('admin.decided.approved', { title: `\u2068${title}\u2069` })).waitFor(WAIT);
      await row(page, title).waitFor({ state: 'detached', ...WAIT });

      // Found in search (the index follows the approval within seconds).
      const card = page.getByRole('link', { name: title });
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
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test(`on a phone: the queue, then the ad with its decision bar; refused with a reason; nothing wider than the screen (${language})`, needs('DEMO_PRIVATE_LOGIN', 'DEMO_ADMIN_LOGIN'), async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage(PHONE);
    try {
      const title = `Canapé cuir ${uniqueWord()} 2 places`;
      await postAd(title);
      await openDesk(page, language);
      await row(page, title).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}admin-desk-phone-list-${language}.png`, fullPage: true });
      assert.equal(await scrollsSideways(page), false, 'the queue scrolls sideways on a phone');

      await row(page, title).click();
      const preview = page.getByRole('region', { name: t('admin.preview.label') });
      await preview.getByRole('heading', { level: 2, name: title }).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}admin-desk-phone-${language}.png` });
      await page.screenshot({ path: `${SCREENSHOTS}admin-desk-phone-full-${language}.png`, fullPage: true });
      assert.equal(await scrollsSideways(page), false, 'the ad scrolls sideways on a phone');
      await assertAccessible(page, `the moderation desk on a phone (${language})`);

      await preview.getByRole('group', { name: t('admin.actions') }).getByRole('button', { name: t('admin.refuse.open') }).click();
      const dialog = page.getByRole('dialog', { name: t('admin.refuse.title') });
      await dialog.getByText(t('admin.reason.bad_photos')).click();
      await dialog.getByRole('button', { name: t('admin.refuse.confirm') }).click();
      await page.getByText(t('admin.decided.refused', { title: `\u2068${title}\u2069` })).waitFor(WAIT);
      await row(page, title).waitFor({ state: 'detached', ...WAIT });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test(`the abuse reports, one card per ad (${language})`, needs('DEMO_PRIVATE_LOGIN', 'DEMO_ADMIN_LOGIN'), async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage();
    try {
      // Two visitors report the same live demo ad: one card, two reports.
      const reported = await liveDemoAd();
      for (const [from, type] of [[`a-${uniqueWord()}@example.ma`, 'fraud'], [`b-${uniqueWord()}@example.ma`, 'wrong_price']]) {
        await gql('mutation($l: Int!, $f: String, $t: String!) { submitReportAd(listId: $l, from: $f, type: $t, body: "Prix trop bas pour être vrai") { reported } }', { l: reported.listId, f: from, t: type });
      }
      await page.goto(`${BASE_URL}/${language}/admin/reports`);
      await page.getByLabel(t('signin.phone')).fill(DEMO_ADMIN_LOGIN);
      await page.getByLabel(t('signin.password')).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t('signin.submit') }).click();
      await page.getByRole('heading', { level: 1, name: t('admin.reports.title') }).waitFor(WAIT);
      const card = page.getByRole('article').filter({ has: page.locator(`a[href$="/vi/${reported.listId}.htm"]`) }).first();
      await card.waitFor(WAIT);
      await card.getByText(t('ad.report.type.wrong_price')).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}admin-reports-${language}.png`, fullPage: true });
      await assertAccessible(page, `the abuse reports (${language})`);
      assert.equal(await scrollsSideways(page), false);

      // The ad's page, opened from its card, leads back to the reports.
      await card.locator(`a[href$="/vi/${reported.listId}.htm"]`).click();
      const back = page.getByRole('link', { name: t('admin.backToReports') });
      await back.waitFor(WAIT);
      await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}admin-ad-back-${language}.png` });
      await back.click();
      await card.waitFor(WAIT);
      assert.equal(new URL(page.url()).pathname, `/${language}/admin/reports`);

      // Closing the ad's reports: a reason first, then the card leaves.
      await card.getByRole('button', { name: t('admin.dismiss.open') }).click();
      // Its title counts the ad's open reports: the two above, at least.
      const dialog = page.getByRole('dialog');
      await dialog.waitFor(WAIT);
      assert.match((await dialog.getByRole('heading').first().textContent()) ?? '', new RegExp(t('admin.dismiss.title', { count: 2 }).replace(/\d+/, '\\d+')));
      await dialog.getByText(t('admin.dismissal.no_violation')).click();
      await dialog.getByLabel(t('admin.dismiss.note')).fill('Prix vérifié avec le vendeur');
      await page.screenshot({ path: `${SCREENSHOTS}admin-reports-dismiss-${language}.png` });
      await dialog.getByRole('button', { name: t('admin.dismiss.confirm') }).click();
      await card.waitFor({ state: 'detached', ...WAIT });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
