//! Stored accounts and what hangs off them: sign-in (password hashes, refresh-token families,
//! social identities), notification preferences, shops (store info), the leads a sales agent
//! calls, and the audit log of writes made by an admin acting as a user.

use crate::error::StoreError;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, Row, params};
use souk_domain::Lang;
use souk_domain::account::{Account, AccountStatus, AccountType, NotificationPreferences, Role};
use souk_domain::catalog::{CategoryId, CityId};

/// An account to create, with its password already hashed (argon2id PHC string).
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub account: Account,
    pub password_hash: String,
    pub roles: Vec<Role>,
    pub lang: Lang,
    pub status: AccountStatus,
}

impl NewAccount {
    /// An active account; a shop gets the store-owner role.
    pub fn new(account: Account, password_hash: String) -> NewAccount {
        let roles = match account.account_type {
            AccountType::Shop => vec![Role::StoreOwner],
            AccountType::Private => vec![],
        };
        NewAccount { account, password_hash, roles, lang: Lang::Fr, status: AccountStatus::Active }
    }
}

/// The shop created with a shop account, and the lead for the sales agent.
#[derive(Debug, Clone)]
pub struct NewShop {
    pub plan: String,
    /// When the sales agent must have called (unix seconds).
    pub call_before: i64,
}

/// An account as stored, with what sign-in and the profile screens need.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredAccount {
    pub account: Account,
    pub status: AccountStatus,
    pub roles: Vec<Role>,
    pub lang: Lang,
    pub email_verified: bool,
    pub address: Option<String>,
    pub password_hash: String,
    pub preferences: NotificationPreferences,
    pub store_id: Option<i64>,
}

/// One refresh token (by its SHA-256) of a sign-in's family.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefreshToken {
    pub token_hash: String,
    pub family_id: String,
    pub account_id: i64,
    pub acting_admin_id: Option<i64>,
    pub issued_at: i64,
    pub expires_at: i64,
}

/// What presenting a refresh token did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RotateOutcome {
    /// The token was live: it is now spent and `next` is the family's live token.
    Rotated { account_id: i64, acting_admin_id: Option<i64>, family_id: String },
    /// The token had been spent already: someone replayed it, so the whole family is revoked.
    Reused { family_id: String },
    /// Unknown, revoked or expired: nothing changed.
    Refused,
}

/// A session revocation: access tokens of `subject` (`token:<jti>`, `family:<refresh family>`
/// or `account:<id>`) issued before `issued_before` (seconds; `i64::MAX` for a single token) are
/// void until `expires_at`, when every such token has expired anyway.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRevocation {
    pub subject: String,
    pub issued_before: i64,
    pub expires_at: i64,
}

/// The shop of a shop account (spec §3 Store info).
#[derive(Debug, Clone, PartialEq)]
pub struct StoredStore {
    pub store_id: i64,
    pub account_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub category_id: Option<CategoryId>,
    pub website: Option<String>,
    pub description_long: String,
    pub description_short: String,
    pub phones: Vec<String>,
    pub address: String,
    pub city_id: Option<CityId>,
    pub logo_key: Option<String>,
    pub plan: String,
    pub start_date: i64,
    pub expiry_date: i64,
    pub points_count: i64,
    pub points_expiry: Option<i64>,
    pub token_balance: i64,
    pub membership_id: i64,
    pub membership_name: String,
    pub is_verified_seller: bool,
    pub offers_delivery: bool,
}

/// The editable part of a shop profile (spec §3 edit payload).
#[derive(Debug, Clone, PartialEq)]
pub struct StoreEdit {
    pub name: String,
    pub category_id: CategoryId,
    pub description_long: String,
    pub description_short: String,
    pub phones: Vec<String>,
    pub address: String,
    pub website: Option<String>,
}

/// A shop sign-up waiting for a sales agent's call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lead {
    pub lead_id: i64,
    pub account_id: Option<i64>,
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub plan: Option<String>,
    pub category_id: Option<CategoryId>,
    pub created_at: i64,
    pub call_before: i64,
}

