// The loan simulator and pre-approved credit requests (issue 25, docs/credit.md): the terms of an
// ad's simulator (getLoanOffer: price, rate and durations of its group, served so the client holds
// none of them), the request (submitCreditRequest), the caller's requests and the admins' list.

import { api } from './baseApi';
import type { Money } from './seller';

export type FinancingType = 'CLASSIC' | 'PARTICIPATIVE';
export type BorrowerProfile = 'PRIVATE_EMPLOYEE' | 'CIVIL_SERVANT' | 'SELF_EMPLOYED' | 'RETIRED' | 'MOROCCAN_ABROAD';

export interface LoanOffer {
  listId: number;
  /** vehicles or realEstate. */
  categoryGroup: string;
  price: Money;
  rateBasisPoints: number;
  durations: number[];
  defaultMonths: number;
  /** Whole DH. */
  defaultDownPayment: number;
  creditAgeMin: number;
  creditAgeMax: number;
  professionMaxChars: number;
  financingTypes: FinancingType[];
  borrowerProfiles: BorrowerProfile[];
}

export interface CreditRequestInput {
  listId: number;
  downPayment: number;
  months: number;
  profession: string;
  amount: number;
  financingType: FinancingType;
  age: number;
  borrowerProfile: BorrowerProfile;
}

export interface CreditRequest {
  id: string;
  accountId: number;
  listId: number;
  adTitle: string;
  categoryGroup: string;
  price: Money;
  downPayment: Money;
  amount: Money;
  months: number;
  rateBasisPoints: number;
  monthlyPayment: Money;
  profession: string;
  financingType: string;
  age: number;
  borrowerProfile: string;
  createdAt: string;
}

const MONEY = '{ centimes withCurrency withoutCurrency }';
const REQUEST_FIELDS = `id accountId listId adTitle categoryGroup price ${MONEY} downPayment ${MONEY} amount ${MONEY} months rateBasisPoints monthlyPayment ${MONEY} profession financingType age borrowerProfile createdAt`;

export const GET_LOAN_OFFER = `query getLoanOffer($listId: Int!) {
  getLoanOffer(listId: $listId) { listId categoryGroup price ${MONEY} rateBasisPoints durations defaultMonths defaultDownPayment creditAgeMin creditAgeMax professionMaxChars financingTypes borrowerProfiles }
}`;

export const SUBMIT_CREDIT_REQUEST = `mutation submitCreditRequest($input: CreditRequestInput!) {
  submitCreditRequest(input: $input) { ${REQUEST_FIELDS} }
}`;

export const GET_CREDIT_REQUESTS = `query getCreditRequests($page: Int, $size: Int) {
  getCreditRequests(page: $page, size: $size) { total requests { ${REQUEST_FIELDS} } }
}`;

export const creditApi = api.enhanceEndpoints({ addTagTypes: ['CreditRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Null for an ad without a simulator (not a priced vehicle or real-estate ad). */
    getLoanOffer: build.query<LoanOffer | null, { listId: number }>({
      query: (variables) => ({ document: GET_LOAN_OFFER, variables }),
      transformResponse: (data: { getLoanOffer: LoanOffer | null }) => data.getLoanOffer,
      extraOptions: { retry: false },
    }),
    submitCreditRequest: build.mutation<CreditRequest, { input: CreditRequestInput }>({
      query: (variables) => ({ document: SUBMIT_CREDIT_REQUEST, variables }),
      transformResponse: (data: { submitCreditRequest: CreditRequest }) => data.submitCreditRequest,
      invalidatesTags: ['CreditRequests'],
      extraOptions: { retry: false },
    }),
    getCreditRequests: build.query<{ total: number; requests: CreditRequest[] }, { page: number; size: number }>({
      query: (variables) => ({ document: GET_CREDIT_REQUESTS, variables }),
      transformResponse: (data: { getCreditRequests: { total: number; requests: CreditRequest[] } }) => data.getCreditRequests,
      providesTags: ['CreditRequests'],
    }),
  }),
});

export const { useGetLoanOfferQuery, useSubmitCreditRequestMutation, useGetCreditRequestsQuery } = creditApi;
