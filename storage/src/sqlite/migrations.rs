//! Versioned schema migrations of the SQLite backend, applied in order when the store opens,
//! each in its own transaction and recorded in `schema_migrations`. Never edit a migration
//! that has shipped: add the next one. The tables are designed query-first (see
//! `docs/storage.md`): each screen's read is one key or one indexed range.

use crate::error::StoreError;
use crate::reference::Reference;
use rusqlite::{Connection, Transaction, params};

/// One schema step.
pub struct Migration {
    pub version: u32,
    pub name: &'static str,
    apply: fn(&Transaction) -> Result<(), StoreError>,
}

/// Every migration, in order.
pub const MIGRATIONS: &[Migration] = &[
    Migration { version: 1, name: "reference_schema", apply: reference_schema },
    Migration { version: 2, name: "reference_data", apply: reference_data },
    Migration { version: 3, name: "accounts_and_ads", apply: accounts_and_ads },
    Migration { version: 4, name: "sign_in_and_shops", apply: sign_in_and_shops },
    Migration { version: 5, name: "ads_lifecycle", apply: ads_lifecycle },
    Migration { version: 6, name: "chat", apply: super::chat::migration },
    Migration { version: 7, name: "search", apply: search },
    Migration { version: 8, name: "metrics", apply: metrics },
    Migration { version: 9, name: "search_seller_status", apply: search_seller_status },
    Migration { version: 10, name: "saved_search_alerts", apply: saved_search_alerts },
    Migration { version: 11, name: "ad_availability", apply: ad_availability },
    Migration { version: 12, name: "search_scope_tokens", apply: search_scope_tokens },
    Migration { version: 13, name: "purchase_orders", apply: purchase_orders },
    Migration { version: 14, name: "search_covering_indexes", apply: search_covering_indexes },
    Migration { version: 15, name: "search_word_counts", apply: search_word_counts },
    Migration { version: 16, name: "search_cells", apply: search_cells },
    Migration { version: 17, name: "payment_orders", apply: payment_orders },
    Migration { version: 18, name: "search_hits", apply: search_hits },
    Migration { version: 19, name: "chat_compact_ids", apply: super::chat::compact_ids_migration },
    Migration { version: 20, name: "seller_centre", apply: seller_centre },
    Migration { version: 21, name: "packs_balances_invoices", apply: packs_balances_invoices },
    Migration { version: 22, name: "scheduled_jobs", apply: scheduled_jobs },
    Migration { version: 23, name: "search_normalised_text", apply: search_normalised_text },
    Migration { version: 24, name: "session_revocations", apply: session_revocations },
    Migration { version: 25, name: "visitor_messages", apply: crate::visitor_messages::migration },
    Migration { version: 26, name: "credit_requests", apply: crate::credit::migration },
    Migration { version: 27, name: "abuse_report_dismissals", apply: abuse_report_dismissals },
    Migration { version: 28, name: "valuations", apply: crate::valuation::migration },
    Migration { version: 29, name: "listing_kept_by_writers", apply: listing_kept_by_writers },
];

/// Applies the migrations the database does not have yet.
pub(super) fn apply(conn: &mut Connection) -> Result<(), StoreError> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
            version INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            applied_at INTEGER NOT NULL
        )",
    )?;
    let current: u32 = conn.query_row("SELECT coalesce(max(version), 0) FROM schema_migrations", [], |r| r.get(0))?;
    let known = MIGRATIONS.iter().map(|m| m.version).max().unwrap_or(0);
    if current > known {
        return Err(StoreError::SchemaTooNew { found: current, known });
    }
    // Every migration not recorded yet, in version order: a version merged after a later one
    // (parallel branches) is still applied.
    let applied: std::collections::HashSet<u32> = {
        let mut st = conn.prepare("SELECT version FROM schema_migrations")?;
        st.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?
    };
    let mut pending: Vec<&Migration> = MIGRATIONS.iter().filter(|m| !applied.contains(&m.version)).collect();
    pending.sort_by_key(|m| m.version);
    for m in pending {
        let tx = conn.transaction()?;
        (m.apply)(&tx).map_err(|e| StoreError::Migration {
            version: m.version,
            name: m.name,
            reason: e.to_string(),
        })?;
        tx.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?1, ?2, unixepoch())",
            params![m.version, m.name],
        )?;
        tx.commit()?;
        tracing::info!(version = m.version, name = m.name, "migration applied");
    }
    Ok(())
}

