// Browser journey of the insertion-fee payment against a running server (BASE_URL, `souk serve
// --demo`), in French and in Arabic: the demo private seller opens one of their ads waiting for
// payment (the demo gives that account some), goes to its checkout, reads the order summary,
// sees the card offered, chooses an agency and gets a payment code with its
// countdown; the admin the harness grants (scripts/e2e.sh) confirms the code over GraphQL as
// the agency would; the page moves to the success page by itself, the ad has left the
// pending-payment tab and its public page is live. (The card, offered too, is boost.e2e.mjs's.)
//
//   BASE_URL=http://127.0.0.1:18080 DEMO_PRIVATE_LOGIN=06… DEMO_ADMIN_LOGIN=07… node e2e/payment.e2e.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, DEMO_ADMIN_LOGIN, DEMO_PASSWORD, DEMO_PRIVATE_LOGIN, needs, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';
import { translator } from './support/messages.mjs';
import { gql, tokenOf } from './support/graphql.mjs';

const { openPage } = useBrowser();

/** The agency's confirmation of a paid code, made by the admin (docs/api.md "Payments"). */
async function confirmAsAgency(code) {
  const token = await tokenOf(DEMO_ADMIN_LOGIN);
  const { confirmPaymentCode } = await gql(
    'mutation($c: String!) { confirmPaymentCode(code: $c) { order { status } adStatus } }',
    { c: code },
    token,
  );
  return confirmPaymentCode;
}

async function signIn(page) {
  const t = translator('fr');
  await page.goto(`${BASE_URL}/fr/account/signin`);
  await page.getByLabel(t('signin.phone')).fill(DEMO_PRIVATE_LOGIN);
  await page.getByLabel(t('signin.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('signin.submit') }).click();
  await page.getByRole('heading', { level: 1, name: t('accountArea.title.private') }).waitFor(WAIT);
}

for (const [language, agency] of [
  ['fr', 'cashPlus'],
  ['ar', 'tasshilat'],
]) {
  test(`a seller pays an ad waiting for payment with an agency code, the agency confirms, the ad is published (${language})`, needs('DEMO_PRIVATE_LOGIN', 'DEMO_ADMIN_LOGIN'), async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage();
    try {
      await signIn(page);
      await page.goto(`${BASE_URL}/${language}/account/v2/my-ads?status=PENDING_PAYMENT&page=1`);
      const row = page.getByRole('list', { name: t('myAds.list') }).getByRole('listitem').first();
      await row.waitFor(WAIT);
      const title = (await row.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
      assert.ok(title, 'the demo seller has an ad waiting for payment');
      await row.getByRole('note', { name: t('myAds.due.label') }).waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}my-ads-pending-payment-${language}.png` });
      await row.getByRole('link', { name: t('myAds.pay') }).click();

      // The checkout: the order summary, the card not offered, an agency chosen.
      await page.getByRole('heading', { level: 1, name: t('checkout.title') }).waitFor(WAIT);
      assert.equal(new URL(page.url()).pathname, `/${language}/checkout`);
      assert.equal(await page.evaluate(() => document.documentElement.dir), language === 'ar' ? 'rtl' : 'ltr');
      const summary = page.getByRole('region', { name: t('checkout.summary.title') });
      await summary.getByText(title).waitFor(WAIT);
      // The card is offered (the sandbox provider, docs/payments.md); this journey pays at an agency.
      assert.ok(await page.getByRole('radio', { name: new RegExp(t('checkout.method.cc')) }).isEnabled(), 'the card is offered');
      await page.getByRole('radio', { name: new RegExp(t(`checkout.method.${agency}`)) }).check();
      const total = (await summary.getByText(t('checkout.summary.total')).locator('xpath=following-sibling::dd').textContent())?.trim() ?? '';
      assert.match(total, /^\d[\d ]*,50 DH$/, `the total adds 2,50 DH: ${total}`);
      await page.getByRole('button', { name: t('checkout.order') }).click();

      // The code, its countdown and what to do at the agency.
      const codeBox = page.getByLabel(t('checkout.code.label'), { exact: true });
      await codeBox.waitFor(WAIT);
      const code = ((await codeBox.textContent()) ?? '').replace(/\s/g, '');
      assert.match(code, /^\d{10}$/);
      assert.match((await page.getByRole('timer').textContent()) ?? '', /4[78]/);
      await page.getByText(t(`checkout.method.${agency}`)).first().waitFor(WAIT);
      await page.screenshot({ path: `${SCREENSHOTS}checkout-code-${language}.png`, fullPage: true });

      // The agency confirms; the page notices by itself and shows the success page.
      const confirmed = await confirmAsAgency(code);
      assert.deepEqual(confirmed, { order: { status: 'paid' }, adStatus: 'active' });
      await page.getByRole('heading', { level: 1, name: t('paymentSuccess.title') }).waitFor(WAIT);
      assert.equal(new URL(page.url()).pathname, `/${language}/payment/success`);
      await page.getByText(t('paymentSuccess.published', { title })).waitFor(WAIT);
      const adHref = await page.getByRole('link', { name: t('paymentSuccess.viewAd') }).getAttribute('href');
      assert.match(adHref ?? '', new RegExp(`^/${language}/vi/\\d+\\.htm$`));
      await page.screenshot({ path: `${SCREENSHOTS}payment-success-${language}.png`, fullPage: true });

      // The ad left the pending-payment tab, and its page is public.
      await page.goto(`${BASE_URL}/${language}/account/v2/my-ads?status=PENDING_PAYMENT&page=1`);
      const list = page.getByRole('list', { name: t('myAds.list') });
      const empty = page.getByText(t('myAds.empty.PENDING_PAYMENT'));
      await list.or(empty).first().waitFor(WAIT);
      assert.equal(await page.getByRole('heading', { level: 2, name: title, exact: true }).count(), 0, `"${title}" no longer waits for payment`);
      await page.goto(`${BASE_URL}${adHref}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
