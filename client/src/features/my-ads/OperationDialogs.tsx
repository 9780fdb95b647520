// The operation modals of my ads (spec §2 and §4): 'ad activated'; 'active limit reached'
// (spec §8 "you can still pay to activate": its link opens the checkout of the ad's insertion
// fee); the delete confirmation, or 'deletion refused' with the days remaining at
// once when the deactivated ad is not deletable yet (and when the server refuses); the
// confirmation of an activation or deactivation asked for by a link (/account/ad-operations);
// the appeal of a refused ad (APPEAL_LIMIT_REACHED shown); the bulk deactivate / delete with a
// reason; the ad properties. `useAdOperations` runs the operations and says which modal is
// open; success is a toast.

import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  useActivateAdMutation,
  useAppealAdMutation,
  useBulkDeactivateAdsMutation,
  useBulkDeleteAdsMutation,
  useDeactivateAdMutation,
  useDeleteAdMutation,
  type Ad,
} from '../../api/ads';
import { isGatewayError } from '../../api/gateway';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { errorText } from '../../ui/errorText';
import { Modal } from '../../ui/Modal';
import { toastShown } from '../../ui/toastSlice';
import { checkoutPath } from '../payment/paymentPaths';
import { LIMITS } from '../../app/rules';

export type Dialog =
  | { kind: 'activated'; ad: Ad }
  | { kind: 'limitReached'; ad: Ad }
  | { kind: 'confirmDelete'; ad: Ad }
  | { kind: 'confirmOperation'; operation: 'activate' | 'deactivate'; ad: Ad }
  | { kind: 'deletionRefused'; ad: Ad; days: number }
  | { kind: 'appeal'; ad: Ad }
  | { kind: 'properties'; ad: Ad }
  | { kind: 'bulk'; operation: 'deactivate' | 'delete'; ads: Ad[] };

export const BULK_REASONS = ['sold_on_souk', 'sold_elsewhere', 'no_longer_available', 'other'] as const;

/** The operations a link may ask for (spec §2 /account/ad-operations?action=). */
export const LINK_ACTIONS = ['deactivate', 'activate', 'delete'] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];

/** Days before a deactivated ad may be deleted (spec §4: 7 days after its state timestamp). */
function daysBeforeDeletion(ad: Ad): number {
  return ad.status.toUpperCase() === 'DEACTIVATED' ? Math.max(0, ad.deletableInDays ?? 0) : 0;
}

/** What asking to delete an ad opens: 'deletion refused' while it is not deletable, else the confirmation. */
export function deleteDialog(ad: Ad): Dialog {
  const days = daysBeforeDeletion(ad);
  return days > 0 ? { kind: 'deletionRefused', ad, days } : { kind: 'confirmDelete', ad };
}

/** The modal a link's action opens for an ad in its current status; undefined when the status does not allow it. */
export function linkedDialog(action: LinkAction, ad: Ad): Dialog | undefined {
  const status = ad.status.toUpperCase();
  if (action === 'deactivate') return status === 'ACTIVE' ? { kind: 'confirmOperation', operation: 'deactivate', ad } : undefined;
  if (action === 'activate') return status === 'DEACTIVATED' ? { kind: 'confirmOperation', operation: 'activate', ad } : undefined;
  return status === 'DEACTIVATED' || status === 'REFUSED' || status === 'PENDING_PAYMENT' ? deleteDialog(ad) : undefined;
}

export function useAdOperations() {
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const [activate] = useActivateAdMutation();
  const [deactivate] = useDeactivateAdMutation();
  const [remove] = useDeleteAdMutation();
  const fail = (error: unknown) => {
    const e = isGatewayError(error) ? error : undefined;
    dispatch(toastShown({ kind: 'error', messageKey: e?.messageKey ?? 'common.error.generic', message: e?.message }));
  };
  const done = (messageKey: MessageId) => dispatch(toastShown({ kind: 'success', messageKey }));

  return {
    dialog,
    open: setDialog,
    close: () => {
      setDialog(undefined);
    },
    requestDelete: (ad: Ad) => {
      setDialog(deleteDialog(ad));
    },
    activate: (ad: Ad) => {
      setDialog(undefined);
      activate({ adId: ad.adId })
        .unwrap()
        .then((result) => {
          setDialog({ kind: result.outcome === 'PAYMENT_REQUIRED' ? 'limitReached' : 'activated', ad });
        })
        .catch(fail);
    },
    deactivate: (ad: Ad) => {
      setDialog(undefined);
      deactivate({ adId: ad.adId })
        .unwrap()
        .then(() => done('myAds.deactivated'))
        .catch(fail);
    },
    confirmDelete: (ad: Ad) => {
      setDialog(undefined);
      remove({ listId: ad.listId })
        .unwrap()
        .then(() => done('myAds.deleted'))
        .catch((error: unknown) => {
          if (isGatewayError(error) && error.code === 'DELETION_REFUSED') {
            const days = Number(error.extensions?.days ?? ad.deletableInDays ?? 0);
            setDialog({ kind: 'deletionRefused', ad, days });
          } else fail(error);
        });
    },
  };
}

