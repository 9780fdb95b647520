//! Seller-centre products (spec §3 seller product, §4 product statuses, §5 product insert): the
//! statuses and which operations each allows, the discount (percent or amount) and the price
//! it leaves, the status that stock alone decides (0 units: out of stock; restocked: active),
//! and the checks of the product form. No I/O.

use crate::error::{ErrorCode, SoukError};
use crate::money::Money;

/// Spec §4 product statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProductStatus {
    Active,
    OutOfStock,
    Deactivated,
    Deleted,
}

impl ProductStatus {
    pub const ALL: [ProductStatus; 4] =
        [ProductStatus::Active, ProductStatus::OutOfStock, ProductStatus::Deactivated, ProductStatus::Deleted];

    /// The spec's word, also the stored value.
    pub fn as_str(self) -> &'static str {
        match self {
            ProductStatus::Active => "active",
            ProductStatus::OutOfStock => "outOfStock",
            ProductStatus::Deactivated => "deactivated",
            ProductStatus::Deleted => "deleted",
        }
    }

    pub fn parse(s: &str) -> Option<ProductStatus> {
        ProductStatus::ALL.into_iter().find(|st| st.as_str().eq_ignore_ascii_case(s.trim()))
    }

    /// Whether its ad is public (in search, with a "Buy" action or an "out of stock" notice).
    pub fn is_listed(self) -> bool {
        matches!(self, ProductStatus::Active | ProductStatus::OutOfStock)
    }
}

/// A filter of "my products": a status other than deleted (deleted products are not listed).
pub fn parse_products_filter(word: &str) -> Result<ProductStatus, SoukError> {
    ProductStatus::parse(word).filter(|s| *s != ProductStatus::Deleted).ok_or_else(|| {
        SoukError::with_detail(
            ErrorCode::InvalidArgument,
            format!("status {word:?}: active, outOfStock or deactivated"),
        )
    })
}

/// Spec §4 product operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProductAction {
    Edit,
    Activate,
    Deactivate,
    Delete,
    AdjustStock,
    ApplyDiscount,
    Boost,
}

impl ProductAction {
    pub const ALL: [ProductAction; 7] = [
        ProductAction::Edit,
        ProductAction::Activate,
        ProductAction::Deactivate,
        ProductAction::Delete,
        ProductAction::AdjustStock,
        ProductAction::ApplyDiscount,
        ProductAction::Boost,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ProductAction::Edit => "edit",
            ProductAction::Activate => "activate",
            ProductAction::Deactivate => "deactivate",
            ProductAction::Delete => "delete",
            ProductAction::AdjustStock => "adjustStock",
            ProductAction::ApplyDiscount => "applyDiscount",
            ProductAction::Boost => "boost",
        }
    }
}

/// Whether `status` allows `action`: nothing after deleted; activate only a deactivated
/// product, deactivate only a listed one; boost only an active one (spec §4 "activate (then
/// boostable)").
pub fn product_allows(status: ProductStatus, action: ProductAction) -> bool {
    use ProductAction as A;
    use ProductStatus as S;
    match (status, action) {
        (S::Deleted, _) => false,
        (S::Deactivated, A::Activate) => true,
        (_, A::Activate) => false,
        (S::Deactivated, A::Deactivate) => false,
        (S::Active, A::Boost) => true,
        (_, A::Boost) => false,
        _ => true,
    }
}

/// `product_allows` as an error: `PRODUCT_OPERATION_NOT_ALLOWED` naming both.
pub fn check_product_action(status: ProductStatus, action: ProductAction) -> Result<(), SoukError> {
    if product_allows(status, action) {
        Ok(())
    } else {
        Err(SoukError::with_detail(
            ErrorCode::ProductOperationNotAllowed,
            format!("{} is not possible on a {} product", action.as_str(), status.as_str()),
        ))
    }
}

/// The operations `status` allows, in display order.
pub fn product_actions(status: ProductStatus) -> Vec<ProductAction> {
    ProductAction::ALL.into_iter().filter(|a| product_allows(status, *a)).collect()
}

/// The status stock decides for a product that is for sale: out of stock at 0 units, active
/// otherwise. A deactivated or deleted product keeps its status whatever its stock.
pub fn status_for_stock(status: ProductStatus, units: u32) -> ProductStatus {
    match status {
        ProductStatus::Active | ProductStatus::OutOfStock if units == 0 => ProductStatus::OutOfStock,
        ProductStatus::Active | ProductStatus::OutOfStock => ProductStatus::Active,
        other => other,
    }
}

/// A product's discount (spec §3 "discount": percentage or amount; shown as a promo).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Discount {
    /// 1 to 90 percent off.
    Percent(u8),
    /// An amount off each unit.
    Amount(Money),
}

/// The largest percentage a discount may take.
pub const MAX_DISCOUNT_PERCENT: i64 = 90;

