// The e-commerce checkout (/ecom/checkout?listId=&quantity=, spec §2, §3 checkout delivery, §6
// "buying needs own account": the route sits behind sign-in, and the ad view's Buy action opens
// the login wall first). The buyer chooses the quantity (1 to the quote's maxQuantity), gives
// the delivery details — full name, e-mail, phone, address, city — prefilled from the details
// they asked to remember, may ask to remember them, and sees the order summary: unit price,
// discount, delivery fee and total in DH, paid in cash on delivery. The order goes with an
// orderKey made here once per visit, so that a submit retried after a failure (the network, a
// double click) makes one order. Refusals (OUT_OF_STOCK with how many are left, one's own
// product, a product no longer for sale) are said in the page's language. A placed order ends
// on a confirmation that leads to "my orders". The insertion-fee checkout is another page
// (features/payment/CheckoutPage.tsx, /checkout).

import { useMemo, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useGetCheckoutQuery, usePlaceOrderMutation, type CheckoutQuote, type PlacedOrder } from '../../api/checkout';
import { isGatewayError } from '../../api/gateway';
import { orderRef } from '../../api/orders';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { randomUuid } from '../../lib/uuid';
import { errorText } from '../../ui/errorText';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { Icon } from '../../ui/Icon';
import { Amount } from '../../ui/Price';
import { TextField } from '../../ui/TextField';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CityPicker } from '../account/CityPicker';
import { checkCity, checkEmail, checkPersonName, checkPhone, normalizePhone } from '../account/validation';
import { adPath } from '../ads/adPaths';
import './ecommerce.css';
import { LIMITS } from '../../app/rules';

/** Spec-free bound the server applies too (docs/api.md: quantity 1 to 99). */
export const MAX_QUANTITY = LIMITS.orderQuantityMax;

export interface DeliveryValues {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  cityId: number | undefined;
}

type DeliveryProblems = Partial<Record<keyof DeliveryValues, MessageId>>;

export function deliveryProblems(values: DeliveryValues): DeliveryProblems {
  const problems: DeliveryProblems = {};
  const name = checkPersonName(values.fullName);
  if (name) problems.fullName = name;
  const email = checkEmail(values.email);
  if (email) problems.email = email;
  const phone = checkPhone(values.phone);
  if (phone) problems.phone = phone;
  const address = values.address.trim();
  if (address === '') problems.address = 'validation.required';
  else if (Array.from(address).length < 5) problems.address = 'ecom.error.address';
  const city = checkCity(values.cityId);
  if (city) problems.cityId = city;
  return problems;
}

/** The sentence of a refused order: OUT_OF_STOCK names how many are left. */
export function refusalText(intl: IntlShape, error: unknown, unitsLeft: number | undefined): string {
  if (isGatewayError(error) && error.code === 'OUT_OF_STOCK') {
    const units = typeof error.extensions?.units === 'number' ? error.extensions.units : unitsLeft;
    if (units !== undefined) return intl.formatMessage({ id: 'checkout.error.outOfStock' }, { units });
    if (error.message) return error.message;
  }
  return errorText(intl, error);
}

function readQuantity(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_QUANTITY) : 1;
}

function QuantityStepper({ value, max, onChange }: { value: number; max: number; onChange: (value: number) => void }) {
  const intl = useIntl();
  // The page remounts the stepper (its key) when the quantity changes elsewhere.
  const [text, setText] = useState(String(value));
  const commit = (raw: string) => {
    const n = Number(raw);
    const next = Number.isInteger(n) ? Math.max(1, Math.min(max, n)) : value;
    setText(String(next));
    if (next !== value) onChange(next);
  };
  const label = intl.formatMessage({ id: 'ecom.quantity' });
  return (
    <div className="quantity">
      <label className="field__label" htmlFor="checkout-quantity">
        {label}
      </label>
      <div className="quantity__control">
        <button
          type="button"
          className="quantity__step"
          aria-label={intl.formatMessage({ id: 'ecom.quantity.less' })}
          disabled={value <= 1}
          onClick={() => {
            onChange(value - 1);
          }}
        >
          −
        </button>
        <input
          id="checkout-quantity"
          className="quantity__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={text}
          aria-describedby="checkout-quantity-hint"
          onChange={(event) => {
            setText(event.target.value);
          }}
          onBlur={(event) => {
            commit(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(event.currentTarget.value);
            }
          }}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={intl.formatMessage({ id: 'ecom.quantity.more' })}
          disabled={value >= max}
          onClick={() => {
            onChange(value + 1);
          }}
        >
          +
        </button>
      </div>
      <p id="checkout-quantity-hint" className="field__hint">
        {intl.formatMessage({ id: 'ecom.quantity.max' }, { max })}
      </p>
    </div>
  );
}

