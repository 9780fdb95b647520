// The admin operations of the gateway the moderation desk uses (docs/moderation.md): the queue
// (getModerationQueue, oldest first with each ad's age, flags and seller), the decision
// (moderateAd: APPROVE, or REFUSE with a reason key), the reported ads (getReportedAds, the most
// reported first, each with its open reports), closing an ad's reports (dismissReportAd, with a
// reason) and a session as a user (actAsUser). The queue and the reported ads are read by pages of
// 50: "show more" asks for one page more, and every page shown is read again together, so a
// decision taken meanwhile never makes an item slip between two pages. Injected from the admin
// chunk only; the queue's cache is also changed by the socket's moderation events.

import type { TokenPair } from '../../api/accounts';
import type { AdDetail, Seller } from '../../api/ads';
import { api } from '../../api/baseApi';
import type { GraphqlRequest } from '../../api/gateway';
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

/** One reported ad: its open reports (oldest first, without the ad and seller given once here). */
export interface ReportedAdGroup {
  listId: number;
  count: number;
  firstAt: string;
  lastAt: string;
  reports: Pick<AbuseReport, 'listId' | 'type' | 'body' | 'createdAt'>[];
  ad: AbuseReport['ad'];
  seller: QueueSeller | null;
}

export interface ReportedAds {
  items: ReportedAdGroup[];
  total: number;
}

/** Which list, in which language, and how many pages of it are shown. */
export interface PagedArgs {
  lang: Language;
  pages: number;
}

export type Decision = { decision: 'APPROVE' } | { decision: 'REFUSE'; reason: string; note?: string };

/** A page of the queue and of the reported ads: "show more" adds this many. */
export const QUEUE_PAGE_SIZE = 50;
export const REPORTS_PAGE_SIZE = 50;

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
export const GET_REPORTED_ADS = `query getReportedAds($page: Int, $size: Int) {
  getReportedAds(page: $page, size: $size) { total items { listId count firstAt lastAt reports { listId type body createdAt }
    ad { adId listId title status image price { withCurrency withoutCurrency value } city { id name } category { id name } } ${SELLER} } }
}`;
export const DISMISS_REPORT_AD = `mutation dismissReportAd($listId: Int!, $reason: String!, $note: String) {
  dismissReportAd(listId: $listId, reason: $reason, note: $note) { listId closed }
}`;
export const ACT_AS_USER = `mutation actAsUser($accountId: Int!) {
  actAsUser(accountId: $accountId) { accessToken refreshToken expiresIn tokenType }
}`;

const NO_RETRY = { retry: false } as const;

type Gateway = (request: GraphqlRequest) => PromiseLike<{ data?: unknown; error?: unknown }> | { data?: unknown; error?: unknown };

/**
 * Pages 1 to `pages` of a paged list read one after the other (stopping at its end), its items
 * joined without repeats by `key`, with the total of the last answer.
 */
async function readPages<T>(baseQuery: Gateway, request: (page: number) => GraphqlRequest, pick: (data: unknown) => { items: T[]; total: number }, pages: number, size: number, key: (item: T) => string | number) {
  const items: T[] = [];
  const seen = new Set<string | number>();
  let total = 0;
  for (let page = 1; page <= Math.max(1, pages); page += 1) {
    const answer = await baseQuery(request(page));
    if (answer.error !== undefined) return { error: answer.error };
    const list = pick(answer.data);
    total = list.total;
    for (const item of list.items) {
      if (!seen.has(key(item))) {
        seen.add(key(item));
        items.push(item);
      }
    }
    if (page * size >= total || list.items.length < size) break;
  }
  return { data: { items, total } };
}

export const moderationApi = api.enhanceEndpoints({ addTagTypes: ['ModerationQueue', 'AbuseReports'] }).injectEndpoints({
  endpoints: (build) => ({
    getModerationQueue: build.query<ModerationQueue, PagedArgs>({
      async queryFn({ lang, pages }, _api, _extra, baseQuery) {
        const read = await readPages<QueueItem>(
          baseQuery,
          (page) => ({ document: GET_MODERATION_QUEUE, variables: { page, size: QUEUE_PAGE_SIZE }, lang }),
          (data) => (data as { getModerationQueue: ModerationQueue }).getModerationQueue,
          pages,
          QUEUE_PAGE_SIZE,
          (item) => item.ad.adId,
        );
        if (read.error !== undefined) return { error: read.error as never };
        return { data: { total: read.data.total, items: oldestFirst(read.data.items) } };
      },
      providesTags: ['ModerationQueue'],
    }),
    moderateAd: build.mutation<{ adId: string; listId: number; status: string }, { adId: string } & Decision>({
      query: (variables) => ({ document: MODERATE_AD, variables }),
      transformResponse: (data: { moderateAd: { adId: string; listId: number; status: string } }) => data.moderateAd,
      extraOptions: NO_RETRY,
    }),
    getReportedAds: build.query<ReportedAds, PagedArgs>({
      async queryFn({ lang, pages }, _api, _extra, baseQuery) {
        const read = await readPages<ReportedAdGroup>(
          baseQuery,
          (page) => ({ document: GET_REPORTED_ADS, variables: { page, size: REPORTS_PAGE_SIZE }, lang }),
          (data) => (data as { getReportedAds: ReportedAds }).getReportedAds,
          pages,
          REPORTS_PAGE_SIZE,
          (item) => item.listId,
        );
        if (read.error !== undefined) return { error: read.error as never };
        return { data: read.data };
      },
      providesTags: ['AbuseReports'],
    }),
    dismissReportAd: build.mutation<{ listId: number; closed: number }, { listId: number; reason: string; note?: string }>({
      query: (variables) => ({ document: DISMISS_REPORT_AD, variables }),
      transformResponse: (data: { dismissReportAd: { listId: number; closed: number } }) => data.dismissReportAd,
      extraOptions: NO_RETRY,
    }),
    actAsUser: build.mutation<TokenPair, { accountId: number }>({
      query: (variables) => ({ document: ACT_AS_USER, variables }),
      transformResponse: (data: { actAsUser: TokenPair }) => data.actAsUser,
      extraOptions: NO_RETRY,
    }),
  }),
});

export const { useGetModerationQueueQuery, useModerateAdMutation, useGetReportedAdsQuery, useDismissReportAdMutation, useActAsUserMutation } = moderationApi;
