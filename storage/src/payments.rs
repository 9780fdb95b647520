//! Stored payment orders (spec §3 insertion fees and boost packs, §4 payment statuses, §9
//! payment code): the `payment_orders` table, one row per order with the ad as it was when
//! ordered, what it pays for, its amounts in centimes, its payment code, status, last refused
//! attempt and invoice number. Read by its account's partition newest first (my payment
//! orders), by its id, by its code (the agency's confirmation) and by its ad's one open
//! insertion order. Settling an order is one write that also takes its price from a balance,
//! numbers its invoice, puts its pack on the ad and schedules the pack's jobs, so none of them
//! can happen without the others. Provider callbacks are kept by event id (a replay is seen).
//! The conformance suite every backend must pass is here too (`conformance`).

use crate::error::StoreError;
use crate::rows::corrupt;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, Row, params};
use souk_domain::balances::{Balance, Standing};
use souk_domain::money::Money;
use souk_domain::payments::{PaymentMethod, PaymentStatus, Purpose};

/// The scheduler's job that writes an unpaid order expired when its 48 hours are over,
/// scheduled in the write that stores the order.
pub const PAYMENT_EXPIRY_JOB: &str = "payment_expiry";

/// The pack an order buys: which, the slot chosen, and once paid its period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderedPack {
    /// `bump-7` (souk_domain::packs).
    pub pack_id: String,
    /// The slot's local day (days since 1970-01-01) and part of the day (`morning`...).
    pub slot_day: i64,
    pub slot_part: String,
    /// Unix seconds, set when the order is paid.
    pub start: Option<i64>,
    pub end: Option<i64>,
}

/// One payment order: an ad's insertion fee or a pack for an ad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentOrder {
    /// UUIDv7 text (time-ordered).
    pub order_id: String,
    /// Who pays: the ad's owner.
    pub account_id: i64,
    pub purpose: Purpose,
    pub ad_id: String,
    /// The ad's public id and title when it was ordered.
    pub list_id: i64,
    pub ad_title: String,
    /// The payment code (ten digits), unique among every order ever made; also the reference
    /// of an order paid by card or balance.
    pub code: String,
    pub method: PaymentMethod,
    pub fee: Money,
    pub extra_fee: Money,
    pub total: Money,
    /// As stored: an unpaid order past `expires_at` is expired even before it is written so
    /// (`souk_domain::payments::status_at`).
    pub status: PaymentStatus,
    /// Unix seconds.
    pub created_at: i64,
    pub expires_at: i64,
    pub paid_at: Option<i64>,
    /// `Some` for a pack order.
    pub pack: Option<OrderedPack>,
    /// Points or tokens the order costs, when paid from a balance.
    pub units: Option<i64>,
    /// The error code of the last refused attempt (a declined card), while not paid.
    pub failure: Option<String>,
    /// `F-2026-000042`, once paid.
    pub invoice_number: Option<String>,
}

/// What asking for an ad's order did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenedOrder {
    /// The order was stored.
    Created(PaymentOrder),
    /// The ad already had an open insertion order: it is answered, nothing was stored.
    Existing(PaymentOrder),
}

impl OpenedOrder {
    pub fn order(self) -> PaymentOrder {
        match self {
            OpenedOrder::Created(o) | OpenedOrder::Existing(o) => o,
        }
    }
}

/// A pack put on an ad when its order is paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackOnAd {
    pub ad_id: String,
    /// The pack's kind as stored on the ad (`bump`...).
    pub name: String,
    pub start: i64,
    pub end: i64,
}

/// Everything paying an order does, in one write.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Settlement {
    /// When it is paid (Unix seconds).
    pub at: i64,
    /// The invoice's year: numbers run from 1 each year, without gaps.
    pub invoice_year: i32,
    /// Units taken from the payer's balance (written as a `pack` debit of the order).
    pub debit: Option<(Balance, i64)>,
    /// The pack's period, written on the order.
    pub pack_period: Option<(i64, i64)>,
    pub pack_on_ad: Option<PackOnAd>,
    /// A paid pack raises the ad's photo allowance to this (docs/ads.md "more with a pack").
    pub photo_allowance: Option<u32>,
    /// Jobs of the scheduler (`storage::jobs`), scheduled in the same write.
    pub jobs: Vec<crate::jobs::ScheduledJob>,
}

/// What settling did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// Paid now, with everything the settlement asked.
    Paid(PaymentOrder),
    /// The order was not open (already paid, expired, refunded): nothing written.
    NotOpen(PaymentOrder),
    /// The balance could not pay it at `at` (expired or short): nothing written.
    Short(Standing),
}

/// One entry of a balance's ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BalanceEntry {
    pub entry_id: String,
    pub account_id: i64,
    pub balance: Balance,
    /// Positive for a credit, negative for a debit.
    pub delta: i64,
    /// `souk_domain::balances::EntryReason` as stored.
    pub reason: String,
    pub order_id: Option<String>,
    /// A credit of points: when they expire.
    pub expires_at: Option<i64>,
    pub created_at: i64,
}

