// How every screen shows an amount of money: the server's text with its currency ("196 000 DH",
// `price.withCurrency`, an order's `total`) inside a bidirectional isolate. Without one, an
// Arabic line reorders the digit groups and the Latin "DH" around them ("DH 000 196"); <bdi>
// lays the amount out on its own, in the direction of its own first letter, so it reads
// "196 000 DH" in both languages. An ad without a price says so in the page's language.
// (The server-written first paint does the same: http/src/web/first_paint.rs, price_text.)

import { useIntl } from 'react-intl';
import type { Price } from '../api/ads';

/** An amount with its currency, as the server wrote it, isolated from the text around it. */
export function Amount({ text }: { text: string }) {
  return <bdi className="amount">{text}</bdi>;
}

/** An ad's price, or "Prix non indiqué" / "السعر غير محدد" when it has none. */
export function PriceText({ price }: { price: Pick<Price, 'withCurrency'> | null }) {
  const intl = useIntl();
  return price ? <Amount text={price.withCurrency} /> : <>{intl.formatMessage({ id: 'ad.price.none' })}</>;
}
