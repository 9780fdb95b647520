//! The car valuation service (spec §3, §4, §6, §8; issue 25; docs/valuation.md): checks a
//! valuation request against spec §5 and the per-user limit (server configuration), reads the
//! live car listings of the brand, has the domain estimate the car, stores the valuation for its
//! account and e-mails the estimate (again on request); and who may read a valuation — its account.

use crate::accounts::service::Caller;
use crate::catalog::CatalogService;
use crate::notify::{Mailer, Message};
use souk_domain::money::Money;
use souk_domain::time::civil_from_days;
use souk_domain::valuation::{
    self, CheckedValuation, Comparable, Estimate, Subject, ValuationForm, check_valuation_request,
};
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_storage::StoreError;
use souk_storage::valuation::{CarListing, StoredValuation, ValuationStore};
use std::sync::Arc;

/// Used cars: the listings the estimate learns from.
pub const USED_CARS_CATEGORY: u32 = 2010;
/// New cars: the listings the new-car price is read from.
pub const NEW_CARS_CATEGORY: u32 = 2072;
/// The most listings of a brand read for one estimate.
pub const MAX_LISTINGS: u32 = 5_000;
/// The longest "my estimations" list.
pub const MAX_LIST: u32 = 100;

/// The per-user limit, how long an estimate holds, and where links in e-mails point.
#[derive(Debug, Clone)]
pub struct ValuationSettings {
    /// At most this many valuations per account within `window_days` (spec §6).
    pub limit_per_account: u32,
    pub window_days: u32,
    /// The estimate's expiry date is this many days after it is made (spec §3 expiry date).
    pub validity_days: u32,
    pub public_base_url: String,
}

/// One valuation of an account: what was asked and the estimate.
#[derive(Debug, Clone, PartialEq)]
pub struct Valuation {
    pub id: String,
    pub account_id: i64,
    pub request: CheckedValuation,
    pub estimate: Estimate,
    pub created_at: i64,
    pub expires_at: i64,
    pub emails_sent: u32,
}

