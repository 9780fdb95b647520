//! Recent searches (per visitor id, in the ephemeral store) and saved searches (signed-in
//! accounts) with their alerts: `match_new_ads` records, for every saved search, the active
//! ads published since it was last checked and hands them to the live-notification hook
//! (`AlertSink`, connected by the real-time service); `send_digests` e-mails each account one
//! daily digest of its unsent matches through the Mailer. `souk search-alerts` runs both.

use super::service::SearchService;
use crate::accounts::service::Caller;
use crate::notify::{DigestSearch, Mailer, Message};
use souk_domain::listing_url::{SlugIndex, ad_path};
use souk_domain::search::{MAX_SAVED_SEARCHES, SearchFilters, SearchSort, saved_search_key};
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_storage::StoreError;
use souk_storage::accounts::AccountStore;
use souk_storage::ephemeral::Ephemeral;
use souk_storage::search::{PageRequest, SavedSearch, SavedSearchStore, SearchStore};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// Recent searches kept per visitor, and for how long.
pub const RECENT_SEARCHES: usize = 10;
pub const RECENT_TTL: Duration = Duration::from_secs(30 * 86_400);
/// New matches recorded per saved search and run, and ads listed per search in a digest.
pub const ALERT_MATCHES_PER_RUN: u32 = 100;
pub const DIGEST_ADS_PER_SEARCH: usize = 5;
/// Longest saved-search name.
pub const MAX_NAME_CHARS: usize = 80;

/// Where live alerts go: the real-time service implements it and pushes a notification to the
/// owner's sockets when they are online (`docs/search.md`, "Alerts").
pub trait AlertSink: Send + Sync + 'static {
    fn new_matches(&self, account_id: i64, search_id: i64, search_name: &str, list_ids: &[i64]);
}

/// The live sink of `souk serve`: a `search:alert` event `{searchId, name, listIds}` to every
/// socket of the owner, on every node (`docs/realtime.md`).
pub struct FanoutAlertSink(pub souk_actors::fanout::Fanout);

impl AlertSink for FanoutAlertSink {
    fn new_matches(&self, account_id: i64, search_id: i64, search_name: &str, list_ids: &[i64]) {
        self.0.deliver(
            account_id,
            "search:alert",
            serde_json::json!({ "searchId": search_id, "name": search_name, "listIds": list_ids }),
        );
    }
}

/// The sink until the real-time service connects one: a log line per alert.
pub struct LogAlertSink;

impl AlertSink for LogAlertSink {
    fn new_matches(&self, account_id: i64, search_id: i64, search_name: &str, list_ids: &[i64]) {
        tracing::info!(account_id, search_id, search_name, matches = list_ids.len(), "saved-search alert");
    }
}

/// Spec §8 "Save search": saved, or already saved (the existing one).
#[derive(Debug, Clone, PartialEq)]
pub enum SaveOutcome {
    Saved(SavedSearch),
    AlreadySaved(SavedSearch),
}

/// What one alert run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AlertRun {
    pub searches: usize,
    pub matches: usize,
    /// Searches whose new matches went out live (owner online).
    pub live: usize,
}

/// What one scheduled round did on this process (None: another process held the lease, or
/// the step failed or was not due).
#[derive(Debug, Default)]
pub struct ScheduledRound {
    pub matched: Option<AlertRun>,
    pub digests: Option<usize>,
}

pub struct SavedSearchService {
    saved: Arc<dyn SavedSearchStore>,
    listing: Arc<dyn SearchStore>,
    accounts: Arc<dyn AccountStore>,
    search: Arc<SearchService>,
    ephemeral: Arc<dyn Ephemeral>,
    mailer: Arc<dyn Mailer>,
    slugs: Arc<SlugIndex>,
    base_url: String,
    sink: RwLock<Arc<dyn AlertSink>>,
}

fn internal(e: StoreError) -> SoukError {
    SoukError::internal(e)
}