/// A write made by an admin acting as a user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    pub admin_id: i64,
    pub account_id: i64,
    pub at: i64,
    pub operation: String,
    pub detail: String,
}

#[async_trait]
pub trait AccountStore: Send + Sync + 'static {
    /// Creates the accounts (and the shops of shop accounts) all together, or none of them.
    async fn insert_accounts(&self, accounts: Vec<NewAccount>) -> Result<(), StoreError>;
    async fn count_accounts(&self) -> Result<u64, StoreError>;
    /// Creates one account (its id chosen by the store) and, for a shop, its store and lead.
    /// A phone or e-mail already registered is `Conflict`, and nothing is written.
    async fn create_account(&self, new: NewAccount, shop: Option<NewShop>) -> Result<StoredAccount, StoreError>;
    /// `create_account` and the first refresh token of its session (`first.account_id` is the
    /// new account's), in one transaction: a sign-up that fails stores nothing.
    async fn create_account_signed_in(
        &self,
        new: NewAccount,
        shop: Option<NewShop>,
        first: RefreshToken,
    ) -> Result<StoredAccount, StoreError>;
    async fn find_account(&self, account_id: i64) -> Result<Option<StoredAccount>, StoreError>;
    async fn find_account_by_phone(&self, phone: &str) -> Result<Option<StoredAccount>, StoreError>;
    async fn find_account_by_email(&self, email: &str) -> Result<Option<StoredAccount>, StoreError>;
    async fn update_account_info(
        &self,
        account_id: i64,
        name: String,
        city_id: CityId,
        address: Option<String>,
    ) -> Result<(), StoreError>;
    async fn set_password_hash(&self, account_id: i64, password_hash: String) -> Result<(), StoreError>;
    async fn set_notification_preferences(&self, account_id: i64, p: NotificationPreferences)
    -> Result<(), StoreError>;
    async fn set_email_verified(&self, account_id: i64) -> Result<(), StoreError>;
    async fn set_account_status(&self, account_id: i64, status: AccountStatus) -> Result<(), StoreError>;
    /// A private account converted to a shop (or back): its ads in the listing follow.
    async fn set_account_type(&self, account_id: i64, account_type: AccountType) -> Result<(), StoreError>;
    /// A shop's verified-seller mark, given or taken: its ads in the listing follow.
    async fn set_verified_seller(&self, account_id: i64, verified: bool) -> Result<(), StoreError>;
    async fn set_roles(&self, account_id: i64, roles: Vec<Role>) -> Result<(), StoreError>;

    async fn insert_refresh_token(&self, token: RefreshToken) -> Result<(), StoreError>;
    /// Spends `token_hash` and stores `next` in its family (the family, account and acting admin
    /// are the spent token's; an acting admin's family keeps its first expiry), atomically.
    async fn rotate_refresh_token(
        &self,
        token_hash: String,
        now: i64,
        next: RefreshToken,
    ) -> Result<RotateOutcome, StoreError>;
    /// Revokes the family of `token_hash`; its family id, `None` when the token is unknown.
    async fn revoke_refresh_family_of(&self, token_hash: String, now: i64) -> Result<Option<String>, StoreError>;
    /// Revokes one refresh family by its id (a logout without the refresh token at hand).
    async fn revoke_refresh_family(&self, family_id: String, now: i64) -> Result<(), StoreError>;
    /// Revokes every live refresh token of an account (password change, reset) but those of
    /// `keep_family`; the ids of the families it revoked.
    async fn revoke_refresh_tokens_of(
        &self,
        account_id: i64,
        now: i64,
        keep_family: Option<String>,
    ) -> Result<Vec<String>, StoreError>;

    /// Records session revocations (docs/security.md "Session revocation"); one of the same
    /// subject keeps the later cut-off and expiry.
    async fn insert_session_revocations(&self, revocations: Vec<SessionRevocation>) -> Result<(), StoreError>;
    /// The revocations of these subjects still in force at `now`.
    async fn session_revocations_of(
        &self,
        subjects: Vec<String>,
        now: i64,
    ) -> Result<Vec<SessionRevocation>, StoreError>;
    /// The revocations recorded (or raised) at or after `since` (seconds), still in force at
    /// `now`: what another process (`souk admin revoke`) added.
    async fn session_revocations_since(&self, since: i64, now: i64) -> Result<Vec<SessionRevocation>, StoreError>;
    /// Every revocation still in force at `now` (they last as long as the tokens they void).
    async fn live_session_revocations(&self, now: i64) -> Result<Vec<SessionRevocation>, StoreError>;

    async fn find_store(&self, store_id: i64) -> Result<Option<StoredStore>, StoreError>;
    async fn update_store(&self, store_id: i64, edit: StoreEdit) -> Result<(), StoreError>;
    async fn set_store_logo(&self, store_id: i64, logo_key: String) -> Result<(), StoreError>;

    async fn find_social_identity(&self, provider: &str, subject: &str) -> Result<Option<i64>, StoreError>;
    async fn link_social_identity(
        &self,
        provider: &str,
        subject: &str,
        account_id: i64,
        now: i64,
    ) -> Result<(), StoreError>;

    /// Leads not yet called, the most urgent first.
    async fn leads_to_call(&self, limit: u32) -> Result<Vec<Lead>, StoreError>;
    async fn append_audit(&self, entry: AuditEntry) -> Result<(), StoreError>;
    /// One admin's audited writes, newest first (one partition).
    async fn audit_of_admin(&self, admin_id: i64, limit: u32) -> Result<Vec<AuditEntry>, StoreError>;
}