function Summary({ quote, updating, children }: { quote: CheckoutQuote; updating: boolean; children: ReactNode }) {
  const intl = useIntl();
  const language = useLanguage();
  const { product } = quote;
  const hasDiscount = quote.discount.centimes > 0;
  return (
    <section className="order-summary" aria-labelledby="order-summary-title" aria-busy={updating}>
      <h2 id="order-summary-title">{intl.formatMessage({ id: 'ecom.summary' })}</h2>
      <div className="order-summary__product">
        {product.thumbnail ? <img src={product.thumbnail} alt="" /> : <span className="order-summary__noimage" />}
        <div>
          <Link className="order-summary__name" to={localized(language, adPath(product.listId))} dir="auto">
            {product.name}
          </Link>
          <p className="order-summary__seller">{intl.formatMessage({ id: 'ecom.soldBy' }, { name: product.sellerName })}</p>
        </div>
      </div>
      {children}
      <dl className="order-summary__lines">
        <div>
          <dt>{intl.formatMessage({ id: 'ecom.unitPrice' })}</dt>
          <dd>
            <Amount text={quote.unitPrice.withCurrency} />
          </dd>
        </div>
        {hasDiscount ? (
          <div className="order-summary__discount">
            <dt>{intl.formatMessage({ id: 'ecom.discount' })}</dt>
            <dd>
              <Amount text={`− ${quote.discount.withCurrency}`} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{intl.formatMessage({ id: 'ecom.subtotal' }, { count: quote.quantity })}</dt>
          <dd>
            <Amount text={quote.subtotal.withCurrency} />
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'ecom.deliveryFee' })}</dt>
          <dd>
            {quote.deliveryFee.centimes === 0 ? intl.formatMessage({ id: 'ecom.deliveryFree' }) : <Amount text={quote.deliveryFee.withCurrency} />}
          </dd>
        </div>
        <div className="order-summary__total">
          <dt>{intl.formatMessage({ id: 'ecom.total' })}</dt>
          <dd>
            <Amount text={quote.total.withCurrency} />
          </dd>
        </div>
      </dl>
      <p className="order-summary__cod">
        <Icon name="cash" /> {intl.formatMessage({ id: 'ecom.cod' })}
      </p>
    </section>
  );
}

function Confirmation({ order, quote }: { order: PlacedOrder; quote: CheckoutQuote }) {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <div className="page ecom-checkout">
      <section className="order-confirmation" aria-labelledby="order-confirmation-title">
        <span className="order-confirmation__icon">
          <Icon name="check" size={32} />
        </span>
        <h1 id="order-confirmation-title">{intl.formatMessage({ id: 'ecom.done.title' })}</h1>
        <p className="order-confirmation__number">
          {intl.formatMessage({ id: 'ecom.done.number' })} <bdi dir="ltr" title={order.id}>
            #{orderRef(order.id)}
          </bdi>
        </p>
        <p>{intl.formatMessage({ id: 'ecom.done.body' }, { name: quote.product.sellerName })}</p>
        <dl className="order-confirmation__facts">
          <div>
            <dt>{intl.formatMessage({ id: 'orders.column.name' })}</dt>
            <dd dir="auto">
              {order.product.name} × {order.unitsSold}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'ecom.done.toPay' })}</dt>
            <dd>
              <Amount text={order.total} />
            </dd>
          </div>
        </dl>
        <p className="order-confirmation__cod">{intl.formatMessage({ id: 'ecom.done.cod' })}</p>
        <div className="order-confirmation__actions">
          <Link className="button button--primary" to={`${localized(language, PATHS.myOrders)}?status=initiated&page=1`}>
            {intl.formatMessage({ id: 'ecom.done.myOrders' })}
          </Link>
          <Link className="button" to={localized(language, '/')}>
            {intl.formatMessage({ id: 'ecom.done.continue' })}
          </Link>
        </div>
      </section>
    </div>
  );
}

