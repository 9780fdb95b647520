//! From the payment service's values to the GraphQL types of `types.rs`: amounts, offers,
//! orders, fees, confirmations, balances, ledger entries and the boost catalogue.

use super::types::*;
use crate::graphql::ads::vas_node;
use crate::graphql::request::Req;
use souk_domain::balances::Standing;
use souk_domain::money::Money;
use souk_domain::packs::{SHOP_DISCOUNT_PERCENT, SHOP_MULTIPLIER};
use souk_domain::payments::PaymentMethod;
use souk_domain::time::{format_date, rfc3339};
use souk_services::payments::{Balances, Confirmation, InsertionFee, MethodOffer, VasPackCatalog};
use souk_storage::payments::{BalanceEntry, PaymentOrder};

pub(crate) fn amount(m: Money) -> Amount {
    Amount { centimes: m.centimes(), with_currency: m.with_currency(), without_currency: m.without_currency() }
}

pub(super) fn offer(o: MethodOffer) -> PaymentMethodOffer {
    PaymentMethodOffer {
        method: o.method.as_str().into(),
        available: o.available,
        offline: o.method.is_offline(),
        extra_fee: amount(o.amounts.extra_fee),
        total: amount(o.amounts.total),
    }
}

pub(crate) fn order_node(r: &Req<'_>, o: PaymentOrder) -> PaymentOrderNode {
    let redirect_url = r.state.payments.redirect_url(&o, r.lang.code());
    let offer = o.pack.as_ref().and_then(|p| souk_domain::packs::pack(&p.pack_id).ok());
    let invoice_url = o.invoice_number.as_ref().map(|_| format!("/api/invoices/{}.pdf", o.order_id));
    PaymentOrderNode {
        code: o.code,
        method: o.method.as_str().into(),
        status: o.status.as_str().into(),
        purpose: o.purpose.as_str().into(),
        fee: amount(o.fee),
        extra_fee: amount(o.extra_fee),
        total: amount(o.total),
        ad_id: o.ad_id,
        list_id: o.list_id,
        ad_title: o.ad_title,
        created_at: rfc3339(o.created_at),
        expires_at: rfc3339(o.expires_at),
        paid_at: o.paid_at.map(rfc3339),
        pack_id: o.pack.as_ref().map(|p| p.pack_id.clone()),
        pack_kind: offer.map(|p| p.kind.as_str().into()),
        duration_days: offer.map(|p| p.days),
        slot_date: o.pack.as_ref().map(|p| format_date(p.slot_day)),
        slot_part: o.pack.as_ref().map(|p| p.slot_part.clone()),
        pack_start: o.pack.as_ref().and_then(|p| p.start).map(rfc3339),
        pack_end: o.pack.as_ref().and_then(|p| p.end).map(rfc3339),
        units: o.units,
        failure: o.failure,
        redirect_url,
        invoice_number: o.invoice_number,
        invoice_url,
        id: o.order_id,
    }
}

pub(super) fn fee_node(r: &Req<'_>, f: InsertionFee) -> AdInsertionFee {
    AdInsertionFee {
        ad_id: f.ad.ad.ad_id,
        list_id: f.ad.ad.list_id,
        title: f.ad.ad.title,
        status: f.ad.ad.status.as_str().into(),
        category_id: f.ad.ad.category_id,
        due: f.due,
        fee: amount(f.fee),
        methods: f.methods.into_iter().map(offer).collect(),
        open_order: f.open_order.map(|o| order_node(r, o)),
    }
}

pub(super) fn confirmation(r: &Req<'_>, c: Confirmation) -> PaymentConfirmation {
    PaymentConfirmation { order: order_node(r, c.order), ad_status: c.ad_status.as_str().into() }
}

pub(super) fn balances_node(b: Balances) -> BalancesNode {
    let points =
        |s: Standing| PointsBalance { count: s.sum, expiry_date: s.expires_at.map(rfc3339), expired: s.expired(b.at) };
    BalancesNode { points: points(b.points), tokens: TokensBalance { count: b.tokens.sum } }
}

pub(super) fn entry_node(e: BalanceEntry) -> BalanceEntryNode {
    BalanceEntryNode {
        id: e.entry_id,
        delta: e.delta,
        reason: e.reason,
        order_id: e.order_id,
        created_at: rfc3339(e.created_at),
        expires_at: e.expires_at.map(rfc3339),
    }
}

pub(super) fn catalog_node(c: VasPackCatalog) -> VasPackCatalogNode {
    let hour = |h: i64| format!("{h:02}:00");
    VasPackCatalogNode {
        ad_id: c.ad.ad.ad_id.clone(),
        list_id: c.ad.ad.list_id,
        title: c.ad.ad.title.clone(),
        status: c.ad.ad.status.as_str().into(),
        group: c.group.as_str().into(),
        is_shop: c.is_shop,
        shop_discount_percent: SHOP_DISCOUNT_PERCENT,
        shop_multiplier: SHOP_MULTIPLIER,
        eligible: c.ineligible.is_none(),
        ineligible_reason: c.ineligible.map(|e| e.code.code().into()),
        packs: c
            .packs
            .into_iter()
            .map(|p| VasPackOfferNode {
                id: p.offer.id(),
                kind: p.offer.kind.as_str().into(),
                duration_days: p.offer.days,
                price: amount(p.price),
                list_price: amount(p.list_price),
                price_per_day: amount(p.price_per_day),
                view_multiplier: souk_domain::packs::view_multiplier(p.offer.kind),
                expected_reach: p.expected_reach,
                points: p.points,
                tokens: p.tokens,
            })
            .collect(),
        methods: c
            .methods
            .into_iter()
            .map(|(m, available): (PaymentMethod, bool)| VasPackMethodNode {
                method: m.as_str().into(),
                available,
                offline: m.is_offline(),
                extra_fee: amount(m.extra_fee()),
            })
            .collect(),
        slots: SlotsNode {
            earliest_date: format_date(c.first_day),
            latest_date: format_date(c.last_day),
            parts: c
                .parts
                .into_iter()
                .map(|(p, first)| DayPartNode {
                    id: p.as_str().into(),
                    from: hour(p.hours().0),
                    to: hour(p.hours().1),
                    earliest_date: format_date(first),
                })
                .collect(),
        },
        balances: balances_node(c.balances),
        last_applied_vas_pack: c.vas_packs.first().map(vas_node),
    }
}
