//! GraphQL operations of accounts and shops (spec §7): sign-up, sign-in, sessions, profile,
//! passwords, notification preferences, one-time codes, recovery, shops, and the admin's
//! acting-as and audit. Each resolver reads the caller, makes one account-service call and
//! maps the result; the service checks who may do what.
//!
//! Split by concern: `types.rs` (the GraphQL types), `mapping.rs` (service values to types),
//! and here the resolvers (with the session cookie they set).

mod mapping;
mod types;

use super::request::req;
use crate::session_cookie;
use crate::state::AppState;
use async_graphql::{Context, Object, Result};
use mapping::*;
use souk_domain::account::{AccountType, NotificationPreferences};
use souk_domain::limits;
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_services::accounts::service::{AccountInfoUpdate, PasswordReset, Registration, Session, ShopProfileEdit};
use souk_services::accounts::social::SocialProvider;
pub use types::*;

/// A session's tokens as answered to this request: in the web client's cookie mode
/// (`X-Souk-Session: cookie`) the refresh token goes into the HttpOnly cookie and the body's
/// `refreshToken` is empty; any other client gets it in the body, as the spec says.
fn deliver(ctx: &Context<'_>, s: &Session) -> TokenPair {
    let r = req(ctx);
    let mut pair = TokenPair::from(s);
    if r.ctx.is_some_and(|c| c.cookie_session) {
        let cookie = session_cookie::set(&s.refresh_token, s.refresh_expires_in, secure(r.state));
        ctx.append_http_header("Set-Cookie", cookie);
        pair.refresh_token = String::new();
    }
    pair
}

fn secure(state: &AppState) -> bool {
    session_cookie::secure_for(&state.settings.auth.public_base_url)
}

#[derive(Default)]
pub struct AccountQuery;

#[Object]
impl AccountQuery {
    /// The caller's account (spec §3 Account).
    async fn get_my_account_info(&self, ctx: &Context<'_>) -> Result<AccountInfo> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let a = r.state.accounts.my_account(&caller).await.map_err(|e| r.err(e))?;
        Ok(account_info(&a, r.state, r.lang))
    }

    /// The user behind the token (spec §3 User profile state), with the session's end and
    /// the acting admin for the banner.
    async fn get_current_user(&self, ctx: &Context<'_>) -> Result<CurrentUser> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let a = r.state.accounts.my_account(&caller).await.map_err(|e| r.err(e))?;
        let shop_info = match a.store_id {
            Some(id) => Some(store_info(r.state.accounts.my_store(&caller, id).await.map_err(|e| r.err(e))?, r.state)),
            None => None,
        };
        let acting_admin_name = r.state.accounts.acting_admin_name(&caller).await.map_err(|e| r.err(e))?;
        let info = account_info(&a, r.state, r.lang);
        Ok(CurrentUser {
            user_id: info.id,
            name: info.name,
            email: info.email,
            kind: info.kind,
            role: info.roles,
            is_admin: info.is_admin,
            allowed_access: caller.claims.allowed_access.clone(),
            phone: info.phone.number,
            location: info.location,
            shop_info,
            session: SessionInfo {
                expires_at: caller.claims.exp,
                acting_admin_id: caller.claims.act,
                acting_admin_name,
            },
        })
    }

    /// `getMyStoreInfo(storeId)`: the caller's own shop.
    async fn get_my_store_info(&self, ctx: &Context<'_>, store_id: i64) -> Result<StoreInfo> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let s = r.state.accounts.my_store(&caller, store_id).await.map_err(|e| r.err(e))?;
        Ok(store_info(s, r.state))
    }

    /// `getShopProfile(storeId)`: the caller's own shop, older shape.
    async fn get_shop_profile(&self, ctx: &Context<'_>, store_id: i64) -> Result<ShopProfile> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let s = r.state.accounts.my_store(&caller, store_id).await.map_err(|e| r.err(e))?;
        let phone = |i: usize| s.phones.get(i).cloned();
        Ok(ShopProfile {
            store_id: s.store_id,
            email: s.email.clone(),
            name: s.name.clone(),
            desc: s.description_long.clone(),
            short_desc: s.description_short.clone(),
            category: s.category_id,
            image_logo: s.logo_key.as_deref().map(|k| r.state.media.public_path(k)),
            address: s.address.clone(),
            offers_delivery: s.offers_delivery,
            phone1: phone(0),
            phone2: phone(1),
            phone3: phone(2),
            store_url: s.website.clone(),
            store_points: s.points_count,
            store_points_expiry: s.points_expiry,
            store_start_date: s.start_date,
            store_end_date: s.expiry_date,
        })
    }

