// The keyword in a listing URL is what the visitor typed (lower case), never the folded form
// the index uses (issue 32: "سيارة" stayed "سياره" in the URL).

import { keywordWords } from './listingUrl';
import { LIMITS } from '../../app/rules';

describe('keywordWords', () => {
  it('keeps the words as typed, in lower case', () => {
    expect(keywordWords('سيارة للبيع')).toEqual(['سيارة', 'للبيع']);
    expect(keywordWords('Vélo  Électrique!')).toEqual(['vélo', 'électrique']);
    expect(keywordWords("l'appartement")).toEqual(["l'appartement"]);
    expect(keywordWords("'quoted'")).toEqual(['quoted']);
  });

  it('keeps at most the server limits of words and characters', () => {
    const many = Array.from({ length: LIMITS.keywordWordsMax + 3 }, (_, i) => `w${String(i)}`).join(' ');
    expect(keywordWords(many)).toHaveLength(LIMITS.keywordWordsMax);
    expect(keywordWords('x'.repeat(LIMITS.keywordWordCharsMax + 5))[0]).toHaveLength(LIMITS.keywordWordCharsMax);
  });
});
