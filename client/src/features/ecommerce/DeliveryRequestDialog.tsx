// The home-delivery request of an ad (spec §2 "delivery order (4 steps: info, address, summary,
// thanks)", §3 delivery request: first name, e-mail, phone, city, area, address; §9 "callback
// within 2 hours"): a modal stepper. Each step checks its fields before the next; the summary
// sends requestDelivery and the thanks step says by when the seller's team calls back.

import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useGetAreasQuery, useGetCitiesFormattedNextQuery } from '../../api/catalog';
import { useRequestDeliveryMutation, type DeliveryRequest } from '../../api/checkout';
import { useAppSelector } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { selectUser } from '../auth/authSlice';
import { CityPicker } from '../account/CityPicker';
import { checkCity, checkEmail, checkPersonName, checkPhone, normalizePhone } from '../account/validation';

export const DELIVERY_STEPS = ['info', 'address', 'summary', 'thanks'] as const;
type Step = (typeof DELIVERY_STEPS)[number];

interface Values {
  firstName: string;
  email: string;
  phone: string;
  cityId: number | undefined;
  areaId: number | undefined;
  address: string;
}

type Problems = Partial<Record<keyof Values, MessageId>>;

export function infoProblems(values: Values): Problems {
  const problems: Problems = {};
  const name = checkPersonName(values.firstName);
  if (name) problems.firstName = name;
  const email = checkEmail(values.email);
  if (email) problems.email = email;
  const phone = checkPhone(values.phone);
  if (phone) problems.phone = phone;
  return problems;
}

export function addressProblems(values: Values): Problems {
  const problems: Problems = {};
  const city = checkCity(values.cityId);
  if (city) problems.cityId = city;
  const address = values.address.trim();
  if (address === '') problems.address = 'validation.required';
  else if (Array.from(address).length < 5) problems.address = 'ecom.error.address';
  return problems;
}

function Stepper({ step }: { step: Step }) {
  const intl = useIntl();
  const index = DELIVERY_STEPS.indexOf(step);
  return (
    <ol className="steps" aria-label={intl.formatMessage({ id: 'delivery.steps' })}>
      {DELIVERY_STEPS.map((name, i) => (
        <li key={name} className={i < index ? 'steps__step steps__step--done' : 'steps__step'} aria-current={i === index ? 'step' : undefined}>
          <span className="steps__number" aria-hidden="true">
            {i < index ? '✓' : i + 1}
          </span>
          <span className="steps__label">{intl.formatMessage({ id: `delivery.step.${name}` as MessageId })}</span>
        </li>
      ))}
    </ol>
  );
}