    /// `checkActivationCode(input)` → `isValid`. A right code is used up.
    async fn check_activation_code(
        &self,
        ctx: &Context<'_>,
        input: ActivationCodeInput,
    ) -> Result<ActivationCodePayload> {
        let r = req(ctx);
        let is_valid = r.state.accounts.check_activation_code(&input.phone, &input.code).await.map_err(|e| r.err(e))?;
        Ok(ActivationCodePayload { is_valid })
    }

    /// `getUserNotificationPreferences` → `settings`.
    async fn get_user_notification_preferences(&self, ctx: &Context<'_>) -> Result<NotificationPreferencesPayload> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let p = r.state.accounts.preferences(&caller).await.map_err(|e| r.err(e))?;
        Ok(NotificationPreferencesPayload { settings: p.into() })
    }

    /// `getUserNotificationChannel(channelName: "email")` → name, status.
    async fn get_user_notification_channel(
        &self,
        ctx: &Context<'_>,
        channel_name: String,
    ) -> Result<NotificationChannel> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (name, status) =
            r.state.accounts.notification_channel(&caller, &channel_name).await.map_err(|e| r.err(e))?;
        Ok(NotificationChannel { name, status })
    }

    /// `checkAccountExistance(phone)` → `doesAccountExist`.
    async fn check_account_existance(&self, ctx: &Context<'_>, phone: String) -> Result<AccountExistence> {
        let r = req(ctx);
        r.limit(&limits::ACCOUNT_LOOKUPS_PER_ADDRESS, &r.address()).await?;
        let does_account_exist = r.state.accounts.account_exists(&phone).await.map_err(|e| r.err(e))?;
        Ok(AccountExistence { does_account_exist })
    }

    /// Whether a phone or e-mail already has an account (sign-in screen).
    async fn check_user_exists(&self, ctx: &Context<'_>, identifier: String) -> Result<AccountExistence> {
        let r = req(ctx);
        r.limit(&limits::ACCOUNT_LOOKUPS_PER_ADDRESS, &r.address()).await?;
        let does_account_exist = r.state.accounts.identifier_exists(&identifier).await.map_err(|e| r.err(e))?;
        Ok(AccountExistence { does_account_exist })
    }

    /// Admin: shop sign-ups a sales agent must call, most urgent first.
    async fn get_shop_leads(&self, ctx: &Context<'_>, limit: Option<u32>) -> Result<Vec<LeadNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let leads = r.state.accounts.leads(&caller, limit.unwrap_or(50)).await.map_err(|e| r.err(e))?;
        Ok(leads
            .into_iter()
            .map(|l| LeadNode {
                lead_id: l.lead_id,
                account_id: l.account_id,
                name: l.name,
                phone: l.phone,
                email: l.email,
                plan: l.plan,
                category_id: l.category_id,
                created_at: l.created_at,
                call_before: l.call_before,
            })
            .collect())
    }

    /// Admin: the writes the caller made while acting as users, newest first.
    async fn get_my_audit_log(&self, ctx: &Context<'_>, limit: Option<u32>) -> Result<Vec<AuditNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let entries = r.state.accounts.audit_log(&caller, limit.unwrap_or(50)).await.map_err(|e| r.err(e))?;
        Ok(entries
            .into_iter()
            .map(|e| AuditNode { account_id: e.account_id, at: e.at, operation: e.operation })
            .collect())
    }
}

#[derive(Default)]
pub struct AccountMutation;

#[Object]
impl AccountMutation {
    /// `registerAccount(input)` → `login { accessToken }` and `info`.
    async fn register_account(&self, ctx: &Context<'_>, input: RegisterAccountInput) -> Result<RegisterPayload> {
        let r = req(ctx);
        let account_type = AccountType::parse(&input.kind)
            .ok_or_else(|| r.err(SoukError::with_detail(ErrorCode::InvalidArgument, "type: private or shop")))?;
        let registration = Registration {
            account_type: Some(account_type),
            name: input.name,
            phone: input.phone,
            email: input.email,
            city_id: input.city_id,
            password: input.password,
            confirmation: input.password_confirmation,
            shop_category_id: input.shop_category,
            plan: input.plan,
        };
        let session = r.state.accounts.register(registration, r.lang).await.map_err(|e| r.err(e))?;
        Ok(RegisterPayload { login: deliver(ctx, &session), info: account_info(&session.account, r.state, r.lang) })
    }

