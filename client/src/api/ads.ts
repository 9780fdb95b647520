// The ad operations of the gateway (docs/ads.md): the public ad view (getAd, related and
// premium ads, showAdPhone, saving, abuse reports), my ads and their lifecycle, saved ads,
// and the ad form (getAdParams, drafts, submitAd, patchAd, price advice). Imported only by
// the lazy pages that use them.

import type { Language } from '../app/language';
import { api } from './baseApi';

export interface Price {
  withCurrency: string;
  withoutCurrency: string;
  value: number;
}

export interface IdName {
  id: number;
  name: string;
}

export interface AdParam {
  key: string;
  label: string;
  kind: string;
  value: string;
  /** The value as people read it (a choice's label in the request language). */
  valueLabel: string;
  unit: string | null;
}

export interface AdImage {
  /** What an edit sends back in `images` to keep the photo. */
  mediaId: string;
  thumb: string;
  medium: string;
  large: string;
}

export interface Performance {
  views: number;
  phoneViews: number;
  conversations: number;
}

/** Spec §3 "My ad" as the list, the detail and the public view share it. */
export interface Ad {
  adId: string;
  listId: number;
  title: string;
  status: string;
  labels: string[];
  discount: number | null;
  type: { key: string; name: string };
  image: string | null;
  mediaCount: number;
  price: Price | null;
  publishedAt: string;
  lastStateTime: string;
  city: IdName;
  category: IdName;
  urgent: boolean;
  hotdeal: boolean;
  delivery: boolean;
  hasVideo: boolean;
  performance: Performance;
  editAdStatus: string | null;
  refusalReasonText: string | null;
  deletableInDays: number | null;
  vasPackages: number;
}

export interface AdDetail extends Ad {
  images: AdImage[];
  description: string;
  area: IdName | null;
  params: AdParam[];
  video: string | null;
  phone: string | null;
}

/** One of my ads, as the form edits it: the video's id too, to keep it. */
export interface MyAdDetail extends AdDetail {
  videoMediaId: string | null;
  /** How many photos the ad may have: 8 free, more once a pack was bought (issue 24). */
  photoAllowance?: number;
}

export interface Seller {
  accountId: number;
  name: string;
  type: string;
  storeId: number | null;
  isVerifiedSeller: boolean;
  memberSince: string;
  logo: string | null;
  phoneHidden: boolean;
}

/** The seller-centre product an ad sells (null for an ordinary ad): whether and at what price it can be bought. */
export interface PublicProduct {
  id: string;
  units: number;
  /** active or outOfStock. */
  status: string;
  unitPrice: { centimes: number; withCurrency: string };
  finalPrice: { centimes: number; withCurrency: string; withoutCurrency: string };
  discount: { kind: 'percent' | 'amount'; value: number } | null;
}

export interface PublicAd {
  ad: AdDetail;
  /** Absent from answers of servers before the seller centre. */
  product?: PublicProduct | null;
  seller: Seller;
  latitude: number;
  longitude: number;
  /** The signed-in viewer saved this ad (false for visitors). */
  savedByMe: boolean;
}

export interface StatusCount {
  status: string;
  count: number;
}

export interface MyAdsPage {
  ads: Ad[];
  count: { total: number };
}

export interface SavedAd {
  listId: number;
  image: string | null;
  price: Price | null;
  title: string;
}

export interface AdOperationResult {
  adId: string;
  listId: number;
  status: string;
  outcome: string;
  messageKey: string;
  message: string;
}

export interface BulkItem {
  adId: string;
  status: string | null;
  error: { code: string; messageKey: string; message: string } | null;
}

export interface ParamSpec {
  key: string;
  label: string;
  kind: string;
  requiredForOffers: boolean;
  unit: string | null;
  min: number | null;
  max: number | null;
  maxLength: number | null;
  choices: { key: string; label: string }[];
  source: string | null;
}

