//! The account use cases of spec §7: sign-up, the sign-in variants, refresh with rotation,
//! logout, the session check every resolver relies on, profile and password, notification
//! preferences, one-time codes, recovery, e-mail verification, shops, and an admin acting as
//! a user (every write then audited under the admin). Each public function is one operation
//! and checks who is asking.

use super::codes::{CodePolicy, Codes};
use super::password::{hash_password, verify_password};
use super::revocations::{Revocations, TokenFacts, account_subject, family_subject, token_subject};
use super::tokens::{AccessClaims, TokenKeys, random_token, token_hash};
use crate::catalog::CatalogService;
use crate::notify::{Mailer, Message, MessageSender};
use souk_actors::fanout::Fanout;
use souk_domain::account::{
    Account, AccountStatus, AccountType, Identifier, MAX_SHOP_PHONES, NotificationPreferences, Role,
    check_new_password, check_person_name, check_shop_name, normalize_email, normalize_phone,
};
use souk_domain::ad_text::ad_text_problem;
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_storage::StoreError;
use souk_storage::accounts::{
    AccountStore, AuditEntry, Lead, NewAccount, NewShop, RefreshToken, RotateOutcome, SessionRevocation, StoreEdit,
    StoredAccount, StoredStore,
};
use souk_storage::ephemeral::Ephemeral;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Lifetimes and limits of sign-in.
#[derive(Debug, Clone)]
pub struct AccountSettings {
    pub access_ttl: Duration,
    pub refresh_ttl: Duration,
    /// An admin's session acting as a user is shorter.
    pub acting_ttl: Duration,
    pub codes: CodePolicy,
    pub reset_link_ttl: Duration,
    /// Failed sign-ins per identifier, and per address, in `attempt_window` before each further
    /// failure makes the next attempt wait (1 s, 2 s, 4 s … up to `max_attempt_delay`).
    pub attempts_per_identifier: i64,
    pub attempts_per_address: i64,
    pub attempt_window: Duration,
    /// The first wait (then doubled at each further failure).
    pub first_attempt_delay: Duration,
    pub max_attempt_delay: Duration,
    /// Failed sign-ins of one known device (see [`AccountService::login`]) in `attempt_window`
    /// before it is refused until the window ends.
    pub attempts_per_known_device: i64,
    /// Where links in e-mails point, e.g. `http://127.0.0.1:8080`.
    pub public_base_url: String,
}

impl Default for AccountSettings {
    fn default() -> Self {
        AccountSettings {
            access_ttl: Duration::from_secs(15 * 60),
            refresh_ttl: Duration::from_secs(30 * 86400),
            acting_ttl: Duration::from_secs(30 * 60),
            codes: CodePolicy::default(),
            reset_link_ttl: Duration::from_secs(3600),
            attempts_per_identifier: 5,
            attempts_per_address: 50,
            attempt_window: Duration::from_secs(15 * 60),
            first_attempt_delay: Duration::from_secs(1),
            max_attempt_delay: Duration::from_secs(60),
            attempts_per_known_device: souk_domain::limits::KNOWN_DEVICE_FAILURES,
            public_base_url: "http://127.0.0.1:8080".into(),
        }
    }
}

/// Who is asking: the claims of a live access token.
#[derive(Debug, Clone, PartialEq)]
pub struct Caller {
    pub claims: AccessClaims,
}

impl Caller {
    pub fn account_id(&self) -> i64 {
        self.claims.account_id
    }

    pub fn is_admin(&self) -> bool {
        self.claims.roles.contains(&Role::Admin)
    }

    /// Whether the caller is a shop (spec §4: a store-owner role; its token carries its store):
    /// shop prices, the shop multiplier and points for packs.
    pub fn is_shop(&self) -> bool {
        self.claims.store_id.is_some()
            || self.claims.roles.iter().any(|r| matches!(r, Role::StoreOwner | Role::EcommerceStoreOwner))
    }

    /// The admin acting as this user, if any.
    pub fn acting_admin(&self) -> Option<i64> {
        self.claims.act
    }
}

/// What a sign-in hands out.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    pub access_token: String,
    pub refresh_token: String,
    /// Seconds until the access token expires.
    pub expires_in: i64,
    /// Seconds the refresh token may be used (an acting admin's: no longer than its access token).
    pub refresh_expires_in: i64,
    pub account: StoredAccount,
}

/// Sign-up input (spec §2: private with phone, shop with e-mail, category and plan).
#[derive(Debug, Clone, Default)]
pub struct Registration {
    pub account_type: Option<AccountType>,
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub city_id: Option<u32>,
    pub password: String,
    pub confirmation: Option<String>,
    pub shop_category_id: Option<u32>,
    pub plan: Option<String>,
}

/// `updateMyAccountInfo` input.
#[derive(Debug, Clone, Default)]
pub struct AccountInfoUpdate {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub city_id: Option<u32>,
    pub address: Option<String>,
}

/// `editShopProfile` input (spec §3 edit payload).
#[derive(Debug, Clone, Default)]
pub struct ShopProfileEdit {
    pub user_id: i64,
    pub shop_name: String,
    pub shop_category: u32,
    pub shop_description: String,
    pub short_description: String,
    pub address: String,
    pub phones: Vec<String>,
    pub shop_url: Option<String>,
}

/// `resetMyPassword` input: the link's token, or the phone and its code.
#[derive(Debug, Clone, Default)]
pub struct PasswordReset {
    pub token: Option<String>,
    pub phone: Option<String>,
    pub code: Option<String>,
    pub password: String,
    pub confirmation: Option<String>,
}

/// Shop plans offered at sign-up.
pub const SHOP_PLANS: &[&str] = &["starter", "standard", "premium"];
/// A shop sign-up is called by a sales agent within this time (spec §9).
pub const LEAD_CALL_WITHIN: Duration = Duration::from_secs(24 * 3600);

