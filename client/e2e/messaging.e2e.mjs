// Browser journey of live messaging (docs/realtime.md) in a real Chromium against a running
// server (BASE_URL), with two browser contexts: the demo private account (the buyer) contacts a
// demo shop (the seller) from one of its ads; the seller opens the conversation; then each
// message shows on the other's screen within a second, and the buyer sees the read receipt
// come back, and a photo sent as an attachment shows on the other side — all over Socket.IO,
// without a reload. Once in French, once in Arabic (rtl).
//
//   BASE_URL=http://127.0.0.1:18080 DEMO_PRIVATE_LOGIN=06… DEMO_SHOP_LOGIN=…@… node e2e/messaging.e2e.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, DEMO_PASSWORD, DEMO_PRIVATE_LOGIN, DEMO_SHOP_LOGIN, needs, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';
import { activeAdsOf } from './support/graphql.mjs';

/** "within a second" (spec of issue 9's journey). */
const LIVE = { timeout: 1_000 };

const WORDS = {
  fr: {
    phone: 'Numéro de téléphone',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    signIn: 'Se connecter',
    myAccount: 'Mon compte',
    myShop: 'Ma boutique',
    contact: 'Contacter le vendeur',
    message: 'Votre message',
    send: 'Envoyer',
    messages: 'Messages de la conversation',
    read: 'Lu',
    attach: 'Joindre une photo ou un PDF',
  },
  ar: {
    phone: 'رقم الهاتف',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    myAccount: 'حسابي',
    myShop: 'متجري',
    contact: 'مراسلة البائع',
    message: 'رسالتك',
    send: 'إرسال',
    messages: 'رسائل المحادثة',
    read: 'قُرئت',
    attach: 'إرفاق صورة أو ملف PDF',
  },
};

const { newContext } = useBrowser();

/** Active ads of the demo shop, as its my-ads tab lists them (one per language run). */
async function shopAds() {
  const ads = await activeAdsOf(DEMO_SHOP_LOGIN);
  assert.ok(ads.length >= 2, 'the demo shop has active ads');
  return ads;
}

