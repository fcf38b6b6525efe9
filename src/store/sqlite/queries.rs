//! The text of every filtered query, built for the filters actually given so
//! each one can use the index made for it. Kept apart from execution so the
//! tests can ask SQLite how it plans them.

use crate::core::storage::{DeliveryFilter, EventFilter, SubscriptionFilter};
use rusqlite::types::Value as SqlValue;
use std::sync::LazyLock;

pub(super) use crate::store::sql::{DELIVERY_COLUMNS, EVENT_COLUMNS, SUBSCRIPTION_COLUMNS};

/// One row by its key; the text made once, since a batch reads an event
/// and a delivery by key for every one it records.
pub(super) static EVENT_BY_ID: LazyLock<String> =
    LazyLock::new(|| format!("SELECT {EVENT_COLUMNS} FROM events WHERE event_id = ?1"));
/// The events of many ids in one statement (`?1` a JSON array of ids):
/// a worker reads those of every delivery it claimed this way.
pub(super) static EVENTS_BY_IDS: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE event_id IN (SELECT value FROM json_each(?1))"
    )
});
pub(super) const EVENT_RECORDED_AT: &str = "SELECT created_at FROM events WHERE event_id = ?1";
pub(super) static SUBSCRIPTION_BY_ID: LazyLock<String> =
    LazyLock::new(|| format!("SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE sub_id = ?1"));
pub(super) static DELIVERY_BY_ID: LazyLock<String> =
    LazyLock::new(|| format!("SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE delivery_id = ?1"));

/// A transition of one delivery (see `Tx::update_delivery`), its row
/// found by the table's own key, (created_at, delivery_id), which no
/// transition changes: through the index by id it would be two B-tree
/// searches, and SQLite picks that index unless told not to.
pub(super) const TRANSITION: &str = "UPDATE deliveries NOT INDEXED SET status = ?2, claimed_by = ?3, \
       last_error = ?4, meta = ?5, updated_at = ?6, next_attempt_at = ?7, claimed_at = ?8, \
       lease_expires_at = ?9, delivered_at = ?10, claims = ?14 \
     WHERE created_at = ?15 AND delivery_id = ?1 AND status = ?11 AND transport = ?12 AND client_id = ?13";

/// Claimable: queued and due, or claimed under a lease that ran out (`?1` is now).
const QUEUED_DUE: &str = "status = 'queued' AND next_attempt_at <= ?1";
const LEASE_EXPIRED: &str =
    "status = 'claimed' AND lease_expires_at > 0 AND lease_expires_at <= ?1";

/// SQL text with its positional parameters.
///
/// Most limits are written into the text: a command uses one or two, so
/// the statement cache holds every text it runs. The claim's and the
/// sweep's are bound (see [`Conditions::limit`]): a worker claims as many
/// as it has room for, a different number nearly every turn, and a text
/// for each was a statement prepared again each turn, pushing others out
/// of the cache. A bound limit costs no new plan: connections plan
/// without looking at bound values (`plan_stably`).
#[derive(Debug, Default)]
pub(super) struct Query {
    pub sql: String,
    pub params: Vec<SqlValue>,
}

/// ` AND column = ?N` for each filter given, numbered after the parameters
/// already bound; ` AND column = 'word'` for the fixed words of a status or
/// transport, whose value decides whether a partial index applies (bound,
/// they too would make SQLite prepare the statement again on every bind).
#[derive(Default)]
pub(super) struct Conditions {
    pub sql: String,
    pub params: Vec<SqlValue>,
    /// The event type filtered on is rare (see `Tx::type_is_rare`): its
    /// deliveries are found through its events, not checked one by one.
    pub rare_type: bool,
}

impl Conditions {
    pub fn with_now(now: i64) -> Self {
        Conditions {
            params: vec![SqlValue::Integer(now)],
            ..Conditions::default()
        }
    }

