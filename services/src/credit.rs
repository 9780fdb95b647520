//! The loan simulator and pre-approved credit requests (spec §2, §3, §5, §9; issue 25;
//! docs/credit.md): the loan terms of an ad's category group (server configuration), the
//! simulation of a loan on an ad, the storing of a credit request with its acknowledgement
//! e-mail, and who may read requests — their requester, and admins (not acting as a user).

use crate::accounts::service::Caller;
use crate::catalog::CatalogService;
use crate::limits::RateLimits;
use crate::notify::{Mailer, Message};
use souk_domain::ad::AdStatus;
use souk_domain::limits;
use souk_domain::listing_url::{SlugIndex, ad_path};
use souk_domain::loan::{self, CreditRequestForm, LoanSimulation, LoanTerms};
use souk_domain::money::Money;
use souk_domain::packs::CategoryGroup;
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_storage::StoreError;
use souk_storage::accounts::AccountStore;
use souk_storage::ads::{AdStore, StoredAd};
use souk_storage::credit::{CreditRequest, CreditRequestStore};
use std::sync::Arc;

/// The loan terms by category group, and where links in e-mails point.
#[derive(Debug, Clone)]
pub struct CreditSettings {
    pub vehicles: LoanTerms,
    pub real_estate: LoanTerms,
    pub public_base_url: String,
}

impl CreditSettings {
    /// The terms of a group; none outside vehicles and real estate.
    pub fn terms(&self, group: CategoryGroup) -> Option<&LoanTerms> {
        match group {
            CategoryGroup::Vehicles => Some(&self.vehicles),
            CategoryGroup::RealEstate => Some(&self.real_estate),
            CategoryGroup::Other => None,
        }
    }
}

/// What the simulator of one ad starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoanOffer {
    pub list_id: i64,
    pub group: CategoryGroup,
    pub price: Money,
    pub terms: LoanTerms,
}

/// A credit request as the form sends it: the simulation's inputs and spec §3's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditRequestInput {
    pub list_id: i64,
    pub down_payment: Money,
    pub months: u32,
    pub form: CreditRequestForm,
}

/// One page of the admins' list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditRequestPage {
    pub requests: Vec<CreditRequest>,
    pub total: u64,
}

/// The largest page of the admins' list.
pub const MAX_PAGE_SIZE: u32 = 100;

pub struct CreditService {
    store: Arc<dyn CreditRequestStore>,
    ads: Arc<dyn AdStore>,
    accounts: Arc<dyn AccountStore>,
    catalog: Arc<CatalogService>,
    slugs: Arc<SlugIndex>,
    mailer: Arc<dyn Mailer>,
    limits: Arc<RateLimits>,
    settings: CreditSettings,
}

