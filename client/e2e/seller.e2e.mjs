// Browser journeys of the seller centre and e-commerce checkout (issue 23) against a running
// server (BASE_URL, `souk serve --demo`), in French and in Arabic, with two browser contexts:
// the demo private account (the buyer) orders a demo e-commerce shop's product from its ad
// view; the shop owner's seller centre, open in the other context, shows the order within a
// second without a reload; the owner prepares it; the buyer's "my orders" shows "en
// préparation" / "قيد التحضير" live; an order of more units than are left is refused with the
// OUT_OF_STOCK wording; the seller centre on a phone shows the desktop-only notice for products;
// on a phone, the ad view's sticky contact bar offers Buy, which opens the checkout of that
// product. Then a screenshot of each new screen at phone (390×844) and desktop (1366×900) size.
//
//   BASE_URL=http://127.0.0.1:18080 DEMO_PRIVATE_LOGIN=06… DEMO_ECOMMERCE_LOGIN=…@… node e2e/seller.e2e.mjs

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { BASE_URL, DEMO_ECOMMERCE_LOGIN, DEMO_PASSWORD, DEMO_PRIVATE_LOGIN, needs, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';
import { gql, tokenOf } from './support/graphql.mjs';
import { translator } from './support/messages.mjs';

/** "within a second" (issue 23's journey). */
const LIVE = { timeout: 1_000 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const { newContext } = useBrowser();

/** The seller's active products (as its seller centre lists them), with stock set to `units`. */
async function productWithStock(index, units) {
  const token = await tokenOf(DEMO_ECOMMERCE_LOGIN);
  const { getMyProducts } = await gql(
    'query { getMyProducts(query: { filters: { status: "active" }, page: { number: 1, size: 8 } }) { products { id listId name } } }',
    {},
    token,
  );
  const product = getMyProducts.products[index];
  assert.ok(product, `the demo e-commerce shop has at least ${index + 1} active products`);
  await gql('mutation($id: String!, $u: Int!) { adjustProductStock(id: $id, units: $u) { units status } }', { id: product.id, u: units }, token);
  return product;
}

/** A page of its own (a browser context) in `language` at `viewport`, recording page errors. */
async function openContext(language, viewport) {
  const context = await newContext({ viewport, locale: language === 'ar' ? 'ar-MA' : 'fr-MA' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

async function signInBuyer(page, language) {
  const t = translator(language);
  await page.goto(`${BASE_URL}/${language}/account/signin`);
  await page.getByLabel(t('signin.phone')).fill(DEMO_PRIVATE_LOGIN);
  await page.getByLabel(t('signin.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('signin.submit') }).click();
  await page.getByRole('heading', { level: 1, name: t('accountArea.title.private') }).waitFor(WAIT);
}

async function signInSeller(page, language) {
  const t = translator(language);
  await page.goto(`${BASE_URL}/${language}/account/shop/signin`);
  await page.getByLabel(t('signin.email')).fill(DEMO_ECOMMERCE_LOGIN);
  await page.getByLabel(t('signin.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('signin.submit') }).click();
  await page.getByRole('heading', { level: 1, name: t('accountArea.title.shop') }).waitFor(WAIT);
}

/** Fills the checkout's delivery details where they are not prefilled (saved details). */
async function fillDelivery(page, t) {
  const fill = async (label, value) => {
    const field = page.getByLabel(t(label), { exact: true });
    if ((await field.inputValue()) === '') await field.fill(value);
  };
  await fill('ecom.fullName', 'Salma Bennani');
  await fill('ecom.phone', '0612345678');
  await fill('ecom.email', 'salma.bennani@example.ma');
  await fill('ecom.address', '12 rue Atlas, Maârif');
  const city = page.getByLabel(t('signup.city'), { exact: true });
  if ((await city.inputValue()) === '') await city.selectOption({ index: 1 });
}

/** Marks the page so that a reload (which would lose the mark) is noticed. */
async function markNoReload(page) {
  await page.evaluate(() => {
    window.__soukNoReload = true;
  });
}

async function reloaded(page) {
  return page.evaluate(() => window.__soukNoReload !== true);
}

const runs = [
  ['fr', 0],
  ['ar', 1],
];

for (const [language, productIndex] of runs) {
  test(`a buyer orders a product, the shop sees it live, prepares it, the buyer sees it live; too many units are refused (${language})`, needs('DEMO_PRIVATE_LOGIN', 'DEMO_ECOMMERCE_LOGIN'), async () => {
    const t = translator(language);
    const product = await productWithStock(productIndex, 4);
    const seller = await openContext(language, DESKTOP);
    const buyer = await openContext(language, DESKTOP);
    try {
      // The shop owner's seller centre, open on its pending orders.
      await signInSeller(seller.page, language);
      await seller.page.goto(`${BASE_URL}/${language}/account/seller/my-orders?status=pending&page=1`);
      await seller.page.getByRole('heading', { level: 1, name: t('seller.title') }).waitFor(WAIT);
      await seller.page.getByRole('region', { name: t('seller.banner') }).locator('dl').waitFor(WAIT);
      await markNoReload(seller.page);

      // The buyer, from the ad view: the Buy action with delivery and cash on delivery.
      await signInBuyer(buyer.page, language);
      await buyer.page.goto(`${BASE_URL}/${language}/vi/${product.listId}.htm`);
      const box = buyer.page.getByRole('region', { name: t('buy.section') });
      await box.waitFor(WAIT);
      await box.getByRole('listitem').filter({ hasText: t('buy.cod') }).waitFor(WAIT);
      await buyer.page.screenshot({ path: `${SCREENSHOTS}seller-ad-view-buy-${language}.png` });
      await box.getByRole('link', { name: t('buy.action'), exact: true }).click();

      // The checkout: details, quantity 2, summary, cash on delivery.
      await buyer.page.getByRole('heading', { level: 1, name: t('ecom.title') }).waitFor(WAIT);
      assert.equal(new URL(buyer.page.url()).pathname, `/${language}/ecom/checkout`);
      await fillDelivery(buyer.page, t);
      await buyer.page.getByRole('button', { name: t('ecom.quantity.more') }).click();
      await buyer.page.waitForURL((url) => url.searchParams.get('quantity') === '2', WAIT);
      const summary = buyer.page.getByRole('region', { name: t('ecom.summary') });
      await summary.getByText(t('ecom.subtotal', { count: 2 })).waitFor(WAIT);
      await buyer.page.screenshot({ path: `${SCREENSHOTS}seller-checkout-${language}.png`, fullPage: true });
      await buyer.page.getByRole('button', { name: new RegExp(`^${t('ecom.place', { total: 'TOTAL' }).split('TOTAL')[0].trim()}`) }).click();

      // The confirmation, with the order's reference.
      await buyer.page.getByRole('heading', { level: 1, name: t('ecom.done.title') }).waitFor(WAIT);
      const placedAt = Date.now();
      const reference = ((await buyer.page.locator('.order-confirmation__number bdi').textContent()) ?? '').trim();
      assert.match(reference, /^#[0-9A-Z]{4,}$/);
      await buyer.page.screenshot({ path: `${SCREENSHOTS}seller-order-confirmation-${language}.png` });

      // The seller centre shows it within a second, without a reload, with a toast.
      const row = seller.page.getByRole('table', { name: t('seller.orders.list') }).getByRole('row').filter({ hasText: reference });
      await row.waitFor(LIVE);
      assert.ok(Date.now() - placedAt < 1_500, 'the order reached the seller centre within a second');
      await seller.page.getByRole('region', { name: t('toast.region') }).getByText(product.name, { exact: false }).first().waitFor(LIVE);
      assert.equal(await reloaded(seller.page), false, 'the seller centre did not reload');
      await row.getByText(t('seller.order.new'), { exact: true }).waitFor(WAIT);
      await seller.page.screenshot({ path: `${SCREENSHOTS}seller-orders-live-${language}.png` });

      // The buyer's orders: initiated.
      await buyer.page.getByRole('link', { name: t('ecom.done.myOrders') }).click();
      const buyerRow = buyer.page.getByRole('table', { name: t('orders.list') }).getByRole('row').filter({ hasText: reference.slice(1) });
      await buyerRow.getByText(t('orders.orderStatus.initiated')).waitFor(WAIT);
      await markNoReload(buyer.page);

      // The owner prepares it: the success toast names it.
      await row.getByRole('button', { name: t('seller.order.action.prepare') }).click();
      await seller.page.getByText(t('seller.order.done.prepare', { id: reference.slice(1) })).waitFor(WAIT);
      const preparedAt = Date.now();

      // The buyer sees "preparing" live.
      await buyerRow.getByText(t('orders.orderStatus.preparing')).waitFor(LIVE);
      assert.ok(Date.now() - preparedAt < 1_500, 'the transition reached the buyer within a second');
      assert.equal(await reloaded(buyer.page), false, "the buyer's orders did not reload");
      await buyer.page.screenshot({ path: `${SCREENSHOTS}seller-buyer-orders-live-${language}.png` });

      // Too many units: 2 are left; the checkout asks for 2, another order takes 1 meanwhile.
      await buyer.page.goto(`${BASE_URL}/${language}/ecom/checkout?listId=${product.listId}&quantity=2`);
      await buyer.page.getByRole('heading', { level: 1, name: t('ecom.title') }).waitFor(WAIT);
      await fillDelivery(buyer.page, t);
      await buyer.page.getByRole('region', { name: t('ecom.summary') }).getByText(t('ecom.subtotal', { count: 2 })).waitFor(WAIT);
      const buyerToken = await tokenOf(DEMO_PRIVATE_LOGIN);
      await gql(
        'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
        {
          input: {
            orderKey: randomUUID(),
            listId: product.listId,
            quantity: 1,
            paymentMethod: 'cod',
            delivery: { fullName: 'Salma Bennani', email: 'salma.bennani@example.ma', phone: '0612345678', address: '12 rue Atlas, Maârif', cityId: 1 },
            rememberDetails: false,
          },
        },
        buyerToken,
      );
      await buyer.page.getByRole('button', { name: new RegExp(`^${t('ecom.place', { total: 'TOTAL' }).split('TOTAL')[0].trim()}`) }).click();
      const refusal = buyer.page.getByRole('alert').filter({ hasText: t('checkout.error.outOfStock', { units: 1 }) });
      await refusal.waitFor(WAIT);
      await buyer.page.screenshot({ path: `${SCREENSHOTS}seller-checkout-out-of-stock-${language}.png`, fullPage: true });

      // The buyer cancels a pending order (issue 23): a confirmation first, then the toast.
      await buyer.page.goto(`${BASE_URL}/${language}/account/v2/my-orders?status=initiated&page=1`);
      const cancel = buyer.page.getByRole('table', { name: t('orders.list') }).getByRole('button', { name: t('orders.cancel') }).first();
      await cancel.waitFor(WAIT);
      await cancel.click();
      const cancelDialog = buyer.page.getByRole('dialog', { name: t('orders.cancel.title') });
      await cancelDialog.waitFor(WAIT);
      await buyer.page.screenshot({ path: `${SCREENSHOTS}orders-cancel-${language}.png` });
      await buyer.page.setViewportSize(PHONE);
      await buyer.page.screenshot({ path: `${SCREENSHOTS}orders-cancel-phone-${language}.png` });
      await cancelDialog.getByRole('button', { name: t('orders.cancel.confirm') }).click();
      await buyer.page
        .getByRole('region', { name: t('toast.region') })
        .getByText(t('orders.cancel.done', { id: 'ID' }).split('ID')[0].trim(), { exact: false })
        .first()
        .waitFor(WAIT);
      await buyer.page.setViewportSize(DESKTOP);

      assert.deepEqual(seller.problems, []);
      assert.deepEqual(buyer.problems, []);
    } finally {
      await seller.context.close();
      await buyer.context.close();
    }
  });

  test(`the seller centre on a phone: products are desktop only, orders work (${language})`, needs('DEMO_ECOMMERCE_LOGIN'), async () => {
    const t = translator(language);
    const phone = await openContext(language, PHONE);
    try {
      await signInSeller(phone.page, language);
      await phone.page.goto(`${BASE_URL}/${language}/account/seller/my-products?status=active&page=1`);
      const notice = phone.page.getByRole('region', { name: t('seller.desktopOnly.title') });
      await notice.getByText(t('seller.desktopOnly.products')).waitFor(WAIT);
      assert.equal(await phone.page.getByRole('table').count(), 0);
      await phone.page.screenshot({ path: `${SCREENSHOTS}seller-products-phone-${language}.png`, fullPage: true });
      await notice.getByRole('link', { name: t('seller.desktopOnly.orders') }).click();
      await phone.page.getByRole('table', { name: t('seller.orders.list') }).or(phone.page.locator('.empty-panel')).first().waitFor(WAIT);
      assert.deepEqual(phone.problems, []);
    } finally {
      await phone.context.close();
    }
  });

  test(`screenshots of the seller centre's and checkout's screens on a phone and a desktop (${language})`, needs('DEMO_PRIVATE_LOGIN', 'DEMO_ECOMMERCE_LOGIN'), async () => {
    const t = translator(language);
    const product = await productWithStock(productIndex, 6);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ]) {
      const seller = await openContext(language, viewport);
      const buyer = await openContext(language, viewport);
      try {
        await signInSeller(seller.page, language);
        // A dialog is shot as the screen shows it; a page whole.
        const shoot = async (page, name, fullPage = true) => page.screenshot({ path: `${SCREENSHOTS}seller-${name}-${size}-${language}.png`, fullPage });
        const screens = [
          ['products', `/account/seller/my-products?status=active&page=1`, size === 'phone' ? t('seller.desktopOnly.title') : t('seller.products.list')],
          ['orders', `/account/seller/my-orders?status=all&page=1`, t('seller.orders.list')],
          ['payments', `/account/seller/my-payments?page=1`, size === 'phone' ? t('seller.desktopOnly.title') : t('seller.payments.byOrder')],
          ['settings', `/account/seller/settings`, t('seller.delivery.title')],
          ['product-form', `/product/insert`, size === 'phone' ? t('seller.desktopOnly.title') : t('seller.product.form.about')],
        ];
        for (const [name, path, marker] of screens) {
          await seller.page.goto(`${BASE_URL}/${language}${path}`);
          await seller.page.getByText(marker, { exact: true }).first().waitFor(WAIT);
          await seller.page.locator('.loader').first().waitFor({ state: 'detached', timeout: WAIT.timeout });
          await shoot(seller.page, name);
        }
        await signInBuyer(buyer.page, language);
        await buyer.page.goto(`${BASE_URL}/${language}/vi/${product.listId}.htm`);
        await buyer.page.getByRole('region', { name: t('buy.section') }).waitFor(WAIT);
        await shoot(buyer.page, 'ad-view');
        // The home-delivery request, step by step.
        await buyer.page.getByRole('button', { name: t('delivery.open') }).click();
        const dialog = buyer.page.getByRole('dialog', { name: t('delivery.title') });
        await dialog.getByLabel(t('delivery.firstName')).fill('Salma');
        await dialog.getByLabel(t('ecom.phone')).fill('0612345678');
        await dialog.getByLabel(t('ecom.email')).fill('salma.bennani@example.ma');
        await shoot(buyer.page, 'delivery-1', false);
        await dialog.getByRole('button', { name: t('delivery.next') }).click();
        await dialog.getByLabel(t('signup.city'), { exact: true }).selectOption({ index: 1 });
        await dialog.getByLabel(t('ecom.address')).fill('12 rue Atlas, Maârif');
        await shoot(buyer.page, 'delivery-2', false);
        await dialog.getByRole('button', { name: t('delivery.next') }).click();
        await dialog.getByText(t('delivery.summary.callback')).waitFor(WAIT);
        await shoot(buyer.page, 'delivery-3', false);
        await dialog.getByRole('button', { name: t('delivery.send') }).click();
        await dialog.getByRole('heading', { name: t('delivery.thanks.title', { name: 'Salma' }) }).waitFor(WAIT);
        await shoot(buyer.page, 'delivery-4', false);
        await buyer.page.goto(`${BASE_URL}/${language}/ecom/checkout?listId=${product.listId}&quantity=1`);
        await buyer.page.getByRole('region', { name: t('ecom.summary') }).waitFor(WAIT);
        await shoot(buyer.page, 'checkout');
        // A buyer is no seller: the seller centre says what it is for.
        await buyer.page.goto(`${BASE_URL}/${language}/account/seller/my-orders`);
        await buyer.page.getByRole('heading', { name: t('seller.error.roleRequired') }).waitFor(WAIT);
        await shoot(buyer.page, 'no-access');
        assert.deepEqual(seller.problems, []);
        assert.deepEqual(buyer.problems, []);
      } finally {
        await seller.context.close();
        await buyer.context.close();
      }
    }
  });

  test(`on a phone, the ad view's sticky bar offers Buy, which opens the product's checkout (${language})`, needs('DEMO_PRIVATE_LOGIN', 'DEMO_ECOMMERCE_LOGIN'), async () => {
    const t = translator(language);
    const product = await productWithStock(productIndex, 5);
    const buyer = await openContext(language, PHONE);
    try {
      await signInBuyer(buyer.page, language);
      await buyer.page.goto(`${BASE_URL}/${language}/vi/${product.listId}.htm`);
      await buyer.page.getByRole('heading', { level: 1 }).waitFor(WAIT);
      const bar = buyer.page.getByRole('group', { name: t('adView.bar.label') });
      const buy = bar.getByRole('link', { name: t('buy.action'), exact: true });
      await buy.waitFor(WAIT);
      // The bar stays in sight: its Buy is inside the phone's screen with the page at its top,
      // and still there once the page is scrolled to its end.
      const inSight = async () => {
        const box = await buy.boundingBox();
        assert.ok(box, 'the bar\'s Buy has a box');
        assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height, `Buy is on screen: ${JSON.stringify(box)}`);
        assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `Buy is within the width: ${JSON.stringify(box)}`);
      };
      await inSight();
      // With Buy, the bar's three actions fit the phone: the message button says it short.
      await bar.getByRole('button', { name: t('adView.bar.messageShort'), exact: true }).waitFor(WAIT);
      const width = await buyer.page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= PHONE.width, `no page wider than the phone: ${String(width)}`);
      await buyer.page.screenshot({ path: `${SCREENSHOTS}seller-phone-bar-${language}.png` });
      await buyer.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await inSight();
      await buy.click();
      await buyer.page.getByRole('heading', { level: 1, name: t('ecom.title') }).waitFor(WAIT);
      const url = new URL(buyer.page.url());
      assert.equal(url.pathname, `/${language}/ecom/checkout`);
      assert.equal(url.searchParams.get('listId'), String(product.listId), 'the checkout of that product');
      await buyer.page.getByRole('region', { name: t('ecom.summary') }).waitFor(WAIT);
      await buyer.page.screenshot({ path: `${SCREENSHOTS}seller-phone-bar-checkout-${language}.png`, fullPage: true });
      assert.deepEqual(buyer.problems, []);
    } finally {
      await buyer.context.close();
    }
  });
}
