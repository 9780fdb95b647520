// Browser journey of the boosts (issue 24, docs/payments.md) against a running server (BASE_URL,
// `souk serve --demo` with SOUK_PACKS__TEST_START_AFTER_SECONDS small, scripts/e2e.sh), in French
// and in Arabic:
// - the demo private seller boosts one of their active ads that has a photo from my ads: a
//   gallery pack, a part of the day, the card; pays on the sandbox's hosted card page with the
//   approved test card; lands on the success page (paid, the pack's period, the invoice, which is
//   a PDF); then sees the ad among the home page's premium ads once the pack has started
//   (the page is read again until it shows there, never a fixed wait);
// - the demo shop pays a pack with its points, straight to the success page;
// - a declined test card lands on the failure page, whose "retry" orders the same pack again and
//   goes back to the card page;
// - a shop whose points have expired sees them refused with the reason, and the server refuses
//   to debit them (ERROR_SOLDE_EXPIRED, the spec's wording).
// scripts/e2e.sh credits the demo shop's points and gives the second demo shop points that have
// expired (`souk credit`, DEMO_SHOP2_LOGIN).
//
//   BASE_URL=http://127.0.0.1:18080 DEMO_PRIVATE_LOGIN=06… DEMO_SHOP_LOGIN=…@… DEMO_SHOP2_LOGIN=…@… node e2e/boost.e2e.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, DEMO_PASSWORD, DEMO_PRIVATE_LOGIN, DEMO_SHOP_LOGIN, needs, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';
import { assertAccessible } from './support/axe.mjs';

/** A second demo shop, whose points scripts/e2e.sh gave already expired. */
const DEMO_SHOP2_LOGIN = process.env.DEMO_SHOP2_LOGIN;
import { gql, tokenOf } from './support/graphql.mjs';
import { translator } from './support/messages.mjs';

const { openPage } = useBrowser();

/** The sandbox's test cards (docs/payments.md "Methods": cc). */
const APPROVED_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
/** How long a started pack may take to show in the premium places. */
const PREMIUM_WAIT_MS = 60_000;

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A message with one value left open, as a pattern: `Payer … par carte`. */
function pattern(t, id, name) {
  const [before, after] = t(id, { [name]: '\u0000' }).split('\u0000');
  return new RegExp(`^${escape(before ?? '')}.*${escape(after ?? '')}$`);
}