impl SavedSearchService {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        saved: Arc<dyn SavedSearchStore>,
        listing: Arc<dyn SearchStore>,
        accounts: Arc<dyn AccountStore>,
        search: Arc<SearchService>,
        ephemeral: Arc<dyn Ephemeral>,
        mailer: Arc<dyn Mailer>,
        slugs: Arc<SlugIndex>,
        base_url: String,
    ) -> SavedSearchService {
        SavedSearchService {
            saved,
            listing,
            accounts,
            search,
            ephemeral,
            mailer,
            slugs,
            base_url,
            sink: RwLock::new(Arc::new(LogAlertSink)),
        }
    }

    /// Connects the live-notification hook (the real-time service calls this at start).
    pub fn set_alert_sink(&self, sink: Arc<dyn AlertSink>) {
        if let Ok(mut s) = self.sink.write() {
            *s = sink;
        }
    }

    /// Remembers a visitor's search (most recent first, no duplicates, at most `RECENT_SEARCHES`).
    pub async fn remember(&self, visitor_id: &str, filters: &SearchFilters) -> Result<(), SoukError> {
        if visitor_id.is_empty() || visitor_id.len() > 128 || *filters == SearchFilters::default() {
            return Ok(());
        }
        let key = format!("recent-searches:{visitor_id}");
        let mut list = self.recent(visitor_id).await?;
        let id = saved_search_key(filters);
        list.retain(|f| saved_search_key(f) != id);
        list.insert(0, serde_json::from_str(&id).unwrap_or_else(|_| filters.clone()));
        list.truncate(RECENT_SEARCHES);
        let bytes = serde_json::to_vec(&list).map_err(SoukError::internal)?;
        self.ephemeral.set(&key, &bytes, Some(RECENT_TTL)).await.map_err(SoukError::internal)
    }

    /// A visitor's recent searches, most recent first.
    pub async fn recent(&self, visitor_id: &str) -> Result<Vec<SearchFilters>, SoukError> {
        let key = format!("recent-searches:{visitor_id}");
        let raw = self.ephemeral.get(&key).await.map_err(SoukError::internal)?;
        Ok(raw.and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default())
    }

    pub async fn clear_recent(&self, visitor_id: &str) -> Result<(), SoukError> {
        self.ephemeral.delete(&format!("recent-searches:{visitor_id}")).await.map_err(SoukError::internal)?;
        Ok(())
    }

    /// `saveSearch`: the filters are checked like a search; the same search twice is "already saved".
    pub async fn save(
        &self,
        caller: &Caller,
        filters: &SearchFilters,
        name: Option<&str>,
        now: i64,
    ) -> Result<SaveOutcome, SoukError> {
        self.search.resolve(filters)?;
        let name: String = name
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .unwrap_or_else(|| filters.keyword.clone().unwrap_or_default())
            .chars()
            .take(MAX_NAME_CHARS)
            .collect();
        let key = saved_search_key(filters);
        let result = self
            .saved
            .save_search(caller.account_id(), key.clone(), name, key, now, MAX_SAVED_SEARCHES)
            .await
            .map_err(|e| match e {
                StoreError::Conflict(d) => SoukError::with_detail(ErrorCode::SavedSearchLimitReached, d),
                other => internal(other),
            })?;
        Ok(match result {
            (true, s) => SaveOutcome::Saved(s),
            (false, s) => SaveOutcome::AlreadySaved(s),
        })
    }

    pub async fn list(&self, caller: &Caller) -> Result<Vec<SavedSearch>, SoukError> {
        self.saved.saved_searches(caller.account_id()).await.map_err(internal)
    }

    pub async fn delete(&self, caller: &Caller, search_id: i64) -> Result<(), SoukError> {
        match self.saved.delete_saved_search(caller.account_id(), search_id).await.map_err(internal)? {
            true => Ok(()),
            false => Err(SoukError::with_detail(ErrorCode::NotFound, format!("saved search {search_id}"))),
        }
    }

    /// Turns the alerts of one of the caller's saved searches on or off.
    pub async fn set_alerts(
        &self,
        caller: &Caller,
        search_id: i64,
        on: bool,
        now: i64,
    ) -> Result<SavedSearch, SoukError> {
        self.saved
            .set_saved_search_alerts(caller.account_id(), search_id, on, now)
            .await
            .map_err(internal)?
            .ok_or_else(|| SoukError::with_detail(ErrorCode::NotFound, format!("saved search {search_id}")))
    }

    /// Records, for every saved search, the active ads published since its last check, and
    /// calls the live hook for each search with new matches.
    pub async fn match_new_ads(&self, now: i64) -> Result<AlertRun, SoukError> {
        let mut run = AlertRun::default();
        let mut after = 0;
        loop {
            let batch = self.saved.saved_searches_after(after, 500).await.map_err(internal)?;
            let Some(last) = batch.last() else {
                break;
            };
            after = last.search_id;
            for s in batch {
                if !s.alerts {
                    continue;
                }
                run.searches += 1;
                let Ok(filters) = serde_json::from_str::<SearchFilters>(&s.filters) else {
                    continue;
                };
                // A saved search whose category or city no longer exists matches nothing.
                let Ok(mut q) = self.search.resolve(&filters) else {
                    continue;
                };
                q.published_after = Some(s.checked_at);
                let page = PageRequest {
                    sort: SearchSort::Newest,
                    offset: 0,
                    limit: ALERT_MATCHES_PER_RUN,
                    premium_slots: 0,
                    page: 0,
                    now,
                    with_facets: false,
                };
                let found = self.listing.search_listing(q, page).await.map_err(internal)?;
                let ids: Vec<i64> =
                    found.ads.iter().filter(|a| a.ad.account_id != s.account_id).map(|a| a.ad.list_id).collect();
                // Only the matches not recorded before are news (a match window may overlap the
                // previous one): the live alert and the sent marks carry those alone.
                let ids = self.saved.record_alerts(&s, ids, now).await.map_err(internal)?;
                if !ids.is_empty() {
                    run.matches += ids.len();
                    // Online owners hear it now and the digest leaves these out; the others
                    // get them in the daily e-mail.
                    let online = souk_actors::presence::presence_of(&*self.ephemeral, s.account_id)
                        .await
                        .map(|p| p.online)
                        .unwrap_or(false);
                    if online {
                        let sink = self.sink.read().map(|s| Arc::clone(&s)).ok();
                        if let Some(sink) = sink {
                            sink.new_matches(s.account_id, s.search_id, &s.name, &ids);
                            run.live += 1;
                        }
                        self.saved
                            .mark_search_alerts_sent(s.account_id, s.search_id, ids.clone(), now)
                            .await
                            .map_err(internal)?;
                    }
                }
            }
        }
        Ok(run)
    }

    /// The schedule alone, on a scheduler of its own (tools and tests; `souk serve` adds the
    /// same round, [`crate::scheduling::saved_search_alerts`], to the process's scheduler): a
    /// [`scheduled_round`](Self::scheduled_round) every `every` (the first one period after
    /// start), the digest once a day at `digest_hour` UTC (0-23). Must be called inside an actix
    /// system; stops with it.
    pub fn start_schedule(self: &Arc<Self>, every: Duration, digest_hour: u32) {
        let round = crate::scheduling::saved_search_alerts(Arc::clone(self), every, digest_hour);
        crate::scheduling::SchedulerBuilder::new().periodic(round).start();
    }

    /// One round of the schedule: matches new ads, and sends the digests when they are due. Every
    /// process of a deployment runs the schedule; each step runs only on the process that takes
    /// its lease in the ephemeral store (shared by all of them in distributed mode): the match
    /// for `every`, the digest for the day. Answers what this process did.
    pub async fn scheduled_round(
        &self,
        now: i64,
        every: Duration,
        digest_hour: u32,
        last_digest_day: &mut Option<i64>,
    ) -> ScheduledRound {
        let mut round = ScheduledRound::default();
        if self.take_lease("search:alerts:match", crate::lease::for_round(every)).await {
            match self.match_new_ads(now).await {
                Ok(run) => {
                    if run.matches > 0 {
                        tracing::info!(matches = run.matches, live = run.live, "saved-search alerts");
                    }
                    round.matched = Some(run);
                }
                Err(e) => tracing::warn!(error = %e, "saved-search alerts not matched; next run retries"),
            }
        }
        let day = now.div_euclid(86_400);
        if souk_domain::search::digest_due(now, digest_hour, *last_digest_day) {
            // Whoever sends today's digest, this process is done with it for the day.
            *last_digest_day = Some(day);
            if self.take_lease(&format!("search:alerts:digest:{day}"), Duration::from_secs(2 * 86_400)).await {
                match self.send_digests(now).await {
                    Ok(sent) => {
                        tracing::info!(sent, "saved-search digests");
                        round.digests = Some(sent);
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "saved-search digests not sent; next run retries");
                        // Give the day back so that the next round (here or elsewhere) retries.
                        let _ = self.ephemeral.delete(&format!("search:alerts:digest:{day}")).await;
                        *last_digest_day = None;
                    }
                }
            }
        }
        round
    }

    async fn take_lease(&self, name: &str, ttl: Duration) -> bool {
        crate::lease::take(self.ephemeral.as_ref(), name, ttl).await
    }

    /// Sends each account with unsent matches one digest e-mail; answers how many were sent.
    pub async fn send_digests(&self, now: i64) -> Result<usize, SoukError> {
        let mut sent = 0;
        for account_id in self.saved.accounts_with_alerts(10_000).await.map_err(internal)? {
            let alerts = self.saved.pending_alerts(account_id).await.map_err(internal)?;
            let Some(until) = alerts.iter().map(|a| a.created_at).max() else {
                continue;
            };
            let Some(account) = self.accounts.find_account(account_id).await.map_err(internal)? else {
                continue;
            };
            let lang = account.lang;
            let Some(email) = account.account.email.clone() else {
                // No address: nothing to send; the matches stay visible in the app.
                self.saved.mark_alerts_sent(account_id, until, now).await.map_err(internal)?;
                continue;
            };
            let mut searches: Vec<DigestSearch> = Vec::new();
            for a in &alerts {
                let entry = match searches.iter_mut().position(|s| s.name == a.search_name) {
                    Some(i) => &mut searches[i],
                    None => {
                        searches.push(DigestSearch { name: a.search_name.clone(), ads: vec![], more: 0 });
                        let last = searches.len() - 1;
                        &mut searches[last]
                    }
                };
                if entry.ads.len() >= DIGEST_ADS_PER_SEARCH {
                    entry.more += 1;
                    continue;
                }
                // An ad that stopped being active since it matched is left out.
                if let Some(pair) = self.listing_ad(a.list_id, lang).await? {
                    entry.ads.push(pair);
                }
            }
            searches.retain(|s| !s.ads.is_empty() || s.more > 0);
            if !searches.is_empty() {
                self.mailer
                    .send(&email, lang, &Message::SavedSearchDigest { searches })
                    .await
                    .map_err(SoukError::internal)?;
                sent += 1;
            }
            self.saved.mark_alerts_sent(account_id, until, now).await.map_err(internal)?;
        }
        Ok(sent)
    }

    /// (title, absolute link) of a still active ad.
    async fn listing_ad(&self, list_id: i64, lang: Lang) -> Result<Option<(String, String)>, SoukError> {
        let found = self.search.active_ad(list_id).await?;
        Ok(found.map(|a| {
            let path = ad_path(lang, a.city_id, a.category_id, &a.title, a.list_id, &self.slugs);
            (
                a.title,
                format!(
                    "{}{}",
                    self.base_url.trim_end_matches('/'),
                    souk_domain::listing_url::percent_encode_path(&path)
                ),
            )
        }))
    }
}
