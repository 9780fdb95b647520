// The statistics tab of a shop (/account/v2/stats?range=…, spec §2 account.stats): the ranges
// today, 7, 14, 15 and 30 days, all time and a custom range (the server's limits checked as the
// person types, its refusals shown translated), the total of every metric and one chart each, in
// the spec's order then the shop's other figures. Totals and today's point move live with each
// `stats:update` the server pushes (useLiveStats.ts). Private accounts have no statistics.

import { useMemo, useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { FIXED_RANGES, useGetMyPerformanceMetricsQuery, type StatsMetric } from '../../api/stats';
import { isGatewayError } from '../../api/gateway';
import { useAppSelector } from '../../app/hooks';
import type { MessageId } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { selectUser } from '../auth/authSlice';
import { AccountArea } from '../my-ads/AccountTabs';
import { METRIC_ORDER } from './format';
import { StatsChart } from './StatsChart';
import { ALL_TIME_START, customRangeProblem, daysOf, rangeParams, readRange, statsArgs, todayUtc, type RangeChoice } from './statsRange';
import { useLiveStats } from './useLiveStats';

/** The spec's metrics first, in its order, then the shop's others as the server lists them. */
function ordered(metrics: readonly StatsMetric[]): StatsMetric[] {
  const rank = (name: string) => {
    const i = (METRIC_ORDER as readonly string[]).indexOf(name);
    return i < 0 ? METRIC_ORDER.length : i;
  };
  return [...metrics].sort((a, b) => rank(a.name) - rank(b.name));
}

function metricLabel(intl: ReturnType<typeof useIntl>, name: string): string {
  const id = `stats.metric.${name}`;
  return Object.prototype.hasOwnProperty.call(intl.messages, id) ? intl.formatMessage({ id: id as MessageId }) : name;
}

function CustomRangeForm({ choice, today, onChoose }: { choice: RangeChoice; today: string; onChoose: (c: RangeChoice) => void }) {
  const intl = useIntl();
  const [from, setFrom] = useState(choice.kind === 'custom' ? choice.from : '');
  const [to, setTo] = useState(choice.kind === 'custom' ? choice.to : today);
  const [tried, setTried] = useState(false);
  const problem = customRangeProblem(from, to, today);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTried(true);
    // After the submit event: a navigation started inside it would make React treat the form
    // as a transition action.
    if (!problem) queueMicrotask(() => { onChoose({ kind: 'custom', from, to }); });
  };
  return (
    <form className="stats-custom" onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'stats.custom.title' })}>
      <label>
        {intl.formatMessage({ id: 'stats.custom.from' })}{' '}
        <input type="date" value={from} min={ALL_TIME_START} max={today} onChange={(e) => { setFrom(e.target.value); }} />
      </label>
      <label>
        {intl.formatMessage({ id: 'stats.custom.to' })}{' '}
        <input type="date" value={to} min={ALL_TIME_START} max={today} onChange={(e) => { setTo(e.target.value); }} />
      </label>
      <button type="submit" className="button">
        {intl.formatMessage({ id: 'stats.custom.show' })}
      </button>
      {tried && problem ? (
        <p className="field__problem" role="alert">
          {intl.formatMessage({ id: problem }, { max: 366 })}
        </p>
      ) : (
        <p className="field__hint">{intl.formatMessage({ id: 'stats.custom.hint' }, { max: 366 })}</p>
      )}
    </form>
  );
}

function ShopStats({ storeId }: { storeId: number }) {
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const choice = readRange(search);
  const today = todayUtc();
  const [customOpen, setCustomOpen] = useState(choice.kind === 'custom');
  const args = useMemo(() => statsArgs(readRange(search), storeId), [search, storeId]);
  const { currentData, isError, error, refetch } = useGetMyPerformanceMetricsQuery(args);
  useLiveStats(args);
  const days = daysOf(choice, today);

  const choose = (next: RangeChoice) => {
    const params = new URLSearchParams(rangeParams(next));
    setSearch(params);
  };

  let content;
  if (isError && !currentData) {
    const max = isGatewayError(error) && typeof error.extensions?.max === 'number' ? error.extensions.max : undefined;
    content =
      max !== undefined ? (
        <div className="error-message" role="alert">
          <p className="error-message__text">{intl.formatMessage({ id: 'stats.custom.tooLong' }, { max })}</p>
        </div>
      ) : (
        <ErrorMessage error={error} onRetry={() => void refetch()} />
      );
  } else if (!currentData) {
    content = <Loader label={intl.formatMessage({ id: 'stats.loading' })} />;
  } else if (currentData.length === 0) {
    content = <p className="empty">{intl.formatMessage({ id: 'stats.empty' })}</p>;
  } else {
    const metrics = ordered(currentData);
    content = (
      <>
        <dl className="stats-totals" aria-label={intl.formatMessage({ id: 'stats.totals' })}>
          {metrics.map((metric) => (
            <div key={metric.name}>
              <dt>{metricLabel(intl, metric.name)}</dt>
              <dd>{intl.formatNumber(metric.total)}</dd>
            </div>
          ))}
        </dl>
        {metrics.every((m) => m.total === 0) ? <p className="empty">{intl.formatMessage({ id: 'stats.empty' })}</p> : null}
        <ul className="stats-charts" aria-label={intl.formatMessage({ id: 'stats.charts' })}>
          {metrics.map((metric) => (
            <li key={metric.name}>
              <StatsChart metric={metric} label={metricLabel(intl, metric.name)} days={days} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="stats" aria-labelledby="stats-heading">
      <h2 id="stats-heading">{intl.formatMessage({ id: 'stats.title' })}</h2>
      <div className="stats-ranges" role="group" aria-label={intl.formatMessage({ id: 'stats.range' })}>
        {FIXED_RANGES.map((range) => (
          <button
            key={range}
            type="button"
            className="button"
            aria-pressed={choice.kind === 'fixed' && choice.range === range}
            onClick={() => {
              setCustomOpen(false);
              choose({ kind: 'fixed', range });
            }}
          >
            {intl.formatMessage({ id: `stats.range.${range}` as MessageId })}
          </button>
        ))}
        <button
          type="button"
          className="button"
          aria-pressed={choice.kind === 'custom' || customOpen}
          onClick={() => { setCustomOpen(true); }}
        >
          {intl.formatMessage({ id: 'stats.range.CUSTOM' })}
        </button>
      </div>
      {customOpen || choice.kind === 'custom' ? <CustomRangeForm choice={choice} today={today} onChoose={choose} /> : null}
      {content}
    </section>
  );
}

export default function StatsPage() {
  const intl = useIntl();
  const user = useAppSelector(selectUser);
  return (
    <AccountArea>
      {user?.type === 'shop' && user.storeId !== null ? (
        <ShopStats storeId={user.storeId} />
      ) : (
        <p className="empty">{intl.formatMessage({ id: 'stats.shopOnly' })}</p>
      )}
    </AccountArea>
  );
}
