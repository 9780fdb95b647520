// Spec §2 three-step shop onboarding tour: what a new shop does first (post ads, follow its
// statistics, complete its shop's page), one step at a time. Finishing or skipping it is
// remembered in this browser for this account, so it shows once.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { selectUser } from '../auth/authSlice';

export const TOUR_KEY_PREFIX = 'souk_shop_tour_done:';

const STEPS: { title: MessageId; text: MessageId; link: MessageId; path: string }[] = [
  { title: 'tour.step1.title', text: 'tour.step1.text', link: 'tour.step1.link', path: PATHS.adInsert },
  { title: 'tour.step2.title', text: 'tour.step2.text', link: 'tour.step2.link', path: PATHS.stats },
  { title: 'tour.step3.title', text: 'tour.step3.text', link: 'tour.step3.link', path: PATHS.settingsProfile },
];

function dismissed(accountId: number): boolean {
  try {
    return window.localStorage.getItem(`${TOUR_KEY_PREFIX}${String(accountId)}`) === '1';
  } catch {
    return false;
  }
}

export function OnboardingTour() {
  const intl = useIntl();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  const [step, setStep] = useState(0);
  const [closed, setClosed] = useState(false);
  if (!user || closed || dismissed(user.accountId)) return null;
  const close = () => {
    try {
      window.localStorage.setItem(`${TOUR_KEY_PREFIX}${String(user.accountId)}`, '1');
    } catch {
      // Storage refused (private mode): the tour closes for this page only.
    }
    setClosed(true);
  };
  const current = STEPS[step] ?? STEPS[0];
  if (!current) return null;
  const last = step === STEPS.length - 1;
  return (
    <section className="tour" aria-label={intl.formatMessage({ id: 'tour.label' })}>
      <p className="tour__progress">{intl.formatMessage({ id: 'tour.progress' }, { step: step + 1, steps: STEPS.length })}</p>
      <h2>{intl.formatMessage({ id: current.title })}</h2>
      <p>{intl.formatMessage({ id: current.text })}</p>
      <Link to={localized(language, current.path)}>{intl.formatMessage({ id: current.link })}</Link>
      <div className="tour__actions">
        {step > 0 ? (
          <button type="button" className="button" onClick={() => { setStep(step - 1); }}>
            {intl.formatMessage({ id: 'tour.previous' })}
          </button>
        ) : null}
        {last ? (
          <button type="button" className="button button--primary" onClick={close}>
            {intl.formatMessage({ id: 'tour.finish' })}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => { setStep(step + 1); }}>
            {intl.formatMessage({ id: 'tour.next' })}
          </button>
        )}
        <button type="button" className="button button--link" onClick={close}>
          {intl.formatMessage({ id: 'tour.skip' })}
        </button>
      </div>
    </section>
  );
}