function AppealDialog({ ad, onClose }: { ad: Ad; onClose: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [message, setMessage] = useState('');
  const [appeal, { error, isLoading }] = useAppealAdMutation();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    appeal({ adId: ad.adId, message })
      .unwrap()
      .then(() => {
        dispatch(toastShown({ kind: 'success', messageKey: 'myAds.appeal.sent' }));
        onClose();
      })
      .catch(() => undefined);
  };
  return (
    <Modal title={intl.formatMessage({ id: 'myAds.appeal.title' })} onClose={onClose}>
      {ad.refusalReasonText ? <p>{intl.formatMessage({ id: 'myAds.refusalReason' }, { reason: ad.refusalReasonText })}</p> : null}
      <form onSubmit={submit}>
        <label className="field">
          {intl.formatMessage({ id: 'myAds.appeal.message' })}
          <textarea value={message} maxLength={LIMITS.reportBodyMax} onChange={(e) => { setMessage(e.target.value); }} />
        </label>
        {error ? <p role="alert">{errorText(intl, error)}</p> : null}
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {intl.formatMessage({ id: 'myAds.appeal.submit' })}
        </button>
      </form>
    </Modal>
  );
}

function BulkDialog({ operation, ads, onClose }: { operation: 'deactivate' | 'delete'; ads: Ad[]; onClose: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [reason, setReason] = useState('');
  const [deactivate, deactivation] = useBulkDeactivateAdsMutation();
  const [remove, deletion] = useBulkDeleteAdsMutation();
  const [failed, setFailed] = useState<string[]>([]);
  const run = operation === 'delete' ? remove : deactivate;
  const state = operation === 'delete' ? deletion : deactivation;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    run({ adIds: ads.map((ad) => ad.adId), reason })
      .unwrap()
      .then((items) => {
        const errors = items.filter((item) => item.error);
        const ok = items.length - errors.length;
        if (ok > 0) dispatch(toastShown({ kind: 'success', message: intl.formatMessage({ id: 'myAds.bulk.done' }, { count: ok }) }));
        if (errors.length === 0) onClose();
        else {
          setFailed(
            errors.map((item) =>
              intl.formatMessage(
                { id: 'myAds.bulk.failed' },
                { title: ads.find((ad) => ad.adId === item.adId)?.title ?? item.adId, reason: item.error ? errorText(intl, item.error) : '' },
              ),
            ),
          );
        }
      })
      .catch(() => undefined);
  };
  return (
    <Modal
      title={intl.formatMessage({ id: operation === 'delete' ? 'myAds.bulk.deleteTitle' : 'myAds.bulk.deactivateTitle' }, { count: ads.length })}
      onClose={onClose}
    >
      <ul aria-label={intl.formatMessage({ id: 'myAds.bulk.chosen' })}>
        {ads.map((ad) => (
          <li key={ad.adId}>{ad.title}</li>
        ))}
      </ul>
      <form onSubmit={submit}>
        <label className="field">
          {intl.formatMessage({ id: 'myAds.bulk.reason' })}
          <select required value={reason} onChange={(e) => { setReason(e.target.value); }}>
            <option value="">{intl.formatMessage({ id: 'myAds.bulk.chooseReason' })}</option>
            {BULK_REASONS.map((key) => (
              <option key={key} value={key}>
                {intl.formatMessage({ id: `myAds.bulk.reason.${key}` as MessageId })}
              </option>
            ))}
          </select>
        </label>
        {failed.length > 0 ? (
          <ul role="alert">
            {failed.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        {state.error ? <p role="alert">{errorText(intl, state.error)}</p> : null}
        <button type="submit" className="button button--primary" disabled={!reason || state.isLoading}>
          {intl.formatMessage({ id: 'myAds.bulk.confirm' })}
        </button>
      </form>
    </Modal>
  );
}

function Properties({ ad, onClose }: { ad: Ad; onClose: () => void }) {
  const intl = useIntl();
  const date = (value: string) => intl.formatDate(new Date(value), { dateStyle: 'medium', timeStyle: 'short' });
  const rows: [MessageId, string][] = [
    ['myAds.properties.listId', String(ad.listId)],
    ['myAds.properties.category', ad.category.name],
    ['myAds.properties.type', ad.type.name],
    ['myAds.properties.city', ad.city.name],
    ['myAds.properties.status', intl.formatMessage({ id: `myAds.status.${ad.status.toUpperCase()}` as MessageId })],
    ['myAds.properties.publishedAt', date(ad.publishedAt)],
    ['myAds.properties.lastStateTime', date(ad.lastStateTime)],
    ['myAds.properties.media', String(ad.mediaCount)],
    ['myAds.properties.packs', String(ad.vasPackages)],
  ];
  return (
    <Modal title={intl.formatMessage({ id: 'myAds.properties.title' })} onClose={onClose}>
      <dl className="ad-params">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{intl.formatMessage({ id: key })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

interface OperationDialogProps {
  dialog: Dialog;
  onClose: () => void;
  onConfirmDelete: (ad: Ad) => void;
  onConfirmOperation: (operation: 'activate' | 'deactivate', ad: Ad) => void;
}

export function OperationDialog({ dialog, onClose, onConfirmDelete, onConfirmOperation }: OperationDialogProps) {
  const intl = useIntl();
  const language = useLanguage();
  switch (dialog.kind) {
    case 'activated':
      return (
        <Modal title={intl.formatMessage({ id: 'myAds.activated.title' })} onClose={onClose}>
          <p>{intl.formatMessage({ id: 'myAds.activated.body' }, { title: dialog.ad.title })}</p>
          <button type="button" className="button button--primary" onClick={onClose}>
            {intl.formatMessage({ id: 'common.ok' })}
          </button>
        </Modal>
      );
    case 'limitReached':
      return (
        <Modal title={intl.formatMessage({ id: 'myAds.limitReached.title' })} onClose={onClose}>
          <p>{intl.formatMessage({ id: 'myAds.limitReached.body' })}</p>
          <Link className="button button--primary" to={checkoutPath(language, dialog.ad.adId)} onClick={onClose}>
            {intl.formatMessage({ id: 'myAds.limitReached.pay' })}
          </Link>
          <button type="button" className="button" onClick={onClose}>
            {intl.formatMessage({ id: 'myAds.limitReached.later' })}
          </button>
        </Modal>
      );
    case 'confirmDelete':
      return (
        <Modal title={intl.formatMessage({ id: 'myAds.confirmDelete.title' })} onClose={onClose}>
          <p>{intl.formatMessage({ id: 'myAds.confirmDelete.body' }, { title: dialog.ad.title })}</p>
          <button type="button" className="button button--primary" onClick={() => { onConfirmDelete(dialog.ad); }}>
            {intl.formatMessage({ id: 'myAds.confirmDelete.confirm' })}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
        </Modal>
      );
    case 'confirmOperation': {
      const { operation, ad } = dialog;
      const prefix = operation === 'activate' ? 'myAds.confirmActivate' : 'myAds.confirmDeactivate';
      return (
        <Modal title={intl.formatMessage({ id: `${prefix}.title` })} onClose={onClose}>
          <p>{intl.formatMessage({ id: `${prefix}.body` }, { title: ad.title })}</p>
          <button type="button" className="button button--primary" onClick={() => { onConfirmOperation(operation, ad); }}>
            {intl.formatMessage({ id: operation === 'activate' ? 'myAds.activate' : 'myAds.deactivate' })}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
        </Modal>
      );
    }
    case 'deletionRefused':
      return (
        <Modal title={intl.formatMessage({ id: 'myAds.deletionRefused.title' })} onClose={onClose}>
          <p>{intl.formatMessage({ id: 'myAds.deletionRefused.body' }, { days: dialog.days })}</p>
          <button type="button" className="button button--primary" onClick={onClose}>
            {intl.formatMessage({ id: 'common.ok' })}
          </button>
        </Modal>
      );
    case 'appeal':
      return <AppealDialog ad={dialog.ad} onClose={onClose} />;
    case 'properties':
      return <Properties ad={dialog.ad} onClose={onClose} />;
    case 'bulk':
      return <BulkDialog operation={dialog.operation} ads={dialog.ads} onClose={onClose} />;
  }
}
