// Browser journeys of the account entry in a real Chromium against a running server (BASE_URL):
// sign-in with a demo account (private by phone in French, shop by e-mail in Arabic) and
// sign-out; sign-up in French and in Arabic with the one-time code read from the server's
// development outbox (GET /api/dev/outbox, on when SOUK_AUTH__DEV_OUTBOX=true); a password
// reset by phone; a shop sign-up and its password reset from the e-mailed link; the language
// switch keeping the path; the real-estate home's tabs; deleting a just-deactivated ad refused with
// the days remaining (French and Arabic).
//
//   BASE_URL=http://127.0.0.1:18080 DEMO_PRIVATE_LOGIN=06… DEMO_SHOP_LOGIN=…@… npm run e2e
//
// scripts/e2e.sh reads the demo logins from the server's start-up output.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, DEMO_PASSWORD, DEMO_PRIVATE_LOGIN, DEMO_SHOP_LOGIN, documentLanguage, needs, SCREENSHOTS, useBrowser, WAIT } from './support/browser.mjs';
import { assertAccessible } from './support/axe.mjs';
import { translator } from './support/messages.mjs';
import { linesOf, scrollsSideways } from './support/rtl.mjs';

const { openPage: openBrowserPage } = useBrowser();

function openPage(viewport) {
  return openBrowserPage(viewport, { consoleErrors: true });
}

/** A phone number nobody has: 06 followed by 8 digits from the clock and chance. */
function freshPhone() {
  const digits = `${Date.now() % 1e6}`.padStart(6, '0') + `${Math.floor(Math.random() * 100)}`.padStart(2, '0');
  return `06${digits}`;
}

