// Browser journeys of the shop directory and shop pages against a running server (BASE_URL,
// `souk serve --demo`, which creates a demo shop): the directory lists shops, a shop page shows
// the shop and its ads, and the Arabic directory reads right to left.
//
//   BASE_URL=http://127.0.0.1:18080 node e2e/shops.e2e.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';
import { assertAccessible } from './support/axe.mjs';

const { openPage } = useBrowser();

test('the directory lists the shops and opens a shop page with its ads', async () => {
  const { context, page, problems } = await openPage();
  try {
    await page.goto(`${BASE_URL}/`);
    await page.getByRole('link', { name: 'Boutiques', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Boutiques' }).waitFor(WAIT);
    const shops = page.getByRole('list', { name: 'Boutiques trouvées' });
    const first = shops.getByRole('listitem').first();
    await first.waitFor(WAIT);
    const name = ((await first.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();
    assert.ok(name);
    await page.screenshot({ path: `${SCREENSHOTS}shops-fr.png`, fullPage: true });

    await first.getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor(WAIT);
    assert.match(new URL(page.url()).pathname, /^\/boutique\/[^/]+$/);
    await page.getByRole('heading', { level: 2, name: /annonces?$/ }).waitFor(WAIT);
    await page.screenshot({ path: `${SCREENSHOTS}shop-page-fr.png`, fullPage: true });

    // The server's own page for the shop: a reload lands on the same canonical address.
    const path = new URL(page.url()).pathname;
    await page.reload();
    await page.getByRole('heading', { level: 1, name }).waitFor(WAIT);
    assert.equal(new URL(page.url()).pathname, path);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the shop directory in Arabic reads right to left', async () => {
  const { context, page, problems } = await openPage();
  try {
    await page.goto(`${BASE_URL}/ar/boutiques`);
    await page.getByRole('heading', { level: 1, name: 'المتاجر' }).waitFor(WAIT);
    await page.getByRole('list', { name: 'المتاجر التي تم العثور عليها' }).getByRole('listitem').first().waitFor(WAIT);
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await page.screenshot({ path: `${SCREENSHOTS}shops-ar.png`, fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

/**
 * A shop page on a phone and a desktop, in French and Arabic: the banner with the name, the
 * contact card whose button shows the shop's numbers as call links, the shop's ads; no page
 * wider than the viewport, no serious accessibility violation.
 */
for (const language of ['fr', 'ar']) {
  for (const phone of [false, true]) {
    const name = `shop-page-${phone ? 'phone-' : 'desktop-'}${language}`;
    test(`a shop page with its banner, contact and ads: ${name}`, async () => {
      const { context, page, problems } = await openPage(phone ? { width: 390, height: 844 } : undefined);
      try {
        const prefix = language === 'ar' ? '/ar' : '';
        await page.goto(`${BASE_URL}${prefix}/boutiques`);
        const first = page.getByRole('list', { name: language === 'ar' ? 'المتاجر التي تم العثور عليها' : 'Boutiques trouvées' }).getByRole('listitem').first();
        await first.waitFor(WAIT);
        const shopName = ((await first.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();
        await first.getByRole('link', { name: shopName }).click();
        await page.getByRole('heading', { level: 1, name: shopName }).waitFor(WAIT);
        const contact = page.getByRole('region', { name: language === 'ar' ? 'الاتصال بالمتجر' : 'Contacter la boutique' });
        await contact.getByRole('button', { name: language === 'ar' ? 'إظهار الرقم' : 'Afficher le numéro' }).click();
        await contact.locator('a[href^="tel:"]').first().waitFor(WAIT);
        await page.locator('#shop-ads').waitFor(WAIT);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= (phone ? 390 : 1280), `no page wider than the viewport: ${String(width)}`);
        await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: !phone });
        await assertAccessible(page, name);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
}