fn reference_schema(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE categories (
            id INTEGER PRIMARY KEY,
            parent_id INTEGER REFERENCES categories(id),
            ord INTEGER NOT NULL,
            label_fr TEXT NOT NULL, label_ar TEXT NOT NULL,
            slug_fr TEXT NOT NULL, slug_ar TEXT NOT NULL,
            ad_types TEXT NOT NULL,
            hidden INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE regions (
            id INTEGER PRIMARY KEY,
            label_fr TEXT NOT NULL, label_ar TEXT NOT NULL,
            slug_fr TEXT NOT NULL, slug_ar TEXT NOT NULL
        );
        CREATE TABLE cities (
            id INTEGER PRIMARY KEY,
            region_id INTEGER NOT NULL REFERENCES regions(id),
            label_fr TEXT NOT NULL, label_ar TEXT NOT NULL,
            slug_fr TEXT NOT NULL, slug_ar TEXT NOT NULL,
            latitude REAL NOT NULL, longitude REAL NOT NULL,
            population INTEGER NOT NULL
        );
        -- Partitioned by city: the areas of one city are one range read.
        CREATE TABLE areas (
            city_id INTEGER NOT NULL REFERENCES cities(id),
            id INTEGER NOT NULL,
            ord INTEGER NOT NULL,
            label_fr TEXT NOT NULL, label_ar TEXT NOT NULL,
            slug_fr TEXT NOT NULL, slug_ar TEXT NOT NULL,
            PRIMARY KEY (city_id, id)
        ) WITHOUT ROWID;
        CREATE TABLE car_options (
            kind TEXT NOT NULL CHECK (kind IN ('fuel', 'gearbox')),
            key TEXT NOT NULL,
            ord INTEGER NOT NULL,
            label_fr TEXT NOT NULL, label_ar TEXT NOT NULL,
            PRIMARY KEY (kind, key)
        ) WITHOUT ROWID;
        CREATE TABLE car_brands (
            id INTEGER PRIMARY KEY,
            ord INTEGER NOT NULL,
            name TEXT NOT NULL,
            slug TEXT NOT NULL UNIQUE
        );
        CREATE TABLE car_models (
            brand_id INTEGER NOT NULL REFERENCES car_brands(id),
            id INTEGER NOT NULL,
            ord INTEGER NOT NULL,
            name TEXT NOT NULL,
            slug TEXT NOT NULL,
            year_from INTEGER NOT NULL,
            year_to INTEGER,
            fuels TEXT NOT NULL,
            gearboxes TEXT NOT NULL,
            PRIMARY KEY (brand_id, id)
        ) WITHOUT ROWID;",
    )?;
    Ok(())
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn reference_data(tx: &Transaction) -> Result<(), StoreError> {
    let r = Reference::embedded()?;
    let mut st = tx.prepare(
        "INSERT INTO categories (id, parent_id, ord, label_fr, label_ar, slug_fr, slug_ar, ad_types, hidden)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for c in r.categories.all() {
        st.execute(params![
            c.id,
            c.parent_id,
            c.order,
            c.label.fr,
            c.label.ar,
            c.slug.fr,
            c.slug.ar,
            to_json(&c.ad_types)?,
            c.hidden
        ])?;
    }
    let mut st =
        tx.prepare("INSERT INTO regions (id, label_fr, label_ar, slug_fr, slug_ar) VALUES (?1, ?2, ?3, ?4, ?5)")?;
    for g in &r.regions {
        st.execute(params![g.id, g.label.fr, g.label.ar, g.slug.fr, g.slug.ar])?;
    }
    let mut st = tx.prepare(
        "INSERT INTO cities (id, region_id, label_fr, label_ar, slug_fr, slug_ar, latitude, longitude, population)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for c in &r.cities {
        st.execute(params![
            c.id,
            c.region_id,
            c.label.fr,
            c.label.ar,
            c.slug.fr,
            c.slug.ar,
            c.latitude,
            c.longitude,
            c.population
        ])?;
    }
    let mut st = tx.prepare(
        "INSERT INTO areas (city_id, id, ord, label_fr, label_ar, slug_fr, slug_ar) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for (i, a) in (0i64..).zip(r.areas.iter()) {
        st.execute(params![a.city_id, a.id, i, a.label.fr, a.label.ar, a.slug.fr, a.slug.ar])?;
    }
    let mut st =
        tx.prepare("INSERT INTO car_options (kind, key, ord, label_fr, label_ar) VALUES (?1, ?2, ?3, ?4, ?5)")?;
    for (kind, options) in [("fuel", &r.cars.fuels), ("gearbox", &r.cars.gearboxes)] {
        for (i, o) in (0i64..).zip(options.iter()) {
            st.execute(params![kind, o.key, i, o.label.fr, o.label.ar])?;
        }
    }
    let mut brands = tx.prepare("INSERT INTO car_brands (id, ord, name, slug) VALUES (?1, ?2, ?3, ?4)")?;
    let mut models = tx.prepare(
        "INSERT INTO car_models (brand_id, id, ord, name, slug, year_from, year_to, fuels, gearboxes)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for (i, b) in (0i64..).zip(r.cars.brands.iter()) {
        brands.execute(params![b.id, i, b.name, b.slug])?;
        for (j, m) in (0i64..).zip(b.models.iter()) {
            models.execute(params![
                b.id,
                m.id,
                j,
                m.name,
                m.slug,
                m.year_from,
                m.year_to,
                to_json(&m.fuels)?,
                to_json(&m.gearboxes)?
            ])?;
        }
    }
    Ok(())
}

fn accounts_and_ads(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE accounts (
            account_id INTEGER PRIMARY KEY,
            uuid TEXT NOT NULL UNIQUE,
            account_type TEXT NOT NULL CHECK (account_type IN ('private', 'shop')),
            name TEXT NOT NULL,
            email TEXT UNIQUE,
            phone TEXT UNIQUE,
            phone_hidden INTEGER NOT NULL DEFAULT 0,
            city_id INTEGER NOT NULL REFERENCES cities(id),
            shop_category_id INTEGER REFERENCES categories(id),
            password_hash TEXT NOT NULL,
            registered_at INTEGER NOT NULL
        );
        CREATE TABLE ads (
            ad_id TEXT PRIMARY KEY,
            list_id INTEGER NOT NULL UNIQUE,
            account_id INTEGER NOT NULL REFERENCES accounts(account_id),
            category_id INTEGER NOT NULL REFERENCES categories(id),
            ad_type TEXT NOT NULL,
            title TEXT NOT NULL,
            description TEXT NOT NULL,
            price_centimes INTEGER,
            city_id INTEGER NOT NULL REFERENCES cities(id),
            area_id INTEGER,
            params TEXT NOT NULL,
            status TEXT NOT NULL,
            urgent INTEGER NOT NULL,
            delivery INTEGER NOT NULL,
            phone_hidden INTEGER NOT NULL,
            images TEXT NOT NULL,
            published_at INTEGER NOT NULL,
            modified_at INTEGER NOT NULL,
            rank_time INTEGER NOT NULL
        );
        -- My ads: one owner's ads of one status, newest change first.
        CREATE INDEX ads_by_owner ON ads (account_id, status, modified_at DESC);
        -- Listings: one category in one city, by rank time (a bump moves an ad up).
        CREATE INDEX ads_by_listing ON ads (category_id, city_id, status, rank_time DESC);",
    )?;
    Ok(())
}

