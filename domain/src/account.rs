//! Accounts: private sellers (phone sign-in) and shops (e-mail sign-in), their roles, their
//! notification preferences, and the spec §5 rules for what they type (phones, e-mails,
//! names, passwords) — each rule answering the catalogue code it fails with.

use crate::catalog::{CategoryId, CityId};
use crate::error::{ErrorCode, SoukError};
use serde::{Deserialize, Serialize};

/// The two kinds of account of spec §6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccountType {
    Private,
    Shop,
}

impl AccountType {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountType::Private => "private",
            AccountType::Shop => "shop",
        }
    }

    pub fn parse(s: &str) -> Option<AccountType> {
        match s.to_ascii_lowercase().as_str() {
            "private" => Some(AccountType::Private),
            "shop" => Some(AccountType::Shop),
            _ => None,
        }
    }
}

/// Roles carried in the session token (spec §3, §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    #[serde(rename = "ROLE_STORE_OWNER")]
    StoreOwner,
    #[serde(rename = "ROLE_ECOMMERCE_STORE_OWNER")]
    EcommerceStoreOwner,
    #[serde(rename = "ROLE_ADMIN")]
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::StoreOwner => "ROLE_STORE_OWNER",
            Role::EcommerceStoreOwner => "ROLE_ECOMMERCE_STORE_OWNER",
            Role::Admin => "ROLE_ADMIN",
        }
    }

    pub fn parse(s: &str) -> Option<Role> {
        [Role::StoreOwner, Role::EcommerceStoreOwner, Role::Admin].into_iter().find(|r| r.as_str() == s)
    }
}

/// Spec §4: the user type is shop when the roles include store owner, private otherwise.
pub fn account_type_of(roles: &[Role]) -> AccountType {
    if roles.iter().any(|r| matches!(r, Role::StoreOwner | Role::EcommerceStoreOwner)) {
        AccountType::Shop
    } else {
        AccountType::Private
    }
}

/// Whether an account may sign in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccountStatus {
    Active,
    /// Signing in answers 'not authorised: contact customer service'.
    Disabled,
}

impl AccountStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountStatus::Active => "active",
            AccountStatus::Disabled => "disabled",
        }
    }

    pub fn parse(s: &str) -> Option<AccountStatus> {
        match s {
            "active" => Some(AccountStatus::Active),
            "disabled" => Some(AccountStatus::Disabled),
            _ => None,
        }
    }
}

/// An account and, for a shop, the shop's public name and category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub account_id: i64,
    /// Public UUID (`uuId` of spec §7 `login`).
    pub uuid: String,
    pub account_type: AccountType,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub phone_hidden: bool,
    pub city_id: CityId,
    pub shop_category_id: Option<CategoryId>,
    /// Unix seconds.
    pub registered_at: i64,
}

/// The five notification flags of spec §3. Chat notifications cannot be turned off: they are
/// always sent as true.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NotificationPreferences {
    pub ad_notifications_enabled: bool,
    pub vas_notifications_enabled: bool,
    pub payment_notifications_enabled: bool,
    pub newsletter_notifications_enabled: bool,
    pub chat_notifications_enabled: bool,
}

impl Default for NotificationPreferences {
    fn default() -> Self {
        NotificationPreferences {
            ad_notifications_enabled: true,
            vas_notifications_enabled: true,
            payment_notifications_enabled: true,
            newsletter_notifications_enabled: false,
            chat_notifications_enabled: true,
        }
    }
}

impl NotificationPreferences {
    /// The preferences as stored: whatever was asked, chat stays on.
    pub fn normalized(self) -> Self {
        NotificationPreferences { chat_notifications_enabled: true, ..self }
    }
}

/// The shortest password accepted (spec §5, §9).
pub const PASSWORD_MIN_CHARS: usize = 5;
/// The longest password accepted (argon2 input stays bounded).
pub const PASSWORD_MAX_CHARS: usize = 128;
/// The most phone numbers a shop shows (spec §9).
pub const MAX_SHOP_PHONES: usize = 3;

fn fail(code: ErrorCode, detail: &str) -> SoukError {
    SoukError::with_detail(code, detail)
}