    /// Conditions for a list whose event type, if any, is `rare`.
    pub fn of_type(rare: bool) -> Self {
        Conditions {
            rare_type: rare,
            ..Conditions::default()
        }
    }

    pub fn eq(&mut self, column: &str, value: Option<&str>) {
        // The reference treats an empty filter as no filter.
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            self.params.push(SqlValue::Text(value.to_owned()));
            self.sql
                .push_str(&format!(" AND {column} = ?{}", self.params.len()));
        }
    }

    /// `created_at` within `[since, until)`, each bound when given.
    pub fn between(&mut self, since: Option<i64>, until: Option<i64>) {
        for (bound, op) in [(since, ">="), (until, "<")] {
            if let Some(at) = bound {
                self.params.push(SqlValue::Integer(at));
                self.sql
                    .push_str(&format!(" AND created_at {op} ?{}", self.params.len()));
            }
        }
    }

    pub fn is(&mut self, column: &str, word: Option<&'static str>) {
        if let Some(word) = word {
            self.sql.push_str(&format!(" AND {column} = '{word}'"));
        }
    }

    pub fn deliveries(mut self, filter: &DeliveryFilter) -> Self {
        self.eq("event_id", filter.event_id.as_deref());
        self.eq("sub_id", filter.sub_id.as_deref());
        self.eq("client_id", filter.client_id.as_deref());
        self.is("transport", filter.transport.map(|t| t.as_str()));
        self.is("status", filter.stage().map(|s| s.as_str()));
        self.between(filter.since, filter.until);
        if filter.waiting && filter.in_lanes {
            self.sql.push_str(" AND lane > 0");
        }
        if let Some(event_type) = filter.event_type.as_deref().filter(|t| !t.is_empty()) {
            self.params.push(SqlValue::Text(event_type.to_owned()));
            let n = self.params.len();
            self.sql.push_str(&if self.rare_type {
                format!(" AND event_id IN (SELECT event_id FROM events WHERE type = ?{n})")
            } else {
                format!(
                    " AND EXISTS (SELECT 1 FROM events WHERE events.event_id = deliveries.event_id AND events.type = ?{n})"
                )
            });
        }
        if let Some(subject) = filter.subject.as_deref() {
            self.params.push(SqlValue::Text(subject.to_owned()));
            self.sql.push_str(&format!(
                " AND event_id IN (SELECT event_id FROM events WHERE subject = ?{})",
                self.params.len()
            ));
        }
        if !filter.except_subs.is_empty() {
            // One statement text whatever the number left out.
            let list = serde_json::to_string(&filter.except_subs).expect("strings serialise");
            self.params.push(SqlValue::Text(list));
            self.sql.push_str(&format!(
                " AND sub_id NOT IN (SELECT value FROM json_each(?{}))",
                self.params.len()
            ));
        }
        self
    }

    /// ` LIMIT ?N`, the limit bound.
    pub fn limit(&mut self, limit: i64) -> String {
        self.params.push(SqlValue::Integer(limit));
        format!(" LIMIT ?{}", self.params.len())
    }

    pub fn finish(self, sql: String) -> Query {
        Query {
            sql,
            params: self.params,
        }
    }
}

fn event_conditions(filter: &EventFilter) -> Conditions {
    let mut c = Conditions::default();
    c.eq("type", filter.event_type.as_deref());
    c.eq("source", filter.source.as_deref());
    c.eq("target", filter.target.as_deref());
    c.eq("subject", filter.subject.as_deref());
    c.is("status", filter.status.map(|s| s.as_str()));
    c.between(filter.since, filter.until);
    c
}

pub(super) fn count_events(filter: &EventFilter) -> Query {
    let c = event_conditions(filter);
    let sql = format!("SELECT count(*) FROM events WHERE 1{}", c.sql);
    c.finish(sql)
}

pub(super) fn events(filter: &EventFilter, limit: i64) -> Query {
    let mut c = event_conditions(filter);
    super::ledger::after_cursor(&mut c, "event_id", "<", filter.before.as_ref());
    let sql = format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE 1{} ORDER BY created_at DESC, event_id DESC LIMIT {limit}",
        c.sql
    );
    c.finish(sql)
}