pub struct AccountService {
    store: Arc<dyn AccountStore>,
    ephemeral: Arc<dyn Ephemeral>,
    catalog: Arc<CatalogService>,
    keys: TokenKeys,
    sender: Arc<dyn MessageSender>,
    mailer: Arc<dyn Mailer>,
    settings: AccountSettings,
    /// Ends the live sockets of a logged-out access token on every node (set by the real-time
    /// service at start).
    live_sessions: OnceLock<Fanout>,
    /// Which access tokens are void before their expiry (docs/security.md).
    revocations: Revocations,
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

fn secs(d: Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}

fn store_err(e: StoreError) -> SoukError {
    match e {
        StoreError::Conflict(d) => SoukError::with_detail(ErrorCode::AccountAlreadyExists, d),
        other => SoukError::internal(other),
    }
}

fn denied(detail: &str) -> SoukError {
    SoukError::with_detail(ErrorCode::PermissionDenied, detail)
}

/// Runs argon2 off the async executor.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, SoukError> {
    tokio::task::spawn_blocking(f).await.map_err(SoukError::internal)
}

impl AccountService {
    pub fn new(
        store: Arc<dyn AccountStore>,
        ephemeral: Arc<dyn Ephemeral>,
        catalog: Arc<CatalogService>,
        secret: &[u8],
        sender: Arc<dyn MessageSender>,
        mailer: Arc<dyn Mailer>,
        settings: AccountSettings,
    ) -> Self {
        AccountService {
            revocations: Revocations::new(Arc::clone(&store), Arc::clone(&ephemeral)),
            store,
            ephemeral,
            catalog,
            keys: TokenKeys::new(secret),
            sender,
            mailer,
            settings,
            live_sessions: OnceLock::new(),
        }
    }

    /// Connects the fan-out through which a logout closes the token's sockets on every node
    /// (the real-time service calls this once at start).
    pub fn end_live_sessions_through(&self, fanout: Fanout) {
        let _ = self.live_sessions.set(fanout);
    }

