//! A demo shop with a large catalogue, for measuring the shop screens at volume: copies of
//! the first demo shop's own ads, spread over the last year and over every status the way a
//! busy shop's ads are, written in batches with progress. Used by `souk seed --shop-ads N`
//! and the benchmarks (`docs/benchmarks.md`).

use super::{AD_BATCH, SeedError, SeedProgress};
use souk_domain::account::AccountType;
use souk_domain::ad::{AdStatus, EditStatus};
use souk_storage::accounts::AccountStore;
use souk_storage::ads::{AdStore, MyAdsQuery};
use std::time::{SystemTime, UNIX_EPOCH};

/// The first list id of volume ads, far above the demo's own.
pub const FIRST_VOLUME_LIST_ID: i64 = 900_000_000;

/// Adds `count` ads to the demo shop with the e-mail `shop_login`; answers its account id.
pub async fn seed_shop_volume<S: AccountStore + AdStore>(
    store: &S,
    shop_login: &str,
    count: usize,
    progress: &mut (dyn FnMut(SeedProgress) + Send),
) -> Result<i64, SeedError> {
    let shop = store
        .find_account_by_email(shop_login)
        .await?
        .filter(|a| a.account.account_type == AccountType::Shop)
        .ok_or_else(|| SeedError::Reference(format!("no demo shop {shop_login}: seed the demo first")))?;
    let owner = shop.account.account_id;
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
    let (templates, _) = store
        .my_ads(MyAdsQuery { account_id: owner, status: AdStatus::Active, boosted: None, now, offset: 0, limit: 100 })
        .await?;
    if templates.is_empty() {
        return Err(SeedError::Reference("the demo shop has no active ad to copy".into()));
    }
    let mut done = 0;
    progress(SeedProgress { stage: "shop ads", done, total: count });
    while done < count {
        let n = AD_BATCH.min(count - done);
        let batch = (done..done + n)
            .map(|i| {
                let mut ad = templates[i % templates.len()].ad.clone();
                ad.list_id = FIRST_VOLUME_LIST_ID + i as i64;
                ad.ad_id = format!("volume-{owner}-{i:08}");
                // 80 % active, the rest spread over the other statuses.
                ad.status = match i % 20 {
                    0 => AdStatus::Deactivated,
                    1 => AdStatus::PendingReview,
                    2 => AdStatus::Refused,
                    3 => AdStatus::Deleted,
                    _ => AdStatus::Active,
                };
                ad.edit_status = (i % 50 == 7).then_some(EditStatus::Accepted);
                let at = now - (i as i64 * 3_137) % (365 * 86_400);
                (ad.published_at, ad.modified_at, ad.state_time) = (at, at, at);
                ad.title = format!("{} {}", ad.title.chars().take(80).collect::<String>(), i + 1);
                ad
            })
            .collect();
        store.insert_ads(batch).await?;
        done += n;
        progress(SeedProgress { stage: "shop ads", done, total: count });
    }
    Ok(owner)
}
