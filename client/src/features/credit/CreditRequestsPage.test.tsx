// The admins' list of credit requests (/admin/credit): an admin reads every request with the ad,
// the credit and the borrower's answers, in French and Arabic; a signed-in user who is not an
// admin gets the forbidden page and the list is never asked for.

import { screen } from '@testing-library/react';
import { accessTokenFor, gateway, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import type { CreditRequest } from '../../api/credit';

function signInAs(claims: Parameters<typeof accessTokenFor>[0]): void {
  document.cookie = `souk_token=${accessTokenFor(claims)}; Path=/`;
}

const money = (centimes: number, withCurrency: string) => ({ centimes, withCurrency, withoutCurrency: withCurrency.replace(' DH', '') });

const REQUEST: CreditRequest = {
  id: 'c1',
  accountId: 42,
  listId: 10000001,
  adTitle: 'Dacia Logan 2019',
  categoryGroup: 'vehicles',
  price: money(10000000, '100 000 DH'),
  downPayment: money(2000000, '20 000 DH'),
  amount: money(8000000, '80 000 DH'),
  months: 68,
  rateBasisPoints: 650,
  monthlyPayment: money(140956, '1 409,56 DH'),
  profession: 'Infirmière',
  financingType: 'participative',
  age: 34,
  borrowerProfile: 'civil_servant',
  createdAt: '2026-11-27T10:00:00Z',
};

function desk(calls: GatewayCall[] = []) {
  return gateway({ getCreditRequests: () => ({ total: 1, requests: [REQUEST] }) }, calls);
}

afterEach(() => {
  jest.restoreAllMocks();
  document.cookie = 'souk_token=; Path=/; Max-Age=0';
});

it.each([
  ['fr', 'Demandes de crédit', 'Financement participatif (Mourabaha)', 'Fonctionnaire', '34 ans'],
  ['ar', 'طلبات القرض', 'تمويل تشاركي (مرابحة)', 'موظف في القطاع العام', '34 سنة'],
] as const)('lists the requests for an admin (%s)', async (language, title, financing, profile, age) => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(desk());
  signInAs({ accountId: 1, name: 'Nadia Admin', roles: ['ROLE_ADMIN'] });
  renderApp(`/${language}/admin/credit`);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  const row = (await screen.findByRole('link', { name: 'Dacia Logan 2019' })).closest('tr');
  expect(row).toHaveTextContent('80 000 DH');
  expect(row).toHaveTextContent('1 409,56 DH');
  expect(row).toHaveTextContent('Infirmière');
  expect(row).toHaveTextContent(financing);
  expect(row).toHaveTextContent(profile);
  expect(row).toHaveTextContent(age);
});

it('shows a user who is not an admin the forbidden page without asking for the list', async () => {
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(desk(calls));
  signInAs({ accountId: 42 });
  renderApp('/fr/admin/credit');
  expect(await screen.findByRole('heading', { name: 'Cette page est réservée aux modérateurs' })).toBeInTheDocument();
  expect(calls.some((c) => c.operationName === 'getCreditRequests')).toBe(false);
});
