//! The GraphQL types of accounts and shops: the account, its session tokens, payloads, the
//! shop's info and profile, leads and audit lines, and the inputs of sign-up and profile
//! edits — what the resolvers of `accounts/mod.rs` answer and take.

use async_graphql::{InputObject, SimpleObject};
use souk_domain::account::NotificationPreferences;
use souk_services::accounts::service::Session;

/// A phone number and whether the seller hides it.
#[derive(SimpleObject)]
pub struct PhoneNode {
    pub number: Option<String>,
    pub is_hidden: bool,
}

#[derive(SimpleObject)]
pub struct CityRef {
    pub id: u32,
    pub name: String,
    pub tracking_value: String,
}

#[derive(SimpleObject)]
pub struct LocationNode {
    pub city: Option<CityRef>,
    pub address: Option<String>,
}

/// Spec §3 Account, with the roles and session facts the profile state needs.
#[derive(SimpleObject)]
pub struct AccountInfo {
    pub id: i64,
    pub uu_id: String,
    pub name: String,
    pub email: Option<String>,
    pub phone: PhoneNode,
    pub location: LocationNode,
    pub registered_at: i64,
    #[graphql(name = "type")]
    pub kind: String,
    pub roles: Vec<String>,
    pub is_admin: bool,
    pub store_id: Option<i64>,
    pub email_verified: bool,
}

/// Tokens of a session.
#[derive(SimpleObject)]
pub struct TokenPair {
    pub access_token: String,
    pub refresh_token: String,
    pub expires_in: i64,
    pub token_type: String,
}

impl From<&Session> for TokenPair {
    fn from(s: &Session) -> Self {
        TokenPair {
            access_token: s.access_token.clone(),
            refresh_token: s.refresh_token.clone(),
            expires_in: s.expires_in,
            token_type: "Bearer".into(),
        }
    }
}

/// `registerAccount` → `login.accessToken` and `info`.
#[derive(SimpleObject)]
pub struct RegisterPayload {
    pub login: TokenPair,
    pub info: AccountInfo,
}

/// `login(email, password)` → token, tokenType, expiresIn, accountId, uuId.
#[derive(SimpleObject)]
pub struct LoginPayload {
    pub token: String,
    pub token_type: String,
    pub expires_in: i64,
    pub account_id: i64,
    pub uu_id: String,
    pub refresh_token: String,
}

/// An HTTP-like result code the spec asks for (201 created, 204 no content, 200).
#[derive(SimpleObject)]
pub struct CodePayload {
    pub code: u16,
}

#[derive(SimpleObject)]
pub struct EmailPayload {
    pub email: String,
}

#[derive(SimpleObject)]
pub struct PhonePayload {
    pub phone: String,
}

#[derive(SimpleObject)]
pub struct ActivationCodePayload {
    pub is_valid: bool,
}

#[derive(SimpleObject)]
pub struct AccountExistence {
    pub does_account_exist: bool,
}

#[derive(SimpleObject)]
pub struct NotificationSettings {
    pub ad_notifications_enabled: bool,
    pub vas_notifications_enabled: bool,
    pub payment_notifications_enabled: bool,
    pub newsletter_notifications_enabled: bool,
    pub chat_notifications_enabled: bool,
}

impl From<NotificationPreferences> for NotificationSettings {
    fn from(p: NotificationPreferences) -> Self {
        NotificationSettings {
            ad_notifications_enabled: p.ad_notifications_enabled,
            vas_notifications_enabled: p.vas_notifications_enabled,
            payment_notifications_enabled: p.payment_notifications_enabled,
            newsletter_notifications_enabled: p.newsletter_notifications_enabled,
            chat_notifications_enabled: p.chat_notifications_enabled,
        }
    }
}

#[derive(SimpleObject)]
pub struct NotificationPreferencesPayload {
    pub settings: NotificationSettings,
}

#[derive(SimpleObject)]
pub struct NotificationChannel {
    pub name: String,
    pub status: String,
}

/// The banner of an admin acting as a user, and the session's end.
#[derive(SimpleObject)]
pub struct SessionInfo {
    pub expires_at: i64,
    pub acting_admin_id: Option<i64>,
    pub acting_admin_name: Option<String>,
}