#[async_trait]
pub trait PaymentStore: Send + Sync + 'static {
    /// In one write: the ad's unpaid insertion orders whose code expired by `now` are written
    /// expired; for an insertion, an order of the ad still open at `now` is answered as it is
    /// (`Existing`); otherwise `order` is stored (`Created`; a pack order always is). A code or
    /// id already used is `Conflict`, and nothing is written.
    async fn open_order(&self, order: PaymentOrder, now: i64) -> Result<OpenedOrder, StoreError>;
    /// The order of an id.
    async fn order(&self, order_id: &str) -> Result<Option<PaymentOrder>, StoreError>;
    /// The order of a payment code.
    async fn order_by_code(&self, code: &str) -> Result<Option<PaymentOrder>, StoreError>;
    /// The ad's insertion order still open at `now`, if any.
    async fn open_order_of_ad(&self, ad_id: &str, now: i64) -> Result<Option<PaymentOrder>, StoreError>;
    /// One page of an account's orders, newest first (ties: the larger id first), and how many
    /// the account has.
    async fn orders_of_account(
        &self,
        account_id: i64,
        offset: u32,
        limit: u32,
    ) -> Result<(Vec<PaymentOrder>, u64), StoreError>;
    /// The buyer reached the provider: a pending order valid at `now` becomes ongoing (one
    /// already ongoing stays so). Otherwise `Conflict` and nothing changes.
    async fn mark_ongoing(&self, order_id: &str, now: i64) -> Result<PaymentOrder, StoreError>;
    /// A refused attempt (`failure`: its error code): an unpaid order valid at `now` goes back
    /// to pending with the failure kept. Otherwise `Conflict` and nothing changes.
    async fn record_failure(&self, order_id: &str, failure: &str, now: i64) -> Result<PaymentOrder, StoreError>;
    /// Pays the order if it is unpaid and valid at `settlement.at`, in one write with the
    /// balance debit (checked against the ledger in that write), the next invoice number of the
    /// year, the pack on the ad and the jobs.
    async fn settle(&self, order_id: &str, settlement: Settlement) -> Result<Settled, StoreError>;
    /// Stores `order` and pays it in the same write, when its balance can pay it at
    /// `settlement.at`; when it cannot (`Short`), nothing at all is written.
    async fn pay_at_once(&self, order: PaymentOrder, settlement: Settlement) -> Result<Settled, StoreError>;
    /// Whether a provider's callback event was recorded before.
    async fn seen_callback(&self, provider: &str, event_id: &str) -> Result<bool, StoreError>;
    /// Marks the order paid at `at` if it is still unpaid and its code valid at `at`, with its
    /// invoice number; otherwise `Conflict` and nothing changes. Answers the order as stored.
    async fn mark_paid(&self, order_id: &str, at: i64) -> Result<PaymentOrder, StoreError> {
        let year = souk_domain::payments::invoice_year(at);
        match self.settle(order_id, Settlement { at, invoice_year: year, ..Settlement::default() }).await? {
            Settled::Paid(o) => Ok(o),
            Settled::NotOpen(o) => {
                Err(StoreError::Conflict(format!("payment order {order_id} is {}", o.status.as_str())))
            }
            Settled::Short(_) => Err(StoreError::Conflict(format!("payment order {order_id}: balance"))),
        }
    }
    /// Writes an unpaid order past its expiry at `now` as expired; answers it if it was.
    async fn expire(&self, order_id: &str, now: i64) -> Result<Option<PaymentOrder>, StoreError>;
    /// Keeps a provider's callback by its event id: `false` when that event was seen before
    /// (a replay or a second delivery), and nothing is written.
    async fn record_callback(
        &self,
        provider: &str,
        event_id: &str,
        order_id: Option<&str>,
        outcome: &str,
        at: i64,
    ) -> Result<bool, StoreError>;
    /// A balance as its ledger sums it.
    async fn standing(&self, account_id: i64, balance: Balance) -> Result<Standing, StoreError>;
    /// Writes one credit (or correction) to a ledger. An entry id already used is `Conflict`.
    async fn add_entry(&self, entry: BalanceEntry) -> Result<(), StoreError>;
    /// One page of a balance's ledger, newest first, and how many entries it has.
    async fn entries(
        &self,
        account_id: i64,
        balance: Balance,
        offset: u32,
        limit: u32,
    ) -> Result<(Vec<BalanceEntry>, u64), StoreError>;
}

const COLUMNS: &str = "order_id, account_id, ad_id, list_id, ad_title, code, method, fee_centimes, extra_fee_centimes,
    total_centimes, status, created_at, expires_at, paid_at, purpose, pack_id, slot_day, slot_part, pack_start,
    pack_end, units, failure, invoice_number";

fn row_to_order(r: &Row<'_>) -> Result<PaymentOrder, StoreError> {
    let method: String = r.get(6)?;
    let status: String = r.get(10)?;
    let purpose: String = r.get(14)?;
    let pack_id: Option<String> = r.get(15)?;
    let pack = match pack_id {
        Some(pack_id) => Some(OrderedPack {
            pack_id,
            slot_day: r.get::<_, Option<i64>>(16)?.unwrap_or_default(),
            slot_part: r.get::<_, Option<String>>(17)?.unwrap_or_default(),
            start: r.get(18)?,
            end: r.get(19)?,
        }),
        None => None,
    };
    Ok(PaymentOrder {
        order_id: r.get(0)?,
        account_id: r.get(1)?,
        purpose: Purpose::parse(&purpose).ok_or_else(|| corrupt(format!("payment purpose {purpose}")))?,
        ad_id: r.get(2)?,
        list_id: r.get(3)?,
        ad_title: r.get(4)?,
        code: r.get(5)?,
        method: PaymentMethod::parse(&method).ok_or_else(|| corrupt(format!("payment method {method}")))?,
        fee: Money(r.get(7)?),
        extra_fee: Money(r.get(8)?),
        total: Money(r.get(9)?),
        status: PaymentStatus::parse(&status).ok_or_else(|| corrupt(format!("payment status {status}")))?,
        created_at: r.get(11)?,
        expires_at: r.get(12)?,
        paid_at: r.get(13)?,
        pack,
        units: r.get(20)?,
        failure: r.get(21)?,
        invoice_number: r.get(22)?,
    })
}

