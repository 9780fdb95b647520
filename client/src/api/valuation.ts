// The car valuation (issue 25, docs/valuation.md): the steps' choices, ranges and per-user limit
// (getValuationRules: the server owns them), the request (requestValuation), the e-mail resend,
// and "my estimations" (getMyValuations, getValuation).

import { api } from './baseApi';
import type { Money } from './seller';

export interface ValuationRules {
  phases: string[];
  origins: string[];
  conditions: string[];
  warningLights: string[];
  reasons: string[];
  yearMin: number;
  yearMax: number;
  realPowerMin: number;
  realPowerMax: number;
  fiscalPowerMin: number;
  fiscalPowerMax: number;
  mileageMax: number;
  versionMaxChars: number;
  limitPerAccount: number;
  windowDays: number;
  validityDays: number;
}

export interface ValuationInput {
  brand: string;
  model: string;
  fuel: string;
  gearbox: string;
  year: number | null;
  phase: string | null;
  version: string;
  realPower: number | null;
  fiscalPower: number | null;
  origin: string;
  mileage: number | null;
  mechanicalCondition: string | null;
  bodyCondition: string | null;
  warningLights: string | null;
  reason: string;
  contactName: string;
  phone: string;
  email: string;
  termsAccepted: boolean;
}

export interface ValuationEstimate {
  low: Money;
  high: Money;
  referenceValue: Money;
  adValue: Money;
  transactionValue: Money;
  negotiationMarginBasisPoints: number;
  rotationDays: number;
  attractiveness: number;
  newCarPrice: Money | null;
  confidence: number;
  /** model or brand. */
  scope: string;
  sampleSize: number;
}

export interface Valuation extends Omit<ValuationInput, 'termsAccepted' | 'year' | 'realPower' | 'fiscalPower' | 'mileage'> {
  id: string;
  year: number;
  realPower: number;
  fiscalPower: number;
  mileage: number;
  estimate: ValuationEstimate;
  createdAt: string;
  expiresAt: string;
  emailsSent: number;
}

const MONEY = '{ centimes withCurrency withoutCurrency }';
const ESTIMATE = `estimate { low ${MONEY} high ${MONEY} referenceValue ${MONEY} adValue ${MONEY} transactionValue ${MONEY} negotiationMarginBasisPoints rotationDays attractiveness newCarPrice ${MONEY} confidence scope sampleSize }`;
const FIELDS = `id brand model fuel gearbox year phase version realPower fiscalPower origin mileage mechanicalCondition bodyCondition warningLights reason contactName phone email ${ESTIMATE} createdAt expiresAt emailsSent`;

export const GET_VALUATION_RULES = `query getValuationRules {
  getValuationRules { phases origins conditions warningLights reasons yearMin yearMax realPowerMin realPowerMax fiscalPowerMin fiscalPowerMax mileageMax versionMaxChars limitPerAccount windowDays validityDays }
}`;

export const REQUEST_VALUATION = `mutation requestValuation($input: ValuationInput!) {
  requestValuation(input: $input) { ${FIELDS} }
}`;

export const RESEND_VALUATION_EMAIL = `mutation resendValuationEmail($id: String!) {
  resendValuationEmail(id: $id) { ${FIELDS} }
}`;

export const GET_MY_VALUATIONS = `query getMyValuations {
  getMyValuations { ${FIELDS} }
}`;

export const GET_VALUATION = `query getValuation($id: String!) {
  getValuation(id: $id) { ${FIELDS} }
}`;

export const valuationApi = api.enhanceEndpoints({ addTagTypes: ['Valuations'] }).injectEndpoints({
  endpoints: (build) => ({
    getValuationRules: build.query<ValuationRules, undefined>({
      query: () => ({ document: GET_VALUATION_RULES }),
      transformResponse: (data: { getValuationRules: ValuationRules }) => data.getValuationRules,
    }),
    requestValuation: build.mutation<Valuation, { input: ValuationInput }>({
      query: (variables) => ({ document: REQUEST_VALUATION, variables }),
      transformResponse: (data: { requestValuation: Valuation }) => data.requestValuation,
      invalidatesTags: ['Valuations'],
      extraOptions: { retry: false },
    }),
    resendValuationEmail: build.mutation<Valuation, { id: string }>({
      query: (variables) => ({ document: RESEND_VALUATION_EMAIL, variables }),
      transformResponse: (data: { resendValuationEmail: Valuation }) => data.resendValuationEmail,
      invalidatesTags: ['Valuations'],
      extraOptions: { retry: false },
    }),
    getMyValuations: build.query<Valuation[], undefined>({
      query: () => ({ document: GET_MY_VALUATIONS }),
      transformResponse: (data: { getMyValuations: Valuation[] }) => data.getMyValuations,
      providesTags: ['Valuations'],
    }),
    getValuation: build.query<Valuation, { id: string }>({
      query: (variables) => ({ document: GET_VALUATION, variables }),
      transformResponse: (data: { getValuation: Valuation }) => data.getValuation,
      providesTags: ['Valuations'],
    }),
  }),
});

export const {
  useGetValuationRulesQuery,
  useRequestValuationMutation,
  useResendValuationEmailMutation,
  useGetMyValuationsQuery,
  useGetValuationQuery,
} = valuationApi;
