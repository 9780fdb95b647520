// Closing an ad's abuse reports without acting on the ad: the moderator picks one of the server's
// dismissal reasons (generated/rules.json) and may add a note, kept with the reports and in the
// audit log. Nothing is sent until a reason is chosen.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS } from '../../app/rules';
import rules from '../../generated/rules.json';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { RadioCards } from '../../ui/RadioCards';
import { UserText } from '../../ui/UserText';

/** The reasons, in the order the server offers them. */
export const DISMISSAL_REASONS: readonly string[] = rules.dismissalReasons;

export function DismissDialog({ title, count, busy, onDismiss, onCancel }: { title: string; count: number; busy: boolean; onDismiss: (reason: string, note: string) => void; onCancel: () => void }) {
  const intl = useIntl();
  const [reason, setReason] = useState<string | undefined>(undefined);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const tooLong = note.trim().length > LIMITS.dismissalNoteMax;
  return (
    <Modal title={intl.formatMessage({ id: 'admin.dismiss.title' }, { count })} onClose={onCancel}>
      <form
        className="dialog__body admin-refuse"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) {
            setMissing(true);
            return;
          }
          if (!tooLong) onDismiss(reason, note.trim());
        }}
      >
        <p className="admin-refuse__ad">
          <UserText text={title} />
        </p>
        <RadioCards
          legend={intl.formatMessage({ id: 'admin.dismiss.reason' })}
          value={reason}
          name="dismissal-reason"
          options={DISMISSAL_REASONS.map((key) => ({ value: key, label: intl.formatMessage({ id: `admin.dismissal.${key}` as 'admin.dismissal.other' }) }))}
          onValueChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
        />
        {missing ? (
          <p className="ui-field__problem" role="alert">
            {intl.formatMessage({ id: 'admin.dismiss.chooseReason' })}
          </p>
        ) : null}
        <TextArea
          label={intl.formatMessage({ id: 'admin.dismiss.note' })}
          hint={intl.formatMessage({ id: 'admin.dismiss.noteHint' }, { max: LIMITS.dismissalNoteMax })}
          problem={tooLong ? intl.formatMessage({ id: 'admin.dismiss.noteTooLong' }, { max: LIMITS.dismissalNoteMax }) : undefined}
          value={note}
          rows={3}
          onValueChange={setNote}
        />
        <div className="dialog__actions">
          <Button weight="secondary" onClick={onCancel}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </Button>
          <Button type="submit" weight="primary" disabled={busy}>
            {intl.formatMessage({ id: 'admin.dismiss.confirm' })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
