// The sign-up form (spec §2, §5): a private account (name, phone, city, password and
// confirmation) or a shop (shop name, e-mail, phone, city, category, plan, password and
// confirmation), checked as typed and sent with registerAccount. The server signs the new
// account in; what happens next (the phone code, the shop's welcome) is SignUpPage's.

import { useCallback, useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useRegisterAccountMutation, type AccountType, type RegisterAccountInput, type ShopPlan } from '../../api/accounts';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { TextField } from '../../ui/TextField';
import { useForm, type Problems } from '../../ui/useForm';
import type { SessionUser } from '../auth/session';
import { useStartSession } from '../auth/useSession';
import { CityPicker } from './CityPicker';
import { ShopCategoryPicker } from './ShopCategoryPicker';
import {
  checkCity,
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  checkPersonName,
  checkPhone,
  checkShopName,
  normalizePhone,
} from './validation';

export const SHOP_PLANS: readonly ShopPlan[] = ['starter', 'standard', 'premium'];

interface Values {
  name: string;
  email: string;
  phone: string;
  cityId: number | undefined;
  shopCategory: number | undefined;
  plan: ShopPlan;
  password: string;
  confirmation: string;
}

const EMPTY: Values = {
  name: '',
  email: '',
  phone: '',
  cityId: undefined,
  shopCategory: undefined,
  plan: 'standard',
  password: '',
  confirmation: '',
};

function validatorFor(type: AccountType) {
  return (v: Values): Problems<Values> => ({
    name: type === 'private' ? checkPersonName(v.name) : checkShopName(v.name),
    email: type === 'shop' ? checkEmail(v.email) : undefined,
    phone: checkPhone(v.phone),
    cityId: checkCity(v.cityId),
    shopCategory: type === 'shop' && v.shopCategory === undefined ? 'validation.shop.category' : undefined,
    password: checkNewPassword(v.password),
    confirmation: checkConfirmation(v.password, v.confirmation),
  });
}

const VALIDATORS = { private: validatorFor('private'), shop: validatorFor('shop') };

export interface SignedUp {
  user: SessionUser;
  type: AccountType;
  /** The phone as the server will know it (national form). */
  phone: string;
}

export function SignUpForm({ type, onSignedUp }: { type: AccountType; onSignedUp: (result: SignedUp) => void }) {
  const intl = useIntl();
  const form = useForm<Values>(EMPTY, VALIDATORS[type]);
  const [register, { isLoading }] = useRegisterAccountMutation();
  const [failure, setFailure] = useState<unknown>(undefined);
  const startSession = useStartSession();
  const { values, shown } = form;

  const submit = useCallback(
    async (event: SyntheticEvent) => {
      event.preventDefault();
      if (!form.validateAll() || values.cityId === undefined) return;
      const phone = normalizePhone(values.phone) ?? values.phone;
      const input: RegisterAccountInput = {
        type,
        name: values.name.trim(),
        phone,
        cityId: values.cityId,
        password: values.password,
        passwordConfirmation: values.confirmation,
        ...(type === 'shop' ? { email: values.email.trim(), shopCategory: values.shopCategory, plan: values.plan } : {}),
      };
      setFailure(undefined);
      try {
        const result = await register(input).unwrap();
        const user = startSession(result.login);
        if (user) onSignedUp({ user, type, phone: result.info.phone.number ?? phone });
      } catch (error) {
        setFailure(error);
      }
    },
    [form, onSignedUp, register, startSession, type, values],
  );

  const text = (name: 'name' | 'email' | 'phone' | 'password' | 'confirmation') => ({
    value: values[name],
    onValueChange: (value: string) => {
      form.set(name, value);
    },
    onBlur: () => {
      form.touch(name);
    },
    problem: shown[name],
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={intl.formatMessage({ id: type === 'private' ? 'signup.name' : 'signup.shopName' })}
        autoComplete={type === 'private' ? 'name' : 'organization'}
        {...text('name')}
      />
      {type === 'shop' ? (
        <TextField label={intl.formatMessage({ id: 'signup.email' })} type="email" autoComplete="email" {...text('email')} />
      ) : null}
      <TextField
        label={intl.formatMessage({ id: 'signup.phone' })}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={intl.formatMessage({ id: 'signup.phone.hint' })}
        {...text('phone')}
      />
      <CityPicker
        value={values.cityId}
        onChange={(cityId) => {
          form.set('cityId', cityId);
        }}
        onBlur={() => {
          form.touch('cityId');
        }}
        problem={shown.cityId}
      />
      {type === 'shop' ? (
        <>
          <ShopCategoryPicker
            value={values.shopCategory}
            onChange={(category) => {
              form.set('shopCategory', category);
            }}
            problem={shown.shopCategory}
          />
          <fieldset className="field plans">
            <legend className="field__label">{intl.formatMessage({ id: 'signup.plan' })}</legend>
            {SHOP_PLANS.map((plan) => (
              <label key={plan} className="plans__choice">
                <input
                  type="radio"
                  name="plan"
                  value={plan}
                  checked={values.plan === plan}
                  onChange={() => {
                    form.set('plan', plan);
                  }}
                />
                {intl.formatMessage({ id: `signup.plan.${plan}` as const })}
              </label>
            ))}
          </fieldset>
        </>
      ) : null}
      <TextField
        label={intl.formatMessage({ id: 'signup.password' })}
        type="password"
        autoComplete="new-password"
        hint={intl.formatMessage({ id: 'signup.password.hint' }, { min: 5 })}
        {...text('password')}
      />
      <TextField
        label={intl.formatMessage({ id: 'signup.confirmation' })}
        type="password"
        autoComplete="new-password"
        {...text('confirmation')}
      />
      {type === 'shop' ? <p className="notice">{intl.formatMessage({ id: 'signup.shop.agentCall' }, { hours: 24 })}</p> : null}
      {failure ? <ErrorMessage error={failure} /> : null}
      <button type="submit" className="button button--primary" disabled={isLoading}>
        {intl.formatMessage({ id: 'signup.submit' })}
      </button>
      {isLoading ? <Loader label={intl.formatMessage({ id: 'signup.loading' })} /> : null}
    </form>
  );
}
