// The car valuation's screens (issue 25): the landing in French and Arabic with the server's
// limit; the steps behind sign-in (/connexion); every step checked before the next with the
// server's wording; a made estimate opening its page; the server's refusals ("limit reached",
// "could not evaluate") on the summary with what was typed kept; my estimations; another
// account's estimation refused.

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { accessTokenFor, gateway, graphqlError, jsonResponse, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import type { Valuation, ValuationRules } from '../../api/valuation';
import serverAr from '../../generated/messages.ar.json';
import serverFr from '../../generated/messages.fr.json';

const RULES: ValuationRules = {
  phases: ['phase_1', 'phase_2', 'phase_3'],
  origins: ['ww_au_maroc', 'dedouanee', 'importee_neuve'],
  conditions: ['excellent', 'good', 'average', 'poor'],
  warningLights: ['none', 'some'],
  reasons: ['sell', 'buy', 'trade_in', 'curiosity'],
  yearMin: 1950,
  yearMax: 2027,
  realPowerMin: 20,
  realPowerMax: 1000,
  fiscalPowerMin: 1,
  fiscalPowerMax: 99,
  mileageMax: 2000000,
  versionMaxChars: 80,
  limitPerAccount: 5,
  windowDays: 30,
  validityDays: 30,
};

const money = (centimes: number, withCurrency: string) => ({ centimes, withCurrency, withoutCurrency: withCurrency.replace(' DH', '') });

const VALUATION: Valuation = {
  id: 'v1',
  brand: 'dacia',
  model: 'logan',
  fuel: 'diesel',
  gearbox: 'manuelle',
  year: 2022,
  phase: null,
  version: '1.5 dCi',
  realPower: 90,
  fiscalPower: 6,
  origin: 'ww_au_maroc',
  mileage: 60000,
  mechanicalCondition: null,
  bodyCondition: 'good',
  warningLights: null,
  reason: 'sell',
  contactName: 'Amina Benali',
  phone: '0612345678',
  email: 'amina@example.ma',
  estimate: {
    low: money(10900000, '109 000 DH'),
    high: money(12100000, '121 000 DH'),
    referenceValue: money(11400000, '114 000 DH'),
    adValue: money(11500000, '115 000 DH'),
    transactionValue: money(10500000, '105 000 DH'),
    negotiationMarginBasisPoints: 800,
    rotationDays: 12,
    attractiveness: 5,
    newCarPrice: money(16000000, '160 000 DH'),
    confidence: 4,
    scope: 'model',
    sampleSize: 48,
  },
  createdAt: '2026-11-27T10:00:00Z',
  expiresAt: '2026-12-27T10:00:00Z',
  emailsSent: 1,
};

const CARS = {
  getCarBrands: () => [{ id: 1, name: 'Dacia', slug: 'dacia' }],
  getCarModels: () => [{ id: 1, name: 'Logan', slug: 'logan' }],
  getCarFuels: ({ language }: GatewayCall) => [{ key: 'diesel', name: language === 'ar' ? 'ديزل' : 'Diesel' }],
  getCarGearboxes: ({ language }: GatewayCall) => [{ key: 'manuelle', name: language === 'ar' ? 'يدوية' : 'Manuelle' }],
  getValuationRules: () => RULES,
};

function signIn(): void {
  document.cookie = `souk_token=${accessTokenFor({ accountId: 42, name: 'Amina Benali', roles: ['ROLE_USER'] })}; Path=/`;
}

afterEach(() => {
  jest.restoreAllMocks();
  document.cookie = 'souk_token=; Path=/; Max-Age=0';
});

it.each([
  ['fr', 'Combien vaut votre voiture ?', '5 estimations par compte tous les 30 jours.', 'Estimer ma voiture'],
  ['ar', 'كم تساوي سيارتك؟', '5 تقييمات لكل حساب كل 30 يومًا.', 'قيّم سيارتي'],
] as const)('the landing says what the estimate is and the server limit (%s)', async (language, title, limit, start) => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway(CARS));
  renderApp(`/${language}/cotation-voiture`);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(await screen.findByText(limit)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: start })).toHaveAttribute('href', `/${language}/estimation`);
});

it('sends a visitor through /connexion to the sign-in page and back to the steps', async () => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway(CARS));
  const app = renderApp('/fr/estimation');
  await waitFor(() => {
    expect(app.pathname()).toBe('/fr/account/signin');
  });
  expect(decodeURIComponent(app.search() ?? '')).toBe('?next=/fr/estimation');
});