fn one(c: &Connection, sql: &str, key: &dyn rusqlite::ToSql) -> Result<Option<PaymentOrder>, StoreError> {
    let mut st = c.prepare_cached(sql)?;
    let mut rows = st.query([key])?;
    match rows.next()? {
        Some(r) => Ok(Some(row_to_order(r)?)),
        None => Ok(None),
    }
}

fn by_id(c: &Connection, order_id: &str) -> Result<Option<PaymentOrder>, StoreError> {
    one(c, &format!("SELECT {COLUMNS} FROM payment_orders WHERE order_id = ?1"), &order_id)
}

fn required(c: &Connection, order_id: &str) -> Result<PaymentOrder, StoreError> {
    by_id(c, order_id)?.ok_or_else(|| StoreError::Conflict(format!("no payment order {order_id}")))
}

/// The ad's unpaid insertion order (the partial unique index allows one), whatever its expiry.
fn open_of_ad(c: &Connection, ad_id: &str) -> Result<Option<PaymentOrder>, StoreError> {
    one(
        c,
        &format!(
            "SELECT {COLUMNS} FROM payment_orders INDEXED BY payment_orders_open_by_ad
             WHERE ad_id = ?1 AND status IN ('pending', 'ongoing') AND purpose = 'insertion'"
        ),
        &ad_id,
    )
}

fn is_constraint(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::ConstraintViolation)
}

fn standing_in(c: &Connection, account_id: i64, balance: Balance) -> Result<Standing, StoreError> {
    let (sum, expires_at) = c
        .prepare_cached(
            "SELECT coalesce(sum(delta), 0), max(expires_at) FROM balance_entries
             WHERE account_id = ?1 AND balance = ?2",
        )?
        .query_row(params![account_id, balance.as_str()], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(Standing { sum, expires_at })
}

fn entry_row(r: &Row<'_>) -> Result<BalanceEntry, StoreError> {
    let balance: String = r.get(2)?;
    Ok(BalanceEntry {
        entry_id: r.get(0)?,
        account_id: r.get(1)?,
        balance: Balance::parse(&balance).ok_or_else(|| corrupt(format!("balance {balance}")))?,
        delta: r.get(3)?,
        reason: r.get(4)?,
        order_id: r.get(5)?,
        expires_at: r.get(6)?,
        created_at: r.get(7)?,
    })
}

fn insert_entry(c: &Connection, e: &BalanceEntry) -> rusqlite::Result<usize> {
    c.prepare_cached(
        "INSERT INTO balance_entries (account_id, balance, entry_id, delta, reason, order_id, expires_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        e.account_id,
        e.balance.as_str(),
        e.entry_id,
        e.delta,
        e.reason,
        e.order_id,
        e.expires_at,
        e.created_at
    ])
}

fn insert_order(c: &Connection, order: &PaymentOrder) -> rusqlite::Result<usize> {
    let pack = order.pack.as_ref();
    c.prepare_cached(
        "INSERT INTO payment_orders (order_id, account_id, ad_id, list_id, ad_title, code, method,
             fee_centimes, extra_fee_centimes, total_centimes, status, created_at, expires_at, paid_at,
             purpose, pack_id, slot_day, slot_part, pack_start, pack_end, units, failure, invoice_number)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,
             ?20, ?21, ?22, ?23)",
    )?
    .execute(params![
        order.order_id,
        order.account_id,
        order.ad_id,
        order.list_id,
        order.ad_title,
        order.code,
        order.method.as_str(),
        order.fee.centimes(),
        order.extra_fee.centimes(),
        order.total.centimes(),
        order.status.as_str(),
        order.created_at,
        order.expires_at,
        order.paid_at,
        order.purpose.as_str(),
        pack.map(|p| p.pack_id.as_str()),
        pack.map(|p| p.slot_day),
        pack.map(|p| p.slot_part.as_str()),
        pack.and_then(|p| p.start),
        pack.and_then(|p| p.end),
        order.units,
        order.failure,
        order.invoice_number
    ])
}

