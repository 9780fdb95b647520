// Browser journey of the loan simulator and the pre-approved credit request (issue 25,
// docs/credit.md) against a running server (BASE_URL, `souk serve --demo`, scripts/e2e.sh), in
// French and in Arabic, on a desktop and on a phone:
// - a demo car ad's view shows the simulator card in its side column; for three inputs (the
//   opening down payment and duration, another down payment, another duration) the card's monthly
//   payment is the server's own figure for them (simulateLoan), as the user moves the inputs;
// - a negative down payment and one above the price are refused under the field in the page's
//   language, the request button disabled;
// - the demo private account asks for a pre-approved credit (login wall, then the form: a wrong
//   age is refused with the server's wording, then sent) and the request reaches the admins' list
//   (/admin/credit, signed in as the demo admin).
//
//   BASE_URL=http://127.0.0.1:18080 DEMO_PRIVATE_LOGIN=06… DEMO_ADMIN_LOGIN=07… node e2e/credit.e2e.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, DEMO_ADMIN_LOGIN, DEMO_PASSWORD, DEMO_PRIVATE_LOGIN, needs, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';
import { assertAccessible } from './support/axe.mjs';
import { gql } from './support/graphql.mjs';
import { translator } from './support/messages.mjs';

const { openPage } = useBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A demo car ad with a price the simulator is offered on: `{ listId, title, offer }`. */
async function carAd() {
  const { searchAds } = await gql(
    'query($f: SearchFiltersInput) { searchAds(filters: $f, offset: 0, limit: 24) { ads { listId title } } }',
    { f: { categoryId: 2010, priceMin: 40000, priceMax: 400000 } },
  );
  for (const ad of searchAds.ads) {
    const response = await fetch(`${BASE_URL}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query($l: Int!) { getLoanOffer(listId: $l) { price { centimes } rateBasisPoints durations defaultMonths defaultDownPayment } }',
        variables: { l: ad.listId },
      }),
    });
    const body = await response.json();
    if (body.data?.getLoanOffer) return { ...ad, offer: body.data.getLoanOffer };
  }
  throw new Error('no demo car ad with a loan offer');
}

/** The server's monthly payment for a down payment (DH) and a duration, as written. */
async function serverMonthly(listId, downPayment, months) {
  const { simulateLoan } = await gql(
    'query($l: Int!, $d: Int!, $m: Int!) { simulateLoan(listId: $l, downPayment: $d, months: $m) { monthlyPayment { withCurrency } } }',
    { l: listId, d: downPayment, m: months },
  );
  return simulateLoan.monthlyPayment.withCurrency;
}

/** Text with every kind of space made one plain space. */
const plain = (text) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

for (const [language, viewport, device] of [
  ['fr', DESKTOP, 'desktop'],
  ['ar', DESKTOP, 'desktop'],
  ['fr', PHONE, 'phone'],
  ['ar', PHONE, 'phone'],
]) {
  test(`the simulator's monthly payment is the server's for three inputs, live (${language}, ${device})`, async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage(viewport);
    try {
      const ad = await carAd();
      await page.goto(`${BASE_URL}/${language}/vi/${ad.listId}.htm`);
      const card = page.getByRole('region', { name: t('credit.simulator.title') });
      await card.waitFor(WAIT);
      await card.scrollIntoViewIfNeeded();
      const result = card.getByRole('status');
      const down = card.getByLabel(t('credit.simulator.downPayment'), { exact: true });
      const duration = card.getByLabel(t('credit.simulator.duration'));
      const priceDh = Math.floor(ad.offer.price.centimes / 100);
      const other = ad.offer.durations.find((m) => m !== ad.offer.defaultMonths) ?? ad.offer.defaultMonths;
      const inputs = [
        [ad.offer.defaultDownPayment, ad.offer.defaultMonths],
        [Math.floor(priceDh / 2), ad.offer.defaultMonths],
        [Math.floor(priceDh / 2), other],
      ];
      for (const [i, [downPayment, months]] of inputs.entries()) {
        if (i === 1) await down.fill(String(downPayment));
        if (i === 2) await duration.selectOption(String(months));
        const expected = plain(await serverMonthly(ad.listId, downPayment, months));
        await page.waitForFunction(
          ([el, want]) => el?.textContent?.replace(/[\s\u00a0\u202f]+/g, ' ').includes(want),
          [await result.elementHandle(), expected],
          WAIT,
        );
        assert.ok(plain(await result.innerText()).includes(expected), `${expected} for ${downPayment} DH over ${months} months`);
      }
      await card.screenshot({ path: `${SCREENSHOTS}credit-simulator-${device}-${language}.png` });
      await page.screenshot({ path: `${SCREENSHOTS}credit-ad-view-${device}-${language}.png`, fullPage: device === 'desktop' });
      await assertAccessible(page, `ad view with the loan simulator (${language}, ${device})`);

      // Spec §5: not negative, not above the price.
      await down.fill('-1000');
      await card.getByText(t('credit.error.downPaymentNegative')).waitFor(WAIT);
      assert.equal(await card.getByRole('button', { name: t('credit.simulator.request') }).isDisabled(), true);
      await down.fill(String(priceDh + 1));
      await card.getByText(t('credit.error.downPaymentAbovePrice')).waitFor(WAIT);
      await card.screenshot({ path: `${SCREENSHOTS}credit-simulator-error-${device}-${language}.png` });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

for (const [language, viewport, device] of [
  ['fr', DESKTOP, 'desktop'],
  ['ar', PHONE, 'phone'],
]) {
  test(`a credit request from the simulator reaches the admins' list (${language}, ${device})`, needs('DEMO_PRIVATE_LOGIN', 'DEMO_ADMIN_LOGIN'), async () => {
    const t = translator(language);
    const profession = language === 'fr' ? `Infirmière ${device}` : `ممرضة ${device}`;
    const { context, page, problems } = await openPage(viewport);
    try {
      const ad = await carAd();
      await page.goto(`${BASE_URL}/${language}/vi/${ad.listId}.htm`);
      const card = page.getByRole('region', { name: t('credit.simulator.title') });
      await card.waitFor(WAIT);
      await card.getByRole('button', { name: t('credit.simulator.request') }).click();
      const wall = page.getByRole('dialog');
      await wall.waitFor(WAIT);
      await wall.getByLabel(t('signin.phone')).fill(DEMO_PRIVATE_LOGIN);
      await wall.getByLabel(t('signin.password')).fill(DEMO_PASSWORD);
      await wall.getByRole('button', { name: t('signin.submit') }).click();

      const form = page.getByRole('dialog', { name: t('credit.request.title') });
      await form.waitFor(WAIT);
      await form.getByLabel(t('credit.request.profession')).fill(profession);
      await form.getByLabel(t('credit.request.financingType')).selectOption('CLASSIC');
      await form.getByLabel(t('credit.request.age')).fill('17');
      await form.getByLabel(t('credit.request.profile')).selectOption('CIVIL_SERVANT');
      await form.getByRole('button', { name: t('credit.request.submit') }).click();
      await form.getByText(t('credit.error.ageInvalid')).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}credit-request-error-${device}-${language}.png` });
      await assertAccessible(page, `credit request form (${language}, ${device})`);
      await form.getByLabel(t('credit.request.age')).fill('34');
      await form.getByRole('button', { name: t('credit.request.submit') }).click();
      await form.getByRole('heading', { name: t('credit.request.sent.title') }).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}credit-request-sent-${device}-${language}.png` });
      await form.getByRole('button', { name: t('credit.request.close') }).click();
      await context.close();

      const admin = await openPage(viewport);
      try {
        await admin.page.goto(`${BASE_URL}/${language}/admin/credit`);
        await admin.page.getByLabel(t('signin.phone')).fill(DEMO_ADMIN_LOGIN);
        await admin.page.getByLabel(t('signin.password')).fill(DEMO_PASSWORD);
        await admin.page.getByRole('button', { name: t('signin.submit') }).click();
        await admin.page.getByRole('heading', { level: 1, name: t('credit.admin.title') }).waitFor(WAIT);
        const row = admin.page.getByRole('row').filter({ hasText: profession });
        await row.waitFor(WAIT);
        assert.match(plain(await row.innerText()), new RegExp(ad.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        await admin.page.screenshot({ path: `${SCREENSHOTS}credit-admin-${device}-${language}.png`, fullPage: true });
        await assertAccessible(admin.page, `credit requests desk (${language}, ${device})`);
        assert.deepEqual(admin.problems, []);
      } finally {
        await admin.context.close();
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close().catch(() => undefined);
    }
  });
}
