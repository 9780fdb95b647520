// The ad view's buying actions (issue 23): for an ad that sells a seller-centre product, the
// price a buyer pays (the price before a discount struck through, the promo), home delivery and
// cash on delivery, what is left in stock and the "Buy" action to the checkout — a visitor gets
// the login wall first (spec §6 "buying needs own account"), and an out-of-stock product reads
// "sold out" with the action disabled. On a phone the Buy action is also in the contact bar
// fixed at the bottom (ad-view/ContactBar.tsx). For an ad that offers delivery, the home-delivery request
// (spec §2 "delivery order", 4 steps, its code loaded on demand).

import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { PublicProduct } from '../../api/ads';
import { useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import type { Language } from '../../app/language';
import { localized, PATHS } from '../../app/paths';
import { Icon } from '../../ui/Icon';
import { Amount } from '../../ui/Price';
import { isDiscounted, PromoBadge } from '../../ui/PromoBadge';
import { selectUser } from '../auth/authSlice';
import { useRequireSignIn } from '../auth/loginWall';
import './ecommerce.css';

const DeliveryRequestDialog = lazy(() => import(/* webpackChunkName: "delivery" */ './DeliveryRequestDialog'));

/** Units left below which the box says how few remain. */
const FEW_LEFT = 5;

export function ecomCheckoutPath(language: Language, listId: number, quantity = 1): string {
  return `${localized(language, PATHS.ecomCheckout)}?${new URLSearchParams({ listId: String(listId), quantity: String(quantity) }).toString()}`;
}

function PromoPrice({ product }: { product: PublicProduct }) {
  const intl = useIntl();
  const discounted = isDiscounted(product);
  return (
    <p className="buy-box__price">
      <strong className="buy-box__final">
        <Amount text={product.finalPrice.withCurrency} />
      </strong>
      {discounted ? (
        <>
          <s className="buy-box__before" aria-label={intl.formatMessage({ id: 'buy.priceBefore' }, { price: product.unitPrice.withCurrency })}>
            <Amount text={product.unitPrice.withCurrency} />
          </s>
          <PromoBadge discount={product.discount} />
        </>
      ) : null}
    </p>
  );
}

/** The "Buy" action to the checkout; a visitor gets the login wall first. The box's and the
 * phone's contact bar's (ad-view/ContactBar.tsx). */
export function BuyLink({ listId, className }: { listId: number; className: string }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const requireSignIn = useRequireSignIn();
  const checkout = ecomCheckoutPath(language, listId);
  return (
    <Link
      className={className}
      to={checkout}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        requireSignIn(() => void navigate(checkout));
      }}
    >
      {intl.formatMessage({ id: 'buy.action' })}
    </Link>
  );
}

/** Whether a product can be bought now. */
export function inStock(product: PublicProduct): boolean {
  return product.status !== 'outOfStock' && product.units > 0;
}

interface BuyBoxProps {
  listId: number;
  title: string;
  sellerAccountId: number;
  product: PublicProduct | null | undefined;
  delivery: boolean;
}

export function BuyBox({ listId, title, sellerAccountId, product, delivery }: BuyBoxProps) {
  const intl = useIntl();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  const [requesting, setRequesting] = useState(false);
  const own = user?.accountId === sellerAccountId;
  if (!product && !delivery) return null;
  const soldOut = product ? !inStock(product) : false;
  return (
    <section className="buy-box" aria-label={intl.formatMessage({ id: 'buy.section' })}>
      {product ? (
        <>
          <PromoPrice product={product} />
          <ul className="buy-box__perks">
            <li>
              <Icon name="truck" /> {intl.formatMessage({ id: 'buy.delivery' })}
            </li>
            <li>
              <Icon name="cash" /> {intl.formatMessage({ id: 'buy.cod' })}
            </li>
            <li className={soldOut ? 'buy-box__stock buy-box__stock--out' : product.units <= FEW_LEFT ? 'buy-box__stock buy-box__stock--few' : 'buy-box__stock'}>
              <Icon name={soldOut ? 'out' : 'box'} />{' '}
              {soldOut
                ? intl.formatMessage({ id: 'buy.outOfStock' })
                : product.units <= FEW_LEFT
                  ? intl.formatMessage({ id: 'buy.fewLeft' }, { count: product.units })
                  : intl.formatMessage({ id: 'buy.inStock' })}
            </li>
          </ul>
          {own ? (
            <p className="buy-box__own">
              {intl.formatMessage({ id: 'buy.own' })}{' '}
              <Link to={`${localized(language, PATHS.sellerProducts)}?status=active&page=1`}>{intl.formatMessage({ id: 'buy.own.manage' })}</Link>
            </p>
          ) : soldOut ? (
            <button type="button" className="button button--primary button--large button--block" disabled>
              {intl.formatMessage({ id: 'buy.soldOut' })}
            </button>
          ) : (
            <BuyLink listId={listId} className="button button--primary button--large button--block buy-box__buy" />
          )}
        </>
      ) : null}
      {delivery && !own ? (
        <>
          <button
            type="button"
            className="button button--block buy-box__delivery"
            onClick={() => {
              setRequesting(true);
            }}
          >
            {intl.formatMessage({ id: 'delivery.open' })}
          </button>
          <p className="buy-box__note">
            <Icon name="clock" size={16} /> {intl.formatMessage({ id: 'delivery.open.hint' })}
          </p>
        </>
      ) : null}
      {requesting ? (
        <Suspense fallback={null}>
          <DeliveryRequestDialog
            listId={listId}
            title={title}
            onClose={() => {
              setRequesting(false);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
