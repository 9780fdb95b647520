// The foot of a paged admin list (the moderation queue, the reported ads): how many of the
// server's count are shown, and a button that shows the next page while more remain.

import { useIntl } from 'react-intl';
import { Button } from '../../ui/Button';

export function ShowMore({ shown, total, pageSize, busy, onMore }: { shown: number; total: number; pageSize: number; busy: boolean; onMore: () => void }) {
  const intl = useIntl();
  const left = total - shown;
  if (left <= 0) return null;
  return (
    <div className="admin-more">
      <p className="admin-more__count" aria-live="polite">
        {intl.formatMessage({ id: 'admin.list.shown' }, { n: shown, total })}
      </p>
      <Button weight="secondary" disabled={busy} onClick={onMore}>
        {busy ? intl.formatMessage({ id: 'admin.list.loadingMore' }) : intl.formatMessage({ id: 'admin.list.more' }, { count: Math.min(left, pageSize) })}
      </Button>
    </div>
  );
}