async function signInPrivate(page) {
  const t = translator('fr');
  await page.goto(`${BASE_URL}/fr/account/signin`);
  await page.getByLabel(t('signin.phone')).fill(DEMO_PRIVATE_LOGIN);
  await page.getByLabel(t('signin.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('signin.submit') }).click();
  await page.getByRole('heading', { level: 1, name: t('accountArea.title.private') }).waitFor(WAIT);
}

async function signInShop(page, login = DEMO_SHOP_LOGIN) {
  const t = translator('fr');
  await page.goto(`${BASE_URL}/fr/account/shop/signin`);
  await page.getByLabel(t('signin.email')).fill(login);
  await page.getByLabel(t('signin.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('signin.submit') }).click();
  await page.getByRole('heading', { level: 1, name: t('accountArea.title.shop') }).waitFor(WAIT);
}

/**
 * `login`'s active ads that can take a pack (a photo, eligible), as the server offers them:
 * `{ adId, title, offer }`, those without a pack yet first.
 */
async function boostableAds(login) {
  const token = await tokenOf(login);
  const { getMyAds } = await gql(
    'query { getMyAds(filters: { status: "ACTIVE" }, pagination: { number: 1, size: 12 }) { ads { adId title image } } }',
    {},
    token,
  );
  const found = [];
  for (const ad of getMyAds.ads) {
    if (!ad.image) continue;
    const { getVasPacks } = await gql(
      `query($a: String!) { getVasPacks(adId: $a) { eligible isShop balances { points { count expired } }
        packs { id kind points } methods { method available } lastAppliedVasPack { endDate } } }`,
      { a: ad.adId },
      token,
    );
    if (getVasPacks.eligible) found.push({ adId: ad.adId, title: ad.title, offer: getVasPacks });
  }
  const running = (ad) => (ad.offer.lastAppliedVasPack && Date.parse(ad.offer.lastAppliedVasPack.endDate) > Date.now() ? 1 : 0);
  return found.sort((a, b) => running(a) - running(b));
}

/** The first day the slot picker offers the evening for `adId` (the first day has it whenever it has a part). */
async function eveningDate(adId, login) {
  const { getVasPacks } = await gql('query($a: String!) { getVasPacks(adId: $a) { slots { parts { id earliestDate } } } }', { a: adId }, await tokenOf(login));
  return getVasPacks.slots.parts.find((part) => part.id === 'evening').earliestDate;
}

/** Pays on the sandbox's hosted card page (http/src/web/sandbox.rs) with `card`. */
async function payOnCardPage(page, card) {
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/card/'), WAIT);
  const form = page.locator('form:has(input[name="number"])');
  await form.waitFor(WAIT);
  await form.locator('input[name="number"]').fill(card);
  await form.locator('input[name="expiry"]').fill('12/30');
  await form.locator('input[name="cvc"]').fill('123');
  await form.locator('input[name="holder"]').fill('Youssef El Amrani');
  await form.locator('button[type="submit"]').click();
}

/** Walks the boost from the pack step to the summary: `packId`, the first part of the day open on the first date, `method`. */
async function chooseBoost(page, t, packId, method, screenshot) {
  await page.locator(`input[name="pack"][value="${packId}"]`).check();
  await page.getByRole('button', { name: t('boost.next') }).click();
  await page.getByRole('combobox', { name: t('boost.start.date') }).waitFor(WAIT);
  await page.locator('input[name="part"]:not([disabled])').first().check();
  await page.getByRole('note').waitFor(WAIT);
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  await page.getByRole('button', { name: t('boost.next') }).click();
  await page.getByRole('radio', { name: new RegExp(escape(t(`checkout.method.${method}`))) }).check();
  await page.getByRole('button', { name: t('boost.next') }).click();
  await page.getByRole('region', { name: t('checkout.summary.title') }).waitFor(WAIT);
}

for (const language of ['fr', 'ar']) {
  test(`a private seller boosts an active ad with the card, gets the invoice, and the ad shows among the premium ads (${language})`, needs('DEMO_PRIVATE_LOGIN'), async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage();
    try {
      await signInPrivate(page);
      // Preferably an ad without a running pack (the other language's journey boosted one).
      const [ad] = await boostableAds(DEMO_PRIVATE_LOGIN);
      assert.ok(ad, 'the demo private seller has an active ad with a photo that can be boosted');
      const gallery = ad.offer.packs.find((p) => p.kind === 'gallery');
      assert.ok(gallery, 'a gallery pack is offered');

      // From my ads, the ad's "boost" action.
      await page.goto(`${BASE_URL}/${language}/account/v2/my-ads?status=ACTIVE&page=1`);
      const actions = page.getByRole('group', { name: t('myAds.actions', { title: ad.title }) });
      await actions.getByRole('link', { name: t('myAds.boost') }).click();
      await page.getByRole('heading', { level: 1, name: t('boost.title') }).waitFor(WAIT);
      assert.equal(new URL(page.url()).pathname, `/${language}/checkout/boost`);
      assert.equal(await page.evaluate(() => document.documentElement.dir), language === 'ar' ? 'rtl' : 'ltr');
      await page.getByRole('article', { name: t('boost.kind.gallery') }).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}boost-${language}.png`, fullPage: true });
      await assertAccessible(page, `boost ${language}`);

      await chooseBoost(page, t, gallery.id, 'cc', `${SCREENSHOTS}boost-start-${language}.png`);
      const summary = page.getByRole('region', { name: t('checkout.summary.title') });
      await summary.getByText(ad.title).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}boost-summary-${language}.png`, fullPage: true });
      await page.getByRole('button', { name: pattern(t, 'boost.pay.cc', 'total') }).click();

      // The sandbox's card page, then back on the success page: paid, with its invoice.
      await payOnCardPage(page, APPROVED_CARD);
      await page.getByRole('heading', { level: 1, name: t('paymentSuccess.title') }).waitFor(WAIT);
      const result = new URL(page.url());
      assert.equal(result.pathname, `/${language}/payment/success`);
      const orderId = result.searchParams.get('order');
      assert.ok(orderId, 'the success page names its order');
      await page.getByText(t('paymentResult.period')).waitFor(WAIT);
      const invoice = page.getByRole('link', { name: pattern(t, 'paymentResult.invoice', 'number') });
      await invoice.waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}boost-success-${language}.png`, fullPage: true });
      const pdf = await context.request.get(new URL((await invoice.getAttribute('href')) ?? '', BASE_URL).toString(), {
        headers: { authorization: `Bearer ${await tokenOf(DEMO_PRIVATE_LOGIN)}` },
      });
      assert.equal(pdf.status(), 200, 'the invoice downloads');
      assert.match(pdf.headers()['content-type'] ?? '', /application\/pdf/);
      assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-');

      // The pack starts a few seconds after the payment (the e2e knob): the ad joins the home
      // page's premium ads. The page is read again until it does.
      const deadline = Date.now() + PREMIUM_WAIT_MS;
      let premium = false;
      while (!premium && Date.now() < deadline) {
        await page.goto(`${BASE_URL}/${language}`);
        const section = page.getByRole('region', { name: t('home.premium') });
        await section.waitFor(WAIT).catch(() => undefined);
        premium = (await section.getByRole('link', { name: ad.title, exact: true }).count()) > 0;
      }
      assert.ok(premium, `"${ad.title}" shows among the home page's premium ads once its gallery pack started`);
      const card = page.getByRole('region', { name: t('home.premium') }).getByRole('link', { name: ad.title, exact: true }).first();
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}boost-premium-${language}.png` });

      // My payments lists it, paid, with its invoice.
      await page.goto(`${BASE_URL}/${language}/account/v2/my-payments`);
      const table = page.getByRole('table', { name: t('myPayments.title') });
      await table.waitFor(WAIT);
      await table.getByText(t('payment.status.paid')).first().waitFor(WAIT);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test(`a shop pays a pack with its points (${language})`, needs('DEMO_SHOP_LOGIN'), async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage();
    try {
      await signInShop(page);
      const ads = await boostableAds(DEMO_SHOP_LOGIN);
      // The cheapest pack in points that the shop's balance pays.
      const choices = ads.flatMap((ad) =>
        ad.offer.packs
          .filter((p) => p.points !== null && p.points <= ad.offer.balances.points.count && !ad.offer.balances.points.expired)
          .map((p) => ({ ad, pack: p })),
      );
      choices.sort((a, b) => a.pack.points - b.pack.points);
      const [choice] = choices;
      assert.ok(choice, 'the demo shop has an ad to boost and enough points for a pack');
      await page.goto(`${BASE_URL}/${language}/checkout/boost?ad=${encodeURIComponent(choice.ad.adId)}`);
      await page.getByRole('heading', { level: 1, name: t('boost.title') }).waitFor(WAIT);
      await page.locator(`input[name="pack"][value="${choice.pack.id}"]`).waitFor(WAIT);
      await chooseBoost(page, t, choice.pack.id, 'points');
      await page.getByRole('button', { name: t('boost.pay.balance') }).click();
      await page.getByRole('heading', { level: 1, name: t('paymentSuccess.title') }).waitFor(WAIT);
      assert.equal(new URL(page.url()).pathname, `/${language}/payment/success`);
      await page.getByText(t('paymentResult.period')).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}boost-points-success-${language}.png`, fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test(`a declined card lands on the failure page, whose retry orders the same pack again (${language})`, needs('DEMO_PRIVATE_LOGIN'), async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage();
    try {
      await signInPrivate(page);
      const [ad] = await boostableAds(DEMO_PRIVATE_LOGIN);
      assert.ok(ad, 'the demo private seller has an ad that can be boosted');
      const bump = ad.offer.packs.find((p) => p.kind === 'bump') ?? ad.offer.packs[0];
      await page.goto(`${BASE_URL}/${language}/checkout/boost?ad=${encodeURIComponent(ad.adId)}`);
      await page.locator(`input[name="pack"][value="${bump.id}"]`).waitFor(WAIT);
      await chooseBoost(page, t, bump.id, 'cc');
      await page.getByRole('button', { name: pattern(t, 'boost.pay.cc', 'total') }).click();
      await payOnCardPage(page, DECLINED_CARD);

      await page.getByRole('heading', { level: 1, name: t('paymentFailure.title') }).waitFor(WAIT);
      assert.equal(new URL(page.url()).pathname, `/${language}/payment/failure`);
      await page.getByRole('alert').filter({ hasText: t('payment.error.invalidOperation') }).waitFor(WAIT);
      assert.equal(await page.getByRole('heading', { name: t('paymentSuccess.title') }).count(), 0, 'a declined card is never "payment received"');
      const other = page.getByRole('link', { name: t('paymentFailure.otherMethod') });
      const href = new URL((await other.getAttribute('href')) ?? '', BASE_URL);
      assert.equal(href.pathname, `/${language}/checkout/boost`);
      assert.equal(href.searchParams.get('pack'), bump.id);
      assert.equal(href.searchParams.get('step'), 'method');
      await page.screenshot({ path: `${SCREENSHOTS}payment-failure-${language}.png`, fullPage: true });

      // "Retry": the same pack, slot and method ordered again — the card page once more.
      await page.getByRole('button', { name: t('paymentFailure.retry') }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox/card/'), WAIT);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test(`a shop whose points have expired cannot pay with them, and the server says why (${language})`, needs('DEMO_SHOP2_LOGIN'), async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage();
    try {
      await signInShop(page, DEMO_SHOP2_LOGIN);
      const [ad] = await boostableAds(DEMO_SHOP2_LOGIN);
      assert.ok(ad, 'the second demo shop has an ad that can be boosted');
      assert.equal(ad.offer.balances.points.expired, true, 'scripts/e2e.sh gave it points that have expired');
      const pack = ad.offer.packs.find((p) => p.points !== null) ?? ad.offer.packs[0];
      await page.goto(`${BASE_URL}/${language}/checkout/boost?ad=${encodeURIComponent(ad.adId)}&pack=${pack.id}&part=evening&step=method`);
      const points = page.getByRole('radio', { name: new RegExp(escape(t('checkout.method.points'))) });
      await points.waitFor(WAIT);
      assert.ok(await points.isDisabled(), 'expired points cannot be chosen');
      await page.getByText(t('boost.method.reason.expired')).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}boost-points-expired-${language}.png`, fullPage: true });

      // Asked anyway, the server refuses with the spec's error, worded as the client words it.
      const response = await fetch(`${BASE_URL}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': language, authorization: `Bearer ${await tokenOf(DEMO_SHOP2_LOGIN)}` },
        body: JSON.stringify({
          query: `mutation($a: String!, $p: String!, $d: String!) {
            orderVasPack(input: { adId: $a, packId: $p, slotDate: $d, slotPart: "evening", method: "points" }) { id } }`,
          variables: { a: ad.adId, p: pack.id, d: await eveningDate(ad.adId, DEMO_SHOP2_LOGIN) },
        }),
      });
      const body = await response.json();
      assert.equal(body.errors?.[0]?.extensions?.code, 'ERROR_SOLDE_EXPIRED');
      assert.equal(body.errors?.[0]?.extensions?.messageKey, 'payment.error.soldeExpired');
      assert.equal(body.errors?.[0]?.message, t('payment.error.soldeExpired'));
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
