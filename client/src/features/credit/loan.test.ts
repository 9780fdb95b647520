/// <reference types="node" />
// The browser's loan arithmetic gives the server's centime: the examples the server is tested
// with (domain/src/loan_cases.json, computed apart with 80-digit decimals) through loan.ts, the
// down payment rules of spec §5, and amounts written as the server writes them.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { downPaymentProblem, loanFigures, monthlyPayment, ratePercent, wholeNumber, withCurrency } from './loan';

interface Case {
  principal: number;
  rateBasisPoints: number;
  months: number;
  monthlyPayment: number;
}

const CASES = (JSON.parse(readFileSync(join(__dirname, '../../../../domain/src/loan_cases.json'), 'utf8')) as { monthlyPayment: Case[] }).monthlyPayment;

describe('the loan arithmetic', () => {
  it('reads the shared cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(8);
  });

  it.each(CASES.map((c) => [c.principal, c.rateBasisPoints, c.months, c.monthlyPayment]))(
    'pays %i centimes at %i bp over %i months as the server does',
    (principal, rate, months, expected) => {
      expect(monthlyPayment(principal, rate, months)).toBe(expected);
    },
  );

  it('gives spec §9 illustration: 80 000 DH over 68 months at 6.50 %', () => {
    const figures = loanFigures(100000, 20000, 68, 650);
    expect(figures).toEqual({ principal: 8000000, monthlyPayment: 140956, totalRepaid: 140956 * 68, totalCost: 140956 * 68 - 8000000 });
    expect(withCurrency(figures.monthlyPayment)).toBe('1 409,56 DH');
  });

  it('borrows nothing when the down payment is the price, and divides evenly at a zero rate', () => {
    expect(loanFigures(90000, 90000, 60, 650)).toEqual({ principal: 0, monthlyPayment: 0, totalRepaid: 0, totalCost: 0 });
    expect(monthlyPayment(6000000, 0, 60)).toBe(100000);
  });

  it('refuses a negative down payment or one above the price (spec §5)', () => {
    expect(downPaymentProblem(100000, -1)).toBe('credit.error.downPaymentNegative');
    expect(downPaymentProblem(100000, 100001)).toBe('credit.error.downPaymentAbovePrice');
    expect(downPaymentProblem(100000, undefined)).toBe('validation.required');
    expect(downPaymentProblem(100000, 100000)).toBeUndefined();
    expect(downPaymentProblem(100000, 0)).toBeUndefined();
  });

  it('reads typed numbers and writes amounts and rates the French way', () => {
    expect(wholeNumber('20 000')).toBe(20000);
    expect(wholeNumber('-5')).toBe(-5);
    expect(wholeNumber('12a')).toBeUndefined();
    expect(wholeNumber('')).toBeUndefined();
    expect(withCurrency(120000000)).toBe('1 200 000 DH');
    expect(withCurrency(5)).toBe('0,05 DH');
    expect(ratePercent(650)).toBe('6,50');
    expect(ratePercent(475)).toBe('4,75');
  });
});