/** The newest message of `kind` sent to `to` (a phone or an e-mail address), from the development outbox. */
async function messageSentTo(to, kind) {
  for (let i = 0; i < 50; i += 1) {
    const response = await fetch(`${BASE_URL}/api/dev/outbox?limit=50`);
    assert.equal(response.status, 200, 'the dev outbox is off: run the server with SOUK_AUTH__DEV_OUTBOX=true');
    const entries = await response.json();
    const entry = entries.find((e) => e.to.includes(to) && e.kind === kind);
    if (entry) return entry;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${kind} sent to ${to}`);
}

/** The newest one-time code of `kind` sent to `phone`. */
async function codeSentTo(phone, kind) {
  const { code } = await messageSentTo(phone, kind);
  assert.match(code ?? '', /^\d{6}$/);
  return code;
}

for (const language of ['fr', 'ar']) {
  test(`the sign-in page, by phone, with its links (${language})`, async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage();
    try {
      await page.goto(`${BASE_URL}/${language}/account/signin`);
      await page.getByRole('heading', { level: 1, name: t('signin.title') }).waitFor(WAIT);
      await page.getByLabel(t('signin.phone')).waitFor(WAIT);
      await page.getByLabel(t('signin.password')).waitFor(WAIT);
      await page.getByRole('button', { name: t('signin.submit') }).waitFor(WAIT);
      await page.getByRole('link', { name: t('signin.forgotPassword') }).waitFor(WAIT);
      assert.deepEqual(await documentLanguage(page), { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
      // The header's sign-in link stays on one line ("تسجيل الدخول" used to break in two), on a
      // desktop screen and on a phone, and the header never pushes the page sideways.
      const headerSignIn = page.getByRole('banner').getByRole('link', { name: t('header.signIn') });
      assert.equal(await linesOf(headerSignIn), 1, 'the header sign-in link is on one line');
      // The phone is typed left to right in both languages.
      assert.equal(await page.getByLabel(t('signin.phone')).getAttribute('dir'), 'ltr');
      await page.screenshot({ path: `${SCREENSHOTS}signin-${language}.png`, fullPage: true });
      await assertAccessible(page, `sign-in ${language}`);
      await page.setViewportSize({ width: 390, height: 844 });
      assert.equal(await linesOf(headerSignIn), 1, 'the header sign-in link is on one line on a phone');
      assert.equal(await scrollsSideways(page), false, 'the sign-in page does not scroll sideways on a phone');
      await page.screenshot({ path: `${SCREENSHOTS}signin-${language}-mobile.png`, fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('a demo private account signs in by phone in French, then signs out', needs('DEMO_PRIVATE_LOGIN'), async () => {
  const { context, page, problems } = await openPage();
  try {
    await page.goto(`${BASE_URL}/fr/account/signin`);
    await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor(WAIT);
    await page.getByLabel('Numéro de téléphone').fill(DEMO_PRIVATE_LOGIN);
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor(WAIT);
    assert.equal(new URL(page.url()).pathname, '/fr/account');
    await page.getByRole('definition').filter({ hasText: DEMO_PRIVATE_LOGIN }).waitFor(WAIT);
    const cookies = await context.cookies(BASE_URL);
    assert.ok(cookies.find((c) => c.name === 'souk_token')?.value, 'the access token cookie is set');
    await page.screenshot({ path: `${SCREENSHOTS}account-fr.png`, fullPage: true });

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByRole('link', { name: 'Se connecter' }).waitFor(WAIT);
    const after = await context.cookies(BASE_URL);
    assert.equal(after.find((c) => c.name === 'souk_token'), undefined);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a wrong password shows the translated failure toast', needs('DEMO_PRIVATE_LOGIN'), async () => {
  const { context, page } = await openPage();
  try {
    await page.goto(`${BASE_URL}/fr/account/signin`);
    await page.getByLabel('Numéro de téléphone').fill(DEMO_PRIVATE_LOGIN);
    await page.getByLabel('Mot de passe').fill('pas-le-bon');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await toasts.getByRole('alert').filter({ hasText: 'E-mail ou mot de passe incorrect' }).waitFor(WAIT);
  } finally {
    await context.close();
  }
});

test('a demo shop signs in by e-mail in Arabic, right to left', needs('DEMO_SHOP_LOGIN'), async () => {
  const { context, page, problems } = await openPage();
  try {
    await page.goto(`${BASE_URL}/ar/account/shop/signin`);
    await page.getByRole('heading', { level: 1, name: 'تسجيل دخول المتاجر' }).waitFor(WAIT);
    assert.deepEqual(await documentLanguage(page), { lang: 'ar', dir: 'rtl' });
    await page.getByLabel('البريد الإلكتروني').fill(DEMO_SHOP_LOGIN);
    await page.getByLabel('كلمة المرور').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();

    await page.getByRole('heading', { level: 1, name: 'متجري' }).waitFor(WAIT);
    assert.equal(new URL(page.url()).pathname, '/ar/account');
    await page.screenshot({ path: `${SCREENSHOTS}account-shop-ar.png`, fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('sign-up in French with the one-time code, then a password reset by phone', async () => {
  const { context, page, problems } = await openPage();
  const phone = freshPhone();
  try {
    await page.goto(`${BASE_URL}/fr/account/signup`);
    await page.getByRole('heading', { level: 1, name: 'Créer un compte' }).waitFor(WAIT);
    await page.getByLabel('Ville', { exact: true }).selectOption({ label: 'Casablanca' }, WAIT);
    await page.getByLabel('Nom', { exact: true }).fill('Salma Bennani');
    await page.getByLabel('Numéro de téléphone').fill(phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill('abc');
    await page.getByText('Le mot de passe doit contenir au moins 5 caractères').waitFor(WAIT);
    await page.getByLabel('Mot de passe', { exact: true }).fill('premier1');
    await page.getByLabel('Confirmation du mot de passe').fill('premier1');
    await page.screenshot({ path: `${SCREENSHOTS}signup-fr.png`, fullPage: true });
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await page.getByRole('heading', { level: 1, name: 'Confirmez votre numéro' }).waitFor(WAIT);
    await page.getByRole('timer').waitFor(WAIT);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Veuillez saisir le code').waitFor(WAIT);
    const code = await codeSentTo(phone, 'phone_verification_code');
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Code à 6 chiffres').fill(wrong);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('alert').filter({ hasText: 'Code incorrect' }).waitFor(WAIT);
    await page.screenshot({ path: `${SCREENSHOTS}code-fr.png`, fullPage: true });
    await page.getByLabel('Code à 6 chiffres').fill(code);
    await page.getByRole('button', { name: 'Valider' }).click();

    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor(WAIT);
    await page.getByText('Salma Bennani').waitFor(WAIT);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByRole('link', { name: 'Se connecter' }).waitFor(WAIT);

    // Forgotten password, by phone.
    await page.goto(`${BASE_URL}/fr/account/reset-password`);
    await page.getByLabel('Numéro de téléphone').fill(phone);
    await page.getByRole('button', { name: 'Recevoir un code' }).click();
    await page.getByLabel('Code à 6 chiffres').waitFor(WAIT);
    const resetCode = await codeSentTo(phone, 'recovery_code');
    await page.getByLabel('Code à 6 chiffres').fill(resetCode);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByLabel('Nouveau mot de passe').fill('second22');
    await page.getByLabel('Confirmation du mot de passe').fill('second22');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Votre mot de passe a été modifié').waitFor(WAIT);

    await page.goto(`${BASE_URL}/fr/account/signin`);
    await page.getByLabel('Numéro de téléphone').fill(phone);
    await page.getByLabel('Mot de passe').fill('second22');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor(WAIT);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('sign-up in Arabic after the language switch kept the path, skipping the code', async () => {
  const { context, page, problems } = await openPage({ width: 390, height: 844 });
  const phone = freshPhone();
  try {
    await page.goto(`${BASE_URL}/fr/account/signup`);
    await page.getByRole('heading', { level: 1, name: 'Créer un compte' }).waitFor(WAIT);
    await page.getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL((url) => url.pathname === '/ar/account/signup', WAIT);
    await page.getByRole('heading', { level: 1, name: 'إنشاء حساب' }).waitFor(WAIT);
    assert.deepEqual(await documentLanguage(page), { lang: 'ar', dir: 'rtl' });
    assert.equal((await context.cookies(BASE_URL)).find((c) => c.name === 'lang')?.value, 'ar');

    await page.getByLabel('المدينة').selectOption({ label: 'الدار البيضاء' }, WAIT);
    await page.getByLabel('الاسم', { exact: true }).fill('سلمى بناني');
    await page.getByLabel('رقم الهاتف').fill(phone);
    await page.getByLabel('كلمة المرور', { exact: true }).fill('premier1');
    await page.getByLabel('تأكيد كلمة المرور').fill('premier2');
    await page.getByText('كلمتا المرور غير متطابقتين').waitFor(WAIT);
    await page.getByLabel('تأكيد كلمة المرور').fill('premier1');
    await page.getByRole('button', { name: 'إنشاء حسابي' }).click();

    await page.getByRole('heading', { level: 1, name: 'أكّد رقم هاتفك' }).waitFor(WAIT);
    await codeSentTo(phone, 'phone_verification_code');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    await page.screenshot({ path: `${SCREENSHOTS}code-ar-mobile.png`, fullPage: true });
    await page.getByRole('button', { name: 'تخطي هذه الخطوة' }).click();

    await page.getByRole('heading', { level: 1, name: 'حسابي' }).waitFor(WAIT);
    await page.getByText('سلمى بناني').waitFor(WAIT);
    assert.equal(new URL(page.url()).pathname, '/ar/account');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a shop signs up with category and plan, then resets its password from the e-mailed link', async () => {
  const { context, page, problems } = await openPage();
  const email = `boutique-${Date.now()}@souk-e2e.ma`;
  try {
    await page.goto(`${BASE_URL}/fr/account/signup`);
    await page.getByRole('radio', { name: 'Boutique' }).check();
    await page.getByText('Un conseiller vous appellera dans les 24 heures').waitFor(WAIT);
    await page.getByLabel('Nom de la boutique').fill('Auto Souk 2000');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Numéro de téléphone').fill(freshPhone());
    await page.getByLabel('Ville', { exact: true }).selectOption({ label: 'Rabat' }, WAIT);
    await page.getByLabel('Catégorie de la boutique').selectOption({ label: 'Voitures' }, WAIT);
    await page.getByRole('radio', { name: 'Premium' }).check();
    await page.getByLabel('Mot de passe', { exact: true }).fill('boutique1');
    await page.getByLabel('Confirmation du mot de passe').fill('boutique1');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await page.getByRole('heading', { level: 1, name: 'Votre boutique est créée' }).waitFor(WAIT);
    await page.getByRole('link', { name: 'Continuer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ma boutique' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByRole('link', { name: 'Se connecter' }).waitFor(WAIT);

    await page.goto(`${BASE_URL}/fr/account/reset-password`);
    await page.getByRole('radio', { name: 'Par e-mail (lien)' }).check();
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Recevoir un lien' }).click();
    await page.getByText(`Si un compte existe pour`).waitFor(WAIT);
    const { link } = await messageSentTo(email, 'recovery_link');
    // The link names the server's public address; open the same path and query here.
    const sent = new URL(link);
    assert.equal(sent.pathname, '/account/reset-password');
    await page.goto(`${BASE_URL}${sent.pathname}${sent.search}`);
    await page.getByLabel('Nouveau mot de passe').fill('boutique2');
    await page.getByLabel('Confirmation du mot de passe').fill('boutique2');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Votre mot de passe a été modifié').waitFor(WAIT);

    await page.goto(`${BASE_URL}${sent.pathname}${sent.search}`);
    await page.getByLabel('Nouveau mot de passe').fill('boutique3');
    await page.getByLabel('Confirmation du mot de passe').fill('boutique3');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ce lien n\'est plus valable' }).waitFor(WAIT);

    await page.goto(`${BASE_URL}/fr/account/shop/signin`);
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe').fill('boutique2');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ma boutique' }).waitFor(WAIT);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the real-estate home has its tabs, linking to the listings', async () => {
  const { context, page, problems } = await openPage();
  try {
    await page.goto(`${BASE_URL}/fr/immobilier`);
    const tabs = page.getByRole('tablist', { name: 'Types d’annonces immobilières' });
    await tabs.waitFor(WAIT);
    assert.deepEqual(await tabs.getByRole('tab').allTextContents(), [
      'Ventes',
      'Locations',
      'Immobilier neuf',
      'Vacances',
      'Colocations',
    ]);
    await tabs.getByRole('tab', { name: 'Locations', exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: 'Locations', exact: true });
    const seeAll = panel.getByRole('link', { name: 'Voir toutes les locations' });
    // The canonical listing of the category with the ad-type suffix: /maroc/{category}_{ad-type}.
    assert.match((await seeAll.getAttribute('href')) ?? '', /^\/maroc\/[^/?]+_[^/?]+$/);
    await page.screenshot({ path: `${SCREENSHOTS}real-estate-fr.png`, fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const language of ['fr', 'ar']) {
  test(`a private seller deactivates an ad, then deleting it is refused with the days remaining (${language})`, needs('DEMO_PRIVATE_LOGIN'), async () => {
    const t = translator(language);
    const { context, page, problems } = await openPage();
    try {
      await page.goto(`${BASE_URL}/${language}/account/signin`);
      await page.getByLabel(t('signin.phone')).fill(DEMO_PRIVATE_LOGIN);
      await page.getByLabel(t('signin.password')).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t('signin.submit') }).click();
      await page.getByRole('heading', { level: 1, name: t('accountArea.title.private') }).waitFor(WAIT);

      await page.goto(`${BASE_URL}/${language}/account/v2/my-ads?status=ACTIVE&page=1`);
      assert.deepEqual(await documentLanguage(page), { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
      const first = page.getByRole('list', { name: t('myAds.list') }).getByRole('listitem').first();
      await first.waitFor(WAIT);
      const title = (await first.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
      assert.ok(title);
      await first.getByRole('button', { name: t('myAds.deactivate') }).click();
      const toast = page.getByRole('region', { name: t('toast.region') }).getByText(t('myAds.deactivated'));
      await toast.waitFor(WAIT);
      // Spec §8/§9: toasts bottom-left, in Arabic too.
      const box = await toast.boundingBox();
      const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
      assert.ok(box && box.x + box.width / 2 < width / 2 && box.y > height / 2, `the toast is bottom-left: ${JSON.stringify(box)}`);

      await page.getByRole('link', { name: new RegExp(`^${t('myAds.status.DEACTIVATED')}`) }).click();
      const actions = page.getByRole('group', { name: t('myAds.actions', { title }) });
      await actions.getByRole('button', { name: t('myAds.delete') }).click();
      // Just deactivated: the 7 days of spec §4 are all still to run, so the refusal shows at once.
      const refused = page.getByRole('dialog', { name: t('myAds.deletionRefused.title') });
      await refused.waitFor(WAIT);
      await refused.getByText(t('myAds.deletionRefused.body', { days: 7 })).waitFor(WAIT);
      assert.equal(await page.getByRole('dialog', { name: t('myAds.confirmDelete.title') }).count(), 0);
      await page.screenshot({ path: `${SCREENSHOTS}my-ads-deletion-refused-${language}.png` });
      await refused.getByRole('button', { name: t('common.ok') }).click();
      await refused.waitFor({ state: 'detached', ...WAIT });
      await actions.waitFor(WAIT);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('a private account finds its orders, saved searches and notification settings', needs('DEMO_PRIVATE_LOGIN'), async () => {
  const { context, page, problems } = await openPage();
  try {
    await page.goto(`${BASE_URL}/fr/account/signin`);
    await page.getByLabel('Numéro de téléphone').fill(DEMO_PRIVATE_LOGIN);
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor(WAIT);

    const tabs = page.getByRole('navigation', { name: 'Espace compte' });
    await tabs.getByRole('link', { name: 'Mes commandes' }).click();
    await page.waitForURL((url) => url.pathname === '/fr/account/v2/my-orders' && url.search === '?status=initiated&page=1', WAIT);
    // The account's orders, translated, or the spec's empty state when it has none.
    await page.getByText("Vous n'avez aucune commande initiée.").or(page.getByRole('table', { name: 'Vos commandes' })).waitFor(WAIT);

    await tabs.getByRole('link', { name: 'Favoris' }).click();
    await page.getByRole('link', { name: 'Recherches sauvegardées' }).click();
    await page.waitForURL((url) => url.search === '?status=searches&page=1', WAIT);
    await page.getByRole('heading', { level: 2, name: 'Recherches sauvegardées' }).waitFor(WAIT);

    await tabs.getByRole('link', { name: 'Paramètres' }).click();
    await page.waitForURL((url) => url.pathname === '/fr/account/v2/settings/profile', WAIT);
    await page.getByRole('link', { name: 'Notifications' }).click();
    const newsletter = page.getByRole('checkbox', { name: 'La newsletter et les bons plans' });
    await newsletter.waitFor(WAIT);
    const wasOn = await newsletter.isChecked();
    await newsletter.setChecked(!wasOn);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Paramètres de notification mis à jour').waitFor(WAIT);
    await page.reload();
    await newsletter.waitFor(WAIT);
    assert.equal(await newsletter.isChecked(), !wasOn, 'the preference was saved on the server');
    await page.screenshot({ path: `${SCREENSHOTS}settings-notifications-fr.png`, fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