fn internal(e: StoreError) -> SoukError {
    SoukError::internal(e)
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// The stores the credit service reads and writes.
pub struct CreditStores {
    pub requests: Arc<dyn CreditRequestStore>,
    pub ads: Arc<dyn AdStore>,
    pub accounts: Arc<dyn AccountStore>,
}

impl CreditService {
    pub fn new(
        stores: CreditStores,
        catalog: Arc<CatalogService>,
        slugs: Arc<SlugIndex>,
        mailer: Arc<dyn Mailer>,
        limits: Arc<RateLimits>,
        settings: CreditSettings,
    ) -> CreditService {
        CreditService {
            store: stores.requests,
            ads: stores.ads,
            accounts: stores.accounts,
            catalog,
            slugs,
            mailer,
            limits,
            settings,
        }
    }

    pub fn settings(&self) -> &CreditSettings {
        &self.settings
    }

    async fn online_ad(&self, list_id: i64) -> Result<StoredAd, SoukError> {
        self.ads
            .find_by_list_id(list_id)
            .await
            .map_err(internal)?
            .filter(|a| a.ad.status == AdStatus::Active)
            .ok_or_else(|| SoukError::with_detail(ErrorCode::AdNotFound, format!("no online ad {list_id}")))
    }

    /// The simulator of an ad: only a priced vehicle or real-estate ad has one.
    fn offer_for(&self, ad: &StoredAd) -> Option<LoanOffer> {
        let group = CategoryGroup::of(self.catalog.tree(), ad.ad.category_id);
        let terms = self.settings.terms(group)?;
        let price = ad.ad.price.filter(|p| p.centimes() > 0)?;
        Some(LoanOffer { list_id: ad.ad.list_id, group, price, terms: terms.clone() })
    }

    fn offer_of(&self, ad: &StoredAd) -> Result<LoanOffer, SoukError> {
        self.offer_for(ad).ok_or_else(|| {
            SoukError::with_detail(
                ErrorCode::LoanNotOffered,
                format!("ad {} in category {}", ad.ad.list_id, ad.ad.category_id),
            )
        })
    }

    /// `getLoanOffer(listId)`: the simulator's price, rate and durations for an online ad; none
    /// outside priced vehicle and real-estate ads (every ad view asks: no error for them).
    pub async fn loan_offer(&self, list_id: i64) -> Result<Option<LoanOffer>, SoukError> {
        let ad = self.online_ad(list_id).await?;
        Ok(self.offer_for(&ad))
    }

    /// `simulateLoan`: the monthly payment of a loan on an ad (spec §5 down payment rules;
    /// `LOAN_NOT_OFFERED` outside priced vehicle and real-estate ads).
    pub async fn simulate(&self, list_id: i64, down_payment: Money, months: u32) -> Result<LoanSimulation, SoukError> {
        let ad = self.online_ad(list_id).await?;
        let offer = self.offer_of(&ad)?;
        loan::simulate(offer.price, down_payment, months, &offer.terms)
    }

    /// `submitCreditRequest`: checks the simulation and spec §5's fields, stores the request and
    /// acknowledges it by e-mail to the caller's address (a failed e-mail is logged; the request
    /// stays stored). An account stores at most `CREDIT_REQUESTS_PER_ACCOUNT` a day (refused ones
    /// do not count).
    pub async fn submit_credit_request(
        &self,
        caller: &Caller,
        lang: Lang,
        input: CreditRequestInput,
    ) -> Result<CreditRequest, SoukError> {
        let ad = self.online_ad(input.list_id).await?;
        let offer = self.offer_of(&ad)?;
        loan::simulate(offer.price, input.down_payment, input.months, &offer.terms)?;
        let checked = loan::check_credit_request(&input.form, offer.price)?;
        self.limits.hit(&limits::CREDIT_REQUESTS_PER_ACCOUNT, &caller.account_id().to_string()).await?;
        let monthly = loan::monthly_payment(checked.amount.centimes(), offer.terms.rate_bp, input.months);
        let request = CreditRequest {
            request_id: uuid::Uuid::now_v7().to_string(),
            account_id: caller.account_id(),
            list_id: ad.ad.list_id,
            ad_title: ad.ad.title.clone(),
            category_group: offer.group.as_str().to_string(),
            price_centimes: offer.price.centimes(),
            down_payment_centimes: input.down_payment.centimes(),
            amount_centimes: checked.amount.centimes(),
            months: input.months,
            rate_bp: offer.terms.rate_bp,
            monthly_payment_centimes: monthly,
            profession: checked.profession,
            financing_type: checked.financing_type.key().to_string(),
            age: checked.age,
            borrower_profile: checked.borrower_profile.key().to_string(),
            lang: lang.code().to_string(),
            created_at: now(),
        };
        self.store.insert_credit_request(request.clone()).await.map_err(internal)?;
        self.acknowledge(&ad, &request, lang).await;
        Ok(request)
    }

    async fn acknowledge(&self, ad: &StoredAd, request: &CreditRequest, lang: Lang) {
        let account = match self.accounts.find_account(request.account_id).await {
            Ok(Some(a)) => a,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(error = %e, "credit request acknowledgement: account not read");
                return;
            }
        };
        let Some(to) = account.account.email.clone() else {
            return;
        };
        let path = ad_path(lang, ad.ad.city_id, ad.ad.category_id, &ad.ad.title, ad.ad.list_id, &self.slugs);
        let message = Message::CreditRequestReceived {
            title: request.ad_title.clone(),
            amount: Money(request.amount_centimes).with_currency(),
            months: request.months,
            monthly_payment: Money(request.monthly_payment_centimes).with_currency(),
            link: format!("{}{path}", self.settings.public_base_url.trim_end_matches('/')),
        };
        if let Err(e) = self.mailer.send(&to, lang, &message).await {
            tracing::warn!(error = %e, request = %request.request_id, "credit request acknowledgement not sent");
        }
    }

    /// `getMyCreditRequests`: the caller's requests, newest first.
    pub async fn my_credit_requests(&self, caller: &Caller) -> Result<Vec<CreditRequest>, SoukError> {
        self.store.account_credit_requests(caller.account_id(), MAX_PAGE_SIZE).await.map_err(internal)
    }

    /// `getCreditRequest(id)`: one request, for its requester or an admin; anyone else is
    /// answered `CREDIT_REQUEST_NOT_FOUND`, as for an id that does not exist.
    pub async fn credit_request(&self, caller: &Caller, request_id: &str) -> Result<CreditRequest, SoukError> {
        self.store
            .find_credit_request(request_id)
            .await
            .map_err(internal)?
            .filter(|r| r.account_id == caller.account_id() || is_desk(caller))
            .ok_or_else(|| SoukError::with_detail(ErrorCode::CreditRequestNotFound, request_id.to_string()))
    }

    /// `getCreditRequests(page, size)`: admins' list of every request, newest first.
    pub async fn credit_requests(&self, caller: &Caller, page: u32, size: u32) -> Result<CreditRequestPage, SoukError> {
        if !is_desk(caller) {
            return Err(SoukError::with_detail(ErrorCode::PermissionDenied, "admins only"));
        }
        if page == 0 || size == 0 || size > MAX_PAGE_SIZE {
            return Err(SoukError::with_detail(ErrorCode::InvalidArgument, "page from 1, size 1 to 100"));
        }
        let offset = (page - 1).saturating_mul(size);
        let (requests, total) = self.store.credit_requests(offset, size).await.map_err(internal)?;
        Ok(CreditRequestPage { requests, total })
    }
}

/// An admin acting as themselves (an admin acting as a user has that user's rights only).
fn is_desk(caller: &Caller) -> bool {
    caller.is_admin() && caller.acting_admin().is_none()
}
