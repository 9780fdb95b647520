// Spec §5 rules for the account entry forms, checked as the person types. They mirror the
// server's (domain/src/account.rs) so that a form the client accepts is not refused for its
// shape; each rule answers the message key of the server's error, or undefined when valid.

import type { MessageId } from '../../app/i18n';

export type Problem = MessageId | undefined;

/** Length in Unicode code points, as the server counts (Rust `chars().count()`). */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    // A high surrogate and its low surrogate are one code point.
    if (unit < 0xdc00 || unit > 0xdfff) count += 1;
  }
  return count;
}

/** Spec §9: at least 5 characters. */
export const PASSWORD_MIN_LENGTH = 5;
/** Spec §9: one-time codes have 6 digits. */
export const CODE_LENGTH = 6;

/**
 * A Moroccan number in the national form `0XXXXXXXXX` (05, 06, 07, 08), from what was typed:
 * `06 12 34 56 78`, `+212612345678`, `00212612345678`. Undefined when it is not one.
 */
export function normalizePhone(input: string): string | undefined {
  const trimmed = input.trim();
  if (!/^\+?[\d\s.()-]*$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  let national = digits;
  if (digits.startsWith('00212')) national = `0${digits.slice(5)}`;
  else if (digits.startsWith('212') && digits.length === 12) national = `0${digits.slice(3)}`;
  return /^0[5-8]\d{8}$/.test(national) ? national : undefined;
}

export function checkPhone(input: string): Problem {
  if (input.trim() === '') return 'validation.required';
  return normalizePhone(input) ? undefined : 'validation.phone';
}

const EMAIL_PATTERN = /^[^\s@]{1,64}@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u;

export function checkEmail(input: string): Problem {
  const email = input.trim();
  if (email === '') return 'validation.required';
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? undefined : 'validation.email';
}

const NAME_PATTERN = /^[\p{L}\s'.’-]+$/u;
const SHOP_NAME_PATTERN = /^[\p{L}\p{N}\s'.’-]+$/u;

function checkName(input: string, min: number, max: number, pattern: RegExp, problem: MessageId): Problem {
  const name = input.trim().split(/\s+/).join(' ');
  if (name === '') return 'validation.required';
  const length = codePoints(name);
  return length >= min && length <= max && pattern.test(name) ? undefined : problem;
}

/** A person's name: 2 to 60 letters, spaces, apostrophes, hyphens, dots. */
export function checkPersonName(input: string): Problem {
  return checkName(input, 2, 60, NAME_PATTERN, 'validation.name');
}

/** A shop's name: 2 to 80 characters, digits allowed. */
export function checkShopName(input: string): Problem {
  return checkName(input, 2, 80, SHOP_NAME_PATTERN, 'validation.shop.name');
}

/** Sign-in: the password is required (its length is the server's business for old accounts). */
export function checkPasswordPresent(input: string): Problem {
  return input === '' ? 'validation.required' : undefined;
}

/** A new password: at least 5 characters. */
export function checkNewPassword(input: string): Problem {
  if (input === '') return 'validation.required';
  return codePoints(input) >= PASSWORD_MIN_LENGTH ? undefined : 'validation.password.min';
}

/** The confirmation: required, and the same as the password. */
export function checkConfirmation(password: string, confirmation: string): Problem {
  if (confirmation === '') return 'validation.required';
  return confirmation === password ? undefined : 'validation.password.confirmation';
}

export function checkCity(cityId: number | undefined): Problem {
  return cityId === undefined ? 'validation.city.required' : undefined;
}

/** The one-time code: empty asks for a code; otherwise exactly 6 digits (spaces ignored). */
export function checkCode(input: string): Problem {
  const code = input.replace(/\s/g, '');
  if (code === '') return 'otp.error.enterCode';
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code) ? undefined : 'otp.error.invalid';
}