/** The ad form's fields (AdInput); in patchAd the ones left out keep their value. */
export interface AdInput {
  adId?: string;
  categoryId?: number;
  adType?: string;
  title?: string;
  description?: string;
  params?: Record<string, string | number | boolean>;
  urgent?: boolean;
  discount?: number | null;
  delivery?: boolean;
  images?: string[];
  video?: string | null;
  cityId?: number;
  areaId?: number | null;
  price?: number | null;
  phoneHidden?: boolean;
}

export interface Draft {
  draftId: string;
  adId: string | null;
  step: number;
  nextStep: number;
  ad: AdInput;
}

export interface SubmittedAd {
  adId: string;
  listId: number;
  status: string;
}

export interface PriceAdvice {
  median: Price;
  low: Price;
  high: Price;
  count: number;
  national: boolean;
}

const PRICE = 'price { withCurrency withoutCurrency value }';
const AD_FIELDS = `adId listId title status labels discount type { key name } image mediaCount ${PRICE}
  publishedAt lastStateTime city { id name } category { id name } urgent hotdeal delivery hasVideo
  performance { views phoneViews conversations } editAdStatus refusalReasonText deletableInDays vasPackages`;
const DETAIL_FIELDS = `${AD_FIELDS} images { mediaId thumb medium large } description area { id name }
  params { key label kind value valueLabel unit } video phone`;

export const GET_AD = `query getAd($listId: Int!) {
  getAd(listId: $listId) {
    ad { ${DETAIL_FIELDS} }
    seller { accountId name type storeId isVerifiedSeller memberSince logo phoneHidden }
    latitude longitude savedByMe
    product {
      id units status unitPrice { centimes withCurrency }
      finalPrice { centimes withCurrency withoutCurrency } discount { kind value }
    }
  }
}`;
export const GET_RELATED_ADS = `query getRelatedAds($listId: Int!) { getRelatedAds(listId: $listId) { ${AD_FIELDS} } }`;
export const GET_PREMIUM_ADS = `query getPremiumAds($limit: Int) { getPremiumAds(limit: $limit) { ${AD_FIELDS} } }`;
export const SHOW_AD_PHONE = `mutation showAdPhone($listId: Int!) { showAdPhone(listId: $listId) }`;
export const SAVE_AD = `mutation saveAd($input: ListIdInput!) { saveAd(input: $input) { code } }`;
export const UNSAVE_AD = `mutation unsaveAd($input: ListIdInput!) { unsaveAd(input: $input) { code } }`;
export const GET_MY_SAVED_ADS = `query getMySavedAds($page: Int, $size: Int) {
  getMySavedAds(page: $page, size: $size) { ads { listId image title ${PRICE} } count }
}`;
export const SUBMIT_REPORT_AD = `mutation submitReportAd($listId: Int!, $from: String, $type: String!, $body: String) {
  submitReportAd(listId: $listId, from: $from, type: $type, body: $body) { reported }
}`;
export const GET_MY_ADS = `query getMyAds($filters: MyAdsFilters, $pagination: Pagination) {
  getMyAds(filters: $filters, pagination: $pagination) { ads { ${AD_FIELDS} } count { total } }
}`;
export const GET_MY_AD = `query getMyAd($adId: String!) { getMyAd(adId: $adId) { ${DETAIL_FIELDS} videoMediaId photoAllowance } }`;
export const GET_MY_ADS_COUNT = `query getMyAdsCount { getMyAdsCount { countByStatus { status count } } }`;
const OPERATION = 'adId listId status outcome messageKey message';
export const DEACTIVATE_AD = `mutation deactivateAd($adId: String!) { deactivateAd(adId: $adId) { ${OPERATION} } }`;
export const ACTIVATE_AD = `mutation activateAd($adId: String!) { activateAd(adId: $adId) { ${OPERATION} } }`;
export const DELETE_AD = `mutation deleteAd($listId: Int!) { deleteAd(listId: $listId) { ${OPERATION} } }`;
export const BULK_DEACTIVATE_ADS = `mutation bulkDeactivateAds($adIds: [String!]!, $reason: String!) {
  bulkDeactivateAds(adIds: $adIds, reason: $reason) { adId status error { code messageKey message } }
}`;
export const BULK_DELETE_ADS = `mutation bulkDeleteAds($adIds: [String!]!, $reason: String!) {
  bulkDeleteAds(adIds: $adIds, reason: $reason) { adId status error { code messageKey message } }
}`;
export const APPEAL_AD = `mutation appealAd($adId: String!, $message: String) {
  appealAd(adId: $adId, message: $message) { adId listId status }
}`;
export const GET_AD_PARAMS = `query getAdParams($categoryId: Int!) {
  getAdParams(categoryId: $categoryId) {
    key label kind requiredForOffers unit min max maxLength choices { key label } source
  }
}`;
export const SAVE_AD_DRAFT = `mutation saveAdDraft($draftId: String, $step: Int!, $ad: AdInput!) {
  saveAdDraft(draftId: $draftId, step: $step, ad: $ad) { draftId adId step nextStep ad }
}`;
export const GET_AD_DRAFT = `query getAdDraft($draftId: String!) { getAdDraft(draftId: $draftId) { draftId adId step nextStep ad } }`;
export const SUBMIT_AD = `mutation submitAd($draftId: String, $ad: AdInput) { submitAd(draftId: $draftId, ad: $ad) { adId listId status } }`;
export const PATCH_AD = `mutation patchAd($ad: AdInput!) { patchAd(ad: $ad) }`;
export const GET_PRICE_ADVICE = `query getPriceAdvice($categoryId: Int!, $adType: String!, $cityId: Int) {
  getPriceAdvice(categoryId: $categoryId, adType: $adType, cityId: $cityId) {
    median { withCurrency withoutCurrency value } low { withCurrency withoutCurrency value }
    high { withCurrency withoutCurrency value } count national
  }
}`;
export const GET_AD_AVAILABILITY = `query getAdAvailability($listId: Int!) { getAdAvailability(listId: $listId) { from to } }`;
export const SET_AD_AVAILABILITY = `mutation setAdAvailability($adId: String!, $periods: [AvailabilityPeriodInput!]!) {
  setAdAvailability(adId: $adId, periods: $periods) { from to }
}`;