pub(super) fn count_subscriptions(filter: &SubscriptionFilter) -> Query {
    let c = subscription_conditions(filter);
    let sql = format!("SELECT count(*) FROM subscriptions WHERE 1{}", c.sql);
    c.finish(sql)
}

pub(super) fn subscriptions(filter: &SubscriptionFilter, limit: i64) -> Query {
    let mut c = subscription_conditions(filter);
    super::ledger::after_cursor(&mut c, "sub_id", "<", filter.before.as_ref());
    let sql = format!(
        "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE 1{} \
         ORDER BY created_at DESC, sub_id DESC LIMIT {limit}",
        c.sql
    );
    c.finish(sql)
}

fn subscription_conditions(filter: &SubscriptionFilter) -> Conditions {
    let mut c = Conditions::default();
    c.eq("client_id", filter.client_id.as_deref());
    c.is("status", filter.status.map(|s| s.as_str()));
    c.is("transport", filter.transport.map(|t| t.as_str()));
    if let Some(event_type) = filter.event_type.as_deref().filter(|s| !s.is_empty()) {
        let mut keys = Vec::new();
        for key in crate::core::ledger::subscriptions::type_keys(event_type) {
            c.params.push(SqlValue::Text(key));
            keys.push(format!("?{}", c.params.len()));
        }
        c.sql.push_str(&format!(
            " AND sub_id IN (SELECT sub_id FROM subscription_types WHERE event_type IN ({}))",
            keys.join(", ")
        ));
    }
    c
}

/// Subscriptions listed under any of `keys` type keys (`?1`, `?2`, ...;
/// see `type_keys`), only active ones when asked, by `subId`.
pub(super) fn subscriptions_of_type(keys: usize, active_only: bool) -> String {
    let keys: Vec<String> = (1..=keys).map(|n| format!("?{n}")).collect();
    let status = if active_only {
        " AND status = 'active'"
    } else {
        ""
    };
    format!(
        "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions \
         WHERE sub_id IN (SELECT sub_id FROM subscription_types WHERE event_type IN ({})){status} \
         ORDER BY sub_id",
        keys.join(", ")
    )
}

/// A page of `delivery list`, newest first; `rare_type` as in [`Conditions`].
pub(super) fn deliveries(filter: &DeliveryFilter, rare_type: bool, limit: i64) -> Query {
    let mut c = Conditions::of_type(rare_type).deliveries(filter);
    super::ledger::after_cursor(&mut c, "delivery_id", "<", filter.before.as_ref());
    let sql = format!(
        "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE 1{} \
         ORDER BY created_at DESC, delivery_id DESC LIMIT {limit}",
        c.sql
    );
    c.finish(sql)
}

/// Due queued deliveries in claim order, read off an index in that order.
pub(super) fn queued_due(filter: &DeliveryFilter, now: i64, limit: i64) -> Query {
    in_claim_order("deliveries", QUEUED_DUE, filter, now, limit)
}

/// Claimed deliveries whose lease ran out, in claim order. Read through the
/// lease index, which holds only the lapsed few at its start: in claim order
/// SQLite would walk every claimed delivery to find them.
pub(super) fn lapsed_in_claim_order(filter: &DeliveryFilter, now: i64, limit: i64) -> Query {
    in_claim_order(
        "deliveries INDEXED BY deliveries_by_lease",
        LEASE_EXPIRED,
        filter,
        now,
        limit,
    )
}

