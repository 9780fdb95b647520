// A shop's settings (spec §2 sub-tabs shop info and contact): both edit the shop's profile
// (getShopProfile) with one editShopProfile call carrying every field (spec §3 "Edit payload"),
// the sub-tab's fields as typed and the others as loaded. The server answers 201. Shop info also
// holds the logo (ShopLogo.tsx, its own upload).

import { useCallback, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useGetShopProfileQuery, useEditShopProfileMutation, type ShopProfile, type ShopProfileEdit } from '../../api/profile';
import { useAppSelector } from '../../app/hooks';
import type { MessageId } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { TextField } from '../../ui/TextField';
import { useForm, type Problems } from '../../ui/useForm';
import { ShopCategoryPicker } from '../account/ShopCategoryPicker';
import { checkPhone, checkShopName } from '../account/validation';
import { selectUser } from '../auth/authSlice';
import { ShopLogo } from './ShopLogo';
import { useResultToasts } from './useErrorToast';

interface ShopValues {
  shopName: string;
  shopCategory: number | undefined;
  shortDescription: string;
  shopDescription: string;
  phone1: string;
  phone2: string;
  phone3: string;
  address: string;
  shopUrl: string;
}

function valuesOf(p: ShopProfile): ShopValues {
  return {
    shopName: p.name,
    shopCategory: p.category ?? undefined,
    shortDescription: p.shortDesc,
    shopDescription: p.desc,
    phone1: p.phone1 ?? '',
    phone2: p.phone2 ?? '',
    phone3: p.phone3 ?? '',
    address: p.address,
    shopUrl: p.storeUrl ?? '',
  };
}

function optionalPhone(value: string): MessageId | undefined {
  return value.trim() === '' ? undefined : checkPhone(value);
}

function checkWebsite(value: string): MessageId | undefined {
  if (value.trim() === '') return undefined;
  return /^(https?:\/\/)?[^\s/$.?#]+\.[^\s]+$/i.test(value.trim()) ? undefined : 'validation.shop.website';
}

function validate(values: ShopValues): Problems<ShopValues> {
  return {
    shopName: checkShopName(values.shopName),
    shopCategory: values.shopCategory === undefined ? 'validation.shop.category' : undefined,
    shortDescription: values.shortDescription.length > 160 ? 'validation.shop.description' : undefined,
    shopDescription: values.shopDescription.length > 2000 ? 'validation.shop.description' : undefined,
    phone1: checkPhone(values.phone1),
    phone2: optionalPhone(values.phone2),
    phone3: optionalPhone(values.phone3),
    shopUrl: checkWebsite(values.shopUrl),
  };
}

const INFO_FIELDS: (keyof ShopValues)[] = ['shopName', 'shopCategory', 'shortDescription', 'shopDescription'];

function ShopForm({ profile, section }: { profile: ShopProfile; section: 'info' | 'contact' }) {
  const intl = useIntl();
  const user = useAppSelector(selectUser);
  // Only the sub-tab's own fields can stop a save: the others are sent as loaded.
  const validateSection = useCallback(
    (values: ShopValues): Problems<ShopValues> => {
      const all = validate(values);
      return Object.fromEntries(
        Object.entries(all).filter(([name]) => INFO_FIELDS.includes(name as keyof ShopValues) === (section === 'info')),
      );
    },
    [section],
  );
  const form = useForm<ShopValues>(valuesOf(profile), validateSection);
  const [edit, { isLoading }] = useEditShopProfileMutation();
  const toasts = useResultToasts();
  const v = form.values;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!form.validateAll() || v.shopCategory === undefined || !user) return;
    const payload: ShopProfileEdit = {
      userId: user.accountId,
      shopName: v.shopName.trim(),
      shopCategory: v.shopCategory,
      shortDescription: v.shortDescription.trim(),
      shopDescription: v.shopDescription.trim(),
      address: v.address.trim(),
      phone1: v.phone1.trim(),
      phone2: v.phone2.trim(),
      phone3: v.phone3.trim(),
      shopUrl: v.shopUrl.trim() === '' ? null : v.shopUrl.trim(),
    };
    edit(payload)
      .unwrap()
      .then(() => { toasts.succeeded('settings.saved'); })
      .catch(toasts.failed);
  };
  const text = (name: keyof ShopValues, label: MessageId, extra: Record<string, string> = {}) => (
    <TextField
      label={intl.formatMessage({ id: label })}
      value={String(v[name] ?? '')}
      onValueChange={(value) => { form.set(name, value); }}
      problem={form.shown[name]}
      {...extra}
    />
  );
  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      {section === 'info' ? (
        <>
          {text('shopName', 'settings.shop.name')}
          <ShopCategoryPicker value={v.shopCategory} onChange={(value) => { form.set('shopCategory', value); }} problem={form.shown.shopCategory} />
          {text('shortDescription', 'settings.shop.shortDescription')}
          <div className="field">
            <label className="field__label" htmlFor="shop-description">
              {intl.formatMessage({ id: 'settings.shop.description' })}
            </label>
            <textarea
              id="shop-description"
              className="field__input"
              rows={6}
              dir="auto"
              value={v.shopDescription}
              onChange={(e) => { form.set('shopDescription', e.target.value); }}
            />
            {form.shown.shopDescription ? <p className="field__problem">{intl.formatMessage({ id: form.shown.shopDescription })}</p> : null}
          </div>
        </>
      ) : (
        <>
          {text('phone1', 'settings.shop.phone1', { type: 'tel', dir: 'ltr' })}
          {text('phone2', 'settings.shop.phone2', { type: 'tel', dir: 'ltr' })}
          {text('phone3', 'settings.shop.phone3', { type: 'tel', dir: 'ltr' })}
          {text('address', 'settings.address')}
          {text('shopUrl', 'settings.shop.website', { type: 'url', dir: 'ltr' })}
        </>
      )}
      <button type="submit" className="button button--primary" disabled={isLoading}>
        {intl.formatMessage({ id: isLoading ? 'settings.saving' : 'settings.save' })}
      </button>
    </form>
  );
}

function LoadedShopForm({ storeId, section }: { storeId: number; section: 'info' | 'contact' }) {
  const intl = useIntl();
  const user = useAppSelector(selectUser);
  const { currentData, isError, error, refetch, fulfilledTimeStamp } = useGetShopProfileQuery({ storeId });
  if (isError && !currentData) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'settings.loading' })} />;
  // A saved profile comes back from the server: the form starts again from it.
  return (
    <>
      {section === 'info' && user ? <ShopLogo accountId={user.accountId} logo={currentData.imageLogo} /> : null}
      <ShopForm key={fulfilledTimeStamp} profile={currentData} section={section} />
    </>
  );
}

export function ShopInfoForm({ storeId }: { storeId: number }) {
  return <LoadedShopForm storeId={storeId} section="info" />;
}

export function ShopContactForm({ storeId }: { storeId: number }) {
  return <LoadedShopForm storeId={storeId} section="contact" />;
}