/// Pays an unpaid order valid at `s.at` with everything the settlement asks, inside the
/// caller's write (see [`PaymentStore::settle`]).
fn settle_in(c: &Connection, order_id: &str, s: &Settlement) -> Result<Settled, StoreError> {
    let order = required(c, order_id)?;
    let open = matches!(order.status, PaymentStatus::Pending | PaymentStatus::Ongoing) && order.expires_at > s.at;
    if !open {
        return Ok(Settled::NotOpen(order));
    }
    if let Some((balance, units)) = s.debit {
        let standing = standing_in(c, order.account_id, balance)?;
        if standing.available(s.at) < units {
            return Ok(Settled::Short(standing));
        }
        let debit = BalanceEntry {
            entry_id: format!("order-{order_id}"),
            account_id: order.account_id,
            balance,
            delta: -units,
            reason: souk_domain::balances::EntryReason::Pack.as_str().into(),
            order_id: Some(order_id.to_string()),
            expires_at: None,
            created_at: s.at,
        };
        insert_entry(c, &debit)?;
    }
    let last: i64 = c
        .prepare_cached(
            "INSERT INTO invoice_counters (year, last) VALUES (?1, 1)
             ON CONFLICT (year) DO UPDATE SET last = last + 1 RETURNING last",
        )?
        .query_row([s.invoice_year], |r| r.get(0))?;
    let invoice = format!("F-{}-{last:06}", s.invoice_year);
    let (start, end) = s.pack_period.unzip();
    c.prepare_cached(
        "UPDATE payment_orders SET status = 'paid', paid_at = ?2, invoice_number = ?3, failure = NULL,
             pack_start = coalesce(?4, pack_start), pack_end = coalesce(?5, pack_end)
         WHERE order_id = ?1",
    )?
    .execute(params![order_id, s.at, invoice, start, end])?;
    if let Some(p) = &s.pack_on_ad {
        c.prepare_cached(
            "INSERT INTO ad_vas_packs (ad_id, name, start_date, end_date, order_id) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![p.ad_id, p.name, p.start, p.end, order_id])?;
        c.prepare_cached("UPDATE ads SET boosted_until = max(boosted_until, ?2) WHERE ad_id = ?1")?
            .execute(params![p.ad_id, p.end])?;
        if let Some(allowance) = s.photo_allowance {
            c.prepare_cached("UPDATE ads SET photo_allowance = max(photo_allowance, ?2) WHERE ad_id = ?1")?
                .execute(params![p.ad_id, allowance])?;
        }
        crate::search::sync_ad(c, &p.ad_id, false)?;
    }
    for job in &s.jobs {
        crate::jobs::schedule_in(c, job)?;
    }
    Ok(Settled::Paid(required(c, order_id)?))
}

#[async_trait]
impl PaymentStore for SqliteStore {
    async fn open_order(&self, order: PaymentOrder, now: i64) -> Result<OpenedOrder, StoreError> {
        self.write(move |c| {
            if order.purpose == Purpose::Insertion {
                c.prepare_cached(
                    "UPDATE payment_orders SET status = 'expired'
                     WHERE ad_id = ?1 AND status IN ('pending', 'ongoing') AND purpose = 'insertion'
                       AND expires_at <= ?2",
                )?
                .execute(params![order.ad_id, now])?;
                if let Some(open) = open_of_ad(c, &order.ad_id)? {
                    return Ok(OpenedOrder::Existing(open));
                }
            }
            let inserted = insert_order(c, &order);
            match inserted {
                Ok(_) => {
                    crate::jobs::schedule_in(
                        c,
                        &crate::jobs::ScheduledJob::new(PAYMENT_EXPIRY_JOB, &order.order_id, order.expires_at),
                    )?;
                    Ok(OpenedOrder::Created(order))
                }
                // The savepoint rolls back the expiry update with it: nothing is written.
                Err(e) if is_constraint(&e) => {
                    Err(StoreError::Conflict(format!("payment order {}: {e}", order.order_id)))
                }
                Err(e) => Err(e.into()),
            }
        })
        .await
    }

    async fn order(&self, order_id: &str) -> Result<Option<PaymentOrder>, StoreError> {
        let order_id = order_id.to_string();
        self.read(move |c| by_id(c, &order_id)).await
    }

    async fn order_by_code(&self, code: &str) -> Result<Option<PaymentOrder>, StoreError> {
        let code = code.to_string();
        self.read(move |c| {
            one(
                c,
                &format!("SELECT {COLUMNS} FROM payment_orders INDEXED BY payment_orders_by_code WHERE code = ?1"),
                &code,
            )
        })
        .await
    }

    async fn open_order_of_ad(&self, ad_id: &str, now: i64) -> Result<Option<PaymentOrder>, StoreError> {
        let ad_id = ad_id.to_string();
        self.read(move |c| Ok(open_of_ad(c, &ad_id)?.filter(|o| o.expires_at > now))).await
    }

    async fn orders_of_account(
        &self,
        account_id: i64,
        offset: u32,
        limit: u32,
    ) -> Result<(Vec<PaymentOrder>, u64), StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM payment_orders INDEXED BY payment_orders_by_account
                 WHERE account_id = ?1 ORDER BY created_at DESC, order_id DESC LIMIT ?2 OFFSET ?3"
            ))?;
            let mut rows = st.query(params![account_id, limit, offset])?;
            let mut orders = Vec::new();
            while let Some(r) = rows.next()? {
                orders.push(row_to_order(r)?);
            }
            let count: i64 = c
                .prepare_cached(
                    "SELECT count(*) FROM payment_orders INDEXED BY payment_orders_by_account WHERE account_id = ?1",
                )?
                .query_row([account_id], |r| r.get(0))?;
            Ok((orders, count.max(0) as u64))
        })
        .await
    }

    async fn mark_ongoing(&self, order_id: &str, now: i64) -> Result<PaymentOrder, StoreError> {
        let order_id = order_id.to_string();
        self.write(move |c| {
            let changed = c
                .prepare_cached(
                    "UPDATE payment_orders SET status = 'ongoing'
                     WHERE order_id = ?1 AND status IN ('pending', 'ongoing') AND expires_at > ?2",
                )?
                .execute(params![order_id, now])?;
            let order = required(c, &order_id)?;
            if changed == 1 {
                Ok(order)
            } else {
                Err(StoreError::Conflict(format!("payment order {order_id} is {}", order.status.as_str())))
            }
        })
        .await
    }

    async fn record_failure(&self, order_id: &str, failure: &str, now: i64) -> Result<PaymentOrder, StoreError> {
        let (order_id, failure) = (order_id.to_string(), failure.to_string());
        self.write(move |c| {
            let changed = c
                .prepare_cached(
                    "UPDATE payment_orders SET status = 'pending', failure = ?2
                     WHERE order_id = ?1 AND status IN ('pending', 'ongoing') AND expires_at > ?3",
                )?
                .execute(params![order_id, failure, now])?;
            let order = required(c, &order_id)?;
            if changed == 1 {
                Ok(order)
            } else {
                Err(StoreError::Conflict(format!("payment order {order_id} is {}", order.status.as_str())))
            }
        })
        .await
    }

    async fn settle(&self, order_id: &str, s: Settlement) -> Result<Settled, StoreError> {
        let order_id = order_id.to_string();
        self.write(move |c| settle_in(c, &order_id, &s)).await
    }

    async fn pay_at_once(&self, order: PaymentOrder, s: Settlement) -> Result<Settled, StoreError> {
        self.write(move |c| {
            if let Some((balance, units)) = s.debit {
                let standing = standing_in(c, order.account_id, balance)?;
                if standing.available(s.at) < units {
                    return Ok(Settled::Short(standing));
                }
            }
            insert_order(c, &order).map_err(|e| {
                if is_constraint(&e) {
                    StoreError::Conflict(format!("payment order {}: {e}", order.order_id))
                } else {
                    e.into()
                }
            })?;
            settle_in(c, &order.order_id, &s)
        })
        .await
    }

    async fn expire(&self, order_id: &str, now: i64) -> Result<Option<PaymentOrder>, StoreError> {
        let order_id = order_id.to_string();
        self.write(move |c| {
            let changed = c
                .prepare_cached(
                    "UPDATE payment_orders SET status = 'expired'
                     WHERE order_id = ?1 AND status IN ('pending', 'ongoing') AND expires_at <= ?2",
                )?
                .execute(params![order_id, now])?;
            if changed == 1 { Ok(by_id(c, &order_id)?) } else { Ok(None) }
        })
        .await
    }

    async fn record_callback(
        &self,
        provider: &str,
        event_id: &str,
        order_id: Option<&str>,
        outcome: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        let (provider, event_id, order_id, outcome) =
            (provider.to_string(), event_id.to_string(), order_id.map(str::to_string), outcome.to_string());
        self.write(move |c| {
            let n = c
                .prepare_cached(
                    "INSERT OR IGNORE INTO payment_callbacks (provider, event_id, order_id, outcome, received_at)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                )?
                .execute(params![provider, event_id, order_id, outcome, at])?;
            Ok(n == 1)
        })
        .await
    }

    async fn seen_callback(&self, provider: &str, event_id: &str) -> Result<bool, StoreError> {
        let (provider, event_id) = (provider.to_string(), event_id.to_string());
        self.read(move |c| {
            Ok(c.prepare_cached("SELECT 1 FROM payment_callbacks WHERE provider = ?1 AND event_id = ?2")?
                .query_row(params![provider, event_id], |_| Ok(()))
                .optional()?
                .is_some())
        })
        .await
    }

    async fn standing(&self, account_id: i64, balance: Balance) -> Result<Standing, StoreError> {
        self.read(move |c| standing_in(c, account_id, balance)).await
    }

    async fn add_entry(&self, entry: BalanceEntry) -> Result<(), StoreError> {
        self.write(move |c| match insert_entry(c, &entry) {
            Ok(_) => Ok(()),
            Err(e) if is_constraint(&e) => Err(StoreError::Conflict(format!("balance entry {}: {e}", entry.entry_id))),
            Err(e) => Err(e.into()),
        })
        .await
    }

    async fn entries(
        &self,
        account_id: i64,
        balance: Balance,
        offset: u32,
        limit: u32,
    ) -> Result<(Vec<BalanceEntry>, u64), StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT entry_id, account_id, balance, delta, reason, order_id, expires_at, created_at
                 FROM balance_entries WHERE account_id = ?1 AND balance = ?2
                 ORDER BY created_at DESC, entry_id DESC LIMIT ?3 OFFSET ?4",
            )?;
            let mut rows = st.query(params![account_id, balance.as_str(), limit, offset])?;
            let mut out = Vec::new();
            while let Some(r) = rows.next()? {
                out.push(entry_row(r)?);
            }
            let count: i64 = c
                .prepare_cached("SELECT count(*) FROM balance_entries WHERE account_id = ?1 AND balance = ?2")?
                .query_row(params![account_id, balance.as_str()], |r| r.get(0))
                .optional()?
                .unwrap_or(0);
            Ok((out, count.max(0) as u64))
        })
        .await
    }
}

