// The loan simulator's arithmetic in the browser: the mirror of domain/src/loan.rs, so that the
// monthly payment moves live with the inputs and is the centime the server computes. Integers
// only (BigInt): (1 + r)^n in fixed point (15 decimals, each step rounded down), then one
// division rounded to the nearest centime, halves up (docs/credit.md). Both test suites read
// domain/src/loan_cases.json.

const RATE_DENOMINATOR = BigInt(120000);
const SCALE = BigInt('1000000000000000');
const MAX_MONTHS = 480;
const MAX_RATE_BASIS_POINTS = 3000;

function halfUp(num: bigint, den: bigint): number {
  return Number((BigInt(2) * num + den) / (BigInt(2) * den));
}

/** The monthly payment, in centimes, of `principal` centimes over `months` at `rateBasisPoints` a year. */
export function monthlyPayment(principal: number, rateBasisPoints: number, months: number): number {
  if (!Number.isSafeInteger(principal) || principal <= 0 || !Number.isInteger(months) || months <= 0) return 0;
  const p = BigInt(principal);
  const n = BigInt(months);
  const bp = BigInt(Math.min(Math.max(Math.trunc(rateBasisPoints), 0), MAX_RATE_BASIS_POINTS));
  if (bp === BigInt(0)) return halfUp(p, n);
  let growth = SCALE;
  for (let i = 0; i < Math.min(months, MAX_MONTHS); i += 1) {
    growth = (growth * (RATE_DENOMINATOR + bp)) / RATE_DENOMINATOR;
  }
  return halfUp(p * bp * growth, RATE_DENOMINATOR * (growth - SCALE));
}

export interface LoanFigures {
  /** Centimes. */
  principal: number;
  monthlyPayment: number;
  totalRepaid: number;
  totalCost: number;
}

/** What the card shows for a price and down payment (whole DH) over `months`. */
export function loanFigures(priceDh: number, downPaymentDh: number, months: number, rateBasisPoints: number): LoanFigures {
  const principal = Math.max(0, (priceDh - downPaymentDh) * 100);
  const monthly = monthlyPayment(principal, rateBasisPoints, months);
  const total = monthly * months;
  return { principal, monthlyPayment: monthly, totalRepaid: total, totalCost: total - principal };
}

/** Spec §5 "down payment not above price, not negative": the message key of the broken rule. */
export function downPaymentProblem(priceDh: number, downPaymentDh: number | undefined): 'validation.required' | 'credit.error.downPaymentNegative' | 'credit.error.downPaymentAbovePrice' | undefined {
  if (downPaymentDh === undefined || Number.isNaN(downPaymentDh)) return 'validation.required';
  if (downPaymentDh < 0) return 'credit.error.downPaymentNegative';
  if (downPaymentDh > priceDh) return 'credit.error.downPaymentAbovePrice';
  return undefined;
}

/** A whole number typed in a field (spaces and the French thousands separators allowed), or undefined. */
export function wholeNumber(text: string): number | undefined {
  const cleaned = text.replace(/[\s\u00a0\u202f.]/g, '');
  if (!/^-?\d+$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** An amount in centimes written as the server writes it (`Money::with_currency`): `1 409,56 DH`. */
export function withCurrency(centimes: number): string {
  const sign = centimes < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(centimes));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = abs % 100;
  return cents === 0 ? `${sign}${whole} DH` : `${sign}${whole},${String(cents).padStart(2, '0')} DH`;
}

/** An annual rate in basis points written in French style: 650 → `6,50`. */
export function ratePercent(rateBasisPoints: number): string {
  return `${Math.floor(rateBasisPoints / 100)},${String(rateBasisPoints % 100).padStart(2, '0')}`;
}
