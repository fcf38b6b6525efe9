//! The queries of a delivery's later life on SQLite: dead letters, events
//! by time window (replay, backfill, pruning), an event's deliveries, and
//! deleting what pruning removes. Built here so the tests can ask SQLite
//! how it plans them.

use super::queries::{Conditions, DELIVERY_COLUMNS, EVENT_COLUMNS, Query};
use crate::core::records::prefix::IdKind;
use crate::core::storage::{Cursor, DeliveryFilter, EventWindow};
use crate::store::id_column;
use crate::store::sql::dead_letter;
use rusqlite::types::Value as SqlValue;

/// ` AND (created_at, id) < (?, ?)` (or `>`), continuing a page.
pub(super) fn after_cursor(c: &mut Conditions, id_column: &str, op: &str, cursor: Option<&Cursor>) {
    if let Some((at, id)) = cursor {
        c.params.push(SqlValue::Integer(*at));
        c.params.push(SqlValue::Text(id.clone()));
        let n = c.params.len();
        c.sql.push_str(&format!(
            " AND (created_at, {id_column}) {op} (?{}, ?{n})",
            n - 1
        ));
    }
}

/// Dead letters newest first; the filter's own index gives them in order.
pub(super) fn dead_letters(
    filter: &DeliveryFilter,
    rare_type: bool,
    before: Option<&Cursor>,
    limit: i64,
) -> Query {
    let mut c = Conditions::of_type(rare_type).deliveries(&filter.without_status());
    after_cursor(&mut c, "delivery_id", "<", before);
    let sql = format!(
        "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE {}{} \
         ORDER BY created_at DESC, delivery_id DESC LIMIT {limit}",
        dead_letter("deliveries"),
        c.sql
    );
    c.finish(sql)
}

pub(super) fn count_dead(filter: &DeliveryFilter, rare_type: bool) -> Query {
    let c = Conditions::of_type(rare_type).deliveries(&filter.without_status());
    let sql = format!(
        "SELECT count(*) FROM deliveries WHERE {}{}",
        dead_letter("deliveries"),
        c.sql
    );
    c.finish(sql)
}

/// Events of a window oldest first, off the type index or the time index.
pub(super) fn events_in_window(window: &EventWindow, after: Option<&Cursor>, limit: i64) -> Query {
    let mut c = Conditions::default();
    c.eq("type", window.event_type.as_deref());
    for (bound, op) in [(window.since, ">="), (window.until, "<")] {
        if let Some(at) = bound {
            c.params.push(SqlValue::Integer(at));
            c.sql
                .push_str(&format!(" AND created_at {op} ?{}", c.params.len()));
        }
    }
    after_cursor(&mut c, "event_id", ">", after);
    let sql = format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE 1{} ORDER BY created_at, event_id LIMIT {limit}",
        c.sql
    );
    c.finish(sql)
}

/// Every delivery of one event (`?1`).
pub(super) fn event_deliveries() -> String {
    format!(
        "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE event_id = ?1 ORDER BY sub_id, attempt"
    )
}

/// Ids of one kind from `?1` (inclusive) to `?2` (exclusive), in order.
pub(super) fn ids_starting(kind: IdKind, limit: i64) -> String {
    let (table, column) = id_column(kind);
    format!(
        "SELECT {column} FROM {table} WHERE {column} >= ?1 AND {column} < ?2 ORDER BY {column} LIMIT {limit}"
    )
}

pub(super) const DELETE_DELIVERY: &str = "DELETE FROM deliveries WHERE delivery_id = ?1";
pub(super) const DELETE_EVENT: &str = "DELETE FROM events WHERE event_id = ?1";

#[cfg(test)]
mod tests {
    use super::super::plans::{assert_indexed, database, with_text};
    use super::*;
    use crate::core::records::model::Transport;

    #[test]
    fn lifecycle_queries_use_indexes() {
        let conn = database();
        let cursor = (100, "delv_x".to_owned());
        for filter in [
            DeliveryFilter::default(),
            DeliveryFilter {
                client_id: Some("c".into()),
                ..DeliveryFilter::default()
            },
            DeliveryFilter {
                sub_id: Some("s".into()),
                ..DeliveryFilter::default()
            },
            DeliveryFilter {
                transport: Some(Transport::Webhook),
                ..DeliveryFilter::default()
            },
        ] {
            let name = format!("dead letters {filter:?}");
            assert_indexed(&conn, &name, &dead_letters(&filter, false, None, 20), true);
            let name = format!("dead letters page {filter:?}");
            assert_indexed(
                &conn,
                &name,
                &dead_letters(&filter, false, Some(&cursor), 20),
                true,
            );
            let name = format!("count dead {filter:?}");
            assert_indexed(&conn, &name, &count_dead(&filter, false), false);
        }
        let windows = [
            EventWindow::default(),
            EventWindow {
                since: Some(10),
                until: Some(20),
                ..EventWindow::default()
            },
            EventWindow {
                event_type: Some("order.created".into()),
                since: Some(10),
                until: None,
            },
        ];
        for window in &windows {
            let name = format!("events in {window:?}");
            assert_indexed(&conn, &name, &events_in_window(window, None, 500), true);
            let page = events_in_window(window, Some(&(5, "evt_x".to_owned())), 500);
            assert_indexed(&conn, &format!("{name}, next page"), &page, true);
        }
        assert_indexed(
            &conn,
            "event deliveries",
            &with_text(event_deliveries(), &["e"]),
            false,
        );
        for kind in [IdKind::Event, IdKind::Subscription, IdKind::Delivery] {
            let query = with_text(ids_starting(kind, 6), &["delv_2d8e", "delv_2d8f"]);
            assert_indexed(&conn, &format!("ids of {kind:?} by prefix"), &query, true);
            let plan = super::super::plans::plan(&conn, &query);
            assert!(
                plan.contains(">? AND") || plan.contains(">?"),
                "a range: {plan}"
            );
        }
        // Deep pages of lists: the cursor bounds the index range.
        let page = Some((100, "x".to_owned()));
        let deliveries_page = DeliveryFilter {
            client_id: Some("c".into()),
            status: Some(crate::core::records::model::DeliveryStatus::Queued),
            before: page.clone(),
            ..DeliveryFilter::default()
        };
        let q = super::super::queries::deliveries(&deliveries_page, false, 20);
        assert_indexed(&conn, "delivery list page", &q, true);
        let q = super::super::queries::queued_due(&deliveries_page, 100, 20);
        assert_indexed(&conn, "ready page", &q, true);
        let events_page = crate::core::storage::EventFilter {
            event_type: Some("t".into()),
            before: page,
            ..crate::core::storage::EventFilter::default()
        };
        let q = super::super::queries::events(&events_page, 20);
        assert_indexed(&conn, "event list page", &q, true);
        let plan = super::super::plans::plan(&conn, &q);
        assert!(
            plan.contains("(created_at,event_id)<(?,?)"),
            "the cursor starts the range: {plan}"
        );
        for (name, sql) in [
            ("delete delivery", DELETE_DELIVERY),
            ("delete event", DELETE_EVENT),
        ] {
            let plan = super::super::plans::plan(&conn, &with_text(sql.to_owned(), &["x"]));
            assert!(plan.starts_with("SEARCH"), "{name} reads one row:\n{plan}");
        }
    }
}
