// The ad view's loan simulator and credit request, as a person uses them: the card shows the
// ad's price, the server's rate and durations, and a monthly payment equal to the formula's for
// each input as it changes (live); spec §5's down payment rules in French and Arabic; an ad
// without a simulator shows none; the request form checks its fields with the server's wording,
// keeps what was typed when the submission fails (spec §8 credit submit error) and thanks once sent.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { publicAd } from '../../../test/adFixtures';
import { gateway, graphqlError, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { signInBuyer } from '../../../test/sellerFixtures';
import type { LoanOffer } from '../../api/credit';
import { monthlyPayment, withCurrency } from './loan';

const OFFER: LoanOffer = {
  listId: 10000001,
  categoryGroup: 'vehicles',
  price: { centimes: 10000000, withCurrency: '100 000 DH', withoutCurrency: '100 000' },
  rateBasisPoints: 650,
  durations: [12, 24, 36, 48, 60, 68, 72, 84],
  defaultMonths: 68,
  defaultDownPayment: 20000,
  creditAgeMin: 18,
  creditAgeMax: 100,
  professionMaxChars: 80,
  financingTypes: ['CLASSIC', 'PARTICIPATIVE'],
  borrowerProfiles: ['PRIVATE_EMPLOYEE', 'CIVIL_SERVANT', 'SELF_EMPLOYED', 'RETIRED', 'MOROCCAN_ABROAD'],
};

const WORDS = {
  fr: {
    card: 'Simulez votre crédit',
    down: 'Apport (DH)',
    duration: 'Durée',
    monthly: 'Mensualité',
    negative: "L'apport ne peut pas être négatif",
    above: "L'apport ne peut pas dépasser le prix",
    request: 'Demander un crédit pré-approuvé',
  },
  ar: {
    card: 'احسب قرضك',
    down: 'الدفعة الأولى (درهم)',
    duration: 'المدة',
    monthly: 'القسط الشهري',
    negative: 'لا يمكن أن تكون الدفعة الأولى سالبة',
    above: 'لا يمكن أن تتجاوز الدفعة الأولى الثمن',
    request: 'اطلب قرضًا بموافقة مسبقة',
  },
} as const;

function resolvers(calls: GatewayCall[] = [], submit?: (call: GatewayCall) => unknown, offer: LoanOffer | 'none' = OFFER) {
  return gateway(
    {
      getAd: () => publicAd({ title: 'Dacia Logan 2019' }),
      getRelatedAds: () => [],
      getPremiumAds: () => [],
      collectPerformanceEvent: () => true,
      getLoanOffer: () => (offer === 'none' ? null : offer),
      ...(submit ? { submitCreditRequest: submit } : {}),
    },
    calls,
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  document.cookie = 'souk_token=; Path=/; Max-Age=0';
});

it.each(['fr', 'ar'] as const)('shows a monthly payment equal to the formula and follows the inputs live (%s)', async (language) => {
  const w = WORDS[language];
  jest.spyOn(globalThis, 'fetch').mockImplementation(resolvers());
  renderApp(`/${language}/vi/10000001.htm`);
  const card = await screen.findByRole('region', { name: w.card });
  expect(card).toHaveTextContent('100 000 DH');
  expect(card).toHaveTextContent('6,50 %');
  const result = within(card).getByRole('status', { name: w.monthly });
  // 1. The opening inputs: 20 000 DH down, 68 months (spec §9's 80 000 DH over 68 months).
  expect(result).toHaveTextContent(withCurrency(monthlyPayment(8000000, 650, 68)));
  expect(result).toHaveTextContent('1 409,56 DH');
  // 2. Another down payment, typed.
  fireEvent.change(within(card).getByLabelText(w.down), { target: { value: '35000' } });
  expect(result).toHaveTextContent(withCurrency(monthlyPayment(6500000, 650, 68)));
  // 3. Another duration.
  fireEvent.change(within(card).getByLabelText(w.duration), { target: { value: '24' } });
  expect(result).toHaveTextContent(withCurrency(monthlyPayment(6500000, 650, 24)));
  expect(result).toHaveTextContent('2 895,51 DH');
});

it.each(['fr', 'ar'] as const)('says when the down payment is negative or above the price (%s)', async (language) => {
  const w = WORDS[language];
  jest.spyOn(globalThis, 'fetch').mockImplementation(resolvers());
  renderApp(`/${language}/vi/10000001.htm`);
  const card = await screen.findByRole('region', { name: w.card });
  const down = within(card).getByLabelText(w.down);
  fireEvent.change(down, { target: { value: '-5' } });
  expect(card).toHaveTextContent(w.negative);
  expect(down).toHaveAttribute('aria-invalid', 'true');
  expect(within(card).getByRole('button', { name: w.request })).toBeDisabled();
  fireEvent.change(down, { target: { value: '100001' } });
  expect(card).toHaveTextContent(w.above);
  fireEvent.change(down, { target: { value: '100000' } });
  expect(card).not.toHaveTextContent(w.above);
  expect(within(card).getByRole('status', { name: w.monthly })).toHaveTextContent('0 DH');
});

it('shows no simulator on an ad the server offers none for', async () => {
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(resolvers(calls, undefined, 'none'));
  renderApp('/fr/vi/10000001.htm');
  await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2019' });
  await waitFor(() => {
    expect(calls.some((c) => c.operationName === 'getLoanOffer')).toBe(true);
  });
  expect(screen.queryByRole('region', { name: WORDS.fr.card })).toBeNull();
});

it('checks the credit request, keeps it on a failed submission and thanks once sent', async () => {
  signInBuyer();
  const calls: GatewayCall[] = [];
  let attempts = 0;
  const submit = ({ variables }: GatewayCall) => {
    attempts += 1;
    if (attempts === 1) return graphqlError('INTERNAL_ERROR', 'common.error.generic', 'Erreur Veuillez réessayer plus tard');
    const input = variables.input as { amount: number };
    return { id: 'c1', accountId: 42, listId: 10000001, adTitle: 'Dacia Logan 2019', amount: { centimes: input.amount * 100 } };
  };
  jest.spyOn(globalThis, 'fetch').mockImplementation(resolvers(calls, submit));
  renderApp('/fr/vi/10000001.htm');
  const card = await screen.findByRole('region', { name: WORDS.fr.card });
  fireEvent.click(within(card).getByRole('button', { name: WORDS.fr.request }));
  const dialog = await screen.findByRole('dialog', { name: 'Demande de crédit pré-approuvé' });
  expect(dialog).toHaveTextContent('80 000 DH sur 68 mois');
  expect(within(dialog).getByLabelText('Montant du crédit (DH)')).toHaveValue('80000');

  // Spec §5: every field checked before anything is sent.
  fireEvent.change(within(dialog).getByLabelText('Âge'), { target: { value: '17' } });
  fireEvent.change(within(dialog).getByLabelText('Montant du crédit (DH)'), { target: { value: '100001' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
  expect(dialog).toHaveTextContent("L'âge doit être compris entre 18 et 100 ans");
  expect(dialog).toHaveTextContent('Le montant du crédit doit être positif et ne pas dépasser le prix');
  expect(within(dialog).getByLabelText('Profession')).toHaveAttribute('aria-invalid', 'true');
  expect(calls.some((c) => c.operationName === 'submitCreditRequest')).toBe(false);

  fireEvent.change(within(dialog).getByLabelText('Profession'), { target: { value: 'Infirmière' } });
  fireEvent.change(within(dialog).getByLabelText('Montant du crédit (DH)'), { target: { value: '75000' } });
  fireEvent.change(within(dialog).getByLabelText('Type de financement'), { target: { value: 'PARTICIPATIVE' } });
  fireEvent.change(within(dialog).getByLabelText('Âge'), { target: { value: '34' } });
  fireEvent.change(within(dialog).getByLabelText("Profil de l'emprunteur"), { target: { value: 'CIVIL_SERVANT' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
  expect(await within(dialog).findByText("Votre demande de crédit n'a pas pu être envoyée.")).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Profession')).toHaveValue('Infirmière');

  fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
  expect(await within(dialog).findByRole('heading', { name: 'Demande envoyée' })).toBeInTheDocument();
  const sent = calls.filter((c) => c.operationName === 'submitCreditRequest');
  expect(sent).toHaveLength(2);
  expect(sent[1]?.variables.input).toEqual({
    listId: 10000001,
    downPayment: 20000,
    months: 68,
    profession: 'Infirmière',
    amount: 75000,
    financingType: 'PARTICIPATIVE',
    age: 34,
    borrowerProfile: 'CIVIL_SERVANT',
  });
});
