// Spec §5 rules of the account forms, against the server's accepted forms.

import {
  checkCity,
  checkCode,
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  checkPersonName,
  checkPhone,
  checkShopName,
  normalizePhone,
} from './validation';

describe('phone numbers', () => {
  it.each([
    ['0612345678', '0612345678'],
    ['06 12 34 56 78', '0612345678'],
    ['+212612345678', '0612345678'],
    ['00212 7 12 34 56 78', '0712345678'],
    ['05.22.33.44.55', '0522334455'],
  ])('%s is the Moroccan number %s', (typed, national) => {
    expect(normalizePhone(typed)).toBe(national);
    expect(checkPhone(typed)).toBeUndefined();
  });

  it.each(['061234567', '0912345678', '06123456789', 'abc', '+33612345678', '06-12-34-56-7x'])('%s is refused', (typed) => {
    expect(normalizePhone(typed)).toBeUndefined();
    expect(checkPhone(typed)).toBe('validation.phone');
  });

  it('is required', () => {
    expect(checkPhone('  ')).toBe('validation.required');
  });
});

describe('e-mail addresses', () => {
  it('accepts an address and refuses what is not one', () => {
    expect(checkEmail('boutique@souk.ma')).toBeUndefined();
    expect(checkEmail(' Boutique@Souk.MA ')).toBeUndefined();
    expect(checkEmail('boutique@souk')).toBe('validation.email');
    expect(checkEmail('bou tique@souk.ma')).toBe('validation.email');
    expect(checkEmail('')).toBe('validation.required');
  });
});

describe('names', () => {
  it('take 2 to 60 letters for a person, digits only for a shop', () => {
    expect(checkPersonName('Fatima Zahra')).toBeUndefined();
    expect(checkPersonName('فاطمة الزهراء')).toBeUndefined();
    expect(checkPersonName("Aït O'Brien-Smith")).toBeUndefined();
    expect(checkPersonName('A')).toBe('validation.name');
    expect(checkPersonName('R2D2')).toBe('validation.name');
    expect(checkPersonName('x'.repeat(61))).toBe('validation.name');
    expect(checkPersonName('')).toBe('validation.required');
    expect(checkShopName('Auto 2000')).toBeUndefined();
    expect(checkShopName('Auto!')).toBe('validation.shop.name');
  });
});

describe('passwords', () => {
  it('need at least 5 characters and a matching confirmation', () => {
    expect(checkNewPassword('')).toBe('validation.required');
    expect(checkNewPassword('abcd')).toBe('validation.password.min');
    expect(checkNewPassword('abcde')).toBeUndefined();
    expect(checkNewPassword('كلمةس')).toBeUndefined();
    expect(checkConfirmation('abcde', '')).toBe('validation.required');
    expect(checkConfirmation('abcde', 'abcdf')).toBe('validation.password.confirmation');
    expect(checkConfirmation('abcde', 'abcde')).toBeUndefined();
  });
});

describe('city and one-time code', () => {
  it('require a chosen city', () => {
    expect(checkCity(undefined)).toBe('validation.city.required');
    expect(checkCity(1)).toBeUndefined();
  });

  it('ask for a code when empty and want 6 digits', () => {
    expect(checkCode('')).toBe('otp.error.enterCode');
    expect(checkCode('12345')).toBe('otp.error.invalid');
    expect(checkCode('12a456')).toBe('otp.error.invalid');
    expect(checkCode('123 456')).toBeUndefined();
  });
});
