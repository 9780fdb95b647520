// Statistics operations (docs/stats.md "Queries"): a shop's (or an ad's) metrics over a fixed
// range or a custom one, and the view an ad page reports (collectPerformanceEvent). Every point of the range is present; `total` is the sum over the range
// (for activeAds: the ads active now). Imported only by the statistics tab's chunk.

import { api } from './baseApi';

export const FIXED_RANGES = ['TODAY', 'LAST_7_DAYS', 'LAST_14_DAYS', 'LAST_15_DAYS', 'LAST_30_DAYS', 'ALL_TIME'] as const;
export type FixedRange = (typeof FIXED_RANGES)[number];

export interface StatsPoint {
  /** `YYYY-MM-DDTHH:00` (one day), `YYYY-MM-DD` (up to 185 days) or `YYYY-MM` (beyond). */
  x: string;
  y: number;
}

export interface StatsMetric {
  name: string;
  data: StatsPoint[];
  total: number;
}

export type StatsArgs =
  | { kind: 'fixed'; storeId: number; range: FixedRange }
  | { kind: 'custom'; storeId: number; from: string; to: string };

const FIELDS = 'name total data { x y }';
export const GET_FIXED_RANGE = `query getMyPerformanceMetricsFixedRange($range: String!, $storeId: Int) {
  getMyPerformanceMetricsFixedRange(range: $range, storeId: $storeId) { ${FIELDS} }
}`;
export const GET_CUSTOM_RANGE = `query getMyPerformanceMetricsCustomRange($from: String!, $to: String!, $storeId: Int) {
  getMyPerformanceMetricsCustomRange(from: $from, to: $to, storeId: $storeId) { ${FIELDS} }
}`;

export const COLLECT_PERFORMANCE_EVENT = `mutation collectPerformanceEvent($event: PerformanceEvent!) {
  collectPerformanceEvent(event: $event)
}`;

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A view of an ad as the browser sees it; the server decides whether it counts (not the
    // owner's, once per visitor per 30 minutes, no robots) and answers whether it did.
    collectPerformanceEvent: build.mutation<boolean, { name: 'view'; listId: number }>({
      query: (event) => ({ document: COLLECT_PERFORMANCE_EVENT, variables: { event } }),
      transformResponse: (data: { collectPerformanceEvent: boolean }) => data.collectPerformanceEvent,
      extraOptions: { retry: false },
    }),
    getMyPerformanceMetrics: build.query<StatsMetric[], StatsArgs>({
      query: (args) =>
        args.kind === 'fixed'
          ? { document: GET_FIXED_RANGE, variables: { range: args.range, storeId: args.storeId } }
          : { document: GET_CUSTOM_RANGE, variables: { from: args.from, to: args.to, storeId: args.storeId } },
      transformResponse: (
        data: { getMyPerformanceMetricsFixedRange?: StatsMetric[]; getMyPerformanceMetricsCustomRange?: StatsMetric[] },
      ) => data.getMyPerformanceMetricsFixedRange ?? data.getMyPerformanceMetricsCustomRange ?? [],
      // Figures move with every view: a range opened again is asked again.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetMyPerformanceMetricsQuery, useCollectPerformanceEventMutation } = statsApi;