function Checkout({ listId }: { listId: number }) {
  const intl = useIntl();
  const language = useLanguage();
  const [search] = useSearchParams();
  const quantity = readQuantity(search.get('quantity'));
  const { currentData, data, isFetching, isError, error, refetch } = useGetCheckoutQuery({ listId, quantity });
  const quote = currentData ?? data;
  useDocumentTitle(intl.formatMessage({ id: 'ecom.title' }));

  if (isError && !quote) {
    const gone = isGatewayError(error) && (error.code === 'PRODUCT_NOT_FOUND' || error.code === 'AD_NOT_FOUND');
    return (
      <div className="page ecom-checkout">
        <h1>{intl.formatMessage({ id: 'ecom.title' })}</h1>
        <ErrorMessage error={error} onRetry={gone ? undefined : () => void refetch()} />
        {gone ? (
          <Link className="button" to={localized(language, '/')}>
            {intl.formatMessage({ id: 'ecom.done.continue' })}
          </Link>
        ) : null}
      </div>
    );
  }
  if (!quote) {
    return (
      <div className="page ecom-checkout">
        <Loader label={intl.formatMessage({ id: 'ecom.loading' })} />
      </div>
    );
  }
  return <CheckoutForm listId={listId} quantity={quantity} quote={quote} updating={isFetching} onRefresh={() => void refetch()} />;
}

interface CheckoutFormProps {
  listId: number;
  quantity: number;
  quote: CheckoutQuote;
  updating: boolean;
  onRefresh: () => void;
}