/// The conformance suite of `PaymentStore`, run by `storage/tests/payment_conformance.rs` on
/// every backend.
pub mod conformance {
    use super::*;

    const T0: i64 = 1_800_000_000;
    const VALID: i64 = 48 * 3600;

    /// An order of `ad_id` by `account_id` made at `at`, its code `code`.
    pub fn order(n: u32, account_id: i64, ad_id: &str, code: &str, at: i64) -> PaymentOrder {
        PaymentOrder {
            order_id: format!("0190-pay-{n:04}"),
            account_id,
            ad_id: ad_id.into(),
            list_id: 10_000_000 + i64::from(n),
            ad_title: format!("Annonce {n} — إعلان"),
            code: code.into(),
            method: PaymentMethod::CashPlus,
            fee: Money(5000),
            extra_fee: Money(250),
            total: Money(5250),
            status: PaymentStatus::Pending,
            created_at: at,
            expires_at: at + VALID,
            paid_at: None,
            purpose: Purpose::Insertion,
            pack: None,
            units: None,
            failure: None,
            invoice_number: None,
        }
    }

    /// A pack order paid from tokens (`units` of them), by `account_id`.
    pub fn pack_order(n: u32, account_id: i64, units: i64, at: i64) -> PaymentOrder {
        let mut o = order(n, account_id, &format!("ad-pack-{n}"), &format!("7{n:09}"), at);
        o.purpose = Purpose::Pack;
        o.method = PaymentMethod::Avitoken;
        o.pack = Some(OrderedPack {
            pack_id: "bump-7".into(),
            slot_day: at / 86_400 + 2,
            slot_part: "morning".into(),
            start: None,
            end: None,
        });
        o.units = Some(units);
        o
    }

