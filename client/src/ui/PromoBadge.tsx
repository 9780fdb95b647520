// The promo of a discounted product (spec §3 "hotdeal/promo with discount"), one rule for the
// ad view's buy box and the seller centre: whether a price is discounted, and its badge — the
// percent off, or "promo" for an amount off.

import { useIntl } from 'react-intl';

export interface DiscountedPrice {
  unitPrice: { centimes: number };
  finalPrice: { centimes: number };
  discount: { kind: string; value: number } | null;
}

/** Whether the buyer pays less than the unit price. */
export function isDiscounted(product: DiscountedPrice): boolean {
  return product.discount !== null && product.finalPrice.centimes < product.unitPrice.centimes;
}

export function PromoBadge({ discount }: { discount: DiscountedPrice['discount'] }) {
  const intl = useIntl();
  return (
    <span className="promo-badge">
      {discount?.kind === 'percent'
        ? intl.formatMessage({ id: 'seller.discount.percentBadge' }, { value: discount.value })
        : intl.formatMessage({ id: 'seller.discount.promo' })}
    </span>
  );
}