impl Discount {
    pub fn kind(self) -> &'static str {
        match self {
            Discount::Percent(_) => "percent",
            Discount::Amount(_) => "amount",
        }
    }

    /// A discount from the form: `percent` 1-90, or `amount` in whole DH below the unit price.
    pub fn parse(kind: &str, value: i64, unit_price: Money) -> Result<Discount, SoukError> {
        match kind.trim() {
            "percent" => {
                if !(1..=MAX_DISCOUNT_PERCENT).contains(&value) {
                    return Err(SoukError::with_detail(ErrorCode::ValueTooLarge, "discount")
                        .with_param("max", MAX_DISCOUNT_PERCENT));
                }
                Ok(Discount::Percent(value as u8))
            }
            "amount" => {
                let amount = Money::from_dirhams(value.clamp(0, i64::MAX / 100));
                if value < 1 {
                    return Err(SoukError::with_detail(ErrorCode::ValueTooSmall, "discount").with_param("min", 1));
                }
                if amount >= unit_price {
                    return Err(SoukError::with_detail(ErrorCode::ValueTooLarge, "discount")
                        .with_param("max", unit_price.centimes() / 100 - 1));
                }
                Ok(Discount::Amount(amount))
            }
            other => Err(SoukError::with_detail(ErrorCode::InvalidArgument, format!("discount kind {other:?}"))),
        }
    }

    /// The value as the form shows it: the percent, or whole DH.
    pub fn value(self) -> i64 {
        match self {
            Discount::Percent(p) => i64::from(p),
            Discount::Amount(m) => m.centimes() / 100,
        }
    }

    /// The unit price once discounted (never below one centime).
    pub fn apply(self, unit_price: Money) -> Money {
        let off = match self {
            Discount::Percent(p) => (unit_price.centimes() * i64::from(p) + 50) / 100,
            Discount::Amount(m) => m.centimes(),
        };
        Money((unit_price.centimes() - off).max(1))
    }

    /// The whole percent shown on the ad's promo badge.
    pub fn badge_percent(self, unit_price: Money) -> u8 {
        match self {
            Discount::Percent(p) => p,
            Discount::Amount(m) if unit_price.centimes() > 0 => {
                ((m.centimes() * 100 + unit_price.centimes() / 2) / unit_price.centimes()).clamp(1, 99) as u8
            }
            Discount::Amount(_) => 0,
        }
    }
}

/// The unit price a buyer pays.
pub fn final_price(unit_price: Money, discount: Option<Discount>) -> Money {
    discount.map_or(unit_price, |d| d.apply(unit_price))
}

/// Form limits (spec §5 "Product insert: sub-category required; min/max length messages;
/// units, price, discount fields").
pub const NAME_MIN: usize = 3;
pub const NAME_MAX: usize = 100;
pub const DESCRIPTION_MIN: usize = 10;
pub const DESCRIPTION_MAX: usize = 4000;
pub const MAX_UNITS: i64 = 100_000;
pub const MAX_UNIT_PRICE_DH: i64 = 10_000_000;
pub const REFERENCE_MAX: usize = 40;
pub const MAX_PHOTOS: usize = 8;

fn length(field: &'static str, text: &str, min: usize, max: usize) -> Result<String, SoukError> {
    let text = crate::text::strip_bidi_controls(text).trim().to_string();
    let n = text.chars().count();
    if n == 0 {
        return Err(SoukError::with_detail(ErrorCode::Required, field));
    }
    if n < min {
        return Err(SoukError::with_detail(ErrorCode::TextTooShort, field).with_param("min", min as i64));
    }
    if n > max {
        return Err(SoukError::with_detail(ErrorCode::TextTooLong, field).with_param("max", max as i64));
    }
    Ok(text)
}

/// A product's name: 3 to 100 characters.
pub fn check_name(name: &str) -> Result<String, SoukError> {
    length("name", name, NAME_MIN, NAME_MAX)
}

/// A product's description: 10 to 4000 characters.
pub fn check_description(text: &str) -> Result<String, SoukError> {
    length("description", text, DESCRIPTION_MIN, DESCRIPTION_MAX)
}

/// Units in stock: 0 to 100,000.
pub fn check_units(units: i64) -> Result<u32, SoukError> {
    if units < 0 {
        return Err(SoukError::with_detail(ErrorCode::ValueTooSmall, "units").with_param("min", 0));
    }
    if units > MAX_UNITS {
        return Err(SoukError::with_detail(ErrorCode::ValueTooLarge, "units").with_param("max", MAX_UNITS));
    }
    Ok(units as u32)
}