    /// `login(email, password)` → token, tokenType, expiresIn, accountId, uuId.
    async fn login(&self, ctx: &Context<'_>, email: String, password: String) -> Result<LoginPayload> {
        let r = req(ctx);
        let s = r.state.accounts.login(&email, &password, &r.address(), r.visitor().0).await.map_err(|e| r.err(e))?;
        Ok(LoginPayload {
            token: s.access_token,
            token_type: "Bearer".into(),
            expires_in: s.expires_in,
            account_id: s.account.account.account_id,
            uu_id: s.account.account.uuid,
            refresh_token: s.refresh_token,
        })
    }

    /// `loginByEmail(email, password)` → accessToken.
    async fn login_by_email(&self, ctx: &Context<'_>, email: String, password: String) -> Result<TokenPair> {
        let r = req(ctx);
        let s = r.state.accounts.login(&email, &password, &r.address(), r.visitor().0).await.map_err(|e| r.err(e))?;
        Ok(deliver(ctx, &s))
    }

    /// `loginByIdentifier(identifier = phone or e-mail, password)` → accessToken, refreshToken.
    async fn login_by_identifier(&self, ctx: &Context<'_>, identifier: String, password: String) -> Result<TokenPair> {
        let r = req(ctx);
        let s =
            r.state.accounts.login(&identifier, &password, &r.address(), r.visitor().0).await.map_err(|e| r.err(e))?;
        Ok(deliver(ctx, &s))
    }

    /// A new access token for a refresh token; the refresh token is rotated. The web client
    /// sends none: its refresh token is the HttpOnly cookie (docs/security.md), which a refused
    /// refresh removes.
    async fn refresh_access_token(&self, ctx: &Context<'_>, refresh_token: Option<String>) -> Result<TokenPair> {
        let r = req(ctx);
        let given = refresh_token.filter(|t| !t.is_empty());
        let token = given.or_else(|| r.ctx.and_then(|c| c.refresh_cookie.clone()));
        let Some(token) = token else {
            return Err(r.err(SoukError::with_detail(ErrorCode::SessionExpired, "no refresh token")));
        };
        match r.state.accounts.refresh(&token).await {
            Ok(s) => Ok(deliver(ctx, &s)),
            Err(e) => {
                if r.ctx.is_some_and(|c| c.cookie_session) {
                    ctx.append_http_header("Set-Cookie", session_cookie::clear(secure(r.state)));
                }
                Err(r.err(e))
            }
        }
    }

    /// `loginWithGoogle(token)`: a Google ID token checked against the configured keys.
    async fn login_with_google(&self, ctx: &Context<'_>, token: String) -> Result<TokenPair> {
        social(ctx, SocialProvider::Google, &token).await
    }

    /// `loginByFacebook(token)`: a Facebook (Limited Login) ID token checked against the configured keys.
    async fn login_by_facebook(&self, ctx: &Context<'_>, token: String) -> Result<TokenPair> {
        social(ctx, SocialProvider::Facebook, &token).await
    }

    /// `logoutUser(token)`: ends the session of that token.
    async fn logout_user(&self, ctx: &Context<'_>, token: String) -> Result<bool> {
        let r = req(ctx);
        r.state.accounts.logout_token(&token).await.map_err(|e| r.err(e))?;
        Ok(true)
    }

    /// `logout`: ends the caller's session (and the refresh family when given, or the one of
    /// the refresh cookie, which goes).
    async fn logout(&self, ctx: &Context<'_>, refresh_token: Option<String>) -> Result<bool> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let cookie = r.ctx.and_then(|c| c.refresh_cookie.clone());
        let refresh = refresh_token.filter(|t| !t.is_empty()).or(cookie);
        r.state.accounts.logout(&caller, refresh.as_deref()).await.map_err(|e| r.err(e))?;
        if r.ctx.is_some_and(|c| c.cookie_session || c.refresh_cookie.is_some()) {
            ctx.append_http_header("Set-Cookie", session_cookie::clear(secure(r.state)));
        }
        Ok(true)
    }