    fn tokens_credit(account_id: i64, delta: i64, at: i64) -> BalanceEntry {
        BalanceEntry {
            entry_id: format!("credit-{account_id}-{at}"),
            account_id,
            balance: Balance::Tokens,
            delta,
            reason: "credit".into(),
            order_id: None,
            expires_at: None,
            created_at: at,
        }
    }

    fn debit_of(units: i64, at: i64) -> Settlement {
        Settlement { at, invoice_year: 2027, debit: Some((Balance::Tokens, units)), ..Settlement::default() }
    }

    /// Fifty orders paid at once from one balance never overdraw it: exactly as many as the
    /// balance covers are paid, the others are refused with the balance as it stood, and the
    /// ledger's sum is what is left.
    pub async fn parallel_debits_never_overdraw(store: std::sync::Arc<dyn PaymentStore>) {
        store.add_entry(tokens_credit(60, 100, T0)).await.expect("credit");
        let mut ids = Vec::new();
        for n in 0..50u32 {
            let o = pack_order(400 + n, 60, 3, T0);
            store.open_order(o.clone(), T0).await.expect("open");
            ids.push(o.order_id);
        }
        let tasks: Vec<_> = ids
            .into_iter()
            .map(|id| {
                let store = std::sync::Arc::clone(&store);
                tokio::spawn(async move { store.settle(&id, debit_of(3, T0 + 60)).await.expect("settle") })
            })
            .collect();
        let (mut paid, mut short) = (0, 0);
        for t in tasks {
            match t.await.expect("task") {
                Settled::Paid(o) => {
                    assert_eq!(o.status, PaymentStatus::Paid);
                    paid += 1;
                }
                Settled::Short(standing) => {
                    assert!(standing.sum < 3, "refused only when short: {standing:?}");
                    short += 1;
                }
                Settled::NotOpen(o) => panic!("{} was open", o.order_id),
            }
        }
        assert_eq!((paid, short), (33, 17));
        let left = store.standing(60, Balance::Tokens).await.expect("standing");
        assert_eq!(left, Standing { sum: 1, expires_at: None });
        let (entries, count) = store.entries(60, Balance::Tokens, 0, 100).await.expect("entries");
        assert_eq!(count, 34, "one credit and one debit per paid order");
        assert_eq!(entries.iter().map(|e| e.delta).sum::<i64>(), 1);
        assert_eq!(store.standing(61, Balance::Tokens).await.expect("other"), Standing::default());
    }

    /// Expired points pay nothing, whatever they hold.
    pub async fn expired_points_pay_nothing(store: &dyn PaymentStore) {
        let credit = BalanceEntry { balance: Balance::Points, expires_at: Some(T0 + 10), ..tokens_credit(62, 500, T0) };
        store.add_entry(credit.clone()).await.expect("credit");
        assert!(matches!(store.add_entry(credit).await, Err(StoreError::Conflict(_))), "an entry id once");
        let o = pack_order(460, 62, 40, T0);
        store.open_order(o.clone(), T0).await.expect("open");
        let late = Settlement { debit: Some((Balance::Points, 40)), ..debit_of(40, T0 + 10) };
        assert_eq!(
            store.settle(&o.order_id, late).await.expect("settle"),
            Settled::Short(Standing { sum: 500, expires_at: Some(T0 + 10) })
        );
        let kept = store.order(&o.order_id).await.expect("read").expect("kept");
        assert_eq!((kept.status, kept.invoice_number), (PaymentStatus::Pending, None), "nothing written");
        let in_time = Settlement { debit: Some((Balance::Points, 40)), ..debit_of(40, T0 + 9) };
        assert!(matches!(store.settle(&o.order_id, in_time).await.expect("settle"), Settled::Paid(_)));
        assert_eq!(store.standing(62, Balance::Points).await.expect("standing").sum, 460);
    }