const ACCOUNT_COLUMNS: &str =
    "a.account_id, a.uuid, a.account_type, a.name, a.email, a.phone, a.phone_hidden, a.city_id,
     a.shop_category_id, a.registered_at, a.status, a.roles, a.lang, a.email_verified, a.address, a.password_hash,
     a.notification_preferences, s.store_id";

fn corrupt(what: &str) -> StoreError {
    StoreError::Corrupt(what.to_string())
}

fn json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(e.to_string()))
}

type RawAccount = (Account, String, String, String, bool, Option<String>, String, String, Option<i64>, String);

fn raw_account(r: &Row) -> rusqlite::Result<RawAccount> {
    let account_type: String = r.get(2)?;
    Ok((
        Account {
            account_id: r.get(0)?,
            uuid: r.get(1)?,
            account_type: AccountType::parse(&account_type).unwrap_or(AccountType::Private),
            name: r.get(3)?,
            email: r.get(4)?,
            phone: r.get(5)?,
            phone_hidden: r.get(6)?,
            city_id: r.get(7)?,
            shop_category_id: r.get(8)?,
            registered_at: r.get(9)?,
        },
        r.get(10)?,
        r.get(11)?,
        r.get(12)?,
        r.get(13)?,
        r.get(14)?,
        r.get(15)?,
        r.get(16)?,
        r.get(17)?,
        account_type,
    ))
}

fn cook(raw: RawAccount) -> Result<StoredAccount, StoreError> {
    let (account, status, roles, lang, email_verified, address, password_hash, preferences, store_id, account_type) =
        raw;
    if AccountType::parse(&account_type).is_none() {
        return Err(corrupt("account type"));
    }
    let role_names: Vec<String> = json(&roles)?;
    Ok(StoredAccount {
        account,
        status: AccountStatus::parse(&status).ok_or_else(|| corrupt("account status"))?,
        roles: role_names.iter().filter_map(|r| Role::parse(r)).collect(),
        lang: Lang::parse(&lang).unwrap_or_default(),
        email_verified,
        address,
        password_hash,
        preferences: json(&preferences)?,
        store_id,
    })
}