fn internal(e: StoreError) -> SoukError {
    SoukError::internal(e)
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// The calendar year of a unix time.
pub fn year_of(secs: i64) -> i64 {
    civil_from_days((secs.max(0) / 86_400) as u64).0 as i64
}

fn date_of(secs: i64) -> String {
    let (y, m, d) = civil_from_days((secs.max(0) / 86_400) as u64);
    format!("{d:02}/{m:02}/{y}")
}

/// The comparables and the new-car price of `subject` from the brand's live listings at `now`:
/// used-car listings become comparables (days online since publication), the median price of the
/// model's new-car listings is its new-car price.
pub fn comparables_of(listings: &[CarListing], subject: &Subject, now: i64) -> (Vec<Comparable>, Option<Money>) {
    let comparables = listings
        .iter()
        .filter(|l| l.category_id == USED_CARS_CATEGORY)
        .map(|l| Comparable {
            list_id: l.list_id,
            brand: l.brand.clone(),
            model: l.model.clone(),
            year: l.year,
            mileage: l.mileage,
            price_centimes: l.price_centimes,
            days_active: ((now - l.published_at).max(0) as f64) / 86_400.0,
        })
        .collect();
    let mut new_prices: Vec<i64> = listings
        .iter()
        .filter(|l| l.category_id == NEW_CARS_CATEGORY && l.model == subject.model)
        .map(|l| l.price_centimes)
        .collect();
    new_prices.sort_unstable();
    let new_car_price = new_prices.get(new_prices.len() / 2).map(|c| Money(*c));
    (comparables, new_car_price)
}

pub struct ValuationService {
    store: Arc<dyn ValuationStore>,
    catalog: Arc<CatalogService>,
    mailer: Arc<dyn Mailer>,
    settings: ValuationSettings,
}

impl ValuationService {
    pub fn new(
        store: Arc<dyn ValuationStore>,
        catalog: Arc<CatalogService>,
        mailer: Arc<dyn Mailer>,
        settings: ValuationSettings,
    ) -> ValuationService {
        ValuationService { store, catalog, mailer, settings }
    }

    pub fn settings(&self) -> &ValuationSettings {
        &self.settings
    }

    /// The latest model year valued: next year's.
    pub fn year_max(&self) -> i64 {
        year_of(now()) + 1
    }

    /// `requestValuation`: spec §5's rules, then the per-user limit (`VALUATION_LIMIT_REACHED`
    /// with `{max}` and `{days}`), then the estimate (`VALUATION_NOT_POSSIBLE` with too few
    /// comparables). Only an estimate is stored — a refused request leaves the store as it was —
    /// and it is e-mailed to the request's address (a failed e-mail is logged and can be resent).
    pub async fn request_valuation(
        &self,
        caller: &Caller,
        lang: Lang,
        form: ValuationForm,
    ) -> Result<Valuation, SoukError> {
        let at = now();
        let checked = check_valuation_request(&form, self.catalog.cars(), year_of(at))?;
        let since = at - i64::from(self.settings.window_days) * 86_400;
        let made = self.store.count_valuations_since(caller.account_id(), since).await.map_err(internal)?;
        if made >= u64::from(self.settings.limit_per_account) {
            return Err(SoukError::with_detail(ErrorCode::ValuationLimitReached, format!("{made} made"))
                .with_param("max", i64::from(self.settings.limit_per_account))
                .with_param("days", i64::from(self.settings.window_days)));
        }
        let subject = Subject {
            brand: checked.brand.clone(),
            model: checked.model.clone(),
            year: checked.year,
            mileage: checked.mileage,
        };
        let listings = self
            .store
            .car_listings(&[USED_CARS_CATEGORY, NEW_CARS_CATEGORY], &subject.brand, MAX_LISTINGS)
            .await
            .map_err(internal)?;
        let (comparables, new_car_price) = comparables_of(&listings, &subject, at);
        let estimate = valuation::estimate(&subject, &comparables, year_of(at), new_car_price)?;
        let stored = StoredValuation {
            valuation_id: uuid::Uuid::now_v7().to_string(),
            account_id: caller.account_id(),
            brand: checked.brand.clone(),
            model: checked.model.clone(),
            year: checked.year,
            mileage: checked.mileage,
            request: serde_json::to_string(&checked).map_err(SoukError::internal)?,
            estimate: serde_json::to_string(&estimate).map_err(SoukError::internal)?,
            lang: lang.code().to_string(),
            created_at: at,
            expires_at: at + i64::from(self.settings.validity_days) * 86_400,
            emails_sent: 0,
        };
        self.store.insert_valuation(stored.clone()).await.map_err(internal)?;
        let mut valuation = read(stored)?;
        if self.send(&valuation, lang).await {
            valuation.emails_sent += 1;
        }
        Ok(valuation)
    }

    /// Sends the estimate to the request's address; whether it went.
    async fn send(&self, v: &Valuation, lang: Lang) -> bool {
        let car = self
            .catalog
            .cars()
            .brand(&v.request.brand)
            .map(|b| {
                let model = b.models.iter().find(|m| m.slug == v.request.model).map_or("", |m| m.name.as_str());
                format!("{} {model} {}", b.name, v.request.year)
            })
            .unwrap_or_else(|| format!("{} {} {}", v.request.brand, v.request.model, v.request.year));
        let e = &v.estimate;
        let path = match lang {
            Lang::Fr => format!("/mes-estimations/details/{}", v.id),
            Lang::Ar => format!("/ar/mes-estimations/details/{}", v.id),
        };
        let message = Message::ValuationEstimate {
            car,
            low: e.low.with_currency(),
            high: e.high.with_currency(),
            ad_value: e.ad_value.with_currency(),
            transaction_value: e.transaction_value.with_currency(),
            confidence: e.confidence,
            expires: date_of(v.expires_at),
            link: format!("{}{path}", self.settings.public_base_url.trim_end_matches('/')),
        };
        if let Err(err) = self.mailer.send(&v.request.email, lang, &message).await {
            tracing::warn!(error = %err, valuation = %v.id, "valuation e-mail not sent");
            return false;
        }
        if let Err(err) = self.store.note_valuation_email(&v.id).await {
            tracing::warn!(error = %err, valuation = %v.id, "valuation e-mail not counted");
        }
        true
    }

    /// `resendValuationEmail(id)`: the estimate e-mailed again, in `lang` (spec §4 "email can be
    /// resent"); `INTERNAL_ERROR` when the mail could not go.
    pub async fn resend_email(&self, caller: &Caller, lang: Lang, id: &str) -> Result<Valuation, SoukError> {
        let mut v = self.valuation(caller, id).await?;
        if !self.send(&v, lang).await {
            return Err(SoukError::with_detail(ErrorCode::InternalError, "valuation e-mail not sent"));
        }
        v.emails_sent += 1;
        Ok(v)
    }

    /// `getMyValuations`: the caller's valuations, newest first.
    pub async fn my_valuations(&self, caller: &Caller) -> Result<Vec<Valuation>, SoukError> {
        let rows = self.store.account_valuations(caller.account_id(), MAX_LIST).await.map_err(internal)?;
        rows.into_iter().map(read).collect()
    }

    /// `getValuation(id)`: one valuation, for its account only (`PERMISSION_DENIED` for any
    /// other, `NOT_FOUND` for an id that does not exist).
    pub async fn valuation(&self, caller: &Caller, id: &str) -> Result<Valuation, SoukError> {
        let stored = self
            .store
            .find_valuation(id)
            .await
            .map_err(internal)?
            .ok_or_else(|| SoukError::with_detail(ErrorCode::NotFound, format!("valuation {id}")))?;
        if stored.account_id != caller.account_id() {
            return Err(SoukError::with_detail(ErrorCode::PermissionDenied, format!("valuation {id}")));
        }
        read(stored)
    }
}

fn read(s: StoredValuation) -> Result<Valuation, SoukError> {
    Ok(Valuation {
        id: s.valuation_id,
        account_id: s.account_id,
        request: serde_json::from_str(&s.request).map_err(SoukError::internal)?,
        estimate: serde_json::from_str(&s.estimate).map_err(SoukError::internal)?,
        created_at: s.created_at,
        expires_at: s.expires_at,
        emails_sent: s.emails_sent,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(list_id: i64, category_id: u32, model: &str, price_dh: i64, published_at: i64) -> CarListing {
        CarListing {
            list_id,
            category_id,
            brand: "dacia".into(),
            model: model.into(),
            year: 2020,
            mileage: 50_000,
            price_centimes: price_dh * 100,
            published_at,
        }
    }

    #[test]
    fn used_listings_are_comparables_and_new_ones_give_the_new_car_price() {
        let day = 86_400;
        let listings = vec![
            listing(1, USED_CARS_CATEGORY, "logan", 90_000, 10 * day),
            listing(2, NEW_CARS_CATEGORY, "logan", 150_000, 0),
            listing(3, NEW_CARS_CATEGORY, "logan", 160_000, 0),
            listing(4, NEW_CARS_CATEGORY, "logan", 170_000, 0),
            listing(5, NEW_CARS_CATEGORY, "sandero", 300_000, 0),
        ];
        let subject = Subject { brand: "dacia".into(), model: "logan".into(), year: 2020, mileage: 60_000 };
        let (comparables, new_price) = comparables_of(&listings, &subject, 13 * day);
        assert_eq!(comparables.len(), 1);
        assert_eq!(comparables[0].days_active, 3.0);
        assert_eq!(new_price, Some(Money::from_dirhams(160_000)));
        assert_eq!(year_of(1_795_000_000), 2026);
    }
}
