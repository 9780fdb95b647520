import { adTextProblem, DESCRIPTION_LENGTH, lengthProblem, TITLE_LENGTH } from './adText';

describe('ad text rules (spec §5)', () => {
  it('lets clean text pass, prices and mileages included', () => {
    expect(adTextProblem('Dacia Logan 2018 avec 98 000 km')).toBeUndefined();
    expect(adTextProblem('Villa 1 250 000 DH à Agadir')).toBeUndefined();
    expect(adTextProblem('شقة للبيع في الدار البيضاء')).toBeUndefined();
  });

  it.each([
    ['Vends canapé !', 'validation.text.noSpecialCharacters'],
    ['prix: 100', 'validation.text.noSpecialCharacters'],
    ['50 % de remise', 'validation.text.noSpecialCharacters'],
    ['شقة، جميلة', 'validation.text.noSpecialCharacters'],
    ['Écrire à moi@exemple.ma', 'validation.text.noEmail'],
    ['Appelez le 06 12 34 56 78', 'validation.text.noPhone'],
    ['Appelez le 0612345678', 'validation.text.noPhone'],
    ['Voir souk.ma pour photos', 'validation.text.noLink'],
    ['voir www.souk', 'validation.text.noLink'],
  ])('%s breaks %s', (text, problem) => {
    expect(adTextProblem(text)).toBe(problem);
  });

  it('checks the title and description lengths', () => {
    expect(lengthProblem('Vélo', TITLE_LENGTH)).toBe('adForm.tooShort');
    expect(lengthProblem('Vélo de course', TITLE_LENGTH)).toBeUndefined();
    expect(lengthProblem('x'.repeat(101), TITLE_LENGTH)).toBe('adForm.tooLong');
    expect(lengthProblem('Très bon', DESCRIPTION_LENGTH)).toBe('adForm.tooShort');
    expect(lengthProblem('x'.repeat(4000), DESCRIPTION_LENGTH)).toBeUndefined();
  });
});