fn account_where(c: &Connection, clause: &str, key: &dyn rusqlite::ToSql) -> Result<Option<StoredAccount>, StoreError> {
    let sql = format!(
        "SELECT {ACCOUNT_COLUMNS} FROM accounts a LEFT JOIN stores s ON s.account_id = a.account_id WHERE {clause}"
    );
    let raw = c.query_row(&sql, [key], raw_account).optional()?;
    raw.map(cook).transpose()
}

fn conflict_or(e: rusqlite::Error) -> StoreError {
    match &e {
        rusqlite::Error::SqliteFailure(f, msg) if f.code == rusqlite::ErrorCode::ConstraintViolation => {
            StoreError::Conflict(msg.clone().unwrap_or_else(|| "unique".into()))
        }
        _ => StoreError::Sqlite(e),
    }
}

fn insert_account(c: &Connection, n: &NewAccount, explicit_id: bool) -> Result<i64, StoreError> {
    let a = &n.account;
    let roles: Vec<&str> = n.roles.iter().map(|r| r.as_str()).collect();
    c.execute(
        "INSERT INTO accounts (account_id, uuid, account_type, name, email, phone, phone_hidden, city_id, shop_category_id,
                               password_hash, registered_at, status, roles, lang)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        params![
            explicit_id.then_some(a.account_id),
            a.uuid,
            a.account_type.as_str(),
            a.name,
            a.email,
            a.phone,
            a.phone_hidden,
            a.city_id,
            a.shop_category_id,
            n.password_hash,
            a.registered_at,
            n.status.as_str(),
            to_json(&roles)?,
            n.lang.code()
        ],
    )
    .map_err(conflict_or)?;
    let id = c.last_insert_rowid();
    if a.account_type == AccountType::Shop {
        c.execute(
            "INSERT INTO stores (account_id, name, email, category_id, city_id, phones, start_date, expiry_date)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7 + 365 * 86400)",
            params![
                id,
                a.name,
                a.email,
                a.shop_category_id,
                a.city_id,
                to_json(&a.phone.iter().collect::<Vec<_>>())?,
                a.registered_at
            ],
        )?;
    }
    Ok(id)
}

fn store_row(r: &Row) -> rusqlite::Result<(StoredStore, String)> {
    Ok((
        StoredStore {
            store_id: r.get(0)?,
            account_id: r.get(1)?,
            name: r.get(2)?,
            email: r.get(3)?,
            category_id: r.get(4)?,
            website: r.get(5)?,
            description_long: r.get(6)?,
            description_short: r.get(7)?,
            phones: vec![],
            address: r.get(9)?,
            city_id: r.get(10)?,
            logo_key: r.get(11)?,
            plan: r.get(12)?,
            start_date: r.get(13)?,
            expiry_date: r.get(14)?,
            points_count: r.get(15)?,
            points_expiry: r.get(16)?,
            token_balance: r.get(17)?,
            membership_id: r.get(18)?,
            membership_name: r.get(19)?,
            is_verified_seller: r.get(20)?,
            offers_delivery: r.get(21)?,
        },
        r.get(8)?,
    ))
}

#[async_trait]
impl AccountStore for SqliteStore {
    async fn insert_accounts(&self, accounts: Vec<NewAccount>) -> Result<(), StoreError> {
        self.write(move |c| {
            for n in &accounts {
                insert_account(c, n, true)?;
            }
            Ok(())
        })
        .await
    }

    async fn count_accounts(&self) -> Result<u64, StoreError> {
        let n: i64 = self.read(|c| Ok(c.query_row("SELECT count(*) FROM accounts", [], |r| r.get(0))?)).await?;
        Ok(n.max(0) as u64)
    }

    async fn create_account(&self, new: NewAccount, shop: Option<NewShop>) -> Result<StoredAccount, StoreError> {
        self.write(move |c| create_account_in(c, &new, shop.as_ref())).await
    }

