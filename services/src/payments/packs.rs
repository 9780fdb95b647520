//! Boost packs (spec §1, §3, §4, §9): the boost offer for one of my ads — every pack with its
//! price for the ad's category group and the caller (shops pay less and reach more), the
//! methods, the start slots, the balances — and ordering a pack: by card or code (paid later by
//! the provider's callback) or from a balance (paid at once, in the same write as the debit).

use super::{Balances, PaymentService, as_of};
use crate::accounts::service::Caller;
use crate::ads::service::now;
use souk_domain::ad::{AdStatus, VasPack};
use souk_domain::balances::{Balance, check_debit};
use souk_domain::money::Money;
use souk_domain::packs::{self, CategoryGroup, PACKS, PackOffer, Slot, check_slot, offered_days};
use souk_domain::payments::{PaymentMethod, Purpose, amounts, method_of};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::ads::StoredAd;
use souk_storage::payments::{OrderedPack, PaymentOrder, Settled};

/// One pack as the caller would pay it for one ad.
#[derive(Debug, Clone, PartialEq)]
pub struct PackChoice {
    pub offer: &'static PackOffer,
    pub price: Money,
    pub list_price: Money,
    pub price_per_day: Money,
    pub expected_reach: f64,
    /// Points or tokens it costs; `None`: that balance does not pay it.
    pub points: Option<i64>,
    pub tokens: Option<i64>,
}

/// The boost page of one of my ads.
#[derive(Debug, Clone, PartialEq)]
pub struct VasPackCatalog {
    pub ad: StoredAd,
    pub group: CategoryGroup,
    pub is_shop: bool,
    /// Why the ad cannot be boosted now, if it cannot.
    pub ineligible: Option<SoukError>,
    pub packs: Vec<PackChoice>,
    /// Each method with whether this deployment takes it for this caller now.
    pub methods: Vec<(PaymentMethod, bool)>,
    /// The slot picker's first and last local days.
    pub first_day: i64,
    pub last_day: i64,
    /// Each part of the day with the first local day it is still open 24 hours ahead.
    pub parts: Vec<(packs::DayPart, i64)>,
    pub balances: Balances,
    /// The ad's packs, the latest first.
    pub vas_packs: Vec<VasPack>,
}

/// `orderVasPack(input)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VasPackOrderInput {
    pub ad_id: String,
    pub pack_id: String,
    pub slot_date: String,
    pub slot_part: String,
    pub method: String,
}

/// Spec §5 "a pack requires at least one image"; only an ad that is or will be online takes a
/// pack (active, or pending moderation: it applies once accepted).
fn check_eligible(ad: &StoredAd) -> Result<(), SoukError> {
    souk_domain::ad::check_pack_allowed(ad.ad.images.len())?;
    match ad.ad.status {
        AdStatus::Active | AdStatus::PendingReview => Ok(()),
        other => Err(SoukError::with_detail(
            ErrorCode::AdOperationNotAllowed,
            format!("boost from {}: the ad is not online", other.as_str()),
        )),
    }
}

impl PaymentService {
    fn group_of(&self, ad: &StoredAd) -> CategoryGroup {
        CategoryGroup::of(self.catalog.tree(), ad.ad.category_id)
    }