fn sign_in_and_shops(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        r#"ALTER TABLE accounts ADD COLUMN status TEXT NOT NULL DEFAULT 'active';
        ALTER TABLE accounts ADD COLUMN roles TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE accounts ADD COLUMN lang TEXT NOT NULL DEFAULT 'fr';
        ALTER TABLE accounts ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE accounts ADD COLUMN address TEXT;
        ALTER TABLE accounts ADD COLUMN notification_preferences TEXT NOT NULL DEFAULT
            '{"adNotificationsEnabled":true,"vasNotificationsEnabled":true,"paymentNotificationsEnabled":true,"newsletterNotificationsEnabled":false,"chatNotificationsEnabled":true}';
        UPDATE accounts SET roles = '["ROLE_STORE_OWNER"]' WHERE account_type = 'shop';

        -- One row per refresh token, by its SHA-256; a family is one sign-in's chain of rotations.
        CREATE TABLE refresh_tokens (
            token_hash TEXT PRIMARY KEY,
            family_id TEXT NOT NULL,
            account_id INTEGER NOT NULL REFERENCES accounts(account_id),
            acting_admin_id INTEGER REFERENCES accounts(account_id),
            issued_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            rotated_at INTEGER,
            revoked_at INTEGER
        );
        CREATE INDEX refresh_tokens_by_family ON refresh_tokens (family_id);

        -- The shop of a shop account (spec §3 Store info).
        CREATE TABLE stores (
            store_id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL UNIQUE REFERENCES accounts(account_id),
            name TEXT NOT NULL,
            email TEXT,
            category_id INTEGER REFERENCES categories(id),
            website TEXT,
            description_long TEXT NOT NULL DEFAULT '',
            description_short TEXT NOT NULL DEFAULT '',
            phones TEXT NOT NULL DEFAULT '[]',
            address TEXT NOT NULL DEFAULT '',
            city_id INTEGER REFERENCES cities(id),
            logo_key TEXT,
            plan TEXT NOT NULL DEFAULT 'standard',
            start_date INTEGER NOT NULL,
            expiry_date INTEGER NOT NULL,
            points_count INTEGER NOT NULL DEFAULT 0,
            points_expiry INTEGER,
            token_balance INTEGER NOT NULL DEFAULT 0,
            membership_id INTEGER NOT NULL DEFAULT 1,
            membership_name TEXT NOT NULL DEFAULT 'Standard',
            is_verified_seller INTEGER NOT NULL DEFAULT 0,
            offers_delivery INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO stores (account_id, name, email, category_id, city_id, start_date, expiry_date)
            SELECT account_id, name, email, shop_category_id, city_id, registered_at, registered_at + 365 * 86400
            FROM accounts WHERE account_type = 'shop';

        -- Shop sign-ups a sales agent must call within 24 hours, oldest first.
        CREATE TABLE leads (
            lead_id INTEGER PRIMARY KEY,
            account_id INTEGER REFERENCES accounts(account_id),
            name TEXT NOT NULL,
            phone TEXT,
            email TEXT,
            plan TEXT,
            category_id INTEGER,
            created_at INTEGER NOT NULL,
            call_before INTEGER NOT NULL,
            called_at INTEGER
        );
        CREATE INDEX leads_to_call ON leads (called_at, call_before);

        CREATE TABLE social_identities (
            provider TEXT NOT NULL,
            subject TEXT NOT NULL,
            account_id INTEGER NOT NULL REFERENCES accounts(account_id),
            linked_at INTEGER NOT NULL,
            PRIMARY KEY (provider, subject)
        ) WITHOUT ROWID;

        -- Writes made by an admin acting as a user, partitioned by the admin.
        CREATE TABLE audit_log (
            admin_id INTEGER NOT NULL REFERENCES accounts(account_id),
            id INTEGER NOT NULL,
            account_id INTEGER NOT NULL REFERENCES accounts(account_id),
            at INTEGER NOT NULL,
            operation TEXT NOT NULL,
            detail TEXT NOT NULL,
            PRIMARY KEY (admin_id, id)
        ) WITHOUT ROWID;"#,
    )?;
    Ok(())
}