    /// Invoices are numbered from 1 each year without gaps, even when orders are paid at once;
    /// a settlement that pays nothing takes no number.
    pub async fn invoice_numbers_have_no_gaps(store: std::sync::Arc<dyn PaymentStore>) {
        let mut ids = Vec::new();
        for n in 0..30u32 {
            let o = order(500 + n, 70, &format!("ad-inv-{n}"), &format!("80000005{n:02}"), T0);
            store.open_order(o.clone(), T0).await.expect("open");
            ids.push(o.order_id);
        }
        let year = |at| Settlement { at, invoice_year: 2031, ..Settlement::default() };
        let first = ids[0].clone();
        let tasks: Vec<_> = ids
            .into_iter()
            .map(|id| {
                let store = std::sync::Arc::clone(&store);
                tokio::spawn(async move { store.settle(&id, year(T0 + 5)).await.expect("settle") })
            })
            .collect();
        let mut numbers = Vec::new();
        for t in tasks {
            match t.await.expect("task") {
                Settled::Paid(o) => numbers.push(o.invoice_number.expect("numbered")),
                other => panic!("{other:?}"),
            }
        }
        numbers.sort();
        let expected: Vec<_> = (1..=30).map(|n| format!("F-2031-{n:06}")).collect();
        assert_eq!(numbers, expected);
        assert!(matches!(store.settle(&first, year(T0 + 6)).await.expect("again"), Settled::NotOpen(_)));
        let next = order(540, 70, "ad-inv-next", "8000000540", T0);
        store.open_order(next.clone(), T0).await.expect("open");
        let Settled::Paid(paid) = store.settle(&next.order_id, year(T0 + 7)).await.expect("next") else {
            panic!("not paid")
        };
        assert_eq!(paid.invoice_number.as_deref(), Some("F-2031-000031"), "the refusal took no number");
        let other_year = order(541, 70, "ad-inv-y", "8000000541", T0);
        store.open_order(other_year.clone(), T0).await.expect("open");
        let s = Settlement { at: T0 + 8, invoice_year: 2032, ..Settlement::default() };
        let Settled::Paid(paid) = store.settle(&other_year.order_id, s).await.expect("year") else { panic!() };
        assert_eq!(paid.invoice_number.as_deref(), Some("F-2032-000001"));
    }

    /// A card attempt: pending → ongoing → a refusal back to pending with its failure → paid
    /// (the failure cleared); an order left unpaid is written expired once past its expiry.
    pub async fn an_attempt_goes_ongoing_and_back(store: &dyn PaymentStore) {
        let o = order(600, 80, "ad-card", "9000000600", T0);
        store.open_order(o.clone(), T0).await.expect("open");
        assert_eq!(store.mark_ongoing(&o.order_id, T0 + 1).await.expect("ongoing").status, PaymentStatus::Ongoing);
        let failed = store.record_failure(&o.order_id, "INVALID_OPERATION", T0 + 2).await.expect("failure");
        assert_eq!((failed.status, failed.failure.as_deref()), (PaymentStatus::Pending, Some("INVALID_OPERATION")));
        let paid = store.mark_paid(&o.order_id, T0 + 3).await.expect("paid");
        assert_eq!((paid.status, paid.failure), (PaymentStatus::Paid, None));
        assert!(matches!(store.mark_ongoing(&o.order_id, T0 + 4).await, Err(StoreError::Conflict(_))));
        assert!(matches!(store.record_failure(&o.order_id, "X", T0 + 4).await, Err(StoreError::Conflict(_))));

        let left = order(601, 80, "ad-left", "9000000601", T0);
        store.open_order(left.clone(), T0).await.expect("open");
        assert_eq!(store.expire(&left.order_id, T0 + VALID - 1).await.expect("early"), None);
        let expired = store.expire(&left.order_id, T0 + VALID).await.expect("expire").expect("expired");
        assert_eq!(expired.status, PaymentStatus::Expired);
        assert_eq!(store.expire(&left.order_id, T0 + VALID + 1).await.expect("again"), None);
        assert_eq!(store.expire(&o.order_id, T0 + VALID).await.expect("paid"), None, "a paid order stays paid");
    }

    /// A callback event is recorded once: its replay is recognised.
    pub async fn a_callback_is_seen_once(store: &dyn PaymentStore) {
        assert!(store.record_callback("card", "evt-1", Some("o-1"), "paid", T0).await.expect("first"));
        assert!(!store.record_callback("card", "evt-1", Some("o-1"), "paid", T0 + 1).await.expect("replay"));
        assert!(store.record_callback("sms", "evt-1", None, "refused", T0).await.expect("another provider"));
    }

    async fn all_of(store: &dyn PaymentStore, account_id: i64) -> Vec<PaymentOrder> {
        store.orders_of_account(account_id, 0, 100).await.expect("orders of account").0
    }