async function choose(label: string, value: string) {
  const select = await screen.findByLabelText(label);
  await waitFor(() => {
    expect(select.querySelector(`option[value="${value}"]`)).not.toBeNull();
  });
  fireEvent.change(select, { target: { value } });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillSteps() {
  await choose('Marque', 'dacia');
  await choose('Modèle', 'logan');
  await choose('Carburant', 'diesel');
  await choose('Boîte de vitesses', 'manuelle');
  await choose('Année-modèle', '2022');
  type('Version', '1.5 dCi');
  fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
  type('Puissance réelle (ch)', '90');
  type('Puissance fiscale (CV)', '6');
  await choose('Origine', 'ww_au_maroc');
  type('Kilométrage (km)', '60 000');
  fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
  await choose('État de la carrosserie (facultatif)', 'good');
  await choose('Pourquoi cette estimation ?', 'sell');
  fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
  type('Nom', 'Amina Benali');
  type('Téléphone', '06 12 34 56 78');
  type('E-mail', 'amina@example.ma');
  fireEvent.click(screen.getByRole('checkbox', { name: "J'accepte les conditions d'utilisation de l'estimation" }));
  fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Récapitulatif' })).toBeInTheDocument();
  // The mileage in the app's number format (fr-MA), whatever spacing was typed.
  expect(screen.getByText('Kilométrage (km)').nextElementSibling).toHaveTextContent(new Intl.NumberFormat('fr-MA').format(60000));
}

it.each([
  ['fr', 'Continuer', serverFr['validation.required']],
  ['ar', 'متابعة', serverAr['validation.required']],
] as const)('checks each step before the next with the server wording (%s)', async (language, next, required) => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway(CARS));
  signIn();
  renderApp(`/${language}/estimation`);
  fireEvent.click(await screen.findByRole('button', { name: next }));
  expect((await screen.findAllByText(required)).length).toBe(6);
});

it('refuses a wrong phone, a wrong e-mail and unaccepted terms on the contact step', async () => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway(CARS));
  signIn();
  renderApp('/fr/estimation');
  await choose('Marque', 'dacia');
  await choose('Modèle', 'logan');
  await choose('Carburant', 'diesel');
  await choose('Boîte de vitesses', 'manuelle');
  await choose('Année-modèle', '2022');
  type('Version', '1.5 dCi');
  fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
  type('Puissance réelle (ch)', '90');
  type('Puissance fiscale (CV)', '6');
  await choose('Origine', 'dedouanee');
  type('Kilométrage (km)', '60000');
  fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
  await choose('Pourquoi cette estimation ?', 'buy');
  fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
  type('Nom', 'A');
  type('Téléphone', '0112');
  type('E-mail', 'amina@');
  fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
  expect(await screen.findByText(serverFr['validation.name'])).toBeInTheDocument();
  expect(screen.getByText(serverFr['validation.phone'])).toBeInTheDocument();
  expect(screen.getByText(serverFr['validation.email'])).toBeInTheDocument();
  expect(screen.getByText(serverFr['valuation.error.termsRequired'])).toBeInTheDocument();
});

it('sends the steps and opens the estimate with its thanks', async () => {
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway({ ...CARS, requestValuation: () => VALUATION, getValuation: () => VALUATION }, calls),
  );
  signIn();
  const app = renderApp('/fr/estimation');
  await fillSteps();
  fireEvent.click(screen.getByRole('button', { name: 'Obtenir mon estimation' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Merci, votre estimation est prête' })).toBeInTheDocument();
  expect(app.pathname()).toBe('/fr/mes-estimations/details/v1');
  const sent = calls.find((c) => c.operationName === 'requestValuation');
  expect(sent?.variables).toEqual({
    input: expect.objectContaining({ brand: 'dacia', model: 'logan', year: 2022, mileage: 60000, bodyCondition: 'good', mechanicalCondition: null, termsAccepted: true }) as unknown,
  });
  expect(await screen.findByText('114 000 DH')).toBeInTheDocument();
  expect(screen.getByText('105 000 DH')).toBeInTheDocument();
  expect(screen.getByText('160 000 DH')).toBeInTheDocument();
});

it.each([
  ['VALUATION_LIMIT_REACHED', 'valuation.error.limitReached', 'Vous avez atteint la limite de 5 estimations sur 30 jours'],
  ['VALUATION_NOT_POSSIBLE', 'valuation.error.notPossible', serverFr['valuation.error.notPossible']],
])('shows the server refusal %s on the summary and keeps the steps', async (code, key, message) => {
  // The server sends the numbers its wording quotes in the error's extensions.
  const refusal = () => jsonResponse({ data: null, errors: [{ message, extensions: { code, messageKey: key, max: 5, days: 30 } }] });
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ ...CARS, requestValuation: refusal }));
  signIn();
  const app = renderApp('/fr/estimation');
  await fillSteps();
  fireEvent.click(screen.getByRole('button', { name: 'Obtenir mon estimation' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(app.pathname()).toBe('/fr/estimation');
  expect(screen.getByText('Amina Benali')).toBeInTheDocument();
});

it('lists my estimations in Arabic and resends an e-mail', async () => {
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway({ ...CARS, getMyValuations: () => [VALUATION], getValuation: () => VALUATION, resendValuationEmail: () => ({ ...VALUATION, emailsSent: 2 }) }, calls),
  );
  signIn();
  renderApp('/ar/mes-estimations');
  expect(await screen.findByRole('heading', { level: 1, name: 'تقييماتي' })).toBeInTheDocument();
  fireEvent.click(await screen.findByRole('link', { name: 'Dacia Logan 2022' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'تقييمك' })).toBeInTheDocument();
  fireEvent.click(await screen.findByRole('button', { name: 'إعادة إرسال البريد' }));
  expect(await screen.findByText('أُعيد إرسال البريد')).toBeInTheDocument();
  expect(calls.find((c) => c.operationName === 'resendValuationEmail')?.variables).toEqual({ id: 'v1' });
});

it("shows another account's estimation as refused", async () => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway({ ...CARS, getValuation: () => graphqlError('PERMISSION_DENIED', 'common.error.permissionDenied', 'x') }),
  );
  signIn();
  renderApp('/fr/mes-estimations/details/other');
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(screen.queryByText('Valeur estimée')).not.toBeInTheDocument();
});