/** A signed-in page in a context of its own, recording page errors. */
async function signedIn(language, kind) {
  const w = WORDS[language];
  const context = await newContext({ viewport: { width: 1280, height: 900 }, locale: language === 'ar' ? 'ar-MA' : 'fr-MA' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  if (kind === 'shop') {
    await page.goto(`${BASE_URL}/${language}/account/shop/signin`);
    await page.getByLabel(w.email).fill(DEMO_SHOP_LOGIN);
  } else {
    await page.goto(`${BASE_URL}/${language}/account/signin`);
    await page.getByLabel(w.phone).fill(DEMO_PRIVATE_LOGIN);
  }
  await page.getByLabel(w.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: w.signIn }).click();
  await page.getByRole('heading', { level: 1, name: kind === 'shop' ? w.myShop : w.myAccount }).waitFor(WAIT);
  return { context, page, problems };
}

/** Types `text` in the open chat and sends it. */
async function say(page, w, text) {
  await page.getByLabel(w.message).fill(text);
  await page.getByRole('button', { name: w.send }).click();
}

function messageIn(page, w, text) {
  return page.getByRole('list', { name: w.messages }).getByText(text, { exact: true });
}

const runs = [
  ['fr', 0],
  ['ar', 1],
];

for (const [language, adIndex] of runs) {
  test(`two people chat live about an ad, with read receipts (${language})`, needs('DEMO_PRIVATE_LOGIN', 'DEMO_SHOP_LOGIN'), async () => {
    const w = WORDS[language];
    const listId = (await shopAds())[adIndex];
    const stamp = `${language}-${Date.now().toString(36)}`;
    const buyer = await signedIn(language, 'private');
    const seller = await signedIn(language, 'shop');
    try {
      // The buyer writes from the ad view and lands in the conversation.
      const first = language === 'ar' ? `مرحبا، هل ما زال متوفرا؟ ${stamp}` : `Bonjour, toujours disponible ? ${stamp}`;
      await buyer.page.goto(`${BASE_URL}/${language}/vi/${listId}.htm`);
      await buyer.page.getByRole('button', { name: w.contact }).click();
      const dialog = buyer.page.getByRole('dialog', { name: w.contact });
      await dialog.getByLabel(w.message).fill(first);
      await dialog.getByRole('button', { name: w.send }).click();
      await buyer.page.waitForURL((url) => url.pathname === `/${language}/messages/chat` && url.searchParams.has('conversation'), WAIT);
      await messageIn(buyer.page, w, first).waitFor(WAIT);
      const conversation = new URL(buyer.page.url()).searchParams.get('conversation');
      assert.deepEqual(
        await buyer.page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })),
        language === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'fr', dir: 'ltr' },
      );

      // The seller finds it in the conversation list and opens it.
      await seller.page.goto(`${BASE_URL}/${language}/messages`);
      await seller.page.getByText(first).first().waitFor(WAIT);
      // The list and the header's unread count, at a desktop's width and a phone's.
      await seller.page.screenshot({ path: `${SCREENSHOTS}messages-${language}.png` });
      await seller.page.setViewportSize({ width: 390, height: 844 });
      await seller.page.screenshot({ path: `${SCREENSHOTS}messages-phone-${language}.png`, fullPage: true });
      await seller.page.setViewportSize({ width: 1280, height: 900 });
      await seller.page.goto(`${BASE_URL}/${language}/messages/chat?conversation=${encodeURIComponent(conversation ?? '')}`);
      await messageIn(seller.page, w, first).waitFor(WAIT);

      // Live: the buyer's next message reaches the open chat of the seller within a second, and
      // the read receipt comes back to the buyer within a second.
      const second = language === 'ar' ? `يمكنني المرور غدا ${stamp}` : `Je peux passer demain ${stamp}`;
      await say(buyer.page, w, second);
      await messageIn(buyer.page, w, second).waitFor(WAIT);
      await messageIn(seller.page, w, second).waitFor(LIVE);
      const mine = buyer.page.getByRole('list', { name: w.messages }).getByRole('listitem').filter({ hasText: second });
      await mine.getByText(w.read, { exact: true }).waitFor(LIVE);

      // And back: the seller's answer shows at the buyer within a second.
      const answer = language === 'ar' ? `مرحبا بك، نحن في انتظارك ${stamp}` : `Avec plaisir, à demain ${stamp}`;
      await say(seller.page, w, answer);
      await messageIn(buyer.page, w, answer).waitFor(LIVE);
      // A photo goes as a binary attachment and shows on the other side.
      const photo = await fetch(`${BASE_URL}/media/demo/market-1.jpg`).then(async (r) => Buffer.from(await r.arrayBuffer()));
      await buyer.page.getByLabel(w.attach).setInputFiles({ name: `photo-${stamp}.jpg`, mimeType: 'image/jpeg', buffer: photo });
      await buyer.page.getByRole('button', { name: w.send }).click();
      await seller.page.getByRole('list', { name: w.messages }).getByRole('img', { name: `photo-${stamp}.jpg` }).waitFor(WAIT);
      await buyer.page.screenshot({ path: `${SCREENSHOTS}chat-${language}.png` });
      // The chat on a phone, and the seller's list after it (a file as the last message).
      await buyer.page.setViewportSize({ width: 390, height: 844 });
      await messageIn(buyer.page, w, answer).waitFor(WAIT);
      await buyer.page.screenshot({ path: `${SCREENSHOTS}chat-phone-${language}.png`, fullPage: true });
      await seller.page.goto(`${BASE_URL}/${language}/messages`);
      await seller.page.getByText(`photo-${stamp}.jpg`).first().waitFor(WAIT);
      await seller.page.screenshot({ path: `${SCREENSHOTS}messages-after-${language}.png` });
      assert.deepEqual(buyer.problems, []);
      assert.deepEqual(seller.problems, []);
    } finally {
      await buyer.context.close();
      await seller.context.close();
    }
  });
}
