// A modal dialog: labelled by its title, focused when it opens, closed by Escape or its close
// button. Used by the ad view (report abuse) and my ads (operation, bulk, appeal, properties).

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

export function Modal({ title, onClose, children }: ModalProps) {
  const intl = useIntl();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <div className="login-wall">
      <div ref={dialog} className="login-wall__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="login-wall__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="toast__close" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
