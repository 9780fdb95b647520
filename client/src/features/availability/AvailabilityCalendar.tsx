// The availability calendar of a vacation rental: one month at a time (Monday first), from this
// month to a year ahead. Read-only on the ad view (booked or free nights); in the ad form the
// owner taps a first night, then a last night, and the whole period becomes booked — or free
// again when the first night was booked. Nights before today and beyond a year cannot be set.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { addMonths, dayOf, MAX_DAYS_AHEAD, monthIndex, monthOf, periodsOf, today, weeksOf } from './days';

const DAY_MS = 86_400_000;
// 1970-01-05 was a Monday.
const MONDAY = 4;

export function AvailabilityCalendar({ booked, onChange }: { booked: Set<number>; onChange?: (next: Set<number>) => void }) {
  const intl = useIntl();
  const first = today();
  const last = first + MAX_DAYS_AHEAD;
  const [month, setMonth] = useState(() => monthOf(first));
  const [anchor, setAnchor] = useState<number | undefined>();
  const editable = onChange !== undefined;
  const date = (day: number, options: Intl.DateTimeFormatOptions) => intl.formatDate(day * DAY_MS, { ...options, timeZone: 'UTC' });
  const long = (day: number) => date(day, { day: 'numeric', month: 'long', year: 'numeric' });
  const title = intl.formatDate(Date.UTC(month.year, month.month, 1), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const titleId = `calendar-${String(month.year)}-${String(month.month)}`;

  const choose = (day: number) => {
    if (!onChange) return;
    if (anchor === undefined) {
      setAnchor(day);
      return;
    }
    const [from, to] = anchor <= day ? [anchor, day] : [day, anchor];
    const book = !booked.has(anchor);
    const next = new Set(booked);
    for (let d = from; d <= to; d += 1) {
      if (book) next.add(d);
      else next.delete(d);
    }
    setAnchor(undefined);
    onChange(next);
  };

  const free = (from: number, to: number) => {
    if (!onChange) return;
    onChange(new Set([...booked].filter((d) => d < from || d > to)));
  };

  const upcoming = periodsOf(new Set([...booked].filter((d) => d >= first)));
  return (
    <section className="calendar" aria-labelledby={titleId}>
      <div className="calendar__nav">
        <button
          type="button"
          className="button"
          aria-label={intl.formatMessage({ id: 'calendar.previous' })}
          disabled={monthIndex(month) <= monthIndex(monthOf(first))}
          onClick={() => { setMonth(addMonths(month, -1)); }}
        >
          ‹
        </button>
        <h3 id={titleId} className="calendar__title" aria-live="polite">
          {title}
        </h3>
        <button
          type="button"
          className="button"
          aria-label={intl.formatMessage({ id: 'calendar.next' })}
          disabled={monthIndex(month) >= monthIndex(monthOf(last))}
          onClick={() => { setMonth(addMonths(month, 1)); }}
        >
          ›
        </button>
      </div>
      <table className="calendar__month" aria-labelledby={titleId}>
        <thead>
          <tr>
            {Array.from({ length: 7 }, (_, i) => (
              <th key={i} scope="col" abbr={date(MONDAY + i, { weekday: 'long' })}>
                {date(MONDAY + i, { weekday: 'short' })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => {
                if (day === undefined) return <td key={i} />;
                const isBooked = booked.has(day);
                const outside = day < first || day > last;
                const state = intl.formatMessage({ id: isBooked ? 'calendar.booked' : 'calendar.free' });
                const label = `${long(day)}, ${state}`;
                const className = `calendar__day${isBooked ? ' calendar__day--booked' : ''}${outside ? ' calendar__day--outside' : ''}${anchor === day ? ' calendar__day--anchor' : ''}`;
                return (
                  <td key={i}>
                    {editable ? (
                      <button type="button" className={className} aria-label={label} aria-pressed={isBooked} disabled={outside} onClick={() => { choose(day); }}>
                        {date(day, { day: 'numeric' })}
                      </button>
                    ) : (
                      <span className={className} aria-label={label} role="img">
                        {date(day, { day: 'numeric' })}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="calendar__legend">
        <span className="calendar__swatch calendar__swatch--booked" aria-hidden="true" /> {intl.formatMessage({ id: 'calendar.booked' })}
        <span className="calendar__swatch" aria-hidden="true" /> {intl.formatMessage({ id: 'calendar.free' })}
      </p>
      {editable ? (
        <>
          <p className="ad-form__hint" role="status">
            {anchor === undefined
              ? intl.formatMessage({ id: 'calendar.hint' })
              : intl.formatMessage({ id: booked.has(anchor) ? 'calendar.hint.lastFree' : 'calendar.hint.lastBooked' }, { date: long(anchor) })}
          </p>
          {upcoming.length > 0 ? (
            <ul className="calendar__periods" aria-label={intl.formatMessage({ id: 'calendar.periods' })}>
              {upcoming.map((p) => {
                const from = dayOf(p.from) ?? first;
                const to = dayOf(p.to) ?? first;
                const text = intl.formatMessage({ id: 'calendar.period' }, { from: date(from, { day: 'numeric', month: 'long' }), to: long(to) });
                return (
                  <li key={p.from}>
                    {text}{' '}
                    <button type="button" className="button button--link" aria-label={intl.formatMessage({ id: 'calendar.free.period' }, { period: text })} onClick={() => { free(from, to); }}>
                      {intl.formatMessage({ id: 'calendar.free.action' })}
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="ad-form__hint">{intl.formatMessage({ id: 'calendar.none' })}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
