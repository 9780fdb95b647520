// The locale files: same keys in both languages, valid ICU messages.

import { createIntl, type IntlShape } from 'react-intl';
import ar from './ar.json';
import fr from './fr.json';

function intlFor(locale: string, messages: Record<string, string>, problems: string[]): IntlShape {
  return createIntl({ locale, messages, onError: (error) => problems.push(error.message) });
}

describe('locale files', () => {
  it('have the same keys', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(fr).sort());
  });

  it.each([
    ['fr-MA', fr],
    ['ar-MA', ar],
  ])('%s messages are not empty and format as ICU', (locale, messages) => {
    const problems: string[] = [];
    const intl = intlFor(locale, messages, problems);
    const values = { soldShare: 0.5, days: 2, satisfiedShare: 0.5 };
    for (const [key, message] of Object.entries(messages)) {
      expect([key, message.trim().length > 0]).toEqual([key, true]);
      intl.formatMessage({ id: key as keyof typeof fr }, values);
    }
    expect(problems).toEqual([]);
  });

  it('format the home figures with French and Arabic plural forms', () => {
    const figures = { soldShare: 0.73, days: 3, satisfiedShare: 0.92 };
    const problems: string[] = [];
    expect(intlFor('fr-MA', fr, problems).formatMessage({ id: 'home.tagline' }, figures)).toMatch(/^73\s%\sdes biens.*3 jours/);
    expect(intlFor('ar-MA', ar, problems).formatMessage({ id: 'home.tagline' }, figures)).toContain('3 أيام');
    expect(problems).toEqual([]);
  });
});