/** Mounted once the first quote is there: the saved details prefill the form. */
function CheckoutForm({ listId, quantity, quote, updating, onRefresh }: CheckoutFormProps) {
  const intl = useIntl();
  const [, setSearch] = useSearchParams();
  const [placeOrder, placing] = usePlaceOrderMutation();
  const [values, setValues] = useState<DeliveryValues>(() => {
    const saved = quote.savedDetails;
    return saved
      ? { fullName: saved.fullName, email: saved.email, phone: saved.phone, address: saved.address, cityId: saved.cityId ?? undefined }
      : { fullName: '', email: '', phone: '', address: '', cityId: undefined };
  });
  const [remember, setRemember] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<unknown>();
  const [placed, setPlaced] = useState<PlacedOrder | undefined>();
  // One key per order this visit makes: the same across retries of a failed submit.
  const orderKey = useRef(randomUuid());

  const problems = useMemo(() => deliveryProblems(values), [values]);
  const shown: DeliveryProblems = submitted ? problems : {};
  const set = <K extends keyof DeliveryValues>(name: K, value: DeliveryValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
  };
  const setQuantity = (next: number) => {
    setRefusal(undefined);
    setSearch({ listId: String(listId), quantity: String(next) }, { replace: true });
  };

  if (placed) return <Confirmation order={placed} quote={quote} />;

  const soldOut = quote.maxQuantity < 1 || quote.product.status === 'outOfStock';
  // The quantity asked for, within what the quote allows (a link may ask for more).
  const chosen = Math.max(1, Math.min(quantity, quote.maxQuantity, MAX_QUANTITY));
  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setRefusal(undefined);
    if (Object.keys(problems).length > 0 || soldOut) return;
    try {
      const order = await placeOrder({
        input: {
          orderKey: orderKey.current,
          listId,
          quantity: chosen,
          paymentMethod: 'cod',
          delivery: {
            fullName: values.fullName.trim(),
            email: values.email.trim(),
            phone: normalizePhone(values.phone) ?? values.phone.trim(),
            address: values.address.trim(),
            cityId: values.cityId ?? 0,
          },
          rememberDetails: remember,
        },
      }).unwrap();
      // A next order from this page is another order.
      orderKey.current = randomUuid();
      setPlaced(order);
    } catch (failure) {
      setRefusal(failure);
      if (isGatewayError(failure) && failure.code === 'OUT_OF_STOCK') onRefresh();
    }
  };

  return (
    <div className="page ecom-checkout">
      <h1>{intl.formatMessage({ id: 'ecom.title' })}</h1>
      <form className="ecom-checkout__grid" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="ecom-checkout__main">
          <section className="form-card" aria-labelledby="checkout-delivery">
            <h2 id="checkout-delivery">{intl.formatMessage({ id: 'ecom.delivery' })}</h2>
            <TextField
              label={intl.formatMessage({ id: 'ecom.fullName' })}
              autoComplete="name"
              dir="auto"
              value={values.fullName}
              onValueChange={(v) => {
                set('fullName', v);
              }}
              problem={shown.fullName}
            />
            <div className="field-row">
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
            </div>
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
            <CityPicker
              value={values.cityId}
              onChange={(id) => {
                set('cityId', id);
              }}
              problem={shown.cityId}
            />
            <label className="checkbox">
              <input
                type="checkbox"
                checked={remember}
                onChange={(event) => {
                  setRemember(event.target.checked);
                }}
              />
              {intl.formatMessage({ id: 'ecom.remember' })}
            </label>
          </section>
          <section className="form-card" aria-labelledby="checkout-payment">
            <h2 id="checkout-payment">{intl.formatMessage({ id: 'ecom.payment' })}</h2>
            <label className="payment-option">
              <input type="radio" name="payment" checked readOnly />
              <span>
                <strong>{intl.formatMessage({ id: 'orders.paymentMethod.cod' })}</strong>
                <span className="payment-option__detail">{intl.formatMessage({ id: 'ecom.cod.detail' })}</span>
              </span>
            </label>
          </section>
        </div>
        <aside className="ecom-checkout__side">
          <Summary quote={quote} updating={updating}>
            {soldOut ? (
              <p className="form-summary" role="alert">
                {intl.formatMessage({ id: 'ecom.soldOut' })}
              </p>
            ) : (
              <QuantityStepper key={chosen} value={chosen} max={Math.min(quote.maxQuantity, MAX_QUANTITY)} onChange={setQuantity} />
            )}
          </Summary>
          {refusal ? (
            <div className="error-message" role="alert">
              <p className="error-message__text">{refusalText(intl, refusal, quote.product.units)}</p>
            </div>
          ) : null}
          {submitted && Object.keys(problems).length > 0 ? (
            <p className="form-summary" role="alert">
              {intl.formatMessage({ id: 'ecom.fixDetails' })}
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--large button--block" disabled={placing.isLoading || soldOut}>
            {placing.isLoading
              ? intl.formatMessage({ id: 'ecom.placing' })
              : intl.formatMessage(
                  { id: 'ecom.place' },
                  // The amount is isolated: in Arabic "11 625 DH" must not turn into "DH 625 11".
                  { total: <bdi className="amount">{quote.total.withCurrency}</bdi> },
                )}
          </button>
          <p className="ecom-checkout__reassure">{intl.formatMessage({ id: 'ecom.reassure' })}</p>
        </aside>
      </form>
    </div>
  );
}

export default function EcomCheckoutPage() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const listId = Number(search.get('listId'));
  if (!Number.isInteger(listId) || listId <= 0) {
    return (
      <div className="page ecom-checkout">
        <h1>{intl.formatMessage({ id: 'ecom.title' })}</h1>
        <p className="error-message" role="alert">
          {intl.formatMessage({ id: 'product.error.notFound' })}
        </p>
      </div>
    );
  }
  return <Checkout key={listId} listId={listId} />;
}