/// Spec §3 User profile state.
#[derive(SimpleObject)]
pub struct CurrentUser {
    pub user_id: i64,
    pub name: String,
    pub email: Option<String>,
    #[graphql(name = "type")]
    pub kind: String,
    pub role: Vec<String>,
    pub is_admin: bool,
    pub allowed_access: Vec<String>,
    pub phone: Option<String>,
    pub location: LocationNode,
    pub shop_info: Option<StoreInfo>,
    pub session: SessionInfo,
}

#[derive(SimpleObject)]
pub struct Points {
    pub count: i64,
    pub expiry_date: Option<i64>,
}

#[derive(SimpleObject)]
pub struct Membership {
    pub id: i64,
    pub name: String,
}

#[derive(SimpleObject)]
pub struct Descriptions {
    pub long: String,
    pub short: String,
}

/// Spec §3 Store info.
#[derive(SimpleObject)]
pub struct StoreInfo {
    pub store_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub category: Option<u32>,
    pub website: Option<String>,
    pub description: Descriptions,
    pub phones: Vec<String>,
    pub locations: Vec<String>,
    pub logo: Option<String>,
    pub start_date: i64,
    pub expiry_date: i64,
    pub points: Points,
    pub token_balance: i64,
    pub offers_delivery: bool,
    pub membership: Membership,
    pub is_verified_seller: bool,
    pub plan: String,
}

/// The older shop profile shape (spec §3).
#[derive(SimpleObject)]
pub struct ShopProfile {
    pub store_id: i64,
    pub email: Option<String>,
    pub name: String,
    pub desc: String,
    pub short_desc: String,
    pub category: Option<u32>,
    pub image_logo: Option<String>,
    pub address: String,
    pub offers_delivery: bool,
    pub phone1: Option<String>,
    pub phone2: Option<String>,
    pub phone3: Option<String>,
    pub store_url: Option<String>,
    pub store_points: i64,
    pub store_points_expiry: Option<i64>,
    pub store_start_date: i64,
    pub store_end_date: i64,
}

#[derive(SimpleObject)]
pub struct LeadNode {
    pub lead_id: i64,
    pub account_id: Option<i64>,
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub plan: Option<String>,
    pub category_id: Option<u32>,
    pub created_at: i64,
    pub call_before: i64,
}

#[derive(SimpleObject)]
pub struct AuditNode {
    pub account_id: i64,
    pub at: i64,
    pub operation: String,
}

#[derive(InputObject)]
pub struct RegisterAccountInput {
    /// `private` or `shop`.
    #[graphql(name = "type")]
    pub kind: String,
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub city_id: Option<u32>,
    pub password: String,
    pub password_confirmation: Option<String>,
    pub shop_category: Option<u32>,
    pub plan: Option<String>,
}

#[derive(InputObject)]
pub struct LocationInput {
    pub city_id: Option<u32>,
    pub address: Option<String>,
}

#[derive(InputObject)]
pub struct AccountInfoInput {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub location: Option<LocationInput>,
    pub email: Option<String>,
}

#[derive(InputObject)]
pub struct EmailInput {
    pub email: String,
}

#[derive(InputObject)]
pub struct PhoneInput {
    pub phone: String,
}

#[derive(InputObject)]
pub struct ActivationCodeInput {
    pub phone: String,
    pub code: String,
}

#[derive(InputObject)]
pub struct ResetPasswordInput {
    pub token: Option<String>,
    pub phone: Option<String>,
    pub code: Option<String>,
    pub password: String,
    pub password_confirmation: Option<String>,
}

#[derive(InputObject)]
pub struct VerifyEmailInput {
    pub code: String,
}

#[derive(InputObject)]
pub struct NotificationPreferencesInput {
    pub ad_notifications_enabled: bool,
    pub vas_notifications_enabled: bool,
    pub payment_notifications_enabled: bool,
    pub newsletter_notifications_enabled: bool,
    /// Sent as true by the client; chat notifications cannot be turned off.
    pub chat_notifications_enabled: Option<bool>,
}
