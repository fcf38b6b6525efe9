//! The queries of a delivery's later life on PostgreSQL: dead letters,
//! events by time window (replay, backfill, pruning) and an event's
//! deliveries. The same questions as the SQLite store's, in `$N` text.

use super::rows::Query;
use crate::store::sql::DEAD_LETTER;
use crate::store::sql::{DELIVERY_COLUMNS, EVENT_COLUMNS};
use crate::store::{Cursor, DeliveryFilter, EventWindow};

/// ` AND (created_at, id) < ($n, $m)` (or `>`), continuing a page.
pub(super) fn after_cursor(q: &mut Query, id_column: &str, op: &str, cursor: Option<&Cursor>) {
    if let Some((at, id)) = cursor {
        let at = q.bind(*at);
        q.params.push(Box::new(id.clone()));
        let id = format!("${}", q.params.len());
        q.sql
            .push_str(&format!(" AND (created_at, {id_column}) {op} ({at}, {id})"));
    }
}

pub(super) fn dead_letters(filter: &DeliveryFilter, before: Option<&Cursor>, limit: i64) -> Query {
    let mut q = Query::default().deliveries(&filter.without_status());
    after_cursor(&mut q, "delivery_id", "<", before);
    let limit = q.bind(limit);
    q.sql = format!(
        "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE {DEAD_LETTER}{} \
         ORDER BY created_at DESC, delivery_id DESC LIMIT {limit}",
        q.sql
    );
    q
}

pub(super) fn count_dead(filter: &DeliveryFilter) -> Query {
    let mut q = Query::default().deliveries(&filter.without_status());
    q.sql = format!(
        "SELECT count(*) FROM deliveries WHERE {DEAD_LETTER}{}",
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

/// Every delivery of one event (`$1`).
pub(super) fn event_deliveries() -> String {
    format!(
        "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE event_id = $1 ORDER BY sub_id, attempt"
    )
}