    /// `updateMyAccountInfo(input: name, phone, location, email)`.
    async fn update_my_account_info(&self, ctx: &Context<'_>, input: AccountInfoInput) -> Result<AccountInfo> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let update = AccountInfoUpdate {
            name: input.name,
            phone: input.phone,
            email: input.email,
            city_id: input.location.as_ref().and_then(|l| l.city_id),
            address: input.location.and_then(|l| l.address),
        };
        let a = r.state.accounts.update_my_account(&caller, update).await.map_err(|e| r.err(e))?;
        Ok(account_info(&a, r.state, r.lang))
    }

    /// `editUserPassword(userId, currentPassword, password, accountType)` → 201 (shop) or 204 (private).
    async fn edit_user_password(
        &self,
        ctx: &Context<'_>,
        user_id: i64,
        current_password: String,
        password: String,
        account_type: Option<String>,
    ) -> Result<CodePayload> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let kind = match account_type.as_deref() {
            None => None,
            Some(t) => Some(
                AccountType::parse(t)
                    .ok_or_else(|| r.err(SoukError::with_detail(ErrorCode::InvalidArgument, "accountType")))?,
            ),
        };
        // Wrong current passwords are limited per account: a stolen access token cannot guess.
        // The last one allowed ends every session of the account (SESSION_EXPIRED).
        let limit = &limits::PASSWORD_CHECKS_PER_ACCOUNT;
        let subject = caller.account_id().to_string();
        r.state.limits.check(limit, &subject).await.map_err(|e| r.err(e))?;
        let edited = r.state.accounts.edit_password(&caller, user_id, &current_password, &password, kind).await;
        if matches!(&edited, Err(e) if e.code == ErrorCode::WrongCurrentPassword)
            && r.state.limits.count(limit, &subject).await >= limit.max
        {
            r.state.accounts.end_every_session(&caller).await.map_err(|e| r.err(e))?;
            let detail = format!("{} wrong current passwords: every session revoked", limit.max);
            return Err(r.err(SoukError::with_detail(ErrorCode::SessionExpired, detail)));
        }
        let code = edited.map_err(|e| r.err(e))?;
        Ok(CodePayload { code })
    }

    /// `editShopProfile(userId, address, shopCategory, shopDescription, shopName, phone1-3,
    /// shortDescription, shopUrl)` → 201.
    #[allow(clippy::too_many_arguments)]
    async fn edit_shop_profile(
        &self,
        ctx: &Context<'_>,
        user_id: i64,
        address: Option<String>,
        shop_category: u32,
        shop_description: Option<String>,
        shop_name: String,
        phone1: String,
        #[graphql(default)] phone2: String,
        #[graphql(default)] phone3: String,
        short_description: Option<String>,
        shop_url: Option<String>,
    ) -> Result<CodePayload> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let edit = ShopProfileEdit {
            user_id,
            shop_name,
            shop_category,
            shop_description: shop_description.unwrap_or_default(),
            short_description: short_description.unwrap_or_default(),
            address: address.unwrap_or_default(),
            phones: vec![phone1, phone2, phone3],
            shop_url,
        };
        let code = r.state.accounts.edit_shop_profile(&caller, edit).await.map_err(|e| r.err(e))?;
        Ok(CodePayload { code })
    }

    /// `requestAccountRecovery(input: email)` → email (the same answer whether or not the
    /// address has an account).
    async fn request_account_recovery(&self, ctx: &Context<'_>, input: EmailInput) -> Result<EmailPayload> {
        let r = req(ctx);
        let email = r.state.accounts.request_recovery_by_email(&input.email).await.map_err(|e| r.err(e))?;
        Ok(EmailPayload { email })
    }

    /// `requestAccountRecoveryByPhone(input: phone)` → phone.
    async fn request_account_recovery_by_phone(&self, ctx: &Context<'_>, input: PhoneInput) -> Result<PhonePayload> {
        let r = req(ctx);
        let phone = r.state.accounts.request_recovery_by_phone(&input.phone).await.map_err(|e| r.err(e))?;
        Ok(PhonePayload { phone })
    }

    /// `requestSignInCode(input: phone)` → phone: a code that signs in with `loginWithCode`,
    /// also while password sign-ins wait (docs/security.md); limited as phone codes are.
    async fn request_sign_in_code(&self, ctx: &Context<'_>, input: PhoneInput) -> Result<PhonePayload> {
        let r = req(ctx);
        r.limit(&limits::PHONE_CODES_PER_ADDRESS, &r.address()).await?;
        r.limit(&limits::PHONE_CODES_PER_PREFIX, &limits::phone_prefix(&input.phone)).await?;
        r.limit(&limits::PHONE_CODES_PER_DAY, "all").await?;
        let phone = r.state.accounts.request_sign_in_code(&input.phone).await.map_err(|e| r.err(e))?;
        Ok(PhonePayload { phone })
    }

    /// `loginWithCode(phone, code)` → accessToken, refreshToken: the code of `requestSignInCode`.
    async fn login_with_code(&self, ctx: &Context<'_>, phone: String, code: String) -> Result<TokenPair> {
        let r = req(ctx);
        let s = r.state.accounts.login_with_code(&phone, &code, r.visitor().0).await.map_err(|e| r.err(e))?;
        Ok(deliver(ctx, &s))
    }

    /// `requestPhoneVerification(input: phone)` → phone; a resend waits for the countdown.
    async fn request_phone_verification(&self, ctx: &Context<'_>, input: PhoneInput) -> Result<PhonePayload> {
        let r = req(ctx);
        // Against SMS pumping: per address, per number range, and a daily budget.
        r.limit(&limits::PHONE_CODES_PER_ADDRESS, &r.address()).await?;
        r.limit(&limits::PHONE_CODES_PER_PREFIX, &limits::phone_prefix(&input.phone)).await?;
        r.limit(&limits::PHONE_CODES_PER_DAY, "all").await?;
        let phone = r.state.accounts.request_phone_verification(&input.phone, r.lang).await.map_err(|e| r.err(e))?;
        Ok(PhonePayload { phone })
    }

    /// `resetMyPassword(input)` → code: with the e-mailed link's token, or a phone and its code.
    async fn reset_my_password(&self, ctx: &Context<'_>, input: ResetPasswordInput) -> Result<CodePayload> {
        let r = req(ctx);
        let reset = PasswordReset {
            token: input.token,
            phone: input.phone,
            code: input.code,
            password: input.password,
            confirmation: input.password_confirmation,
        };
        let code = r.state.accounts.reset_password(reset).await.map_err(|e| r.err(e))?;
        Ok(CodePayload { code })
    }

    /// `updateUserNotificationPreferences(preferences)` → settings (chat stays on).
    async fn update_user_notification_preferences(
        &self,
        ctx: &Context<'_>,
        preferences: NotificationPreferencesInput,
    ) -> Result<NotificationPreferencesPayload> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let p = NotificationPreferences {
            ad_notifications_enabled: preferences.ad_notifications_enabled,
            vas_notifications_enabled: preferences.vas_notifications_enabled,
            payment_notifications_enabled: preferences.payment_notifications_enabled,
            newsletter_notifications_enabled: preferences.newsletter_notifications_enabled,
            chat_notifications_enabled: preferences.chat_notifications_enabled.unwrap_or(true),
        };
        let saved = r.state.accounts.update_preferences(&caller, p).await.map_err(|e| r.err(e))?;
        Ok(NotificationPreferencesPayload { settings: saved.into() })
    }

    /// `sendEmailVerification(lang: "FR" | "AR")`.
    async fn send_email_verification(&self, ctx: &Context<'_>, lang: String) -> Result<bool> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let lang = Lang::parse(&lang)
            .ok_or_else(|| r.err(SoukError::with_detail(ErrorCode::InvalidArgument, "lang: FR or AR")))?;
        r.state.accounts.send_email_verification(&caller, lang).await.map_err(|e| r.err(e))?;
        Ok(true)
    }

    /// `verifyEmail(input: code)` → code.
    async fn verify_email(&self, ctx: &Context<'_>, input: VerifyEmailInput) -> Result<CodePayload> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let code = r.state.accounts.verify_email(&caller, &input.code).await.map_err(|e| r.err(e))?;
        Ok(CodePayload { code })
    }

    /// Admin: a session as another user, carrying both identities; its writes are audited.
    async fn act_as_user(&self, ctx: &Context<'_>, account_id: i64) -> Result<TokenPair> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let s = r.state.accounts.act_as(&caller, account_id).await.map_err(|e| r.err(e))?;
        Ok(deliver(ctx, &s))
    }
}

async fn social(ctx: &Context<'_>, provider: SocialProvider, token: &str) -> Result<TokenPair> {
    let r = req(ctx);
    let identity = r.state.social.verify_sign_in(provider, token).await.map_err(|e| {
        let code = match e {
            souk_services::accounts::social::SocialError::NotConfigured(_) => ErrorCode::NotAuthorized,
            souk_services::accounts::social::SocialError::Expired => ErrorCode::SessionExpired,
            souk_services::accounts::social::SocialError::Unavailable(_) => ErrorCode::InternalError,
            _ => ErrorCode::InvalidToken,
        };
        r.err(SoukError::with_detail(code, e.to_string()))
    })?;
    let city = r.state.catalog.popular_cities(Lang::Fr, true).first().map(|c| c.city_id).unwrap_or(1);
    let s = r
        .state
        .accounts
        .social_session(
            &provider.to_string(),
            &identity.subject,
            identity.email,
            identity.email_verified,
            identity.name,
            city,
        )
        .await
        .map_err(|e| r.err(e))?;
    Ok(deliver(ctx, &s))
}