    /// An ad has one open order: asking again answers it and stores nothing; once its code has
    /// expired, the next order is stored and the old one is written expired.
    pub async fn an_ad_has_one_open_order(store: &dyn PaymentStore) {
        let first = order(1, 7, "ad-1", "1000000001", T0);
        assert_eq!(store.open_order(first.clone(), T0).await.expect("first"), OpenedOrder::Created(first.clone()));
        let again = order(2, 7, "ad-1", "1000000002", T0 + 60);
        assert_eq!(store.open_order(again, T0 + 60).await.expect("again"), OpenedOrder::Existing(first.clone()));
        assert_eq!(all_of(store, 7).await, vec![first.clone()], "nothing more stored");
        assert_eq!(store.order_by_code("1000000002").await.expect("code"), None);
        assert_eq!(store.open_order_of_ad("ad-1", T0 + VALID - 1).await.expect("open"), Some(first.clone()));
        assert_eq!(store.open_order_of_ad("ad-1", T0 + VALID).await.expect("expired"), None);

        // Another ad of the same account has its own order.
        let other_ad = order(3, 7, "ad-2", "1000000003", T0 + 120);
        assert!(matches!(store.open_order(other_ad, T0 + 120).await, Ok(OpenedOrder::Created(_))));

        let later = T0 + VALID;
        let renewed = order(4, 7, "ad-1", "1000000004", later);
        assert_eq!(store.open_order(renewed.clone(), later).await.expect("renewed"), OpenedOrder::Created(renewed));
        let old = store.order_by_code("1000000001").await.expect("old").expect("kept");
        assert_eq!(old.status, PaymentStatus::Expired, "the expired order is written expired");
        assert_eq!(all_of(store, 7).await.len(), 3);
    }

    /// A code is unique: an order reusing one is refused whole, and the ad's expired order it
    /// would have replaced stays as it was.
    pub async fn a_code_belongs_to_one_order(store: &dyn PaymentStore) {
        let first = order(10, 20, "ad-10", "2000000010", T0);
        store.open_order(first.clone(), T0).await.expect("first");
        assert_eq!(store.order_by_code("2000000010").await.expect("by code"), Some(first.clone()));

        let stale = order(11, 21, "ad-11", "2000000011", T0);
        store.open_order(stale.clone(), T0).await.expect("stale");
        let later = T0 + VALID + 1;
        let clash = order(12, 21, "ad-11", "2000000010", later);
        assert!(matches!(store.open_order(clash, later).await, Err(StoreError::Conflict(_))), "a used code");
        let same_id = order(10, 22, "ad-12", "2000000012", T0);
        assert!(matches!(store.open_order(same_id, T0).await, Err(StoreError::Conflict(_))), "a used id");
        assert_eq!(all_of(store, 21).await, vec![stale], "nothing written, not even the expiry");
        assert_eq!(all_of(store, 22).await, vec![]);
        assert_eq!(store.order_by_code("9999999999").await.expect("unknown"), None);
    }

    /// An order is paid once, and only while its code is valid.
    pub async fn an_order_is_paid_once_within_its_validity(store: &dyn PaymentStore) {
        let o = order(30, 40, "ad-30", "3000000030", T0);
        store.open_order(o.clone(), T0).await.expect("open");
        let paid = store.mark_paid(&o.order_id, T0 + 3600).await.expect("paid");
        assert_eq!((paid.status, paid.paid_at), (PaymentStatus::Paid, Some(T0 + 3600)));
        assert!(matches!(store.mark_paid(&o.order_id, T0 + 3601).await, Err(StoreError::Conflict(_))), "twice");
        assert_eq!(store.order_by_code(&o.code).await.expect("read").map(|o| o.paid_at), Some(Some(T0 + 3600)));
        assert_eq!(store.open_order_of_ad("ad-30", T0 + 3602).await.expect("open"), None, "a paid order is closed");

        let late = order(31, 40, "ad-31", "3000000031", T0);
        store.open_order(late.clone(), T0).await.expect("open");
        assert!(matches!(store.mark_paid(&late.order_id, T0 + VALID).await, Err(StoreError::Conflict(_))), "expired");
        let kept = store.order_by_code(&late.code).await.expect("read").expect("kept");
        assert_eq!((kept.status, kept.paid_at), (PaymentStatus::Pending, None), "unchanged");
        assert!(matches!(store.mark_paid("no-such-order", T0).await, Err(StoreError::Conflict(_))));
    }

    /// An account's orders come back whole, newest first, paged, with their count; another
    /// account's are never among them.
    pub async fn orders_by_account(store: &dyn PaymentStore) {
        let mut mine = Vec::new();
        for n in 0..7u32 {
            // Two orders share a time, to check the tie order.
            let at = T0 + i64::from(n / 2) * 60;
            let o = order(100 + n, 50, &format!("ad-5{n}"), &format!("50000001{n:02}"), at);
            store.open_order(o.clone(), at).await.expect("mine");
            mine.push(o);
        }
        store.open_order(order(200, 51, "ad-theirs", "5100000200", T0), T0).await.expect("theirs");
        mine.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.order_id.cmp(&a.order_id)));
        let (all, count) = store.orders_of_account(50, 0, 100).await.expect("all");
        assert_eq!((all, count), (mine.clone(), 7));
        let mut walked = Vec::new();
        for page in 0..3u32 {
            let (got, count) = store.orders_of_account(50, page * 3, 3).await.expect("page");
            assert_eq!(count, 7);
            walked.extend(got);
        }
        assert_eq!(walked, mine);
        assert_eq!(store.orders_of_account(52, 0, 10).await.expect("none"), (vec![], 0));
    }
}
