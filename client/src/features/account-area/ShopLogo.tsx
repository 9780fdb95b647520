// The shop's logo in the shop-info settings: the current one (or a placeholder), a file input
// checked in the browser (JPEG or PNG, at most 2 MB: the server's own limits, which it checks
// again from the bytes), the upload's progress, and the server's refusal translated (§8).
// The server answers with the new logo's address, shown at once.

import { useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { postFile } from '../../api/upload';
import type { MessageId } from '../../app/i18n';
import { errorText } from '../../ui/errorText';
import { useResultToasts } from './useErrorToast';
import { Icon } from '../../ui/Icon';
import { LIMITS } from '../../app/rules';

export const MAX_LOGO_BYTES = LIMITS.logoMaxBytes;
const LOGO_TYPES = ['image/jpeg', 'image/png'];

export function logoProblem(file: File): MessageId | undefined {
  if (!LOGO_TYPES.includes(file.type)) return 'settings.shop.logo.type';
  if (file.size > MAX_LOGO_BYTES) return 'settings.shop.logo.tooBig';
  return undefined;
}

export function ShopLogo({ accountId, logo: initial }: { accountId: number; logo: string | null }) {
  const intl = useIntl();
  const toasts = useResultToasts();
  const [logo, setLogo] = useState(initial);
  const [progress, setProgress] = useState<number | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const found = logoProblem(file);
    if (found) {
      setProblem(intl.formatMessage({ id: found }));
      return;
    }
    setProblem(undefined);
    setProgress(0);
    try {
      const answer = await postFile('/api/shops/logo', file, setProgress, { userId: String(accountId) });
      if (typeof answer.logo === 'string') setLogo(answer.logo);
      toasts.succeeded('settings.shop.logo.saved');
    } catch (error) {
      setProblem(errorText(intl, error));
    } finally {
      setProgress(undefined);
    }
  };

  const label = intl.formatMessage({ id: 'settings.shop.logo' });
  return (
    <div className="shop-logo">
      {logo ? (
        <img className="shop-logo__image" src={logo} alt={label} width={96} height={96} />
      ) : (
        <span className="shop-logo__image shop-logo__image--empty">{intl.formatMessage({ id: 'settings.shop.logo.none' })}</span>
      )}
      <label className="file-button">
        <Icon name="camera" size={18} />
        {intl.formatMessage({ id: logo ? 'settings.shop.logo.change' : 'settings.shop.logo.add' })}
        <input type="file" accept={LOGO_TYPES.join(',')} disabled={progress !== undefined} onChange={(e) => void choose(e)} />
      </label>
      <p className="field__hint">{intl.formatMessage({ id: 'settings.shop.logo.hint' })}</p>
      {progress !== undefined ? (
        <label className="field">
          {intl.formatMessage({ id: 'settings.shop.logo.uploading' })}
          <progress max={1} value={progress} />
        </label>
      ) : null}
      {problem ? <p role="alert" className="field__problem">{problem}</p> : null}
    </div>
  );
}
