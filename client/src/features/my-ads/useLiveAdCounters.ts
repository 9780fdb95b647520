// Keeps the counters of My ads (views, numbers shown, conversations) moving for every seller,
// private sellers included: the `stats:update` events the server pushes to an ad's owner
// (docs/stats.md) are added to the cached pages of getMyAds holding that ad — no polling, no
// request again.

import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { adsApi } from '../../api/ads';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { useLanguage } from '../../app/i18n';
import { useRealtimeConnector } from '../../realtime/RealtimeContext';
import { isStatsUpdate } from '../../realtime/socket';
import { selectUser } from '../auth/authSlice';
import { STATS_UPDATE_EVENT } from '../stats/useLiveStats';

/** The counter of My ads each live metric moves (the others are not shown there). */
const COUNTERS = { view: 'views', phoneView: 'phoneViews', conversation: 'conversations' } as const;

export function useLiveAdCounters(): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const connect = useRealtimeConnector();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  const accountId = user?.accountId;
  const expiresAt = user?.expiresAt;
  useEffect(() => {
    if (accountId === undefined || expiresAt === undefined) return;
    const socket = connect(language);
    const onUpdate = (payload: unknown) => {
      if (!isStatsUpdate(payload) || payload.adId === null || payload.count <= 0) return;
      if (!(payload.metric in COUNTERS)) return;
      const counter = COUNTERS[payload.metric as keyof typeof COUNTERS];
      const { adId, count } = payload;
      for (const args of adsApi.util.selectCachedArgsForQuery(store.getState(), 'getMyAds')) {
        dispatch(
          adsApi.util.updateQueryData('getMyAds', args, (page) => {
            const ad = page.ads.find((a) => a.adId === adId);
            if (ad) ad.performance[counter] += count;
          }),
        );
      }
    };
    socket.on(STATS_UPDATE_EVENT, onUpdate);
    return () => {
      socket.off(STATS_UPDATE_EVENT, onUpdate);
      socket.close();
    };
  }, [accountId, connect, dispatch, expiresAt, language, store]);
}
