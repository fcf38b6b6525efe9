//! Query text built for the filters given on PostgreSQL: the conditions of
//! the event and subscription lists, and the queries of a delivery's later
//! life (dead letters, events by time window, an event's deliveries): the
//! same questions as the SQLite store's, in `$N` text.

use super::rows::Query;
use super::tx::{LEASE_EXPIRED, QUEUED_DUE};
use crate::core::ledger::subscriptions::type_keys;
use crate::core::storage::{Cursor, DeliveryFilter, EventFilter, EventWindow, SubscriptionFilter};
use crate::store::sql::{DELIVERY_COLUMNS, EVENT_COLUMNS, dead_letter};
use std::sync::LazyLock;

/// A delivery's row found by the key `keys` (an alias of `delivery_keys`)
/// names, fenced (`OFFSET 0`) so that each is read by its primary key.
fn row_of(keys: &str, conditions: &str) -> String {
    format!(
        "CROSS JOIN LATERAL (SELECT {DELIVERY_COLUMNS} FROM deliveries \
         WHERE delivery_id = {keys}.delivery_id{conditions} OFFSET 0) AS deliveries"
    )
}

/// ` AND (created_at, id) < ($n, $m)` (or `>`), continuing a page.
pub(super) fn after_cursor(q: &mut Query, id_column: &str, op: &str, cursor: Option<&Cursor>) {
    after_cursor_of(q, "", id_column, op, cursor);
}

/// [`after_cursor`] on the columns of `table` (`"k."`, or `""`: unqualified).
fn after_cursor_of(q: &mut Query, table: &str, id_column: &str, op: &str, cursor: Option<&Cursor>) {
    if let Some((at, id)) = cursor {
        let at = q.bind(*at);
        q.params.push(Box::new(id.clone()));
        let id = format!("${}", q.params.len());
        q.sql.push_str(&format!(
            " AND ({table}created_at, {table}{id_column}) {op} ({at}, {id})"
        ));
    }
}

/// Due queued deliveries, or with `lapsed` expired leases, in claim order;
/// `suffix` may lock the rows.
pub(super) fn claim_range(
    filter: &DeliveryFilter,
    lapsed: bool,
    now: i64,
    limit: i64,
    suffix: &str,
) -> Query {
    let state = if lapsed { LEASE_EXPIRED } else { QUEUED_DUE };
    let mut q = Query::with_now(now).deliveries(&filter.without_status());
    // `delivery ready --before`: the page after that row, in claim order.
    after_cursor(&mut q, "delivery_id", ">", filter.before.as_ref());
    let limit = q.bind(limit);
    q.sql = format!(
        "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE {state}{} ORDER BY created_at, delivery_id LIMIT {limit}{suffix}",
        q.sql
    );
    q
}

pub(super) fn dead_letters(
    filter: &DeliveryFilter,
    rare_type: bool,
    before: Option<&Cursor>,
    limit: i64,
) -> Query {
    let mut q = Query::of_type(rare_type).deliveries(&filter.without_status());
    after_cursor(&mut q, "delivery_id", "<", before);
    let limit = q.bind(limit);
    q.sql = format!(
        "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE {}{} \
         ORDER BY created_at DESC, delivery_id DESC LIMIT {limit}",
        dead_letter("delivery_keys"),
        q.sql
    );
    q
}

pub(super) fn count_dead(filter: &DeliveryFilter, rare_type: bool) -> Query {
    let mut q = Query::of_type(rare_type).deliveries(&filter.without_status());
    q.sql = format!(
        "SELECT count(*) FROM deliveries WHERE {}{}",
        dead_letter("delivery_keys"),
        q.sql
    );
    q
}

pub(super) fn events_in_window(window: &EventWindow, after: Option<&Cursor>, limit: i64) -> Query {
    let mut q = Query::default();
    q.eq("type", window.event_type.as_deref());
    for (bound, op) in [(window.since, ">="), (window.until, "<")] {
        if let Some(at) = bound {
            let at = q.bind(at);
            q.sql.push_str(&format!(" AND created_at {op} {at}"));
        }
    }
    after_cursor(&mut q, "event_id", ">", after);
    let limit = q.bind(limit);
    q.sql = format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE TRUE{} ORDER BY created_at, event_id LIMIT {limit}",
        q.sql
    );
    q
}

/// The conditions of `event list` (and its count).
pub(super) fn event_conditions(filter: &EventFilter) -> Query {
    let mut q = Query::default();
    q.eq("type", filter.event_type.as_deref());
    q.eq("source", filter.source.as_deref());
    q.eq("target", filter.target.as_deref());
    if filter.target.as_deref().is_some_and(|t| !t.is_empty()) {
        // Only named targets are indexed: say the target is one.
        q.sql.push_str(" AND target <> ''");
    }
    q.eq("subject", filter.subject.as_deref());
    q.state("status", filter.status.map(|s| s.as_str()));
    q.between(filter.since, filter.until);
    q
}

/// The conditions of `sub list` (and its count).
pub(super) fn subscription_conditions(filter: &SubscriptionFilter) -> Query {
    let mut q = Query::default();
    q.eq("client_id", filter.client_id.as_deref());
    q.eq("status", filter.status.map(|s| s.as_str()));
    q.eq("transport", filter.transport.map(|t| t.as_str()));
    if let Some(event_type) = filter.event_type.as_deref().filter(|s| !s.is_empty()) {
        q.params.push(Box::new(type_keys(event_type)));
        q.sql.push_str(&format!(
            " AND sub_id IN (SELECT sub_id FROM subscription_types WHERE event_type = ANY(${}))",
            q.params.len()
        ));
    }
    q
}