/// A unit price in whole DH: 1 to 10,000,000.
pub fn check_unit_price(dh: i64) -> Result<Money, SoukError> {
    if dh < 1 {
        return Err(SoukError::with_detail(ErrorCode::ValueTooSmall, "unitPrice").with_param("min", 1));
    }
    if dh > MAX_UNIT_PRICE_DH {
        return Err(SoukError::with_detail(ErrorCode::ValueTooLarge, "unitPrice").with_param("max", MAX_UNIT_PRICE_DH));
    }
    Ok(Money::from_dirhams(dh))
}

/// A reference (SKU): optional, up to 40 letters, digits, `-`, `_`, `.` and `/`.
pub fn check_reference(reference: Option<&str>) -> Result<Option<String>, SoukError> {
    let Some(r) = reference.map(str::trim).filter(|r| !r.is_empty()) else { return Ok(None) };
    if r.chars().count() > REFERENCE_MAX {
        return Err(SoukError::with_detail(ErrorCode::TextTooLong, "reference").with_param("max", REFERENCE_MAX as i64));
    }
    if !r.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/')) {
        return Err(SoukError::with_detail(ErrorCode::TextHasSpecialCharacters, "reference"));
    }
    Ok(Some(r.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_possible_after_deleted_and_only_active_products_are_boostable() {
        assert!(product_actions(ProductStatus::Deleted).is_empty());
        let names = |s| product_actions(s).into_iter().map(ProductAction::as_str).collect::<Vec<_>>();
        assert_eq!(
            names(ProductStatus::Active),
            ["edit", "deactivate", "delete", "adjustStock", "applyDiscount", "boost"]
        );
        assert_eq!(names(ProductStatus::OutOfStock), ["edit", "deactivate", "delete", "adjustStock", "applyDiscount"]);
        assert_eq!(names(ProductStatus::Deactivated), ["edit", "activate", "delete", "adjustStock", "applyDiscount"]);
        assert_eq!(
            check_product_action(ProductStatus::Deleted, ProductAction::Edit).map_err(|e| e.code),
            Err(ErrorCode::ProductOperationNotAllowed)
        );
    }

    #[test]
    fn stock_moves_a_product_between_active_and_out_of_stock_only() {
        assert_eq!(status_for_stock(ProductStatus::Active, 0), ProductStatus::OutOfStock);
        assert_eq!(status_for_stock(ProductStatus::OutOfStock, 3), ProductStatus::Active);
        assert_eq!(status_for_stock(ProductStatus::Deactivated, 0), ProductStatus::Deactivated);
        assert_eq!(status_for_stock(ProductStatus::Deleted, 5), ProductStatus::Deleted);
    }

    #[test]
    fn discounts_by_percent_or_amount() {
        let price = Money::from_dirhams(200);
        assert_eq!(Discount::parse("percent", 25, price).map(|d| d.apply(price)), Ok(Money::from_dirhams(150)));
        assert_eq!(Discount::parse("amount", 30, price).map(|d| d.apply(price)), Ok(Money::from_dirhams(170)));
        assert_eq!(Discount::parse("amount", 30, price).map(|d| d.badge_percent(price)), Ok(15));
        assert_eq!(Discount::parse("percent", 95, price).map_err(|e| e.code), Err(ErrorCode::ValueTooLarge));
        assert_eq!(Discount::parse("amount", 200, price).map_err(|e| e.code), Err(ErrorCode::ValueTooLarge));
        assert_eq!(Discount::parse("amount", 0, price).map_err(|e| e.code), Err(ErrorCode::ValueTooSmall));
        assert_eq!(Discount::parse("gift", 5, price).map_err(|e| e.code), Err(ErrorCode::InvalidArgument));
        assert_eq!(final_price(price, None), price);
    }

    #[test]
    fn the_form_fields_are_bounded() {
        assert_eq!(check_name("  ").map_err(|e| e.code), Err(ErrorCode::Required));
        assert_eq!(check_name("ab").map_err(|e| e.code), Err(ErrorCode::TextTooShort));
        assert_eq!(check_description("court").map_err(|e| e.code), Err(ErrorCode::TextTooShort));
        assert_eq!(check_units(-1).map_err(|e| e.code), Err(ErrorCode::ValueTooSmall));
        assert_eq!(check_units(100_001).map_err(|e| e.code), Err(ErrorCode::ValueTooLarge));
        assert_eq!(check_unit_price(0).map_err(|e| e.code), Err(ErrorCode::ValueTooSmall));
        assert_eq!(check_reference(Some(" TAJ-01 ")), Ok(Some("TAJ-01".into())));
        assert_eq!(check_reference(Some("a b")).map_err(|e| e.code), Err(ErrorCode::TextHasSpecialCharacters));
        assert_eq!(check_reference(Some("")), Ok(None));
        assert_eq!(parse_products_filter("deleted").map_err(|e| e.code), Err(ErrorCode::InvalidArgument));
        assert_eq!(parse_products_filter("outofstock"), Ok(ProductStatus::OutOfStock));
    }
}
