// What a list says when it has nothing to show: an icon, a title, a sentence and, where there is
// one, the action that fills it ("Déposer une annonce").

import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export interface EmptyStateProps {
  title: ReactNode;
  text?: ReactNode;
  icon?: IconName;
  action?: ReactNode;
}

export function EmptyState({ title, text, icon = 'box', action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon">
        <Icon name={icon} size={28} />
      </span>
      <p className="empty-state__title">{title}</p>
      {text ? <p className="empty-state__text">{text}</p> : null}
      {action}
    </div>
  );
}