/// A Moroccan phone number in its national form `0XXXXXXXXX` (mobile 06/07, landline 05,
/// 08 numbers), from what people type: `06 12 34 56 78`, `+212 6 12-34-56-78`, `00212612345678`.
pub fn normalize_phone(input: &str) -> Result<String, SoukError> {
    let mut digits = String::new();
    for (i, c) in input.trim().chars().enumerate() {
        match c {
            '0'..='9' => digits.push(c),
            '+' if i == 0 => {}
            ' ' | '.' | '-' | '(' | ')' => {}
            _ => return Err(fail(ErrorCode::InvalidPhone, "phone: digits only")),
        }
    }
    let national = if let Some(rest) = digits.strip_prefix("00212") {
        format!("0{rest}")
    } else if let Some(rest) = digits.strip_prefix("212").filter(|r| r.len() == 9) {
        format!("0{rest}")
    } else {
        digits
    };
    let ok = national.len() == 10
        && national.starts_with('0')
        && matches!(national.as_bytes().get(1), Some(b'5' | b'6' | b'7' | b'8'));
    if ok { Ok(national) } else { Err(fail(ErrorCode::InvalidPhone, "phone: a Moroccan number like 0612345678")) }
}

/// An e-mail address, trimmed and lower-cased.
pub fn normalize_email(input: &str) -> Result<String, SoukError> {
    let email = input.trim().to_lowercase();
    let invalid = || fail(ErrorCode::InvalidEmail, "email");
    if email.len() > 254 || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(invalid());
    }
    let (local, domain) = email.split_once('@').ok_or_else(invalid)?;
    let domain_ok = domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && domain.split('.').all(|l| !l.is_empty() && l.chars().all(|c| c.is_alphanumeric() || c == '-'));
    if local.is_empty() || local.len() > 64 || local.contains('@') || !domain_ok {
        return Err(invalid());
    }
    Ok(email)
}

/// What a person signs in with: a phone number or an e-mail address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Identifier {
    Phone(String),
    Email(String),
}

impl Identifier {
    /// Reads `identifier` as an e-mail when it has an `@`, else as a phone number.
    pub fn parse(input: &str) -> Result<Identifier, SoukError> {
        let input = input.trim();
        if input.is_empty() {
            return Err(fail(ErrorCode::Required, "identifier"));
        }
        let parsed = if input.contains('@') {
            normalize_email(input).map(Identifier::Email)
        } else {
            normalize_phone(input).map(Identifier::Phone)
        };
        parsed.map_err(|_| fail(ErrorCode::InvalidPhoneOrEmail, "identifier"))
    }

    pub fn as_str(&self) -> &str {
        match self {
            Identifier::Phone(p) | Identifier::Email(p) => p,
        }
    }
}

/// A person's or shop's display name: trimmed, inner spaces collapsed, `min..=max` characters,
/// letters of any script with spaces, apostrophes, hyphens and dots.
pub fn check_name(
    input: &str,
    code: ErrorCode,
    min: usize,
    max: usize,
    allow_digits: bool,
) -> Result<String, SoukError> {
    let name = input.split_whitespace().collect::<Vec<_>>().join(" ");
    let n = name.chars().count();
    let chars_ok = name.chars().all(|c| {
        c.is_alphabetic()
            || c == ' '
            || c == '\''
            || c == '-'
            || c == '.'
            || c == '’'
            || (allow_digits && c.is_numeric())
    });
    if n < min || n > max || !chars_ok {
        return Err(fail(code, &format!("{min} to {max} letters")));
    }
    Ok(name)
}

/// A person's name on a private account (spec §5 'incorrect name').
pub fn check_person_name(input: &str) -> Result<String, SoukError> {
    check_name(input, ErrorCode::InvalidName, 2, 60, false)
}

/// A shop's name (spec §5 'shop name').
pub fn check_shop_name(input: &str) -> Result<String, SoukError> {
    check_name(input, ErrorCode::InvalidShopName, 2, 80, true)
}

/// A new password and its confirmation (spec §5: at least 5 characters, confirmation matches).
pub fn check_new_password(password: &str, confirmation: Option<&str>) -> Result<(), SoukError> {
    if password.is_empty() {
        return Err(fail(ErrorCode::Required, "password"));
    }
    let n = password.chars().count();
    if n < PASSWORD_MIN_CHARS {
        return Err(fail(ErrorCode::PasswordTooShort, "password"));
    }
    if n > PASSWORD_MAX_CHARS {
        return Err(fail(ErrorCode::InvalidArgument, "password: at most 128 characters"));
    }
    match confirmation {
        Some(c) if c != password => Err(fail(ErrorCode::PasswordConfirmationMismatch, "confirmation")),
        _ => Ok(()),
    }
}