    async fn create_account_signed_in(
        &self,
        new: NewAccount,
        shop: Option<NewShop>,
        first: RefreshToken,
    ) -> Result<StoredAccount, StoreError> {
        self.write(move |c| {
            let account = create_account_in(c, &new, shop.as_ref())?;
            c.execute(
                "INSERT INTO refresh_tokens (token_hash, family_id, account_id, acting_admin_id, issued_at, expires_at)
                 VALUES (?1, ?2, ?3, NULL, ?4, ?5)",
                params![
                    first.token_hash,
                    first.family_id,
                    account.account.account_id,
                    first.issued_at,
                    first.expires_at
                ],
            )?;
            Ok(account)
        })
        .await
    }

    async fn find_account(&self, account_id: i64) -> Result<Option<StoredAccount>, StoreError> {
        self.read(move |c| account_where(c, "a.account_id = ?1", &account_id)).await
    }

    async fn find_account_by_phone(&self, phone: &str) -> Result<Option<StoredAccount>, StoreError> {
        let phone = phone.to_string();
        self.read(move |c| account_where(c, "a.phone = ?1", &phone)).await
    }

    async fn find_account_by_email(&self, email: &str) -> Result<Option<StoredAccount>, StoreError> {
        let email = email.to_string();
        self.read(move |c| account_where(c, "a.email = ?1", &email)).await
    }

