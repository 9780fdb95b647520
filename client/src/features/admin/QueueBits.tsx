// The small pieces the queue's rows and the preview share: why an ad waits (new, edit, appeal),
// how long it has waited against the 60-minute promise (late ones marked in words and colour,
// never by colour alone), and the automatic checks' flags in the moderator's words (an appeal
// quotes the seller's message, isolated).

import { useIntl } from 'react-intl';
import { Icon } from '../../ui/Icon';
import { UserText } from '../../ui/UserText';
import { durationOf, isLate, PROMISE_SECONDS } from './desk';

const KINDS = ['new', 'edit', 'appeal'] as const;
type Kind = (typeof KINDS)[number];

function isKind(kind: string): kind is Kind {
  return (KINDS as readonly string[]).includes(kind);
}

export function KindBadge({ kind }: { kind: string }) {
  const intl = useIntl();
  return <span className={`admin-badge admin-badge--${isKind(kind) ? kind : 'new'}`}>{isKind(kind) ? intl.formatMessage({ id: `admin.kind.${kind}` }) : kind}</span>;
}

/** "2 h 05 min" style: days, hours and minutes, the largest two that matter. */
export function useDurationText(): (seconds: number) => string {
  const intl = useIntl();
  return (seconds) => {
    const { days, hours, minutes } = durationOf(seconds);
    if (days > 0) return intl.formatMessage({ id: 'admin.duration.days' }, { days, hours });
    if (hours > 0) return intl.formatMessage({ id: 'admin.duration.hours' }, { hours, minutes });
    return intl.formatMessage({ id: 'admin.duration.minutes' }, { minutes });
  };
}

/** How long it has waited; past the promise, "late" in words and by how much. */
export function Waiting({ seconds, compact = false }: { seconds: number; compact?: boolean }) {
  const intl = useIntl();
  const text = useDurationText();
  // What is left of the promise, in whole minutes rounded up (never "0 min" while time is left).
  const left = intl.formatMessage({ id: 'admin.duration.minutes' }, { minutes: Math.ceil((PROMISE_SECONDS - seconds) / 60) });
  const late = isLate(seconds);
  const share = Math.min(1, seconds / PROMISE_SECONDS);
  return (
    <span className={late ? 'admin-wait admin-wait--late' : 'admin-wait'}>
      <Icon name="clock" size={16} />
      <span className="admin-wait__text">
        {late ? (
          <>
            <strong className="admin-wait__late">{intl.formatMessage({ id: 'admin.wait.late' })}</strong>{' '}
            {intl.formatMessage({ id: compact ? 'admin.wait.overShort' : 'admin.wait.over' }, { time: text(seconds - PROMISE_SECONDS), waited: text(seconds) })}
          </>
        ) : (
          intl.formatMessage({ id: compact ? 'admin.wait.sinceShort' : 'admin.wait.since' }, { time: text(seconds), left })
        )}
      </span>
      {compact ? null : (
        <span className="admin-wait__meter" aria-hidden="true">
          <span className="admin-wait__fill" style={{ inlineSize: `${String(Math.round(share * 100))}%` }} />
        </span>
      )}
    </span>
  );
}

const APPEAL = /^appeal:\s*/;
const KNOWN_FLAGS = ['no_photo'] as const;

export function FlagList({ flags }: { flags: readonly string[] }) {
  const intl = useIntl();
  if (flags.length === 0) return null;
  return (
    <ul className="admin-flags" aria-label={intl.formatMessage({ id: 'admin.flags' })}>
      {flags.map((flag) => (
        <li key={flag} className="admin-flag">
          {APPEAL.test(flag) ? (
            <>
              <span className="admin-flag__label">{intl.formatMessage({ id: 'admin.flag.appeal' })}</span> <UserText text={flag.replace(APPEAL, '')} />
            </>
          ) : (KNOWN_FLAGS as readonly string[]).includes(flag) ? (
            intl.formatMessage({ id: `admin.flag.${flag as (typeof KNOWN_FLAGS)[number]}` })
          ) : (
            <UserText text={flag} />
          )}
        </li>
      ))}
    </ul>
  );
}
