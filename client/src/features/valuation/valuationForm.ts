// The valuation steps' values and their checks (spec §5 "Valuation: all fields required except
// optional ones; name; valid phone; valid e-mail; terms; reason"), with the ranges the server
// serves (getValuationRules) and the server's wording keys. The server checks again and has the
// last word (domain/src/valuation.rs).

import type { ValuationInput, ValuationRules } from '../../api/valuation';
import type { MessageId } from '../../app/i18n';

export interface ValuationValues {
  brand: string;
  model: string;
  fuel: string;
  gearbox: string;
  year: string;
  phase: string;
  version: string;
  realPower: string;
  fiscalPower: string;
  origin: string;
  mileage: string;
  mechanicalCondition: string;
  bodyCondition: string;
  warningLights: string;
  reason: string;
  contactName: string;
  phone: string;
  email: string;
  termsAccepted: boolean;
}

export const EMPTY_VALUES: ValuationValues = {
  brand: '',
  model: '',
  fuel: '',
  gearbox: '',
  year: '',
  phase: '',
  version: '',
  realPower: '',
  fiscalPower: '',
  origin: '',
  mileage: '',
  mechanicalCondition: '',
  bodyCondition: '',
  warningLights: '',
  reason: '',
  contactName: '',
  phone: '',
  email: '',
  termsAccepted: false,
};

export type Problems = Partial<Record<keyof ValuationValues, MessageId>>;

/** The fields of each step, in order: the car, its characteristics, its condition, the contact. */
export const STEP_FIELDS: (keyof ValuationValues)[][] = [
  ['brand', 'model', 'fuel', 'gearbox', 'year', 'phase', 'version'],
  ['realPower', 'fiscalPower', 'origin', 'mileage'],
  ['mechanicalCondition', 'bodyCondition', 'warningLights', 'reason'],
  ['contactName', 'phone', 'email', 'termsAccepted'],
];

/** A whole number typed with or without spaces ("90 000"), or undefined. */
export function wholeNumber(text: string): number | undefined {
  const digits = text.replace(/[\s\u00a0\u202f.]/g, '');
  return /^-?\d+$/.test(digits) ? Number(digits) : undefined;
}

/** A Moroccan number as the server reads it: 05, 06, 07, 08 and 8 digits, or +212 / 00212. */
export function isMoroccanPhone(text: string): boolean {
  const digits = text.replace(/[\s.\-()]/g, '').replace(/^\+/, '');
  const national = digits.startsWith('00212') ? `0${digits.slice(5)}` : digits.startsWith('212') && digits.length === 12 ? `0${digits.slice(3)}` : digits;
  return /^0[5-8]\d{8}$/.test(national);
}

export function isEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(text.trim());
}

function inRange(text: string, min: number, max: number): MessageId | undefined {
  if (text.trim() === '') return 'validation.required';
  const n = wholeNumber(text);
  return n === undefined || n < min || n > max ? 'validation.invalidValue' : undefined;
}

/** The problems of the given fields (all by default). */
export function valuationProblems(values: ValuationValues, rules: ValuationRules, fields?: (keyof ValuationValues)[]): Problems {
  const all: Problems = {};
  const required = (name: keyof ValuationValues) => {
    if (String(values[name]).trim() === '') all[name] = 'validation.required';
  };
  (['brand', 'model', 'fuel', 'gearbox', 'version', 'origin', 'reason'] as const).forEach(required);
  if (Array.from(values.version.trim()).length > rules.versionMaxChars) all.version = 'validation.invalidValue';
  all.year = inRange(values.year, rules.yearMin, rules.yearMax);
  all.realPower = inRange(values.realPower, rules.realPowerMin, rules.realPowerMax);
  all.fiscalPower = inRange(values.fiscalPower, rules.fiscalPowerMin, rules.fiscalPowerMax);
  all.mileage = inRange(values.mileage, 0, rules.mileageMax);
  const name = values.contactName.trim();
  if (name === '') all.contactName = 'validation.required';
  else if (Array.from(name).length < 2 || !/^[\p{L} '’.-]+$/u.test(name)) all.contactName = 'validation.name';
  if (values.phone.trim() === '') all.phone = 'validation.required';
  else if (!isMoroccanPhone(values.phone)) all.phone = 'validation.phone';
  if (values.email.trim() === '') all.email = 'validation.required';
  else if (!isEmail(values.email)) all.email = 'validation.email';
  if (!values.termsAccepted) all.termsAccepted = 'valuation.error.termsRequired';
  const picked: Problems = {};
  for (const field of fields ?? (Object.keys(all) as (keyof ValuationValues)[])) {
    if (all[field]) picked[field] = all[field];
  }
  return picked;
}

/** What requestValuation is sent. */
export function toInput(values: ValuationValues): ValuationInput {
  const numberOrNull = (text: string) => wholeNumber(text) ?? null;
  const optional = (text: string) => (text === '' ? null : text);
  return {
    brand: values.brand,
    model: values.model,
    fuel: values.fuel,
    gearbox: values.gearbox,
    year: numberOrNull(values.year),
    phase: optional(values.phase),
    version: values.version.trim(),
    realPower: numberOrNull(values.realPower),
    fiscalPower: numberOrNull(values.fiscalPower),
    origin: values.origin,
    mileage: numberOrNull(values.mileage),
    mechanicalCondition: optional(values.mechanicalCondition),
    bodyCondition: optional(values.bodyCondition),
    warningLights: optional(values.warningLights),
    reason: values.reason,
    contactName: values.contactName.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    termsAccepted: values.termsAccepted,
  };
}