/// Deliveries of `source` in `state` that `filter` selects, the first
/// `limit` in claim order.
fn in_claim_order(
    source: &str,
    state: &str,
    filter: &DeliveryFilter,
    now: i64,
    limit: i64,
) -> Query {
    let filter = filter.without_status();
    let mut c = Conditions::with_now(now).deliveries(&filter);
    // `delivery ready --before`: the page after that row, in claim order.
    super::ledger::after_cursor(&mut c, "delivery_id", ">", filter.before.as_ref());
    let limit = c.limit(limit);
    let sql = format!(
        "SELECT {DELIVERY_COLUMNS} FROM {source} WHERE {state}{} \
         ORDER BY created_at, delivery_id{limit}",
        c.sql
    );
    c.finish(sql)
}

pub(super) fn count_claimable(filter: &DeliveryFilter, now: i64) -> Query {
    let filter = filter.without_status();
    let c = Conditions::with_now(now).deliveries(&filter);
    let sql = format!(
        "SELECT (SELECT count(*) FROM deliveries WHERE {QUEUED_DUE}{w}) \
              + (SELECT count(*) FROM deliveries WHERE {LEASE_EXPIRED}{w})",
        w = c.sql
    );
    c.finish(sql)
}

pub(super) fn expired_leases(filter: &DeliveryFilter, now: i64, limit: i64) -> Query {
    let filter = filter.without_status();
    let mut c = Conditions::with_now(now).deliveries(&filter);
    let limit = c.limit(limit);
    let sql = format!(
        "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE {LEASE_EXPIRED}{} \
         ORDER BY lease_expires_at, delivery_id{limit}",
        c.sql
    );
    c.finish(sql)
}

/// Every attempt of one event and subscription (`?1`, `?2`).
pub(super) fn attempts() -> String {
    format!(
        "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE event_id = ?1 AND sub_id = ?2 \
         ORDER BY attempt, created_at, delivery_id"
    )
}

/// Rows of `delivery_counts` that `filter` selects: status, transport, client, n.
pub(super) fn counters(filter: &DeliveryFilter) -> Query {
    let c = Conditions::default().deliveries(filter);
    let sql = format!(
        "SELECT status, transport, client_id, n FROM delivery_counts WHERE n > 0{}",
        c.sql
    );
    c.finish(sql)
}

/// Queued deliveries due after now (`?1`), read from the index of scheduled ones.
pub(super) fn scheduled(filter: &DeliveryFilter, now: i64) -> Query {
    let filter = filter.without_status();
    let c = Conditions::with_now(now).deliveries(&filter);
    let sql = format!(
        "SELECT count(*) FROM deliveries INDEXED BY deliveries_scheduled \
         WHERE status = 'queued' AND next_attempt_at > 0 AND next_attempt_at > ?1{}",
        c.sql
    );
    c.finish(sql)
}

/// Claimed deliveries whose lease ran out by now (`?1`).
pub(super) fn expired(filter: &DeliveryFilter, now: i64) -> Query {
    let filter = filter.without_status();
    let c = Conditions::with_now(now).deliveries(&filter);
    let sql = format!(
        "SELECT count(*) FROM deliveries INDEXED BY deliveries_by_lease WHERE {LEASE_EXPIRED}{}",
        c.sql
    );
    c.finish(sql)
}

/// Counts per (status, transport, client) with the time-dependent states,
/// read from the deliveries themselves (for event and subscription filters);
/// `rare_type` as in [`Conditions`].
pub(super) fn counts(filter: &DeliveryFilter, rare_type: bool, now: i64) -> Query {
    let c = Conditions {
        rare_type,
        ..Conditions::with_now(now)
    }
    .deliveries(filter);
    let sql = format!(
        "SELECT status, transport, client_id, count(*), \
                sum(status = 'queued' AND (next_attempt_at <= 0 OR next_attempt_at <= ?1)), \
                sum(status = 'queued' AND next_attempt_at > 0 AND next_attempt_at > ?1), \
                sum({LEASE_EXPIRED}), \
                sum(status = 'claimed' AND (lease_expires_at <= 0 OR lease_expires_at > ?1)) \
         FROM deliveries WHERE 1{} GROUP BY status, transport, client_id",
        c.sql
    );
    c.finish(sql)
}