fn ads_lifecycle(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "ALTER TABLE ads ADD COLUMN discount INTEGER;
        ALTER TABLE ads ADD COLUMN video TEXT;
        ALTER TABLE ads ADD COLUMN state_time INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE ads ADD COLUMN edit_status TEXT;
        ALTER TABLE ads ADD COLUMN refusal_reason TEXT;
        ALTER TABLE ads ADD COLUMN resubmissions INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE ads ADD COLUMN photo_allowance INTEGER NOT NULL DEFAULT 8;
        ALTER TABLE ads ADD COLUMN views INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE ads ADD COLUMN phone_views INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE ads ADD COLUMN conversations INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE ads ADD COLUMN duplicate_key TEXT NOT NULL DEFAULT '';
        ALTER TABLE ads ADD COLUMN boosted_until INTEGER NOT NULL DEFAULT 0;
        UPDATE ads SET state_time = modified_at;
        -- The free-ad limit and duplicate checks: one owner's ads of one category.
        CREATE INDEX ads_by_owner_category ON ads (account_id, category_id, status);

        -- Ad-form drafts, one owner's newest first; ad_id is set when the draft edits an ad.
        CREATE TABLE ad_drafts (
            draft_id TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(account_id),
            ad_id TEXT REFERENCES ads(ad_id),
            step INTEGER NOT NULL,
            content TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE INDEX ad_drafts_by_owner ON ad_drafts (account_id, updated_at DESC);

        -- An edit of a live ad waiting for moderation; the ad keeps its content meanwhile.
        CREATE TABLE ad_edits (
            ad_id TEXT PRIMARY KEY REFERENCES ads(ad_id),
            content TEXT NOT NULL,
            submitted_at INTEGER NOT NULL
        ) WITHOUT ROWID;

        -- Uploaded photos and videos, owned by an account until an ad uses them.
        CREATE TABLE ad_media (
            media_id TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(account_id),
            kind TEXT NOT NULL CHECK (kind IN ('photo', 'video')),
            base_key TEXT NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            bytes INTEGER NOT NULL,
            duration_ms INTEGER,
            created_at INTEGER NOT NULL
        ) WITHOUT ROWID;

        -- The moderation queue, oldest first.
        CREATE TABLE moderation_queue (
            ad_id TEXT PRIMARY KEY REFERENCES ads(ad_id),
            kind TEXT NOT NULL CHECK (kind IN ('new', 'edit', 'appeal')),
            submitted_at INTEGER NOT NULL,
            flags TEXT NOT NULL DEFAULT '[]'
        ) WITHOUT ROWID;
        CREATE INDEX moderation_by_age ON moderation_queue (submitted_at);

        -- Boost packs of an ad (written by payments).
        CREATE TABLE ad_vas_packs (
            ad_id TEXT NOT NULL REFERENCES ads(ad_id),
            name TEXT NOT NULL,
            start_date INTEGER NOT NULL,
            end_date INTEGER NOT NULL,
            PRIMARY KEY (ad_id, start_date, name)
        ) WITHOUT ROWID;
        CREATE INDEX vas_packs_live ON ad_vas_packs (name, end_date);

        -- Saved ads, partitioned by account, newest first.
        CREATE TABLE saved_ads (
            account_id INTEGER NOT NULL REFERENCES accounts(account_id),
            list_id INTEGER NOT NULL,
            saved_at INTEGER NOT NULL,
            PRIMARY KEY (account_id, list_id)
        ) WITHOUT ROWID;
        CREATE INDEX saved_ads_by_time ON saved_ads (account_id, saved_at DESC);

        -- Abuse reports: one per reporter per ad; open ones oldest first for the admin queue.
        CREATE TABLE abuse_reports (
            list_id INTEGER NOT NULL,
            reporter TEXT NOT NULL,
            reporter_account INTEGER,
            type TEXT NOT NULL,
            body TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            handled_at INTEGER,
            PRIMARY KEY (list_id, reporter)
        ) WITHOUT ROWID;
        CREATE INDEX abuse_reports_open ON abuse_reports (handled_at, created_at);",
    )?;
    Ok(())
}

fn metrics(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "-- The statistics time series (storage/src/metrics): hours by (owner, metric, day), a daily
        -- roll-up by (owner, metric, year), totals by (owner, metric).
        CREATE TABLE metric_hours (
            owner TEXT NOT NULL, metric TEXT NOT NULL, day INTEGER NOT NULL, hour INTEGER NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (owner, metric, day, hour)
        ) WITHOUT ROWID;
        CREATE TABLE metric_days (
            owner TEXT NOT NULL, metric TEXT NOT NULL, year INTEGER NOT NULL, day INTEGER NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (owner, metric, year, day)
        ) WITHOUT ROWID;
        CREATE TABLE metric_totals (
            owner TEXT NOT NULL, metric TEXT NOT NULL, total INTEGER NOT NULL,
            PRIMARY KEY (owner, metric)
        ) WITHOUT ROWID;",
    )?;
    Ok(())
}