/// Every delivery of one event (`$1`), found by its keys.
pub(super) fn event_deliveries() -> &'static str {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT deliveries.* FROM delivery_keys AS k {} WHERE k.event_id = $1 ORDER BY k.sub_id, k.attempt",
            row_of("k", "")
        )
    });
    &SQL
}

/// Every attempt of one event (`$1`) to one subscription (`$2`).
pub(super) fn attempts() -> &'static str {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT deliveries.* FROM delivery_keys AS k {} WHERE k.event_id = $1 AND k.sub_id = $2 \
             ORDER BY k.attempt, k.created_at, k.delivery_id",
            row_of("k", "")
        )
    });
    &SQL
}

/// `event list`: newest first, a page after the cursor.
pub(super) fn event_list(filter: &EventFilter, limit: i64) -> Query {
    let mut q = event_conditions(filter);
    after_cursor(&mut q, "event_id", "<", filter.before.as_ref());
    let limit = q.bind(limit);
    q.sql = format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE TRUE{} ORDER BY created_at DESC, event_id DESC LIMIT {limit}",
        q.sql
    );
    q
}

/// `delivery list`: newest first, a page after the cursor.
pub(super) fn delivery_list(filter: &DeliveryFilter, rare_type: bool, limit: i64) -> Query {
    // A subject's deliveries (or a rare type's, or an event's) are found
    // through their events, each event's by the keys' index, then sorted:
    // without statistics the planner would rather walk every delivery
    // newest first and look each one's event up, which for a rare subject
    // reads the whole table. The lateral subqueries, fenced, leave it no
    // such walk.
    let through = match (filter.subject.as_deref(), filter.event_type.as_deref()) {
        (Some(subject), _) => Some(("subject", subject)),
        (None, Some(event_type)) if rare_type && !event_type.is_empty() => {
            Some(("type", event_type))
        }
        _ => filter
            .event_id
            .as_deref()
            .filter(|e| !e.is_empty())
            .map(|event_id| ("event_id", event_id)),
    };
    if let Some((column, value)) = through {
        let rest = DeliveryFilter {
            subject: None,
            event_type: filter.event_type.clone().filter(|_| column != "type"),
            event_id: filter.event_id.clone().filter(|_| column != "event_id"),
            ..filter.clone()
        };
        let mut q = Query::of_type(rare_type).deliveries(&rest);
        after_cursor(&mut q, "delivery_id", "<", filter.before.as_ref());
        q.params.push(Box::new(value.to_owned()));
        let value = format!("${}", q.params.len());
        let limit = q.bind(limit);
        // Each event's deliveries by the keys' index alone; the other
        // filters apply to what that finds (narrowed by client or status
        // first, a common client's rows would be read once per event).
        let found = if column == "event_id" {
            format!("(SELECT {value}::text AS about) AS found")
        } else {
            format!("(SELECT event_id AS about FROM events WHERE {column} = {value}) AS found")
        };
        q.sql = format!(
            "SELECT {DELIVERY_COLUMNS} FROM {found} \
             CROSS JOIN LATERAL (SELECT deliveries.* FROM delivery_keys AS k {} \
               WHERE k.event_id = found.about OFFSET 0) AS deliveries \
             WHERE TRUE{} ORDER BY created_at DESC, delivery_id DESC LIMIT {limit}",
            row_of("k", ""),
            q.sql
        );
        return q;
    }
    // Deliveries in one state: read in that state's partial index (the
    // queue's, the leases', the delivered ones', or that of the held,
    // failed and canceled), the few in that state or newest first.
    if filter.stage().is_some() {
        let mut q = Query::of_type(rare_type).deliveries(filter);
        after_cursor(&mut q, "delivery_id", "<", filter.before.as_ref());
        let limit = q.bind(limit);
        q.sql = format!(
            "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE TRUE{} \
             ORDER BY created_at DESC, delivery_id DESC LIMIT {limit}",
            q.sql
        );
        return q;
    }
    // Every state: the keys newest first, filtered by what they hold (the
    // window, the subscription, client and transport), each one's row by
    // its key and kept if the other filters take it, until the page is full.
    let within = DeliveryFilter {
        since: None,
        until: None,
        sub_id: None,
        client_id: None,
        transport: None,
        ..filter.clone()
    };
    let mut inner = Query::of_type(rare_type).deliveries(&within);
    let mut q = Query {
        params: std::mem::take(&mut inner.params),
        ..Query::default()
    };
    // Written so that no index can serve them (`|| ''`): the index by
    // event would otherwise be read whole for a subscription's keys.
    for (column, value) in [
        ("k.sub_id", filter.sub_id.as_deref()),
        ("k.client_id", filter.client_id.as_deref()),
        ("k.transport", filter.transport.map(|t| t.as_str())),
    ] {
        q.eq(&format!("{column} || ''"), value);
    }
    for (bound, op) in [(filter.since, ">="), (filter.until, "<")] {
        if let Some(at) = bound {
            let at = q.bind(at);
            q.sql.push_str(&format!(" AND k.created_at {op} {at}"));
        }
    }
    after_cursor_of(&mut q, "k.", "delivery_id", "<", filter.before.as_ref());
    let limit = q.bind(limit);
    q.sql = format!(
        "SELECT deliveries.* FROM delivery_keys AS k {} WHERE TRUE{} \
         ORDER BY k.created_at DESC, k.delivery_id DESC LIMIT {limit}",
        row_of("k", &inner.sql),
        q.sql
    );
    q
}
