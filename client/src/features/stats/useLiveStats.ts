// Keeps the statistics on screen moving without polling: a real-time socket (reopened when the
// access token is renewed) whose `stats:update` events are added to the cached answer of the
// range being shown (liveStats.ts).

import { useEffect, useRef } from 'react';
import { statsApi, type StatsArgs } from '../../api/stats';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { useRealtimeConnector } from '../../realtime/RealtimeContext';
import { isStatsUpdate } from '../../realtime/socket';
import { selectUser } from '../auth/authSlice';
import { applyStatsUpdate } from './liveStats';

export const STATS_UPDATE_EVENT = 'stats:update';

export function useLiveStats(args: StatsArgs): void {
  const dispatch = useAppDispatch();
  const connect = useRealtimeConnector();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  const current = useRef(args);
  useEffect(() => {
    current.current = args;
  }, [args]);

  const accountId = user?.accountId;
  const expiresAt = user?.expiresAt;
  useEffect(() => {
    if (accountId === undefined || expiresAt === undefined) return;
    const socket = connect(language);
    const onUpdate = (payload: unknown) => {
      if (!isStatsUpdate(payload)) return;
      dispatch(
        statsApi.util.updateQueryData('getMyPerformanceMetrics', current.current, (metrics) => {
          applyStatsUpdate(metrics, payload);
        }),
      );
    };
    socket.on(STATS_UPDATE_EVENT, onUpdate);
    return () => {
      socket.off(STATS_UPDATE_EVENT, onUpdate);
      socket.close();
    };
  }, [accountId, connect, dispatch, expiresAt, language]);
}