/// 9: the listing index followed its sellers by triggers (dropped by migration 29: the index is
/// kept by its writers only); ads of disabled accounts leave it.
const SELLER_TRIGGERS: &str = "
    CREATE TRIGGER search_seller_kind AFTER UPDATE OF account_type ON accounts
    BEGIN
        UPDATE search_listing SET shop = (NEW.account_type = 'shop') WHERE account_id = NEW.account_id;
    END;
    CREATE TRIGGER search_seller_verified AFTER UPDATE OF is_verified_seller ON stores
    BEGIN
        UPDATE search_listing SET verified = coalesce(NEW.is_verified_seller, 0) WHERE account_id = NEW.account_id;
    END;
    CREATE TRIGGER search_seller_store AFTER INSERT ON stores
    BEGIN
        UPDATE search_listing SET verified = coalesce(NEW.is_verified_seller, 0) WHERE account_id = NEW.account_id;
    END;
";

fn search_seller_status(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(SELLER_TRIGGERS)?;
    crate::search::resync_disabled_sellers(tx)
}

/// 29: the listing index is kept one way, by the writes that change what it shows (`sync_ad`,
/// `sync_account` from the ads', accounts' and stores' writes): the seller triggers of
/// migration 9 go.
fn listing_kept_by_writers(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "DROP TRIGGER search_seller_kind;
        DROP TRIGGER search_seller_verified;
        DROP TRIGGER search_seller_store;",
    )?;
    Ok(())
}

/// The booked nights of vacation rentals (`crate::ads`, `souk_domain::availability`): one
/// partition per ad, periods by first day.
fn ad_availability(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE ad_availability (
            ad_id TEXT NOT NULL, first_day INTEGER NOT NULL, last_day INTEGER NOT NULL,
            PRIMARY KEY (ad_id, first_day)
        ) WITHOUT ROWID;",
    )?;
    Ok(())
}

/// The listing index's FTS table gets its `scope` column (place and category tokens), filled
/// again from the index (`crate::search::rebuild_fts`).
fn search_scope_tokens(tx: &Transaction) -> Result<(), StoreError> {
    crate::search::rebuild_fts(tx)
}

/// The listing index's FTS table gets its `cell` column (the words as tokens of the ad's city
/// and of its category in its city), the listing rows the body's length (`words`); both are
/// filled again from the index (`crate::search::rebuild_fts`). A store created with migration
/// 7's current schema has `words` already.
fn search_cells(tx: &Transaction) -> Result<(), StoreError> {
    let has_words: bool =
        tx.query_row("SELECT count(*) FROM pragma_table_info('search_listing') WHERE name = 'words'", [], |r| {
            r.get(0)
        })?;
    if !has_words {
        tx.execute_batch("ALTER TABLE search_listing ADD COLUMN words INTEGER NOT NULL DEFAULT 0")?;
    }
    crate::search::rebuild_fts(tx)
}

/// Issue 32: the listing index's words are normalised anew (`souk_domain::search_text`: Arabic
/// light stemming, French plurals and elisions, the marketplace vocabulary and each ad's category
/// words) and `search_listing.words` packs the title's length (`crate::search::packed_words`):
/// the FTS table is filled again from the ads (`crate::search::rebuild_fts`).
fn search_normalised_text(tx: &Transaction) -> Result<(), StoreError> {
    crate::search::rebuild_fts(tx)
}

/// The columns a keyword search reads of every match, in a narrow table kept by triggers
/// (`crate::search::HITS_SCHEMA`), filled from the listing index.
fn search_hits(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(crate::search::HITS_SCHEMA)?;
    Ok(())
}

/// Saved searches get an alerts switch (on for the ones saved before).
fn saved_search_alerts(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch("ALTER TABLE saved_searches ADD COLUMN alerts INTEGER NOT NULL DEFAULT 1")?;
    Ok(())
}

/// The listing index and its FTS5 table (`crate::search`), filled from the active ads.
fn search(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(crate::search::SCHEMA)?;
    crate::search::backfill(tx)
}

/// The listing indexes hold the columns listings read (`crate::search::COVERING_INDEXES`).
fn search_covering_indexes(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(crate::search::COVERING_INDEXES)?;
    Ok(())
}

/// The words of the listing index with their document counts, read by the relevance
/// (`crate::search::word_counts`): an `fts5vocab` view of `search_fts`, nothing stored.
fn search_word_counts(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch("CREATE VIRTUAL TABLE search_fts_words USING fts5vocab(search_fts, col);")?;
    Ok(())
}

/// Orders (`crate::orders`): one row per order with the product as it was ordered; a buyer's
/// orders newest first, and one status of them, are each one index range.
fn purchase_orders(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE purchase_orders (
            order_id TEXT PRIMARY KEY,
            buyer_id INTEGER NOT NULL,
            seller_id INTEGER NOT NULL,
            list_id INTEGER,
            sku TEXT,
            product_name TEXT NOT NULL,
            thumbnail TEXT,
            units INTEGER NOT NULL CHECK (units > 0),
            total_centimes INTEGER NOT NULL CHECK (total_centimes >= 0),
            status TEXT NOT NULL,
            payment_method TEXT NOT NULL,
            created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX purchase_orders_by_buyer ON purchase_orders (buyer_id, created_at DESC, order_id DESC);
        CREATE INDEX purchase_orders_by_buyer_status
            ON purchase_orders (buyer_id, status, created_at DESC, order_id DESC);",
    )?;
    Ok(())
}

