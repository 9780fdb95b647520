// The locale files: same keys in both languages, valid ICU messages.

import { createIntl, type IntlShape } from 'react-intl';
import { arMessages as ar, frMessages as fr } from '../app/messagesForTests';
import rules from '../generated/rules.json';
import serverAr from '../generated/messages.ar.json';
import serverFr from '../generated/messages.fr.json';
import ownAr from './ar.json';
import ownFr from './fr.json';

function intlFor(locale: string, messages: Record<string, string>, problems: string[]): IntlShape {
  return createIntl({ locale, messages, onError: (error) => problems.push(error.message) });
}

describe('locale files', () => {
  it('have the same keys', () => {
    expect(Object.keys(ownAr).sort()).toEqual(Object.keys(ownFr).sort());
    expect(Object.keys(serverAr).sort()).toEqual(Object.keys(serverFr).sort());
  });

  // One source (issue 30): every error's wording is the server's (generated/ by `make rules`,
  // checked against the server by a Rust test); the client's own files hold none of it.
  it('hold no error wording of their own: the server catalogue is merged in', () => {
    const repeated = Object.keys(ownFr).filter((key) => key in serverFr);
    expect(repeated).toEqual([]);
    for (const key of Object.values(rules.errors)) {
      expect([key, fr[key as keyof typeof fr] === serverFr[key as keyof typeof serverFr]]).toEqual([key, true]);
      expect([key, ar[key as keyof typeof ar] === serverAr[key as keyof typeof serverAr]]).toEqual([key, true]);
    }
  });

  it.each([
    ['fr-MA', fr],
    ['ar-MA', ar],
  ])('%s messages are not empty and format as ICU', (locale, messages) => {
    const problems: string[] = [];
    const intl = intlFor(locale, messages, problems);
    const values = { days: 2, seconds: 30, hours: 24, min: 5, length: 6, phone: '0612345678', email: 'a@b.ma', name: 'Immobilier', title: 'Dacia', n: 1, total: 2, city: 'Fès', latitude: '34.03', longitude: '-5.00', date: '1 mars 2024', discount: 20, count: 3, reason: 'x', page: 1, pages: 2, max: 8, median: '10 DH', low: '5 DH', high: '20 DH', minutes: 60, admin: 'Admin Souk', time: '14:30', step: 1, steps: 3, metric: 'Vues', from: '16 nov.', to: '22 nov.', when: '24 nov. 2026', period: 'Du 1 au 3 décembre 2026', problem: 'trop lourde', field: 'Titre', year: 2026, id: 3, area: 'Maârif', address: 'Bd Zerktouni', value: '12', category: 'Voitures', extra: '2,50 DH', code: '123 456 7890', agency: 'Cash Plus', units: 4, price: '450 DH', rate: '10 %', sku: 'REF-1', status: 'En préparation', reach: 9, part: 'le matin', number: 'F-2026-000042', balance: '120 points', cost: '40 points', keyword: 'appartement', kind: 'Particulier', left: '12 min', waited: '1 h 20 min' };
    for (const [key, message] of Object.entries(messages)) {
      expect([key, message.trim().length > 0]).toEqual([key, true]);
      intl.formatMessage({ id: key as keyof typeof fr }, values);
    }
    expect(problems).toEqual([]);
  });

  it('format the account area plurals in French and Arabic', () => {
    const problems: string[] = [];
    const french = intlFor('fr-MA', fr, problems);
    const arabic = intlFor('ar-MA', ar, problems);
    expect(french.formatMessage({ id: 'shopBanner.pointsCount' }, { count: 0 })).toBe('Aucun point');
    expect(french.formatMessage({ id: 'shopBanner.pointsCount' }, { count: 120 })).toBe('120 points');
    expect(arabic.formatMessage({ id: 'shopBanner.pointsCount' }, { count: 2 })).toBe('نقطتان');
    expect(arabic.formatMessage({ id: 'shopBanner.pointsCount' }, { count: 5 })).toBe('5 نقاط');
    expect(arabic.formatMessage({ id: 'stats.custom.tooLong' }, { max: 366 })).toContain('366 يوم');
    expect(problems).toEqual([]);
  });

  it('format the home figures with French and Arabic plural forms', () => {
    const problems: string[] = [];
    const french = intlFor('fr-MA', fr, problems);
    const arabic = intlFor('ar-MA', ar, problems);
    expect(french.formatMessage({ id: 'home.figures.sold' }, { days: 3 })).toBe('des biens se vendent en moins de 3 jours');
    expect(french.formatMessage({ id: 'home.figures.sold' }, { days: 1 })).toBe('des biens se vendent en moins de 1 jour');
    expect(arabic.formatMessage({ id: 'home.figures.sold' }, { days: 3 })).toContain('3 أيام');
    expect(arabic.formatMessage({ id: 'home.figures.sold' }, { days: 2 })).toContain('يومين');
    expect(arabic.formatMessage({ id: 'home.figures.sold' }, { days: 11 })).toContain('11 يومًا');
    expect(problems).toEqual([]);
  });

  it('say how many units are left when the stock is short, in French and Arabic', () => {
    const problems: string[] = [];
    const french = intlFor('fr-MA', fr, problems);
    const arabic = intlFor('ar-MA', ar, problems);
    const left = (intl: IntlShape, units: number) => intl.formatMessage({ id: 'checkout.error.outOfStock' }, { units });
    expect(left(french, 3)).toBe('Stock insuffisant : il ne reste que 3 unité(s) de ce produit');
    expect(left(arabic, 4)).toContain('4 وحدة');
    expect(problems).toEqual([]);
  });

  it('count down the one-time code with Arabic plural forms', () => {
    const problems: string[] = [];
    const arabic = intlFor('ar-MA', ar, problems);
    const countdown = (seconds: number) => arabic.formatMessage({ id: 'otp.resendIn' }, { seconds });
    expect(countdown(1)).toContain('ثانية واحدة');
    expect(countdown(2)).toContain('ثانيتين');
    expect(countdown(5)).toContain('5 ثوانٍ');
    expect(countdown(45)).toContain('45 ثانية');
    expect(intlFor('fr-MA', fr, problems).formatMessage({ id: 'otp.resendIn' }, { seconds: 1 })).toMatch(/1 seconde$/);
    expect(problems).toEqual([]);
  });

  it('carry the server error catalogue keys in both languages', () => {
    const keys = ['login.error.incorrectCredentials', 'otp.error.enterCode', 'validation.password.min', 'validation.city.required'];
    // Issue 23 (domain/src/error.rs): the seller centre's and the checkout's refusals.
    keys.push('seller.error.roleRequired', 'product.error.notFound', 'product.error.operationNotAllowed', 'checkout.error.outOfStock');
    keys.push('checkout.error.ownProduct', 'payment.error.noOrderIsUpdated', 'payment.error.updateIsNotAllowed', 'payment.error.orderAlreadyCompleted');
    // Issue 24 (docs/payments.md): the boosts' and balances' refusals.
    keys.push('payment.error.soldeExpired', 'payment.error.soldeNotEnough', 'payment.error.soldeEquivalent', 'payment.error.packageNotFound');
    keys.push('payment.error.invalidOperation', 'payment.error.unknownPaymentMethod', 'common.error.permissionDenied', 'vas.error.imageRequired');
    for (const key of keys) {
      expect(Object.keys(fr)).toContain(key);
      expect(Object.keys(ar)).toContain(key);
    }
  });
});