    /// `getVasPacks(adId)`: the boost offer for one of the caller's ads.
    pub async fn vas_packs(&self, caller: &Caller, ad_id: &str) -> Result<VasPackCatalog, SoukError> {
        let ad = self.own_ad(caller, ad_id).await?;
        let shop = caller.is_shop();
        let group = self.group_of(&ad);
        let packs = PACKS
            .iter()
            .map(|offer| PackChoice {
                offer,
                price: offer.price(group, shop),
                list_price: offer.list_price(group),
                price_per_day: offer.price_per_day(group, shop),
                expected_reach: offer.expected_reach(shop),
                points: if shop { offer.points(group) } else { None },
                tokens: offer.tokens(group, shop),
            })
            .collect();
        let methods = PaymentMethod::PACKS
            .into_iter()
            .map(|m| (m, self.method_available(m) && (m != PaymentMethod::Points || shop)))
            .collect();
        let t = now();
        let (first_day, last_day) = offered_days(t);
        let balances = self.balances_of(caller.account_id(), t).await?;
        let vas_packs = self.ads.vas_packs(ad_id).await.map_err(SoukError::internal)?;
        Ok(VasPackCatalog {
            ineligible: check_eligible(&ad).err(),
            ad,
            group,
            is_shop: shop,
            packs,
            methods,
            first_day,
            last_day,
            parts: packs::DayPart::ALL.into_iter().map(|p| (p, packs::first_day_of_part(p, t))).collect(),
            balances,
            vas_packs,
        })
    }

    /// `orderVasPack(input)`: a pack for one of the caller's ads, starting in the chosen slot.
    /// Checked in this order, nothing stored on a refusal: the ad (`AD_NOT_FOUND`), the pack
    /// (`ERROR_PACKAGE_NOT_FOUND`), the method (`UNKNOWN_PAYMENT_METHOD`), the slot
    /// (`INVALID_ARGUMENT`), the ad's photo and status, and for a balance its spec §8 refusal.
    /// A balance pays at once (the order is stored paid, with its debit, in one write); a card
    /// or a code leaves it pending until the provider's callback.
    pub async fn order_pack(&self, caller: &Caller, input: VasPackOrderInput) -> Result<PaymentOrder, SoukError> {
        let ad = self.own_ad(caller, &input.ad_id).await?;
        let offer = packs::pack(&input.pack_id)?;
        let method = method_of(&input.method, Purpose::Pack)?;
        if !self.method_available(method) {
            return Err(SoukError::with_detail(ErrorCode::UnknownPaymentMethod, "no card provider"));
        }
        let t = now();
        let slot = Slot::parse(&input.slot_date, &input.slot_part)?;
        check_slot(slot, t)?;
        check_eligible(&ad)?;
        let shop = caller.is_shop();
        let group = self.group_of(&ad);
        let a = amounts(offer.price(group, shop), method);
        let balance = method.balance();
        let units = match balance {
            Some(Balance::Points) => offer.points(group),
            Some(Balance::Tokens) => offer.tokens(group, shop),
            None => None,
        };
        if let Some(balance) = balance {
            let standing = self.store.standing(caller.account_id(), balance).await.map_err(SoukError::internal)?;
            check_debit(balance, standing, units, t, shop)?;
        }
        let make = |code: String| PaymentOrder {
            pack: Some(OrderedPack {
                pack_id: offer.id(),
                slot_day: slot.day,
                slot_part: slot.part.as_str().into(),
                start: None,
                end: None,
            }),
            units,
            ..Self::unpaid_order(caller, Purpose::Pack, &ad, method, a, t, code)
        };
        let Some(balance) = balance else {
            let opened = self.open_with_code(t, make).await?;
            return Ok(as_of(opened.order(), t));
        };
        let order = make(souk_domain::payments::payment_code(rand_core::RngCore::next_u64(&mut rand_core::OsRng)));
        let settlement = self.settlement(&order, t)?;
        match self.store.pay_at_once(order, settlement).await.map_err(SoukError::internal)? {
            Settled::Paid(paid) => {
                tracing::info!(order = %paid.order_id, ad = %paid.ad_id, balance = balance.as_str(), "pack paid from a balance");
                Ok(paid)
            }
            // Another debit came first: the refusal as the balance stands now.
            Settled::Short(standing) => Err(check_debit(balance, standing, units, t, shop)
                .err()
                .unwrap_or_else(|| SoukError::new(ErrorCode::SoldeNotEnough))),
            Settled::NotOpen(o) => {
                Err(SoukError::internal(format!("order {} stored {}", o.order_id, o.status.as_str())))
            }
        }
    }
}
