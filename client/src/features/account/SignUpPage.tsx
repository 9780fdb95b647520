// /account/signup (spec §2 "sign-up"): choose a private account or a shop, fill the form, and
// then, for a private account, confirm the phone with the one-time code (requestPhoneVerification,
// checkActivationCode; the person may skip it); a shop is told that an agent calls within
// 24 hours. The new account is signed in as soon as it exists.

import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  useCheckActivationCodeMutation,
  useRequestPhoneVerificationMutation,
  type AccountType,
} from '../../api/accounts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, NEXT_PARAM, PATHS, safeNext } from '../../app/paths';
import { toastShown } from '../../ui/toastSlice';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { selectIsLoggedIn } from '../auth/authSlice';
import { OneTimeCode } from './OneTimeCode';
import { SignUpForm, type SignedUp } from './SignUpForm';

type Step = { kind: 'form' } | { kind: 'code'; phone: string } | { kind: 'shopWelcome' };

function PhoneCodeStep({ phone, onDone, sendError }: { phone: string; onDone: () => void; sendError: unknown }) {
  const dispatch = useAppDispatch();
  const [requestCode] = useRequestPhoneVerificationMutation();
  const [checkCode, { isLoading }] = useCheckActivationCodeMutation();
  const [error, setError] = useState<unknown>(sendError);

  const verify = useCallback(
    async (code: string) => {
      setError(undefined);
      try {
        const valid = await checkCode({ phone, code }).unwrap();
        if (!valid) {
          setError({ code: 'CODE_INVALID', messageKey: 'otp.error.invalid' });
          return;
        }
        dispatch(toastShown({ kind: 'success', messageKey: 'signup.phoneVerified' }));
        onDone();
      } catch (failure) {
        setError(failure);
      }
    },
    [checkCode, dispatch, onDone, phone],
  );

  return (
    <OneTimeCode
      phone={phone}
      busy={isLoading}
      error={error}
      onSubmit={(code) => void verify(code)}
      onResend={() => requestCode({ phone }).unwrap()}
      onSkip={onDone}
    />
  );
}

export default function SignUpPage() {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  // Only a person already signed in when the page opened is sent away: signing up signs in.
  const [signedInAtOpen] = useState(isLoggedIn);
  const [type, setType] = useState<AccountType>('private');
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [sendError, setSendError] = useState<unknown>(undefined);
  const [requestCode] = useRequestPhoneVerificationMutation();
  const title = intl.formatMessage({ id: 'signup.title' });
  useDocumentTitle(`${title} · Souk`);

  const next = safeNext(params.get(NEXT_PARAM)) ?? localized(language, PATHS.account);
  const finish = useCallback(() => {
    void navigate(next, { replace: true });
  }, [navigate, next]);

  const signedUp = useCallback(
    async ({ type: created, phone }: SignedUp) => {
      if (created === 'shop') {
        setStep({ kind: 'shopWelcome' });
        return;
      }
      try {
        await requestCode({ phone }).unwrap();
      } catch (failure) {
        setSendError(failure);
      }
      setStep({ kind: 'code', phone });
    },
    [requestCode],
  );

  if (signedInAtOpen) return <Navigate to={next} replace />;

  if (step.kind === 'code') {
    return (
      <div className="page account-entry">
        <h1>{intl.formatMessage({ id: 'otp.title' })}</h1>
        <PhoneCodeStep phone={step.phone} onDone={finish} sendError={sendError} />
      </div>
    );
  }

  if (step.kind === 'shopWelcome') {
    return (
      <div className="page account-entry">
        <h1>{intl.formatMessage({ id: 'signup.shop.welcomeTitle' })}</h1>
        <p role="status">{intl.formatMessage({ id: 'signup.shop.agentCall' }, { hours: 24 })}</p>
        <p>
          <Link className="button button--primary" to={next}>
            {intl.formatMessage({ id: 'signup.continue' })}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="page account-entry">
      <h1>{title}</h1>
      <fieldset className="account-type">
        <legend>{intl.formatMessage({ id: 'signup.type' })}</legend>
        {(['private', 'shop'] as const).map((choice) => (
          <label key={choice} className="account-type__choice">
            <input
              type="radio"
              name="account-type"
              value={choice}
              checked={type === choice}
              onChange={() => {
                setType(choice);
              }}
            />
            {intl.formatMessage({ id: choice === 'private' ? 'signup.type.private' : 'signup.type.shop' })}
          </label>
        ))}
      </fieldset>
      {/* Keyed by type: switching starts a fresh form with that type's rules. */}
      <SignUpForm key={type} type={type} onSignedUp={(result) => void signedUp(result)} />
      <p>
        <Link to={localized(language, type === 'private' ? PATHS.signIn : PATHS.shopSignIn)}>
          {intl.formatMessage({ id: 'signup.haveAccount' })}
        </Link>
      </p>
    </div>
  );
}