function AreaSelect({ cityId, value, onChange }: { cityId: number; value: number | undefined; onChange: (id: number | undefined) => void }) {
  const intl = useIntl();
  const lang = useLanguage();
  const { currentData } = useGetAreasQuery({ cityId });
  if (!currentData || currentData.length === 0) return null;
  return (
    <div className="field">
      <label className="field__label" htmlFor="delivery-area">
        {intl.formatMessage({ id: 'delivery.area' })}
      </label>
      <select
        id="delivery-area"
        className="field__input"
        value={value === undefined ? '' : String(value)}
        onChange={(event) => {
          onChange(event.target.value ? Number(event.target.value) : undefined);
        }}
      >
        <option value="">{intl.formatMessage({ id: 'delivery.area.any' })}</option>
        {currentData.map((area) => (
          <option key={area.id} value={area.id}>
            {area.label[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function DeliveryRequestDialog({ listId, title, onClose }: { listId: number; title: string; onClose: () => void }) {
  const intl = useIntl();
  const lang = useLanguage();
  const user = useAppSelector(selectUser);
  const [step, setStep] = useState<Step>('info');
  const [values, setValues] = useState<Values>({
    firstName: user?.name.split(' ')[0] ?? '',
    email: user?.email ?? '',
    phone: '',
    cityId: undefined,
    areaId: undefined,
    address: '',
  });
  const [shown, setShown] = useState<Problems>({});
  const [send, sending] = useRequestDeliveryMutation();
  const [done, setDone] = useState<DeliveryRequest | undefined>();
  const cities = useGetCitiesFormattedNextQuery({ lang, startIndex: 0, stopIndex: 99 });
  const areas = useGetAreasQuery({ cityId: values.cityId ?? 0 }, { skip: values.cityId === undefined });
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setShown((current) => ({ ...current, [name]: undefined }));
  };

  const next = (event: SyntheticEvent) => {
    event.preventDefault();
    if (step === 'info') {
      const problems = infoProblems(values);
      setShown(problems);
      if (Object.keys(problems).length === 0) setStep('address');
    } else if (step === 'address') {
      const problems = addressProblems(values);
      setShown(problems);
      if (Object.keys(problems).length === 0) setStep('summary');
    } else if (step === 'summary') {
      send({
        input: {
          listId,
          firstName: values.firstName.trim(),
          email: values.email.trim(),
          phone: normalizePhone(values.phone) ?? values.phone.trim(),
          cityId: values.cityId ?? 0,
          areaId: values.areaId ?? null,
          address: values.address.trim(),
        },
      })
        .unwrap()
        .then((request) => {
          setDone(request);
          setStep('thanks');
        })
        .catch(() => undefined);
    }
  };

  const cityName = cities.currentData?.cities.find((city) => city.value === String(values.cityId))?.label ?? '';
  const areaName = areas.currentData?.find((area) => area.id === values.areaId)?.label[lang];
  const callback = done ? intl.formatTime(new Date(done.callbackBefore), { hour: '2-digit', minute: '2-digit' }) : '';

  return (
    <Modal title={intl.formatMessage({ id: 'delivery.title' })} onClose={onClose}>
      <div className="delivery-dialog">
        <p className="delivery-dialog__ad" dir="auto">
          {title}
        </p>
        <Stepper step={step} />
        <form className="form delivery-dialog__form" onSubmit={next} noValidate>
          {step === 'info' ? (
            <>
              <h3 className="delivery-dialog__title">{intl.formatMessage({ id: 'delivery.info.title' })}</h3>
              <TextField
                label={intl.formatMessage({ id: 'delivery.firstName' })}
                autoComplete="given-name"
                dir="auto"
                value={values.firstName}
                onValueChange={(v) => {
                  set('firstName', v);
                }}
                problem={shown.firstName}
              />
              <TextField
                label={intl.formatMessage({ id: 'ecom.phone' })}
                type="tel"
                autoComplete="tel"
                value={values.phone}
                onValueChange={(v) => {
                  set('phone', v);
                }}
                problem={shown.phone}
              />
              <TextField
                label={intl.formatMessage({ id: 'ecom.email' })}
                type="email"
                autoComplete="email"
                value={values.email}
                onValueChange={(v) => {
                  set('email', v);
                }}
                problem={shown.email}
              />
            </>
          ) : null}
          {step === 'address' ? (
            <>
              <h3 className="delivery-dialog__title">{intl.formatMessage({ id: 'delivery.address.title' })}</h3>
              <CityPicker
                value={values.cityId}
                onChange={(id) => {
                  setValues((current) => ({ ...current, cityId: id, areaId: undefined }));
                  setShown((current) => ({ ...current, cityId: undefined }));
                }}
                problem={shown.cityId}
              />
              {values.cityId !== undefined ? (
                <AreaSelect
                  cityId={values.cityId}
                  value={values.areaId}
                  onChange={(id) => {
                    set('areaId', id);
                  }}
                />
              ) : null}
              <TextField
                label={intl.formatMessage({ id: 'ecom.address' })}
                autoComplete="street-address"
                dir="auto"
                value={values.address}
                onValueChange={(v) => {
                  set('address', v);
                }}
                problem={shown.address}
              />
            </>
          ) : null}
          {step === 'summary' ? (
            <>
              <h3 className="delivery-dialog__title">{intl.formatMessage({ id: 'delivery.summary.title' })}</h3>
              <dl className="delivery-dialog__recap">
                <div>
                  <dt>{intl.formatMessage({ id: 'delivery.firstName' })}</dt>
                  <dd dir="auto">{values.firstName}</dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'ecom.phone' })}</dt>
                  <dd>
                    <bdi dir="ltr">{normalizePhone(values.phone) ?? values.phone}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'ecom.email' })}</dt>
                  <dd>
                    <bdi dir="ltr">{values.email}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'ecom.address' })}</dt>
                  <dd dir="auto">{[values.address, areaName, cityName].filter(Boolean).join(', ')}</dd>
                </div>
              </dl>
              <p className="delivery-dialog__promise">{intl.formatMessage({ id: 'delivery.summary.callback' })}</p>
              {sending.isError ? <ErrorMessage error={sending.error} /> : null}
            </>
          ) : null}
          {step === 'thanks' && done ? (
            <div className="delivery-dialog__thanks" role="status">
              <span className="delivery-dialog__check">
                <Icon name="check" size={32} />
              </span>
              <h3 className="delivery-dialog__title">{intl.formatMessage({ id: 'delivery.thanks.title' }, { name: done.firstName })}</h3>
              <p>{intl.formatMessage({ id: 'delivery.thanks.body' }, { time: callback })}</p>
            </div>
          ) : null}
          <div className="modal-actions">
            {step === 'thanks' ? (
              <button type="button" className="button button--primary" onClick={onClose}>
                {intl.formatMessage({ id: 'common.close' })}
              </button>
            ) : (
              <>
                <button type="submit" className="button button--primary" disabled={sending.isLoading}>
                  {intl.formatMessage({ id: step === 'summary' ? (sending.isLoading ? 'delivery.sending' : 'delivery.send') : 'delivery.next' })}
                </button>
                {step !== 'info' ? (
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      setStep(step === 'summary' ? 'address' : 'info');
                    }}
                  >
                    {intl.formatMessage({ id: 'delivery.back' })}
                  </button>
                ) : null}
              </>
            )}
          </div>
        </form>
      </div>
    </Modal>
  );
}