/// Orders of insertion fees (docs/storage.md): partitioned by account (my payment orders, newest
/// first), found by their payment code (the agency's confirmation), and at most one pending
/// order per ad (a partial unique index: the schema itself keeps "one open order per ad").
fn payment_orders(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE payment_orders (
            order_id TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL,
            ad_id TEXT NOT NULL,
            list_id INTEGER NOT NULL,
            ad_title TEXT NOT NULL,
            code TEXT NOT NULL,
            method TEXT NOT NULL,
            fee_centimes INTEGER NOT NULL CHECK (fee_centimes >= 0),
            extra_fee_centimes INTEGER NOT NULL CHECK (extra_fee_centimes >= 0),
            total_centimes INTEGER NOT NULL CHECK (total_centimes = fee_centimes + extra_fee_centimes),
            status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'expired', 'refunded')),
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            paid_at INTEGER
        ) WITHOUT ROWID;
        CREATE INDEX payment_orders_by_account ON payment_orders (account_id, created_at DESC, order_id DESC);
        CREATE UNIQUE INDEX payment_orders_by_code ON payment_orders (code);
        CREATE UNIQUE INDEX payment_orders_open_by_ad ON payment_orders (ad_id) WHERE status = 'pending';",
    )?;
    Ok(())
}

/// The seller centre (issue 23, docs/storage.md): products of e-commerce shops (one seller's
/// products by status; the ad that carries each one by its list id), what a checkout adds to
/// an order (its product, the buyer's order key that makes a retried checkout one order,
/// delivery details and fee, commission, when it entered its status, the workflow's reminder
/// and lateness), sale orders read by their seller's partition, the open orders the workflow
/// actors reload at start, the buyers' remembered delivery details, and home-delivery requests
/// by seller and by callback due time.
fn seller_centre(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE seller_products (
            product_id TEXT PRIMARY KEY,
            seller_id INTEGER NOT NULL,
            ad_id TEXT NOT NULL UNIQUE,
            list_id INTEGER NOT NULL UNIQUE,
            name TEXT NOT NULL,
            category_id INTEGER NOT NULL,
            city_id INTEGER NOT NULL,
            description TEXT NOT NULL,
            images TEXT NOT NULL,
            units INTEGER NOT NULL CHECK (units >= 0),
            unit_price_centimes INTEGER NOT NULL CHECK (unit_price_centimes > 0),
            discount_kind TEXT CHECK (discount_kind IN ('percent', 'amount')),
            discount_value INTEGER,
            reference TEXT,
            boost_pack TEXT,
            orders_count INTEGER NOT NULL DEFAULT 0,
            status TEXT NOT NULL CHECK (status IN ('active', 'outOfStock', 'deactivated', 'deleted')),
            version INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX seller_products_by_seller_status
            ON seller_products (seller_id, status, updated_at DESC, product_id DESC);

        ALTER TABLE purchase_orders ADD COLUMN product_id TEXT;
        ALTER TABLE purchase_orders ADD COLUMN order_key TEXT;
        ALTER TABLE purchase_orders ADD COLUMN delivery_fee_centimes INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE purchase_orders ADD COLUMN commission_centimes INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE purchase_orders ADD COLUMN delivery TEXT;
        ALTER TABLE purchase_orders ADD COLUMN status_at INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE purchase_orders ADD COLUMN delivered_at INTEGER;
        ALTER TABLE purchase_orders ADD COLUMN reminded_at INTEGER;
        ALTER TABLE purchase_orders ADD COLUMN late INTEGER NOT NULL DEFAULT 0;
        UPDATE purchase_orders SET status_at = created_at;
        UPDATE purchase_orders SET delivered_at = created_at WHERE status = 'DELIVERED';
        CREATE UNIQUE INDEX purchase_orders_by_key ON purchase_orders (buyer_id, order_key)
            WHERE order_key IS NOT NULL;
        CREATE INDEX purchase_orders_by_seller ON purchase_orders (seller_id, created_at DESC, order_id DESC);
        CREATE INDEX purchase_orders_by_seller_status
            ON purchase_orders (seller_id, status, created_at DESC, order_id DESC);
        CREATE INDEX purchase_orders_open ON purchase_orders (status, order_id)
            WHERE status IN ('PENDING', 'READY', 'DELIVERING');

        CREATE TABLE checkout_details (
            account_id INTEGER PRIMARY KEY,
            full_name TEXT NOT NULL,
            email TEXT NOT NULL,
            phone TEXT NOT NULL,
            address TEXT NOT NULL,
            city_id INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );

        CREATE TABLE delivery_requests (
            request_id TEXT PRIMARY KEY,
            list_id INTEGER NOT NULL,
            seller_id INTEGER NOT NULL,
            requester_id INTEGER,
            ad_title TEXT NOT NULL,
            first_name TEXT NOT NULL,
            email TEXT NOT NULL,
            phone TEXT NOT NULL,
            city_id INTEGER NOT NULL,
            area_id INTEGER,
            address TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            callback_before INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX delivery_requests_by_seller ON delivery_requests (seller_id, created_at DESC, request_id DESC);
        CREATE INDEX delivery_requests_by_due ON delivery_requests (callback_before, request_id);",
    )?;
    Ok(())
}

/// Boosts, balances and payments (issue 24, docs/payments.md): payment orders pay for a pack
/// as well as an insertion fee and gain the `ongoing` status, a refused attempt and an invoice
/// number (rebuilt, since SQLite cannot change a CHECK); invoice numbers are counted per year;
/// the points and tokens balances become a ledger (one row per credit and debit, the balance is
/// their sum), opened with what the shops' fields held; each provider callback is kept by its
/// event id so a replay is recognised; a pack on an ad names the order that bought it.
fn packs_balances_invoices(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE payment_orders_v2 (
            order_id TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL,
            purpose TEXT NOT NULL CHECK (purpose IN ('insertion', 'pack')),
            ad_id TEXT NOT NULL,
            list_id INTEGER NOT NULL,
            ad_title TEXT NOT NULL,
            code TEXT NOT NULL,
            method TEXT NOT NULL,
            fee_centimes INTEGER NOT NULL CHECK (fee_centimes >= 0),
            extra_fee_centimes INTEGER NOT NULL CHECK (extra_fee_centimes >= 0),
            total_centimes INTEGER NOT NULL CHECK (total_centimes = fee_centimes + extra_fee_centimes),
            status TEXT NOT NULL CHECK (status IN ('pending', 'ongoing', 'paid', 'expired', 'refunded')),
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            paid_at INTEGER,
            pack_id TEXT,
            slot_day INTEGER,
            slot_part TEXT,
            pack_start INTEGER,
            pack_end INTEGER,
            units INTEGER,
            failure TEXT,
            invoice_number TEXT,
            CHECK ((purpose = 'pack') = (pack_id IS NOT NULL))
        ) WITHOUT ROWID;
        INSERT INTO payment_orders_v2 (order_id, account_id, purpose, ad_id, list_id, ad_title, code, method,
                fee_centimes, extra_fee_centimes, total_centimes, status, created_at, expires_at, paid_at)
            SELECT order_id, account_id, 'insertion', ad_id, list_id, ad_title, code, method, fee_centimes,
                extra_fee_centimes, total_centimes, status, created_at, expires_at, paid_at
            FROM payment_orders;
        DROP TABLE payment_orders;
        ALTER TABLE payment_orders_v2 RENAME TO payment_orders;
        CREATE INDEX payment_orders_by_account ON payment_orders (account_id, created_at DESC, order_id DESC);
        CREATE UNIQUE INDEX payment_orders_by_code ON payment_orders (code);
        CREATE UNIQUE INDEX payment_orders_open_by_ad ON payment_orders (ad_id)
            WHERE status IN ('pending', 'ongoing') AND purpose = 'insertion';
        CREATE UNIQUE INDEX payment_orders_by_invoice ON payment_orders (invoice_number)
            WHERE invoice_number IS NOT NULL;

        CREATE TABLE invoice_counters (
            year INTEGER PRIMARY KEY,
            last INTEGER NOT NULL CHECK (last > 0)
        );

        CREATE TABLE balance_entries (
            account_id INTEGER NOT NULL,
            balance TEXT NOT NULL CHECK (balance IN ('points', 'tokens')),
            entry_id TEXT NOT NULL,
            delta INTEGER NOT NULL CHECK (delta <> 0),
            reason TEXT NOT NULL,
            order_id TEXT,
            expires_at INTEGER,
            created_at INTEGER NOT NULL,
            PRIMARY KEY (account_id, balance, entry_id)
        ) WITHOUT ROWID;
        -- An order takes from a balance once (and is given back once).
        CREATE UNIQUE INDEX balance_entries_by_order ON balance_entries (order_id, reason) WHERE order_id IS NOT NULL;
        INSERT INTO balance_entries (account_id, balance, entry_id, delta, reason, expires_at, created_at)
            SELECT account_id, 'points', 'opening', points_count, 'opening', points_expiry, unixepoch()
            FROM stores WHERE points_count <> 0;
        INSERT INTO balance_entries (account_id, balance, entry_id, delta, reason, created_at)
            SELECT account_id, 'tokens', 'opening', token_balance, 'opening', unixepoch()
            FROM stores WHERE token_balance <> 0;

        CREATE TABLE payment_callbacks (
            provider TEXT NOT NULL,
            event_id TEXT NOT NULL,
            order_id TEXT,
            outcome TEXT NOT NULL,
            received_at INTEGER NOT NULL,
            PRIMARY KEY (provider, event_id)
        ) WITHOUT ROWID;

        ALTER TABLE ad_vas_packs ADD COLUMN order_id TEXT;",
    )?;
    Ok(())
}

