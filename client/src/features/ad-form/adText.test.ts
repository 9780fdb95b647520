/// <reference types="node" />
// The ad text rules as the browser says them: the examples the server is tested with
// (domain/src/ad_text_cases.json) judged alike, the description's punctuation, and the lengths
// from the server's rules.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS } from '../../app/rules';
import { adTextProblem, DESCRIPTION_LENGTH, lengthProblem, textProblem, TITLE_LENGTH, type TextKind } from './adText';

interface Case {
  text: string;
  problem: string | null;
}

const CASES = JSON.parse(readFileSync(join(__dirname, '../../../../domain/src/ad_text_cases.json'), 'utf8')) as Record<TextKind, Case[]>;

/** The server's name of a problem, from the client's message. */
const SERVER_NAME: Record<string, string> = {
  'validation.text.noSpecialCharacters': 'forbidden character',
  'adForm.description.noCodeCharacters': 'forbidden character',
  'validation.text.noEmail': 'e-mail address',
  'validation.text.noPhone': 'phone number',
  'validation.text.noLink': 'link',
};

describe('ad text rules (spec §5, docs/ads.md "Text rules")', () => {
  it.each([
    ...CASES.title.map((c) => ['title', c] as const),
    ...CASES.description.map((c) => ['description', c] as const),
  ])('judges the %s example %p as the server does', (kind, { text, problem }) => {
    const found = adTextProblem(text, kind);
    expect(found === undefined ? null : SERVER_NAME[found]).toBe(problem);
  });

  it('lets a description hold commas, colons, percent and the Arabic comma and question mark, but not a title', () => {
    for (const text of ['Très bon état, peu servi : batterie à 90 %', 'هاتف جيد، مع الشاحن؟']) {
      expect(adTextProblem(text, 'description')).toBeUndefined();
      expect(adTextProblem(text, 'title')).toBe('validation.text.noSpecialCharacters');
    }
    expect(adTextProblem('Insta : vendeur_casa', 'description')).toBe('adForm.description.noCodeCharacters');
  });

  it('takes the lengths from the server rules', () => {
    expect(TITLE_LENGTH).toEqual({ min: LIMITS.adTitleMin, max: LIMITS.adTitleMax });
    expect(DESCRIPTION_LENGTH).toEqual({ min: LIMITS.adDescriptionMin, max: LIMITS.adDescriptionMax });
    expect(lengthProblem('   ', TITLE_LENGTH)).toBe('validation.required');
    expect(lengthProblem('x'.repeat(LIMITS.adTitleMin - 1), TITLE_LENGTH)).toBe('adForm.tooShort');
    expect(lengthProblem('x'.repeat(LIMITS.adTitleMin), TITLE_LENGTH)).toBeUndefined();
    expect(lengthProblem('x'.repeat(LIMITS.adTitleMax + 1), TITLE_LENGTH)).toBe('adForm.tooLong');
    expect(lengthProblem('x'.repeat(LIMITS.adDescriptionMax), DESCRIPTION_LENGTH)).toBeUndefined();
    // Characters, not UTF-16 units: an Arabic or accented text counts as it reads.
    expect(lengthProblem('é'.repeat(LIMITS.adTitleMin), TITLE_LENGTH)).toBeUndefined();
  });

  it('says the length first, then the content, as the server does', () => {
    expect(textProblem('', 'title')).toBe('validation.required');
    expect(textProblem('Top!', 'title')).toBe('adForm.tooShort');
    expect(textProblem('Vends canapé !', 'title')).toBe('validation.text.noSpecialCharacters');
    expect(textProblem('Vends canapé, très bon état !', 'description')).toBeUndefined();
  });
});
