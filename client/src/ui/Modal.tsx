// A modal dialog (the design system's dialog): labelled by its title, focused when it opens,
// focus kept inside while it is open and given back to what opened it, closed by Escape, its
// close button or a click on the backdrop. On a phone it rises from the bottom as a sheet.
// `ConfirmDialog` asks a yes/no question before an action that cannot be undone.

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button, type ButtonWeight } from './Button';
import { trapTab } from './focusTrap';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ title, onClose, children }: ModalProps) {
  const intl = useIntl();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !dialog.current) return;
      trapTab(event, dialog.current, FOCUSABLE);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close.current();
      }}
    >
      <div ref={dialog} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={onClose}>
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

export interface ConfirmDialogProps {
  title: string;
  /** What happens if the person confirms, already translated. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  weight?: ButtonWeight;
  busy?: boolean;
}

export function ConfirmDialog({ title, message, confirmLabel, cancelLabel, onConfirm, onCancel, weight = 'danger', busy }: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel}>
      <div className="dialog__body">{message}</div>
      <div className="dialog__actions">
        <Button weight="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button weight={weight} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