/// The scheduler's persisted one-shot jobs (`storage::jobs`): claimed by one node at a time,
/// the due ones found through a partial index of those not done.
fn scheduled_jobs(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE scheduled_jobs (
            job_id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            subject TEXT NOT NULL,
            run_at INTEGER NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            claimed_until INTEGER NOT NULL DEFAULT 0,
            claimed_by TEXT,
            done_at INTEGER,
            last_error TEXT
        ) WITHOUT ROWID;
        CREATE INDEX scheduled_jobs_due ON scheduled_jobs (run_at) WHERE done_at IS NULL;",
    )?;
    Ok(())
}

/// 27: who closed an ad's abuse reports from the admin desk, why, and the note
/// (`AdStore::dismiss_reports`); `handled_at` already marks them closed.
fn abuse_report_dismissals(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "ALTER TABLE abuse_reports ADD COLUMN handled_by INTEGER;
        ALTER TABLE abuse_reports ADD COLUMN handled_reason TEXT;
        ALTER TABLE abuse_reports ADD COLUMN handled_note TEXT;",
    )?;
    Ok(())
}

/// 24: the session revocation list kept where it survives a Redis restart (issue 27,
/// docs/security.md "Session revocation"); rows end with the tokens they void.
fn session_revocations(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE session_revocations (
            subject TEXT PRIMARY KEY,
            issued_before INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX session_revocations_by_expiry ON session_revocations (expires_at);
        CREATE INDEX session_revocations_by_creation ON session_revocations (created_at);",
    )?;
    Ok(())
}