    fn codes(&self, purpose: &'static str) -> Codes<'_> {
        Codes { ephemeral: self.ephemeral.as_ref(), policy: self.settings.codes, purpose }
    }

    async fn load(&self, account_id: i64) -> Result<StoredAccount, SoukError> {
        self.store
            .find_account(account_id)
            .await
            .map_err(SoukError::internal)?
            .ok_or_else(|| SoukError::with_detail(ErrorCode::AccountNotFound, account_id.to_string()))
    }

    async fn audit(&self, caller: &Caller, operation: &str, detail: String) -> Result<(), SoukError> {
        if let Some(admin_id) = caller.acting_admin() {
            self.store
                .append_audit(AuditEntry {
                    admin_id,
                    account_id: caller.account_id(),
                    at: now(),
                    operation: operation.into(),
                    detail,
                })
                .await
                .map_err(SoukError::internal)?;
        }
        Ok(())
    }

    /// Signs an access token for an account; answers it with its lifetime in seconds.
    fn access_token(
        &self,
        account: &StoredAccount,
        acting_admin: Option<i64>,
        family: &str,
    ) -> Result<(String, i64), SoukError> {
        let issued = now();
        let ttl = secs(if acting_admin.is_some() { self.settings.acting_ttl } else { self.settings.access_ttl });
        let claims = AccessClaims {
            sub: account.account.uuid.clone(),
            account_id: account.account.account_id,
            store_id: account.store_id,
            roles: account.roles.clone(),
            name: account.account.name.clone(),
            email: account.account.email.clone(),
            allowed_access: allowed_access(&account.roles),
            iat: issued,
            exp: issued + ttl,
            jti: random_token(),
            act: acting_admin,
            fam: Some(family.to_string()),
        };
        Ok((self.keys.sign(&claims)?, ttl))
    }

    /// Opens a session: an access token and the first refresh token of a new family.
    async fn open_session(&self, account: StoredAccount, acting_admin: Option<i64>) -> Result<Session, SoukError> {
        let family_id = random_token();
        let (access_token, expires_in) = self.access_token(&account, acting_admin, &family_id)?;
        let refresh_token = random_token();
        let issued = now();
        // An acting admin's session cannot outlive its access token.
        let refresh_ttl = if acting_admin.is_some() { expires_in } else { secs(self.settings.refresh_ttl) };
        self.store
            .insert_refresh_token(RefreshToken {
                token_hash: token_hash(&refresh_token),
                family_id,
                account_id: account.account.account_id,
                acting_admin_id: acting_admin,
                issued_at: issued,
                expires_at: issued + refresh_ttl,
            })
            .await
            .map_err(SoukError::internal)?;
        Ok(Session { access_token, refresh_token, expires_in, refresh_expires_in: refresh_ttl, account })
    }

    /// The caller behind an access token: signed by us, not expired, not logged out.
    pub async fn authenticate(&self, token: &str) -> Result<Caller, SoukError> {
        let claims = self.keys.verify(token)?;
        let facts = TokenFacts {
            jti: &claims.jti,
            family: claims.fam.as_deref(),
            account_id: claims.account_id,
            acting_admin: claims.act,
            issued_at: claims.iat,
        };
        if self.revocations.is_revoked(&facts, now()).await? {
            return Err(SoukError::with_detail(ErrorCode::SessionExpired, "revoked"));
        }
        Ok(Caller { claims })
    }

    /// `registerAccount`: creates the account (a shop also gets its store and a lead the sales
    /// team calls within 24 hours) and signs it in.
    pub async fn register(&self, r: Registration, lang: Lang) -> Result<Session, SoukError> {
        let kind = r.account_type.ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "type"))?;
        check_new_password(&r.password, r.confirmation.as_deref())?;
        let city_id = r.city_id.ok_or_else(|| SoukError::with_detail(ErrorCode::CityRequired, "city"))?;
        if !self.catalog.cities().iter().any(|c| c.id == city_id) {
            return Err(SoukError::with_detail(ErrorCode::CityRequired, "unknown city"));
        }
        let phone = r.phone.as_deref().map(normalize_phone).transpose()?;
        let email = r.email.as_deref().filter(|e| !e.trim().is_empty()).map(normalize_email).transpose()?;
        let (name, shop) = match kind {
            AccountType::Private => {
                if r.confirmation.is_none() {
                    return Err(SoukError::with_detail(ErrorCode::Required, "confirmation"));
                }
                if phone.is_none() {
                    return Err(SoukError::with_detail(ErrorCode::Required, "phone"));
                }
                (check_person_name(&r.name)?, None)
            }
            AccountType::Shop => {
                if email.is_none() {
                    return Err(SoukError::with_detail(ErrorCode::Required, "email"));
                }
                if phone.is_none() {
                    return Err(SoukError::with_detail(ErrorCode::Required, "phone"));
                }
                let category = r
                    .shop_category_id
                    .ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidShopCategory, "category"))?;
                if self.catalog.tree().get(category).is_none_or(|c| c.hidden) {
                    return Err(SoukError::with_detail(ErrorCode::InvalidShopCategory, "unknown category"));
                }
                let plan = r.plan.as_deref().unwrap_or("standard").trim().to_lowercase();
                if !SHOP_PLANS.contains(&plan.as_str()) {
                    return Err(SoukError::with_detail(
                        ErrorCode::InvalidArgument,
                        "plan: starter, standard or premium",
                    ));
                }
                (check_shop_name(&r.name)?, Some(NewShop { plan, call_before: now() + secs(LEAD_CALL_WITHIN) }))
            }
        };
        let password = r.password.clone();
        let password_hash = blocking(move || hash_password(&password)).await?.map_err(SoukError::internal)?;
        let account = Account {
            account_id: 0,
            uuid: uuid::Uuid::now_v7().to_string(),
            account_type: kind,
            name,
            email,
            phone,
            phone_hidden: false,
            city_id,
            shop_category_id: if kind == AccountType::Shop { r.shop_category_id } else { None },
            registered_at: now(),
        };
        let mut new = NewAccount::new(account, password_hash);
        new.lang = lang;
        // The account and its first session in one transaction: a sign-up that fails (a full
        // disk included) stores nothing, and one that answers has both.
        let (refresh_token, family_id, issued) = (random_token(), random_token(), now());
        let refresh_ttl = secs(self.settings.refresh_ttl);
        let first = RefreshToken {
            token_hash: token_hash(&refresh_token),
            family_id: family_id.clone(),
            account_id: 0,
            acting_admin_id: None,
            issued_at: issued,
            expires_at: issued + refresh_ttl,
        };
        let stored = self.store.create_account_signed_in(new, shop, first).await.map_err(store_err)?;
        let (access_token, expires_in) = self.access_token(&stored, None, &family_id)?;
        Ok(Session { access_token, refresh_token, expires_in, refresh_expires_in: refresh_ttl, account: stored })
    }

    /// The seconds left of a sign-in wait (`login-wait:…`), if one runs.
    async fn waiting(&self, key: &str) -> Result<Option<i64>, SoukError> {
        let left = self.ephemeral.ttl(key).await.map_err(SoukError::internal)?;
        Ok(left.map(|d| i64::try_from(d.as_millis().div_ceil(1000)).unwrap_or(i64::MAX).max(1)))
    }

    /// Counts one failed sign-in of a subject and starts its wait once past its free failures.
    async fn failed(&self, subject: &str, free: i64) -> Result<(), SoukError> {
        let window = self.settings.attempt_window;
        let failures = self
            .ephemeral
            .incr(&format!("login-failures:{subject}"), 1, Some(window))
            .await
            .map_err(SoukError::internal)?;
        let (first, cap) = (self.settings.first_attempt_delay.as_secs(), self.settings.max_attempt_delay.as_secs());
        if let Some(wait) = souk_domain::limits::login_delay_secs(failures, free, first, cap) {
            self.ephemeral
                .set(&format!("login-wait:{subject}"), wait.to_string().as_bytes(), Some(Duration::from_secs(wait)))
                .await
                .map_err(SoukError::internal)?;
        }
        Ok(())
    }

    /// `login`, `loginByEmail`, `loginByIdentifier`: the identifier and password, slowed down
    /// rather than locked (docs/security.md):
    /// - per identifier: after `attempts_per_identifier` failures in the window, each further
    ///   failure makes the next attempt wait 1 s, 2 s, 4 s … up to `max_attempt_delay`; an
    ///   attempt during the wait is refused (`TOO_MANY_ATTEMPTS` with `seconds`) unread;
    /// - a known device — a `visitorId` that signed in to this account before — is not held by
    ///   the identifier's wait (a guesser cannot lock the owner out), only by its own ceiling of
    ///   `attempts_per_known_device` failures in the window;
    /// - per address: after `attempts_per_address` failures the address's failures wait the
    ///   same way, but a right password still signs in, so one noisy address (a carrier's NAT)
    ///   does not lock out every account behind it.
    pub async fn login(
        &self,
        identifier: &str,
        password: &str,
        address: &str,
        device: Option<&str>,
    ) -> Result<Session, SoukError> {
        let id = Identifier::parse(identifier)?;
        if password.is_empty() {
            return Err(SoukError::with_detail(ErrorCode::Required, "password"));
        }
        let wait = |seconds: i64, what: &str| {
            SoukError::with_detail(ErrorCode::TooManyAttempts, format!("sign-in: {what} waits {seconds} s"))
                .with_param("seconds", seconds)
        };
        let found = match &id {
            Identifier::Phone(p) => self.store.find_account_by_phone(p).await,
            Identifier::Email(e) => self.store.find_account_by_email(e).await,
        }
        .map_err(SoukError::internal)?;
        let by_id = format!("id:{}", id.as_str());
        let by_address = format!("address:{address}");
        let known_device = match (&found, device.filter(|d| !d.is_empty())) {
            (Some(a), Some(d)) => {
                let key = format!("login-device:{}:{d}", a.account.account_id);
                self.ephemeral
                    .get(&key)
                    .await
                    .map_err(SoukError::internal)?
                    .map(|_| format!("device:{}:{d}", a.account.account_id))
            }
            _ => None,
        };
        match &known_device {
            Some(subject) => {
                let key = format!("login-failures:{subject}");
                let failures = self.ephemeral.get(&key).await.map_err(SoukError::internal)?;
                let failures: i64 =
                    failures.and_then(|v| String::from_utf8(v).ok()).and_then(|s| s.parse().ok()).unwrap_or(0);
                if failures >= self.settings.attempts_per_known_device {
                    let left = self.waiting(&key).await?.unwrap_or(1);
                    return Err(wait(left, "known device"));
                }
            }
            None => {
                if let Some(left) = self.waiting(&format!("login-wait:{by_id}")).await? {
                    return Err(wait(left, "identifier"));
                }
            }
        }
        // An unknown identifier costs the same hash as a wrong password: no account discovery by timing.
        let stored_hash = match &found {
            Some(a) => a.password_hash.clone(),
            None => blocking(dummy_hash).await?,
        };
        let typed = password.to_string();
        let ok = blocking(move || verify_password(&typed, &stored_hash)).await?;
        let Some(account) = found.filter(|_| ok) else {
            let address_wait =
                if known_device.is_none() { self.waiting(&format!("login-wait:{by_address}")).await? } else { None };
            match &known_device {
                Some(subject) => {
                    let key = format!("login-failures:{subject}");
                    self.ephemeral
                        .incr(&key, 1, Some(self.settings.attempt_window))
                        .await
                        .map_err(SoukError::internal)?;
                }
                None => {
                    self.failed(&by_id, self.settings.attempts_per_identifier).await?;
                    self.failed(&by_address, self.settings.attempts_per_address).await?;
                }
            }
            // A failure from an address that is waiting is told to wait (a right password would
            // have passed).
            if let Some(left) = address_wait {
                return Err(wait(left, "address"));
            }
            return Err(SoukError::new(ErrorCode::IncorrectCredentials));
        };
        if account.status == AccountStatus::Disabled {
            return Err(SoukError::with_detail(ErrorCode::NotAuthorized, "disabled account"));
        }
        let mut cleared = vec![format!("login-failures:{by_id}"), format!("login-wait:{by_id}")];
        cleared.extend(known_device.map(|subject| format!("login-failures:{subject}")));
        self.signed_in(account, cleared, device).await
    }

    /// A successful sign-in (password or one-time code): its failures and waits (`cleared`) are
    /// forgotten, the device is remembered as known, and the session opens.
    async fn signed_in(
        &self,
        account: StoredAccount,
        cleared: Vec<String>,
        device: Option<&str>,
    ) -> Result<Session, SoukError> {
        for key in cleared {
            self.ephemeral.delete(&key).await.map_err(SoukError::internal)?;
        }
        if let Some(d) = device.filter(|d| !d.is_empty()) {
            let key = format!("login-device:{}:{d}", account.account.account_id);
            let known = Some(Duration::from_secs(souk_domain::limits::KNOWN_DEVICE_SECS));
            self.ephemeral.set(&key, b"1", known).await.map_err(SoukError::internal)?;
        }
        self.open_session(account, None).await
    }

    /// Exchanges a refresh token for a new session; the old one is spent. Presenting a spent
    /// token again revokes its whole family (someone copied it).
    pub async fn refresh(&self, refresh_token: &str) -> Result<Session, SoukError> {
        let next = random_token();
        let issued = now();
        let outcome = self
            .store
            .rotate_refresh_token(
                token_hash(refresh_token),
                issued,
                RefreshToken {
                    token_hash: token_hash(&next),
                    family_id: String::new(),
                    account_id: 0,
                    acting_admin_id: None,
                    issued_at: issued,
                    expires_at: issued + secs(self.settings.refresh_ttl),
                },
            )
            .await
            .map_err(SoukError::internal)?;
        let (account_id, acting_admin, family_id) = match outcome {
            RotateOutcome::Rotated { account_id, acting_admin_id, family_id } => {
                (account_id, acting_admin_id, family_id)
            }
            RotateOutcome::Reused { family_id } => {
                // Its access tokens go with it: whoever copied the refresh token holds one.
                self.revoke_families(vec![family_id]).await?;
                return Err(SoukError::with_detail(
                    ErrorCode::SessionExpired,
                    "refresh token reused: sessions revoked",
                ));
            }
            RotateOutcome::Refused => return Err(SoukError::with_detail(ErrorCode::SessionExpired, "refresh token")),
        };
        let account = self.load(account_id).await?;
        if account.status == AccountStatus::Disabled {
            return Err(SoukError::with_detail(ErrorCode::NotAuthorized, "disabled account"));
        }
        let (access_token, expires_in) = self.access_token(&account, acting_admin, &family_id)?;
        // An acting admin's family keeps its first expiry: at most its access token's lifetime.
        let refresh_expires_in = if acting_admin.is_some() { expires_in } else { secs(self.settings.refresh_ttl) };
        Ok(Session { access_token, refresh_token: next, expires_in, refresh_expires_in, account })
    }

    /// `logout`: ends the caller's access token now, its refresh family (with the family's
    /// other access tokens), and the family of `refresh_token` if given.
    pub async fn logout(&self, caller: &Caller, refresh_token: Option<&str>) -> Result<(), SoukError> {
        let at = now();
        let mut revocations = vec![SessionRevocation {
            subject: token_subject(&caller.claims.jti),
            issued_before: i64::MAX,
            expires_at: caller.claims.exp.max(at + 1),
        }];
        let mut families = Vec::new();
        if let Some(fam) = &caller.claims.fam {
            self.store.revoke_refresh_family(fam.clone(), at).await.map_err(SoukError::internal)?;
            families.push(fam.clone());
        }
        if let Some(t) = refresh_token
            && let Some(fam) =
                self.store.revoke_refresh_family_of(token_hash(t), at).await.map_err(SoukError::internal)?
        {
            families.push(fam);
        }
        revocations.extend(families.into_iter().map(|f| self.family_revocation(&f, at)));
        self.revocations.revoke(revocations, at).await?;
        if let Some(fanout) = self.live_sessions.get() {
            fanout.end_session(caller.account_id(), &caller.claims.jti);
        }
        Ok(())
    }

    /// Ends every session of the caller's account: every refresh family is revoked, and every
    /// access token of the account issued until now is void (its sockets close at their next
    /// check; the token in use at once). Used when a stolen token guesses the current password
    /// too often.
    pub async fn end_every_session(&self, caller: &Caller) -> Result<(), SoukError> {
        self.end_sessions_of(caller.account_id()).await?;
        if let Some(fanout) = self.live_sessions.get() {
            fanout.end_session(caller.account_id(), &caller.claims.jti);
        }
        Ok(())
    }

    /// Voids every session of an account: its refresh families, and every access token issued
    /// until this second (password reset, sessions ended, admin rights taken away).
    pub async fn end_sessions_of(&self, account_id: i64) -> Result<(), SoukError> {
        let at = now();
        self.store.revoke_refresh_tokens_of(account_id, at, None).await.map_err(SoukError::internal)?;
        let revocation = SessionRevocation {
            subject: account_subject(account_id),
            // Tokens carry whole seconds: one issued in this second is void too.
            issued_before: at + 1,
            expires_at: at + self.longest_access_ttl(),
        };
        self.revocations.revoke(vec![revocation], at).await
    }

    /// Revokes refresh families and the access tokens issued with them.
    async fn revoke_families(&self, families: Vec<String>) -> Result<(), SoukError> {
        let at = now();
        let revocations = families.iter().map(|f| self.family_revocation(f, at)).collect();
        self.revocations.revoke(revocations, at).await
    }

    fn family_revocation(&self, family: &str, at: i64) -> SessionRevocation {
        SessionRevocation {
            subject: family_subject(family),
            issued_before: i64::MAX,
            expires_at: at + self.longest_access_ttl(),
        }
    }

    /// The longest an access token lives: a revocation lasts that long.
    fn longest_access_ttl(&self) -> i64 {
        secs(self.settings.access_ttl.max(self.settings.acting_ttl)) + 60
    }

    /// The revocation list's subjects written by another process (`souk admin revoke`) reach
    /// this process's cache: the scheduler's `revocation_sync` round.
    pub async fn sync_revocations(&self, since: i64) -> Result<usize, SoukError> {
        self.revocations.sync_since(since, now()).await
    }

    /// `logoutUser(token)`: ends the session of a token: an access token of ours, or a
    /// refresh token (its family).
    pub async fn logout_token(&self, token: &str) -> Result<(), SoukError> {
        if token.contains('.') {
            let caller = self.authenticate(token).await?;
            return self.logout(&caller, None).await;
        }
        let Some(family) =
            self.store.revoke_refresh_family_of(token_hash(token), now()).await.map_err(SoukError::internal)?
        else {
            return Err(SoukError::with_detail(ErrorCode::InvalidToken, "unknown token"));
        };
        self.revoke_families(vec![family]).await
    }

    /// `getMyAccountInfo`
    pub async fn my_account(&self, caller: &Caller) -> Result<StoredAccount, SoukError> {
        self.load(caller.account_id()).await
    }

    /// `updateMyAccountInfo`: name, city and address change; the e-mail never does; a phone
    /// change goes through customer support.
    pub async fn update_my_account(&self, caller: &Caller, u: AccountInfoUpdate) -> Result<StoredAccount, SoukError> {
        let current = self.load(caller.account_id()).await?;
        if let Some(email) = u.email.as_deref().filter(|e| !e.trim().is_empty())
            && current.account.email.as_deref() != Some(normalize_email(email)?.as_str())
        {
            return Err(SoukError::new(ErrorCode::EmailCannotChange));
        }
        if let Some(phone) = u.phone.as_deref().filter(|p| !p.trim().is_empty())
            && current.account.phone.as_deref() != Some(normalize_phone(phone)?.as_str())
        {
            return Err(SoukError::new(ErrorCode::PhoneChangeViaSupport));
        }
        let name = match u.name {
            Some(n) if current.account.account_type == AccountType::Shop => check_shop_name(&n)?,
            Some(n) => check_person_name(&n)?,
            None => current.account.name.clone(),
        };
        let city_id = u.city_id.unwrap_or(current.account.city_id);
        if !self.catalog.cities().iter().any(|c| c.id == city_id) {
            return Err(SoukError::with_detail(ErrorCode::CityRequired, "unknown city"));
        }
        let address = match u.address {
            Some(a) => Some(a.trim().chars().take(200).collect::<String>()).filter(|a| !a.is_empty()),
            None => current.address.clone(),
        };
        self.store
            .update_account_info(current.account.account_id, name.clone(), city_id, address)
            .await
            .map_err(SoukError::internal)?;
        self.audit(caller, "updateMyAccountInfo", format!("name={name} city={city_id}")).await?;
        self.load(current.account.account_id).await
    }

    /// `editUserPassword`: only one's own; the current password must be right and the new
    /// one different. Every refresh token of the account is revoked. Answers the spec's
    /// code: 201 for a shop, 204 for a private account.
    pub async fn edit_password(
        &self,
        caller: &Caller,
        user_id: i64,
        current_password: &str,
        password: &str,
        account_type: Option<AccountType>,
    ) -> Result<u16, SoukError> {
        if user_id != caller.account_id() {
            return Err(denied("another account's password"));
        }
        let account = self.load(user_id).await?;
        if account_type.is_some_and(|t| t != account.account.account_type) {
            return Err(SoukError::with_detail(ErrorCode::InvalidArgument, "accountType"));
        }
        if current_password.is_empty() {
            return Err(SoukError::with_detail(ErrorCode::Required, "currentPassword"));
        }
        check_new_password(password, None)?;
        if password == current_password {
            return Err(SoukError::new(ErrorCode::PasswordSameAsCurrent));
        }
        let (typed, stored) = (current_password.to_string(), account.password_hash.clone());
        if !blocking(move || verify_password(&typed, &stored)).await? {
            return Err(SoukError::new(ErrorCode::WrongCurrentPassword));
        }
        let new = password.to_string();
        let hash = blocking(move || hash_password(&new)).await?.map_err(SoukError::internal)?;
        self.store.set_password_hash(user_id, hash).await.map_err(SoukError::internal)?;
        // Every other device signs in again; this one keeps its session.
        let others = self
            .store
            .revoke_refresh_tokens_of(user_id, now(), caller.claims.fam.clone())
            .await
            .map_err(SoukError::internal)?;
        self.revoke_families(others).await?;
        self.audit(caller, "editUserPassword", String::new()).await?;
        Ok(match account.account.account_type {
            AccountType::Shop => 201,
            AccountType::Private => 204,
        })
    }

    /// `getUserNotificationPreferences`
    pub async fn preferences(&self, caller: &Caller) -> Result<NotificationPreferences, SoukError> {
        Ok(self.load(caller.account_id()).await?.preferences)
    }

    /// `updateUserNotificationPreferences`: chat notifications stay on whatever is sent.
    pub async fn update_preferences(
        &self,
        caller: &Caller,
        p: NotificationPreferences,
    ) -> Result<NotificationPreferences, SoukError> {
        self.store.set_notification_preferences(caller.account_id(), p).await.map_err(SoukError::internal)?;
        self.audit(caller, "updateUserNotificationPreferences", format!("{p:?}")).await?;
        self.preferences(caller).await
    }

    /// `getUserNotificationChannel(channelName)`: the e-mail channel's state.
    pub async fn notification_channel(&self, caller: &Caller, channel: &str) -> Result<(String, String), SoukError> {
        if channel != "email" {
            return Err(SoukError::with_detail(ErrorCode::InvalidArgument, "channelName: email"));
        }
        let a = self.load(caller.account_id()).await?;
        let status = match (&a.account.email, a.email_verified) {
            (None, _) => "missing",
            (Some(_), false) => "unverified",
            (Some(_), true) => "verified",
        };
        Ok(("email".into(), status.into()))
    }

    /// `checkAccountExistance(phone)`
    pub async fn account_exists(&self, phone: &str) -> Result<bool, SoukError> {
        let phone = normalize_phone(phone)?;
        Ok(self.store.find_account_by_phone(&phone).await.map_err(SoukError::internal)?.is_some())
    }

    /// Whether a phone or e-mail already has an account (the sign-in screen's check).
    pub async fn identifier_exists(&self, identifier: &str) -> Result<bool, SoukError> {
        let found = match Identifier::parse(identifier)? {
            Identifier::Phone(p) => self.store.find_account_by_phone(&p).await,
            Identifier::Email(e) => self.store.find_account_by_email(&e).await,
        };
        Ok(found.map_err(SoukError::internal)?.is_some())
    }

    /// `requestPhoneVerification`: sends a six-digit code to the phone by messaging app.
    pub async fn request_phone_verification(&self, phone: &str, lang: Lang) -> Result<String, SoukError> {
        let phone = normalize_phone(phone)?;
        let code = self.codes("verify-phone").issue(&phone).await?;
        let minutes = (self.settings.codes.ttl.as_secs() / 60) as u32;
        self.sender
            .send(&phone, lang, &Message::PhoneVerificationCode { code, minutes })
            .await
            .map_err(SoukError::internal)?;
        Ok(phone)
    }

    /// `checkActivationCode` → `isValid`.
    pub async fn check_activation_code(&self, phone: &str, code: &str) -> Result<bool, SoukError> {
        let phone = normalize_phone(phone)?;
        self.codes("verify-phone").check(&phone, code).await
    }

    /// `requestSignInCode(phone)`: a six-digit code by messaging app, in the account's language,
    /// that signs in the private account of that phone with `loginWithCode` — also while its
    /// password sign-ins wait after failures (docs/security.md): the owner always has a way in
    /// that a password guesser does not.
    pub async fn request_sign_in_code(&self, phone: &str) -> Result<String, SoukError> {
        self.send_account_code(phone, "sign-in", |code, minutes| Message::PhoneVerificationCode { code, minutes }).await
    }

    /// A code of `purpose` by messaging app to the phone of an existing account, in the
    /// account's language (`AccountNotFound` otherwise); answers the normalised phone.
    async fn send_account_code(
        &self,
        phone: &str,
        purpose: &'static str,
        message: impl FnOnce(String, u32) -> Message,
    ) -> Result<String, SoukError> {
        let phone = normalize_phone(phone)?;
        let Some(account) = self.store.find_account_by_phone(&phone).await.map_err(SoukError::internal)? else {
            return Err(SoukError::with_detail(ErrorCode::AccountNotFound, "phone"));
        };
        let code = self.codes(purpose).issue(&phone).await?;
        let minutes = (self.settings.codes.ttl.as_secs() / 60) as u32;
        self.sender.send(&phone, account.lang, &message(code, minutes)).await.map_err(SoukError::internal)?;
        Ok(phone)
    }

    /// `loginWithCode(phone, code)`: signs in with the code of `requestSignInCode`. The code's
    /// own limits hold (one live code, `max_code_attempts` tries, the resend countdown); the
    /// password's waits do not, and are cleared, as after a right password.
    pub async fn login_with_code(&self, phone: &str, code: &str, device: Option<&str>) -> Result<Session, SoukError> {
        let phone = normalize_phone(phone)?;
        if code.trim().is_empty() {
            return Err(SoukError::new(ErrorCode::CodeRequired));
        }
        if !self.codes("sign-in").check(&phone, code).await? {
            return Err(SoukError::new(ErrorCode::CodeInvalid));
        }
        let account = self
            .store
            .find_account_by_phone(&phone)
            .await
            .map_err(SoukError::internal)?
            .ok_or_else(|| SoukError::with_detail(ErrorCode::AccountNotFound, "phone"))?;
        if account.status == AccountStatus::Disabled {
            return Err(SoukError::with_detail(ErrorCode::NotAuthorized, "disabled account"));
        }
        let by_id = format!("id:{phone}");
        self.signed_in(account, vec![format!("login-failures:{by_id}"), format!("login-wait:{by_id}")], device).await
    }

    /// `requestAccountRecovery(email)`: e-mails a reset link, in the account's language, when the
    /// address has an account; answers the same either way, so the form reveals nobody.
    pub async fn request_recovery_by_email(&self, email: &str) -> Result<String, SoukError> {
        let email = normalize_email(email)?;
        let countdown = format!("recovery-countdown:{email}");
        if !self
            .ephemeral
            .set_if_absent(&countdown, b"1", Some(self.settings.codes.resend_after))
            .await
            .map_err(SoukError::internal)?
        {
            return Err(SoukError::with_detail(ErrorCode::ResendTooSoon, "recovery e-mail"));
        }
        if let Some(account) = self.store.find_account_by_email(&email).await.map_err(SoukError::internal)? {
            let token = random_token();
            let key = format!("reset-link:{}", token_hash(&token));
            let id = account.account.account_id.to_string();
            self.ephemeral
                .set(&key, id.as_bytes(), Some(self.settings.reset_link_ttl))
                .await
                .map_err(SoukError::internal)?;
            let link =
                format!("{}/account/reset-password?token={token}", self.settings.public_base_url.trim_end_matches('/'));
            let hours = (self.settings.reset_link_ttl.as_secs() / 3600).max(1) as u32;
            self.mailer
                .send(&email, account.lang, &Message::RecoveryLink { link, hours })
                .await
                .map_err(SoukError::internal)?;
        }
        Ok(email)
    }

    /// `requestAccountRecoveryByPhone(phone)`: a code by messaging app, for an existing account,
    /// in the account's language.
    pub async fn request_recovery_by_phone(&self, phone: &str) -> Result<String, SoukError> {
        self.send_account_code(phone, "reset-phone", |code, minutes| Message::RecoveryCode { code, minutes }).await
    }

    /// `resetMyPassword`: with the e-mailed link's token or the phone's code. Every refresh
    /// token of the account is revoked. Answers 200.
    pub async fn reset_password(&self, r: PasswordReset) -> Result<u16, SoukError> {
        check_new_password(&r.password, r.confirmation.as_deref())?;
        let account_id = match (r.token.as_deref().filter(|t| !t.is_empty()), r.phone.as_deref()) {
            (Some(token), _) => {
                let key = format!("reset-link:{}", token_hash(token));
                let id = self.ephemeral.get(&key).await.map_err(SoukError::internal)?;
                let id: Option<i64> = id.and_then(|v| String::from_utf8(v).ok()).and_then(|s| s.parse().ok());
                let id = id.ok_or_else(|| SoukError::new(ErrorCode::InvalidResetLink))?;
                self.ephemeral.delete(&key).await.map_err(SoukError::internal)?;
                id
            }
            (None, Some(phone)) => {
                let phone = normalize_phone(phone)?;
                if !self.codes("reset-phone").check(&phone, r.code.as_deref().unwrap_or("")).await? {
                    return Err(SoukError::new(ErrorCode::CodeInvalid));
                }
                let account = self.store.find_account_by_phone(&phone).await.map_err(SoukError::internal)?;
                account.ok_or_else(|| SoukError::with_detail(ErrorCode::AccountNotFound, "phone"))?.account.account_id
            }
            (None, None) => return Err(SoukError::with_detail(ErrorCode::Required, "token or phone")),
        };
        let password = r.password.clone();
        let hash = blocking(move || hash_password(&password)).await?.map_err(SoukError::internal)?;
        self.store.set_password_hash(account_id, hash).await.map_err(SoukError::internal)?;
        self.end_sessions_of(account_id).await?;
        Ok(200)
    }

    /// `sendEmailVerification(lang)`: e-mails a link and a code confirming the address.
    pub async fn send_email_verification(&self, caller: &Caller, lang: Lang) -> Result<(), SoukError> {
        let account = self.load(caller.account_id()).await?;
        let email =
            account.account.email.clone().ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "email"))?;
        let code = self.codes("verify-email").issue(&account.account.account_id.to_string()).await?;
        let link = format!(
            "{}/account/settings/notification?verify={code}",
            self.settings.public_base_url.trim_end_matches('/')
        );
        let hours = (self.settings.codes.ttl.as_secs() / 3600).max(1) as u32;
        self.mailer
            .send(&email, lang, &Message::EmailVerification { link, code, hours })
            .await
            .map_err(SoukError::internal)
    }

    /// `verifyEmail(code)`: confirms the caller's address. Answers 200.
    pub async fn verify_email(&self, caller: &Caller, code: &str) -> Result<u16, SoukError> {
        let id = caller.account_id();
        if !self.codes("verify-email").check(&id.to_string(), code).await? {
            return Err(SoukError::new(ErrorCode::CodeInvalid));
        }
        self.store.set_email_verified(id).await.map_err(SoukError::internal)?;
        Ok(200)
    }

    fn own_store(&self, caller: &Caller, store_id: i64) -> Result<(), SoukError> {
        if caller.claims.store_id == Some(store_id) || caller.is_admin() { Ok(()) } else { Err(denied("another shop")) }
    }

    /// `getMyStoreInfo(storeId)` and `getShopProfile(storeId)`: the caller's own shop.
    /// The account that owns a shop (for events about the shop, such as a call).
    pub async fn store_account(&self, store_id: i64) -> Result<i64, SoukError> {
        let store = self.store.find_store(store_id).await.map_err(SoukError::internal)?;
        store
            .map(|s| s.account_id)
            .ok_or_else(|| SoukError::with_detail(ErrorCode::NotFound, format!("store {store_id}")))
    }

    pub async fn my_store(&self, caller: &Caller, store_id: i64) -> Result<StoredStore, SoukError> {
        self.own_store(caller, store_id)?;
        self.store
            .find_store(store_id)
            .await
            .map_err(SoukError::internal)?
            .ok_or_else(|| SoukError::with_detail(ErrorCode::NotFound, format!("store {store_id}")))
    }

    /// `editShopProfile`: the caller's own shop. Answers 201.
    pub async fn edit_shop_profile(&self, caller: &Caller, e: ShopProfileEdit) -> Result<u16, SoukError> {
        if e.user_id != caller.account_id() {
            return Err(denied("another account's shop"));
        }
        let store_id = caller.claims.store_id.ok_or_else(|| denied("not a shop"))?;
        let name = check_shop_name(&e.shop_name)?;
        if self.catalog.tree().get(e.shop_category).is_none_or(|c| c.hidden) {
            return Err(SoukError::with_detail(ErrorCode::InvalidShopCategory, "shopCategory"));
        }
        let long = e.shop_description.trim().to_string();
        let short = e.short_description.trim().to_string();
        if long.chars().count() > 2000 || short.chars().count() > 160 {
            return Err(SoukError::with_detail(ErrorCode::InvalidShopDescription, "2000 and 160 characters at most"));
        }
        for text in [&long, &short] {
            if let Some(problem) =
                ad_text_problem(text).filter(|p| !matches!(p, souk_domain::ad_text::AdTextProblem::ForbiddenCharacter))
            {
                return Err(SoukError::with_detail(ErrorCode::InvalidShopDescription, problem.as_str()));
            }
        }
        let phones: Vec<String> = e
            .phones
            .iter()
            .map(|p| p.trim())
            .filter(|p| !p.is_empty())
            .map(normalize_phone)
            .collect::<Result<_, _>>()?;
        if phones.is_empty() || phones.len() > MAX_SHOP_PHONES {
            return Err(SoukError::with_detail(ErrorCode::InvalidPhone, "1 to 3 phones"));
        }
        let website = match e.shop_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            None => None,
            Some(u) => {
                let ok = (u.starts_with("https://") || u.starts_with("http://"))
                    && u.len() <= 200
                    && u.split("://").nth(1).is_some_and(|h| h.contains('.') && !h.contains(char::is_whitespace));
                if !ok {
                    return Err(SoukError::with_detail(ErrorCode::InvalidWebsite, "shopUrl"));
                }
                Some(u.to_string())
            }
        };
        let address = e.address.trim().chars().take(200).collect();
        let edit = StoreEdit {
            name,
            category_id: e.shop_category,
            description_long: long,
            description_short: short,
            phones,
            address,
            website,
        };
        self.store.update_store(store_id, edit).await.map_err(SoukError::internal)?;
        self.audit(caller, "editShopProfile", String::new()).await?;
        Ok(201)
    }

    /// Records a new logo for the caller's own shop (the bytes are processed and stored by
    /// the media service first). Answers 201.
    pub async fn set_logo(&self, caller: &Caller, user_id: i64, logo_key: String) -> Result<u16, SoukError> {
        if user_id != caller.account_id() {
            return Err(denied("another account's shop"));
        }
        let store_id = caller.claims.store_id.ok_or_else(|| denied("not a shop"))?;
        self.store.set_store_logo(store_id, logo_key).await.map_err(SoukError::internal)?;
        self.audit(caller, "uploadShopLogo", String::new()).await?;
        Ok(201)
    }

    /// An admin opens a session as `account_id`: the token carries both identities, lasts
    /// `acting_ttl`, and every write made with it is audited under the admin.
    pub async fn act_as(&self, caller: &Caller, account_id: i64) -> Result<Session, SoukError> {
        if !caller.is_admin() || caller.acting_admin().is_some() {
            return Err(denied("admins only"));
        }
        let target = self.load(account_id).await?;
        let session = self.open_session(target, Some(caller.account_id())).await?;
        self.store
            .append_audit(AuditEntry {
                admin_id: caller.account_id(),
                account_id,
                at: now(),
                operation: "actAs".into(),
                detail: String::new(),
            })
            .await
            .map_err(SoukError::internal)?;
        Ok(session)
    }

    /// The admin API: shop sign-ups waiting for a call, most urgent first.
    pub async fn leads(&self, caller: &Caller, limit: u32) -> Result<Vec<Lead>, SoukError> {
        if !caller.is_admin() || caller.acting_admin().is_some() {
            return Err(denied("admins only"));
        }
        self.store.leads_to_call(limit.clamp(1, 200)).await.map_err(SoukError::internal)
    }

    /// The admin API: the writes an admin made while acting as users.
    pub async fn audit_log(&self, caller: &Caller, limit: u32) -> Result<Vec<AuditEntry>, SoukError> {
        if !caller.is_admin() || caller.acting_admin().is_some() {
            return Err(denied("admins only"));
        }
        self.store.audit_of_admin(caller.account_id(), limit.clamp(1, 200)).await.map_err(SoukError::internal)
    }

    /// The acting admin's name, for the banner.
    pub async fn acting_admin_name(&self, caller: &Caller) -> Result<Option<String>, SoukError> {
        match caller.acting_admin() {
            None => Ok(None),
            Some(id) => Ok(Some(self.load(id).await?.account.name)),
        }
    }

    /// Finds or creates the account of a verified social identity: a known identity signs in;
    /// a verified e-mail of an existing account links to it; otherwise a new private account.
    pub async fn social_session(
        &self,
        provider: &str,
        subject: &str,
        email: Option<String>,
        email_verified: bool,
        name: Option<String>,
        city_id: u32,
    ) -> Result<Session, SoukError> {
        if let Some(id) = self.store.find_social_identity(provider, subject).await.map_err(SoukError::internal)? {
            let account = self.load(id).await?;
            if account.status == AccountStatus::Disabled {
                return Err(SoukError::with_detail(ErrorCode::NotAuthorized, "disabled account"));
            }
            return self.open_session(account, None).await;
        }
        let email = email.filter(|_| email_verified).map(|e| normalize_email(&e)).transpose()?;
        let existing = match &email {
            Some(e) => self.store.find_account_by_email(e).await.map_err(SoukError::internal)?,
            None => None,
        };
        let account = match existing {
            Some(a) => a,
            None => {
                let name = name
                    .as_deref()
                    .and_then(|n| check_person_name(n).ok())
                    .unwrap_or_else(|| "Utilisateur Souk".into());
                let secret = random_token();
                let hash = blocking(move || hash_password(&secret)).await?.map_err(SoukError::internal)?;
                let account = Account {
                    account_id: 0,
                    uuid: uuid::Uuid::now_v7().to_string(),
                    account_type: AccountType::Private,
                    name,
                    email,
                    phone: None,
                    phone_hidden: false,
                    city_id,
                    shop_category_id: None,
                    registered_at: now(),
                };
                self.store.create_account(NewAccount::new(account, hash), None).await.map_err(store_err)?
            }
        };
        if account.status == AccountStatus::Disabled {
            return Err(SoukError::with_detail(ErrorCode::NotAuthorized, "disabled account"));
        }
        self.store
            .link_social_identity(provider, subject, account.account.account_id, now())
            .await
            .map_err(store_err)?;
        self.open_session(account, None).await
    }
}

/// The seller-centre and shop areas a role opens (spec §6 allowedAccess).
pub fn allowed_access(roles: &[Role]) -> Vec<String> {
    let mut out = Vec::new();
    if roles.contains(&Role::StoreOwner) || roles.contains(&Role::EcommerceStoreOwner) {
        out.extend(["shop.profile", "shop.stats", "shop.contact"].map(String::from));
    }
    if roles.contains(&Role::EcommerceStoreOwner) {
        out.extend(["seller.my-products", "seller.my-orders", "seller.my-payments"].map(String::from));
    }
    if roles.contains(&Role::Admin) {
        out.push("admin".into());
    }
    out
}

/// An argon2id hash (same parameters as real ones) of a random string nobody knows, made once:
/// verified against when the identifier is unknown, so both failures cost the same work.
fn dummy_hash() -> String {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_password(&random_token()).unwrap_or_default()).clone()
}