    async fn update_account_info(
        &self,
        account_id: i64,
        name: String,
        city_id: CityId,
        address: Option<String>,
    ) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute(
                "UPDATE accounts SET name = ?2, city_id = ?3, address = ?4 WHERE account_id = ?1",
                params![account_id, name, city_id, address],
            )
            .map_err(conflict_or)?;
            Ok(())
        })
        .await
    }

    async fn set_password_hash(&self, account_id: i64, password_hash: String) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute(
                "UPDATE accounts SET password_hash = ?2 WHERE account_id = ?1",
                params![account_id, password_hash],
            )?;
            Ok(())
        })
        .await
    }

    async fn set_notification_preferences(
        &self,
        account_id: i64,
        p: NotificationPreferences,
    ) -> Result<(), StoreError> {
        let text = to_json(&p.normalized())?;
        self.write(move |c| {
            c.execute(
                "UPDATE accounts SET notification_preferences = ?2 WHERE account_id = ?1",
                params![account_id, text],
            )?;
            Ok(())
        })
        .await
    }

    async fn set_email_verified(&self, account_id: i64) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute("UPDATE accounts SET email_verified = 1 WHERE account_id = ?1", [account_id])?;
            Ok(())
        })
        .await
    }

    async fn set_account_status(&self, account_id: i64, status: AccountStatus) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute("UPDATE accounts SET status = ?2 WHERE account_id = ?1", params![account_id, status.as_str()])?;
            // A disabled seller's ads leave the listing index; they come back when re-enabled.
            crate::search::sync_account(c, account_id)?;
            Ok(())
        })
        .await
    }

    async fn set_account_type(&self, account_id: i64, account_type: AccountType) -> Result<(), StoreError> {
        self.write(move |c| {
            let kind = if account_type == AccountType::Shop { "shop" } else { "private" };
            c.execute("UPDATE accounts SET account_type = ?2 WHERE account_id = ?1", params![account_id, kind])?;
            // The listing index is kept by its writers, never by triggers (issue 30).
            crate::search::sync_account(c, account_id)?;
            Ok(())
        })
        .await
    }

    async fn set_verified_seller(&self, account_id: i64, verified: bool) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute(
                "UPDATE stores SET is_verified_seller = ?2 WHERE account_id = ?1",
                params![account_id, verified],
            )?;
            crate::search::sync_account(c, account_id)?;
            Ok(())
        })
        .await
    }

    async fn set_roles(&self, account_id: i64, roles: Vec<Role>) -> Result<(), StoreError> {
        let names: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
        let text = to_json(&names)?;
        self.write(move |c| {
            c.execute("UPDATE accounts SET roles = ?2 WHERE account_id = ?1", params![account_id, text])?;
            Ok(())
        })
        .await
    }

    async fn insert_refresh_token(&self, t: RefreshToken) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute(
                "INSERT INTO refresh_tokens (token_hash, family_id, account_id, acting_admin_id, issued_at, expires_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![t.token_hash, t.family_id, t.account_id, t.acting_admin_id, t.issued_at, t.expires_at],
            )?;
            Ok(())
        })
        .await
    }

    async fn rotate_refresh_token(
        &self,
        token_hash: String,
        now: i64,
        next: RefreshToken,
    ) -> Result<RotateOutcome, StoreError> {
        self.write(move |c| {
            let row = c
                .query_row(
                    "SELECT family_id, account_id, acting_admin_id, expires_at, rotated_at, revoked_at
                     FROM refresh_tokens WHERE token_hash = ?1",
                    [&token_hash],
                    |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, i64>(1)?,
                            r.get::<_, Option<i64>>(2)?,
                            r.get::<_, i64>(3)?,
                            r.get::<_, Option<i64>>(4)?,
                            r.get::<_, Option<i64>>(5)?,
                        ))
                    },
                )
                .optional()?;
            let Some((family_id, account_id, acting_admin_id, expires_at, rotated_at, revoked_at)) = row else {
                return Ok(RotateOutcome::Refused);
            };
            if revoked_at.is_some() {
                return Ok(RotateOutcome::Refused);
            }
            if rotated_at.is_some() {
                c.execute(
                    "UPDATE refresh_tokens SET revoked_at = ?2 WHERE family_id = ?1 AND revoked_at IS NULL",
                    params![family_id, now],
                )?;
                return Ok(RotateOutcome::Reused { family_id });
            }
            if expires_at <= now {
                return Ok(RotateOutcome::Refused);
            }
            c.execute("UPDATE refresh_tokens SET rotated_at = ?2 WHERE token_hash = ?1", params![token_hash, now])?;
            // An admin's acting session never outlives its first token.
            let expires = if acting_admin_id.is_some() { expires_at } else { next.expires_at };
            c.execute(
                "INSERT INTO refresh_tokens (token_hash, family_id, account_id, acting_admin_id, issued_at, expires_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![next.token_hash, family_id, account_id, acting_admin_id, next.issued_at, expires],
            )?;
            Ok(RotateOutcome::Rotated { account_id, acting_admin_id, family_id })
        })
        .await
    }

    async fn revoke_refresh_family_of(&self, token_hash: String, now: i64) -> Result<Option<String>, StoreError> {
        self.write(move |c| {
            let family: Option<String> = c
                .query_row("SELECT family_id FROM refresh_tokens WHERE token_hash = ?1", [&token_hash], |r| r.get(0))
                .optional()?;
            let Some(family) = family else { return Ok(None) };
            c.execute(
                "UPDATE refresh_tokens SET revoked_at = ?2 WHERE family_id = ?1 AND revoked_at IS NULL",
                params![family, now],
            )?;
            Ok(Some(family))
        })
        .await
    }

    async fn revoke_refresh_family(&self, family_id: String, now: i64) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute(
                "UPDATE refresh_tokens SET revoked_at = ?2 WHERE family_id = ?1 AND revoked_at IS NULL",
                params![family_id, now],
            )?;
            Ok(())
        })
        .await
    }

    async fn revoke_refresh_tokens_of(
        &self,
        account_id: i64,
        now: i64,
        keep_family: Option<String>,
    ) -> Result<Vec<String>, StoreError> {
        self.write(move |c| {
            let keep = keep_family.unwrap_or_default();
            let mut families = c.prepare(
                "SELECT DISTINCT family_id FROM refresh_tokens
                 WHERE account_id = ?1 AND revoked_at IS NULL AND family_id <> ?2",
            )?;
            let families = families
                .query_map(params![account_id, keep], |r| r.get::<_, String>(0))?
                .collect::<Result<Vec<_>, _>>()?;
            c.execute(
                "UPDATE refresh_tokens SET revoked_at = ?2
                 WHERE account_id = ?1 AND revoked_at IS NULL AND family_id <> ?3",
                params![account_id, now, keep],
            )?;
            Ok(families)
        })
        .await
    }

    async fn insert_session_revocations(&self, revocations: Vec<SessionRevocation>) -> Result<(), StoreError> {
        self.write(move |c| {
            let mut insert = c.prepare_cached(
                "INSERT INTO session_revocations (subject, issued_before, expires_at, created_at)
                 VALUES (?1, ?2, ?3, unixepoch())
                 ON CONFLICT (subject) DO UPDATE SET
                     issued_before = max(issued_before, excluded.issued_before),
                     expires_at = max(expires_at, excluded.expires_at),
                     created_at = excluded.created_at",
            )?;
            for r in &revocations {
                insert.execute(params![r.subject, r.issued_before, r.expires_at])?;
            }
            Ok(())
        })
        .await
    }

    async fn session_revocations_of(
        &self,
        subjects: Vec<String>,
        now: i64,
    ) -> Result<Vec<SessionRevocation>, StoreError> {
        self.read(move |c| {
            let mut select = c.prepare_cached(
                "SELECT subject, issued_before, expires_at FROM session_revocations WHERE subject = ?1 AND expires_at > ?2",
            )?;
            let mut found = Vec::new();
            for subject in &subjects {
                found.extend(select.query_row(params![subject, now], revocation_row).optional()?);
            }
            Ok(found)
        })
        .await
    }

    async fn session_revocations_since(&self, since: i64, now: i64) -> Result<Vec<SessionRevocation>, StoreError> {
        self.read(move |c| {
            let mut select = c.prepare_cached(
                "SELECT subject, issued_before, expires_at FROM session_revocations
                 WHERE created_at >= ?1 AND expires_at > ?2",
            )?;
            let rows = select.query_map([since, now], revocation_row)?.collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
        .await
    }

    async fn live_session_revocations(&self, now: i64) -> Result<Vec<SessionRevocation>, StoreError> {
        self.read(move |c| {
            let mut select = c.prepare_cached(
                "SELECT subject, issued_before, expires_at FROM session_revocations WHERE expires_at > ?1",
            )?;
            let rows = select.query_map([now], revocation_row)?.collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
        .await
    }

    async fn find_store(&self, store_id: i64) -> Result<Option<StoredStore>, StoreError> {
        self.read(move |c| {
            let row = c
                .query_row(
                    // Points and tokens are their ledgers' sums (storage/src/payments.rs), never a field.
                    "SELECT store_id, s.account_id, name, email, category_id, website, description_long, description_short,
                            phones, address, city_id, logo_key, plan, start_date, expiry_date,
                            (SELECT coalesce(sum(delta), 0) FROM balance_entries b
                              WHERE b.account_id = s.account_id AND b.balance = 'points'),
                            (SELECT max(expires_at) FROM balance_entries b
                              WHERE b.account_id = s.account_id AND b.balance = 'points'),
                            (SELECT coalesce(sum(delta), 0) FROM balance_entries b
                              WHERE b.account_id = s.account_id AND b.balance = 'tokens'),
                            membership_id, membership_name, is_verified_seller, offers_delivery
                     FROM stores s WHERE store_id = ?1",
                    [store_id],
                    store_row,
                )
                .optional()?;
            row.map(|(mut s, phones)| {
                s.phones = json(&phones)?;
                Ok(s)
            })
            .transpose()
        })
        .await
    }

    async fn update_store(&self, store_id: i64, e: StoreEdit) -> Result<(), StoreError> {
        let phones = to_json(&e.phones)?;
        self.write(move |c| {
            c.execute(
                "UPDATE stores SET name = ?2, category_id = ?3, description_long = ?4, description_short = ?5, phones = ?6,
                                   address = ?7, website = ?8 WHERE store_id = ?1",
                params![
                    store_id,
                    e.name,
                    e.category_id,
                    e.description_long,
                    e.description_short,
                    phones,
                    e.address,
                    e.website
                ],
            )?;
            Ok(())
        })
        .await
    }

    async fn set_store_logo(&self, store_id: i64, logo_key: String) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute("UPDATE stores SET logo_key = ?2 WHERE store_id = ?1", params![store_id, logo_key])?;
            Ok(())
        })
        .await
    }

    async fn find_social_identity(&self, provider: &str, subject: &str) -> Result<Option<i64>, StoreError> {
        let (provider, subject) = (provider.to_string(), subject.to_string());
        self.read(move |c| {
            Ok(c.query_row(
                "SELECT account_id FROM social_identities WHERE provider = ?1 AND subject = ?2",
                params![provider, subject],
                |r| r.get(0),
            )
            .optional()?)
        })
        .await
    }

    async fn link_social_identity(
        &self,
        provider: &str,
        subject: &str,
        account_id: i64,
        now: i64,
    ) -> Result<(), StoreError> {
        let (provider, subject) = (provider.to_string(), subject.to_string());
        self.write(move |c| {
            c.execute(
                "INSERT INTO social_identities (provider, subject, account_id, linked_at) VALUES (?1, ?2, ?3, ?4)",
                params![provider, subject, account_id, now],
            )
            .map_err(conflict_or)?;
            Ok(())
        })
        .await
    }

    async fn leads_to_call(&self, limit: u32) -> Result<Vec<Lead>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare(
                "SELECT lead_id, account_id, name, phone, email, plan, category_id, created_at, call_before
                 FROM leads WHERE called_at IS NULL ORDER BY call_before LIMIT ?1",
            )?;
            let rows = st.query_map([limit], |r| {
                Ok(Lead {
                    lead_id: r.get(0)?,
                    account_id: r.get(1)?,
                    name: r.get(2)?,
                    phone: r.get(3)?,
                    email: r.get(4)?,
                    plan: r.get(5)?,
                    category_id: r.get(6)?,
                    created_at: r.get(7)?,
                    call_before: r.get(8)?,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn append_audit(&self, e: AuditEntry) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute(
                "INSERT INTO audit_log (admin_id, id, account_id, at, operation, detail)
                 VALUES (?1, (SELECT coalesce(max(id), 0) + 1 FROM audit_log WHERE admin_id = ?1), ?2, ?3, ?4, ?5)",
                params![e.admin_id, e.account_id, e.at, e.operation, e.detail],
            )?;
            Ok(())
        })
        .await
    }

    async fn audit_of_admin(&self, admin_id: i64, limit: u32) -> Result<Vec<AuditEntry>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare(
                "SELECT admin_id, account_id, at, operation, detail FROM audit_log WHERE admin_id = ?1
                 ORDER BY id DESC LIMIT ?2",
            )?;
            let rows = st.query_map(params![admin_id, limit], |r| {
                Ok(AuditEntry {
                    admin_id: r.get(0)?,
                    account_id: r.get(1)?,
                    at: r.get(2)?,
                    operation: r.get(3)?,
                    detail: r.get(4)?,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }
}

fn revocation_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<SessionRevocation> {
    Ok(SessionRevocation { subject: r.get(0)?, issued_before: r.get(1)?, expires_at: r.get(2)? })
}

/// The account, its shop and its lead, within the caller's transaction.
fn create_account_in(
    c: &rusqlite::Connection,
    new: &NewAccount,
    shop: Option<&NewShop>,
) -> Result<StoredAccount, StoreError> {
    let id = insert_account(c, new, false)?;
    if let Some(shop) = shop {
        let a = &new.account;
        c.execute("UPDATE stores SET plan = ?2 WHERE account_id = ?1", params![id, shop.plan])?;
        c.execute(
            "INSERT INTO leads (account_id, name, phone, email, plan, category_id, created_at, call_before)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![id, a.name, a.phone, a.email, shop.plan, a.shop_category_id, a.registered_at, shop.call_before],
        )?;
    }
    account_where(c, "a.account_id = ?1", &id)?.ok_or_else(|| corrupt("account just created"))
}