/// A six-digit one-time code as typed (spaces ignored); empty is 'enter a code'.
pub fn normalize_code(input: &str) -> Result<String, SoukError> {
    let code: String = input.chars().filter(|c| !c.is_whitespace()).collect();
    if code.is_empty() {
        return Err(fail(ErrorCode::CodeRequired, "code"));
    }
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(fail(ErrorCode::CodeInvalid, "code: 6 digits"));
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moroccan_phones_in_every_usual_spelling() {
        for ok in
            ["0612345678", "06 12 34 56 78", "+212 6 12-34-56-78", "00212612345678", "212712345678", "0522.12.34.56"]
        {
            assert!(normalize_phone(ok).is_ok(), "{ok}");
        }
        assert_eq!(normalize_phone("+212612345678").ok().as_deref(), Some("0612345678"));
        for bad in ["", "12345", "0912345678", "061234567", "06123456789", "06-abc", "+33612345678", "0612345678 ext"] {
            assert_eq!(normalize_phone(bad).map_err(|e| e.code), Err(ErrorCode::InvalidPhone), "{bad}");
        }
    }

    #[test]
    fn emails_are_trimmed_lowercased_and_checked() {
        assert_eq!(normalize_email("  Contact@Souk.MA ").ok().as_deref(), Some("contact@souk.ma"));
        for bad in ["", "a@b", "@souk.ma", "a b@souk.ma", "a@@souk.ma", "a@souk..ma", "a@.souk.ma", "a@souk.ma."] {
            assert_eq!(normalize_email(bad).map_err(|e| e.code), Err(ErrorCode::InvalidEmail), "{bad}");
        }
    }

    #[test]
    fn identifiers_are_phone_or_email() {
        assert_eq!(Identifier::parse("06 12 34 56 78").ok(), Some(Identifier::Phone("0612345678".into())));
        assert_eq!(Identifier::parse("X@Souk.ma").ok(), Some(Identifier::Email("x@souk.ma".into())));
        assert_eq!(Identifier::parse("hello").map_err(|e| e.code), Err(ErrorCode::InvalidPhoneOrEmail));
        assert_eq!(Identifier::parse(" ").map_err(|e| e.code), Err(ErrorCode::Required));
    }

    #[test]
    fn passwords_and_confirmations() {
        assert!(check_new_password("abcde", Some("abcde")).is_ok());
        assert_eq!(check_new_password("abcd", None).map_err(|e| e.code), Err(ErrorCode::PasswordTooShort));
        assert_eq!(check_new_password("", None).map_err(|e| e.code), Err(ErrorCode::Required));
        assert_eq!(
            check_new_password("abcdef", Some("abcdeg")).map_err(|e| e.code),
            Err(ErrorCode::PasswordConfirmationMismatch)
        );
        assert_eq!(check_new_password(&"x".repeat(129), None).map_err(|e| e.code), Err(ErrorCode::InvalidArgument));
    }

    #[test]
    fn names_and_codes() {
        assert_eq!(check_person_name("  Fatima   Zahra ").ok().as_deref(), Some("Fatima Zahra"));
        assert!(check_person_name("محمد العلوي").is_ok());
        assert_eq!(check_person_name("A").map_err(|e| e.code), Err(ErrorCode::InvalidName));
        assert_eq!(check_person_name("Bob 007").map_err(|e| e.code), Err(ErrorCode::InvalidName));
        assert!(check_shop_name("Auto Prestige 2000").is_ok());
        assert_eq!(normalize_code(" 123 456 ").ok().as_deref(), Some("123456"));
        assert_eq!(normalize_code("").map_err(|e| e.code), Err(ErrorCode::CodeRequired));
        assert_eq!(normalize_code("12345a").map_err(|e| e.code), Err(ErrorCode::CodeInvalid));
    }

    #[test]
    fn shop_type_follows_the_store_owner_roles() {
        assert_eq!(account_type_of(&[Role::StoreOwner]), AccountType::Shop);
        assert_eq!(account_type_of(&[Role::EcommerceStoreOwner]), AccountType::Shop);
        assert_eq!(account_type_of(&[Role::Admin]), AccountType::Private);
        assert!(
            NotificationPreferences { chat_notifications_enabled: false, ..Default::default() }
                .normalized()
                .chat_notifications_enabled
        );
    }
}