/** Booked nights of a vacation rental, `from` to `to` included (YYYY-MM-DD). */
export interface BookedPeriod {
  from: string;
  to: string;
}

const NO_RETRY = { retry: false } as const;

export interface MyAdsArgs {
  status: string;
  boosted?: string;
  page: number;
  size?: number;
}

export const adsApi = api.enhanceEndpoints({ addTagTypes: ['MyAds', 'SavedAds', 'Ad', 'Availability'] }).injectEndpoints({
  endpoints: (build) => ({
    getAd: build.query<PublicAd, { listId: number; lang: Language }>({
      query: ({ listId, lang }) => ({ document: GET_AD, variables: { listId }, lang }),
      transformResponse: (data: { getAd: PublicAd }) => data.getAd,
      providesTags: ['Ad'],
    }),
    getRelatedAds: build.query<Ad[], { listId: number; lang: Language }>({
      query: ({ listId, lang }) => ({ document: GET_RELATED_ADS, variables: { listId }, lang }),
      transformResponse: (data: { getRelatedAds: Ad[] }) => data.getRelatedAds,
    }),
    getPremiumAds: build.query<Ad[], { limit: number; lang: Language }>({
      query: ({ limit, lang }) => ({ document: GET_PREMIUM_ADS, variables: { limit }, lang }),
      transformResponse: (data: { getPremiumAds: Ad[] }) => data.getPremiumAds,
    }),
    showAdPhone: build.mutation<string, { listId: number }>({
      query: (variables) => ({ document: SHOW_AD_PHONE, variables }),
      transformResponse: (data: { showAdPhone: string }) => data.showAdPhone,
      extraOptions: NO_RETRY,
    }),
    saveAd: build.mutation<number, { listId: number }>({
      query: (input) => ({ document: SAVE_AD, variables: { input } }),
      transformResponse: (data: { saveAd: { code: number } }) => data.saveAd.code,
      // The saved list changes only when the server says it did (201).
      invalidatesTags: (code) => (code === 201 ? ['SavedAds'] : []),
      extraOptions: NO_RETRY,
    }),
    unsaveAd: build.mutation<number, { listId: number }>({
      query: (input) => ({ document: UNSAVE_AD, variables: { input } }),
      transformResponse: (data: { unsaveAd: { code: number } }) => data.unsaveAd.code,
      invalidatesTags: (code) => (code === 204 ? ['SavedAds'] : []),
      extraOptions: NO_RETRY,
    }),
    getMySavedAds: build.query<{ ads: SavedAd[]; count: number }, { page: number; size: number }>({
      query: (variables) => ({ document: GET_MY_SAVED_ADS, variables }),
      transformResponse: (data: { getMySavedAds: { ads: SavedAd[]; count: number } }) => data.getMySavedAds,
      providesTags: ['SavedAds'],
    }),
    submitReportAd: build.mutation<boolean, { listId: number; from: string | null; type: string; body: string }>({
      query: (variables) => ({ document: SUBMIT_REPORT_AD, variables }),
      transformResponse: (data: { submitReportAd: { reported: boolean } }) => data.submitReportAd.reported,
      extraOptions: NO_RETRY,
    }),
    getMyAds: build.query<MyAdsPage, MyAdsArgs>({
      query: ({ status, boosted, page, size = 12 }) => ({
        document: GET_MY_ADS,
        variables: { filters: { status, boosted: boosted ?? null }, pagination: { number: page, size } },
      }),
      transformResponse: (data: { getMyAds: MyAdsPage }) => data.getMyAds,
      providesTags: ['MyAds'],
    }),
    getMyAd: build.query<MyAdDetail, { adId: string }>({
      query: (variables) => ({ document: GET_MY_AD, variables }),
      transformResponse: (data: { getMyAd: MyAdDetail }) => data.getMyAd,
      providesTags: ['MyAds'],
    }),
    getMyAdsCount: build.query<StatusCount[], undefined>({
      query: () => ({ document: GET_MY_ADS_COUNT, variables: {} }),
      transformResponse: (data: { getMyAdsCount: { countByStatus: StatusCount[] } }) => data.getMyAdsCount.countByStatus,
      providesTags: ['MyAds'],
    }),
    deactivateAd: build.mutation<AdOperationResult, { adId: string }>({
      query: (variables) => ({ document: DEACTIVATE_AD, variables }),
      transformResponse: (data: { deactivateAd: AdOperationResult }) => data.deactivateAd,
      invalidatesTags: ['MyAds', 'Ad'],
      extraOptions: NO_RETRY,
    }),
    activateAd: build.mutation<AdOperationResult, { adId: string }>({
      query: (variables) => ({ document: ACTIVATE_AD, variables }),
      transformResponse: (data: { activateAd: AdOperationResult }) => data.activateAd,
      invalidatesTags: ['MyAds', 'Ad'],
      extraOptions: NO_RETRY,
    }),
    deleteAd: build.mutation<AdOperationResult, { listId: number }>({
      query: (variables) => ({ document: DELETE_AD, variables }),
      transformResponse: (data: { deleteAd: AdOperationResult }) => data.deleteAd,
      invalidatesTags: (result) => (result ? ['MyAds', 'Ad'] : []),
      extraOptions: NO_RETRY,
    }),
    bulkDeactivateAds: build.mutation<BulkItem[], { adIds: string[]; reason: string }>({
      query: (variables) => ({ document: BULK_DEACTIVATE_ADS, variables }),
      transformResponse: (data: { bulkDeactivateAds: BulkItem[] }) => data.bulkDeactivateAds,
      invalidatesTags: ['MyAds'],
      extraOptions: NO_RETRY,
    }),
    bulkDeleteAds: build.mutation<BulkItem[], { adIds: string[]; reason: string }>({
      query: (variables) => ({ document: BULK_DELETE_ADS, variables }),
      transformResponse: (data: { bulkDeleteAds: BulkItem[] }) => data.bulkDeleteAds,
      invalidatesTags: ['MyAds'],
      extraOptions: NO_RETRY,
    }),
    appealAd: build.mutation<SubmittedAd, { adId: string; message: string }>({
      query: (variables) => ({ document: APPEAL_AD, variables }),
      transformResponse: (data: { appealAd: SubmittedAd }) => data.appealAd,
      invalidatesTags: (result) => (result ? ['MyAds'] : []),
      extraOptions: NO_RETRY,
    }),
    getAdParams: build.query<ParamSpec[], { categoryId: number; lang: Language }>({
      query: ({ categoryId, lang }) => ({ document: GET_AD_PARAMS, variables: { categoryId }, lang }),
      transformResponse: (data: { getAdParams: ParamSpec[] }) => data.getAdParams,
    }),
    saveAdDraft: build.mutation<Draft, { draftId: string | null; step: number; ad: AdInput }>({
      query: (variables) => ({ document: SAVE_AD_DRAFT, variables }),
      transformResponse: (data: { saveAdDraft: Draft }) => data.saveAdDraft,
      extraOptions: NO_RETRY,
    }),
    getAdDraft: build.query<Draft, { draftId: string }>({
      query: (variables) => ({ document: GET_AD_DRAFT, variables }),
      transformResponse: (data: { getAdDraft: Draft }) => data.getAdDraft,
    }),
    submitAd: build.mutation<SubmittedAd, { draftId: string | null; ad: AdInput | null }>({
      query: (variables) => ({ document: SUBMIT_AD, variables }),
      transformResponse: (data: { submitAd: SubmittedAd }) => data.submitAd,
      invalidatesTags: ['MyAds'],
      extraOptions: NO_RETRY,
    }),
    patchAd: build.mutation<string, { ad: AdInput }>({
      query: (variables) => ({ document: PATCH_AD, variables }),
      transformResponse: (data: { patchAd: string }) => data.patchAd,
      invalidatesTags: ['MyAds', 'Ad'],
      extraOptions: NO_RETRY,
    }),
    getPriceAdvice: build.query<PriceAdvice | null, { categoryId: number; adType: string; cityId: number | null }>({
      query: (variables) => ({ document: GET_PRICE_ADVICE, variables }),
      transformResponse: (data: { getPriceAdvice: PriceAdvice | null }) => data.getPriceAdvice,
    }),
    getAdAvailability: build.query<BookedPeriod[], { listId: number }>({
      query: (variables) => ({ document: GET_AD_AVAILABILITY, variables }),
      transformResponse: (data: { getAdAvailability: BookedPeriod[] }) => data.getAdAvailability,
      providesTags: ['Availability'],
    }),
    setAdAvailability: build.mutation<BookedPeriod[], { adId: string; periods: BookedPeriod[] }>({
      query: (variables) => ({ document: SET_AD_AVAILABILITY, variables }),
      transformResponse: (data: { setAdAvailability: BookedPeriod[] }) => data.setAdAvailability,
      invalidatesTags: ['Availability'],
      extraOptions: NO_RETRY,
    }),
  }),
});

export const {
  useGetAdQuery,
  useGetRelatedAdsQuery,
  useGetPremiumAdsQuery,
  useShowAdPhoneMutation,
  useSaveAdMutation,
  useUnsaveAdMutation,
  useGetMySavedAdsQuery,
  useSubmitReportAdMutation,
  useGetMyAdsQuery,
  useGetMyAdQuery,
  useGetMyAdsCountQuery,
  useDeactivateAdMutation,
  useActivateAdMutation,
  useDeleteAdMutation,
  useBulkDeactivateAdsMutation,
  useBulkDeleteAdsMutation,
  useAppealAdMutation,
  useGetAdParamsQuery,
  useSaveAdDraftMutation,
  useSubmitAdMutation,
  usePatchAdMutation,
  useGetPriceAdviceQuery,
  useGetAdAvailabilityQuery,
  useSetAdAvailabilityMutation,
} = adsApi;