/// Each shipped migration frozen as it shipped: what it does to the schema (every table,
/// index, trigger and view it creates, changes or drops) is recorded, version by version, in
/// `migrations.frozen`; a change to a recorded migration's effect fails here. A new migration
/// is recorded by running this test once with `SOUK_RECORD_NEW_MIGRATIONS=1` (recorded ones are
/// never rewritten).
#[cfg(test)]
mod frozen {
    use super::*;
    use std::collections::BTreeMap;

    const FROZEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/sqlite/migrations.frozen");

    /// The schema: `type name` → its SQL on one line.
    fn schema(conn: &Connection) -> BTreeMap<String, String> {
        let mut st = conn
            .prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'")
            .expect("schema");
        st.query_map([], |r| {
            let sql: String = r.get(2)?;
            Ok((
                format!("{} {}", r.get::<_, String>(0)?, r.get::<_, String>(1)?),
                sql.split_whitespace().collect::<Vec<_>>().join(" "),
            ))
        })
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("schema rows")
    }

    /// What each migration did, as `## version name` then `+ created`, `~ changed`, `- dropped`.
    fn effects() -> Vec<(u32, String)> {
        let mut conn = Connection::open_in_memory().expect("memory");
        super::super::configure(&conn).expect("configure");
        let mut ordered: Vec<&Migration> = MIGRATIONS.iter().collect();
        ordered.sort_by_key(|m| m.version);
        let mut before = schema(&conn);
        let mut out = Vec::new();
        for m in ordered {
            let tx = conn.transaction().expect("tx");
            (m.apply)(&tx).unwrap_or_else(|e| panic!("migration {} {}: {e}", m.version, m.name));
            tx.commit().expect("commit");
            let after = schema(&conn);
            let mut text = format!("## {} {}\n", m.version, m.name);
            for (name, sql) in &after {
                match before.get(name) {
                    None => text.push_str(&format!("+ {sql}\n")),
                    Some(old) if old != sql => text.push_str(&format!("~ {sql}\n")),
                    Some(_) => {}
                }
            }
            for name in before.keys().filter(|n| !after.contains_key(*n)) {
                text.push_str(&format!("- {name}\n"));
            }
            out.push((m.version, text));
            before = after;
        }
        out
    }

    #[test]
    fn docs_storage_lists_every_table() {
        let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/storage.md")).expect("docs");
        let mut conn = Connection::open_in_memory().expect("memory");
        super::super::configure(&conn).expect("configure");
        apply(&mut conn).expect("migrations");
        let tables: Vec<String> = schema(&conn)
            .keys()
            .filter_map(|k| k.strip_prefix("table ").map(str::to_string))
            // FTS5's own shadow tables come with their virtual table.
            .filter(|t| !["_data", "_idx", "_content", "_docsize", "_config"].iter().any(|s| t.ends_with(s)))
            .collect();
        assert!(tables.len() > 40, "{tables:?}");
        let missing: Vec<_> = tables.iter().filter(|t| !docs.contains(&format!("`{t}`"))).collect();
        assert!(missing.is_empty(), "docs/storage.md does not list these tables: {missing:?}");
    }

    #[test]
    fn every_shipped_migration_does_what_it_did_when_it_shipped() {
        let recorded = std::fs::read_to_string(FROZEN).unwrap_or_default();
        let mut frozen: BTreeMap<u32, String> = BTreeMap::new();
        for block in recorded.split("\n## ").map(|b| b.trim_start_matches("## ")) {
            if let Some(version) = block.split_whitespace().next().and_then(|v| v.parse().ok()) {
                frozen.insert(version, format!("## {}\n", block.trim_end()));
            }
        }
        let mut new = Vec::new();
        for (version, text) in effects() {
            match frozen.get(&version) {
                Some(was) => assert_eq!(
                    &text, was,
                    "migration {version} no longer does what it did when it shipped: add a new migration instead"
                ),
                None => new.push(text),
            }
        }
        if new.is_empty() {
            return;
        }
        if std::env::var("SOUK_RECORD_NEW_MIGRATIONS").is_ok_and(|v| v == "1") {
            let mut all = recorded.trim_end().to_string();
            for text in &new {
                all.push_str(if all.is_empty() { "" } else { "\n\n" });
                all.push_str(text.trim_end());
            }
            all.push('\n');
            std::fs::write(FROZEN, all).expect("record");
            eprintln!("recorded {} new migration(s) in {FROZEN}", new.len());
        } else {
            panic!(
                "{} migration(s) not recorded yet; run `SOUK_RECORD_NEW_MIGRATIONS=1 cargo test -p souk-storage frozen` once and commit {FROZEN}:\n{}",
                new.len(),
                new.join("\n")
            );
        }
    }
}
