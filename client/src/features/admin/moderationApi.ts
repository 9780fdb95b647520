// The admin operations of the gateway the moderation desk uses (docs/moderation.md): the queue
// (getModerationQueue, oldest first with each ad's age, flags and seller), the decision
// (moderateAd: APPROVE, or REFUSE with a reason key), the open abuse reports (getAbuseReports)
// and a session as a user (actAsUser). Injected from the admin chunk only; the queue's cache is
// also changed by the socket's moderation events (ModerationDesk.tsx).

import type { TokenPair } from '../../api/accounts';
import type { AdDetail, Seller } from '../../api/ads';
import { api } from '../../api/baseApi';
import type { Language } from '../../app/language';
import { oldestFirst } from './desk';

/** One waiting ad: why it waits (new, edit, appeal), since when, and what the checks noticed. */
export interface QueueItem {
  kind: string;
  submittedAt: string;
  /** Seconds it had waited when the server answered. */
  ageSeconds: number;
  overdue: boolean;
  flags: string[];
  ad: AdDetail;
  seller: QueueSeller | null;
  /** For an edit of a live ad: the fields waiting (AdInput's shape). */
  pendingEdit: Record<string, unknown> | null;
}

export type QueueSeller = Pick<Seller, 'accountId' | 'name' | 'type' | 'isVerifiedSeller' | 'memberSince'>;

export interface ModerationQueue {
  items: QueueItem[];
  total: number;
}

export interface AbuseReport {
  listId: number;
  type: string;
  body: string;
  createdAt: string;
  ad: Pick<AdDetail, 'adId' | 'listId' | 'title' | 'status' | 'image' | 'price' | 'city' | 'category'> | null;
  seller: QueueSeller | null;
}

export type Decision = { decision: 'APPROVE' } | { decision: 'REFUSE'; reason: string; note?: string };

/** The queue's page: the desk shows the oldest this many, and says how many more wait. */
export const QUEUE_PAGE_SIZE = 50;
/** The abuse reports read at once (the server's largest page). */
export const REPORTS_LIMIT = 100;

const SELLER = 'seller { accountId name type isVerifiedSeller memberSince }';
const AD = `adId listId title status labels discount type { key name } image mediaCount
  price { withCurrency withoutCurrency value } publishedAt lastStateTime city { id name } category { id name }
  urgent hotdeal delivery hasVideo editAdStatus refusalReasonText deletableInDays vasPackages
  images { mediaId thumb medium large } description area { id name } params { key label kind value valueLabel unit } video phone`;

export const GET_MODERATION_QUEUE = `query getModerationQueue($page: Int, $size: Int) {
  getModerationQueue(page: $page, size: $size) { total items { kind submittedAt ageSeconds overdue flags pendingEdit ad { ${AD} } ${SELLER} } }
}`;
export const MODERATE_AD = `mutation moderateAd($adId: String!, $decision: String!, $reason: String, $note: String) {
  moderateAd(adId: $adId, decision: $decision, reason: $reason, note: $note) { adId listId status }
}`;
export const GET_ABUSE_REPORTS = `query getAbuseReports($limit: Int) {
  getAbuseReports(limit: $limit) { listId type body createdAt ad { adId listId title status image price { withCurrency withoutCurrency value } city { id name } category { id name } } ${SELLER} }
}`;
export const ACT_AS_USER = `mutation actAsUser($accountId: Int!) {
  actAsUser(accountId: $accountId) { accessToken refreshToken expiresIn tokenType }
}`;

const NO_RETRY = { retry: false } as const;

export const moderationApi = api.enhanceEndpoints({ addTagTypes: ['ModerationQueue', 'AbuseReports'] }).injectEndpoints({
  endpoints: (build) => ({
    getModerationQueue: build.query<ModerationQueue, Language>({
      query: (lang) => ({ document: GET_MODERATION_QUEUE, variables: { page: 1, size: QUEUE_PAGE_SIZE }, lang }),
      transformResponse: (data: { getModerationQueue: ModerationQueue }) => ({ ...data.getModerationQueue, items: oldestFirst(data.getModerationQueue.items) }),
      providesTags: ['ModerationQueue'],
    }),
    moderateAd: build.mutation<{ adId: string; listId: number; status: string }, { adId: string } & Decision>({
      query: (variables) => ({ document: MODERATE_AD, variables }),
      transformResponse: (data: { moderateAd: { adId: string; listId: number; status: string } }) => data.moderateAd,
      extraOptions: NO_RETRY,
    }),
    getAbuseReports: build.query<AbuseReport[], Language>({
      query: (lang) => ({ document: GET_ABUSE_REPORTS, variables: { limit: REPORTS_LIMIT }, lang }),
      transformResponse: (data: { getAbuseReports: AbuseReport[] }) => data.getAbuseReports,
      providesTags: ['AbuseReports'],
    }),
    actAsUser: build.mutation<TokenPair, { accountId: number }>({
      query: (variables) => ({ document: ACT_AS_USER, variables }),
      transformResponse: (data: { actAsUser: TokenPair }) => data.actAsUser,
      extraOptions: NO_RETRY,
    }),
  }),
});

export const { useGetModerationQueueQuery, useModerateAdMutation, useGetAbuseReportsQuery, useActAsUserMutation } = moderationApi;
