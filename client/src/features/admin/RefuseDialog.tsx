// Refusing an ad: the moderator picks one of the server's refusal reasons (generated/rules.json,
// the seller's e-mail words it), and for "other" may add a precision the e-mail quotes. Nothing
// is sent until a reason is chosen.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import rules from '../../generated/rules.json';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { RadioCards } from '../../ui/RadioCards';
import { UserText } from '../../ui/UserText';

/** The reasons, in the order the server offers them. */
export const REFUSAL_REASONS: readonly string[] = rules.refusalReasons;

export function RefuseDialog({ title, busy, onRefuse, onCancel }: { title: string; busy: boolean; onRefuse: (reason: string, note: string) => void; onCancel: () => void }) {
  const intl = useIntl();
  const [reason, setReason] = useState<string | undefined>(undefined);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Modal title={intl.formatMessage({ id: 'admin.refuse.title' })} onClose={onCancel}>
      <form
        className="dialog__body admin-refuse"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) {
            setMissing(true);
            return;
          }
          onRefuse(reason, reason === 'other' ? note.trim() : '');
        }}
      >
        <p className="admin-refuse__ad">
          <UserText text={title} />
        </p>
        <RadioCards
          legend={intl.formatMessage({ id: 'admin.refuse.reason' })}
          value={reason}
          name="refusal-reason"
          options={REFUSAL_REASONS.map((key) => ({ value: key, label: intl.formatMessage({ id: `admin.reason.${key}` as 'admin.reason.other' }) }))}
          onValueChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
        />
        {missing ? (
          <p className="ui-field__problem" role="alert">
            {intl.formatMessage({ id: 'admin.refuse.chooseReason' })}
          </p>
        ) : null}
        {reason === 'other' ? (
          <TextArea
            label={intl.formatMessage({ id: 'admin.refuse.note' })}
            hint={intl.formatMessage({ id: 'admin.refuse.noteHint' })}
            value={note}
            rows={3}
            onValueChange={setNote}
          />
        ) : null}
        <div className="dialog__actions">
          <Button weight="secondary" onClick={onCancel}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </Button>
          <Button type="submit" weight="danger" disabled={busy}>
            {intl.formatMessage({ id: 'admin.refuse.confirm' })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
