//! `EXPLAIN QUERY PLAN` for every hot query: each must reach its rows
//! through an index, never by reading the whole table, and must not be
//! prepared again when its parameters change.

use super::queries::*;
use crate::core::records::model::{DeliveryStatus, EventStatus, SubscriptionStatus, Transport};
use crate::core::storage::{DeliveryFilter, EventFilter, SubscriptionFilter};
use rusqlite::types::Value as SqlValue;
use rusqlite::{Connection, params_from_iter};

pub(in crate::store::sqlite) fn database() -> Connection {
    let conn = Connection::open_in_memory().unwrap();
    super::plan_stably(&conn).unwrap();
    conn.execute_batch(super::SCHEMA).unwrap();
    for step in super::schema::MIGRATIONS {
        conn.execute_batch(step).unwrap();
    }
    // Statistics as a big table would have them, so the planner chooses
    // as it will in production rather than for an empty table.
    conn.execute_batch("ANALYZE").unwrap();
    conn
}

pub(in crate::store::sqlite) fn plan(conn: &Connection, query: &Query) -> String {
    let mut stmt = conn
        .prepare(&format!("EXPLAIN QUERY PLAN {}", query.sql))
        .unwrap();
    let rows = stmt
        .query_map(params_from_iter(&query.params), |row| {
            row.get::<_, String>(3)
        })
        .unwrap();
    rows.map(Result::unwrap).collect::<Vec<_>>().join("\n")
}

/// Fails on a full scan of a table. Lists must also come out of their
/// index in order: sorting would read every matching row, not the page.
pub(in crate::store::sqlite) fn assert_indexed(
    conn: &Connection,
    name: &str,
    query: &Query,
    sorted_by_index: bool,
) {
    let plan = plan(conn, query);
    for line in plan.lines() {
        let full_scan = [
            "events",
            "subscriptions",
            "subscription_types",
            "deliveries",
        ]
        .iter()
        .any(|table| line == format!("SCAN {table}"));
        assert!(!full_scan, "{name} scans a whole table:\n{plan}");
    }
    if sorted_by_index {
        assert!(
            !plan.contains("TEMP B-TREE FOR ORDER BY"),
            "{name} sorts every row:\n{plan}"
        );
    }
    assert_prepared_once(conn, name, query);
}

/// Fails when binding new values makes SQLite prepare the statement
/// again, as it does when the plan depends on a bound value: a claim
/// binds a new `now` every time.
fn assert_prepared_once(conn: &Connection, name: &str, query: &Query) {
    let mut stmt = conn.prepare(&query.sql).unwrap();
    for bump in [0, 1, 2] {
        let params = query.params.iter().map(|p| match p {
            SqlValue::Integer(n) => SqlValue::Integer(n + bump),
            other => other.clone(),
        });
        let mut rows = stmt.query(params_from_iter(params)).unwrap();
        while rows.next().unwrap().is_some() {}
    }
    let again = stmt.get_status(rusqlite::StatementStatus::RePrepare);
    assert_eq!(again, 0, "{name} is prepared again on every bind");
}

pub(in crate::store::sqlite) fn with_text(sql: String, texts: &[&str]) -> Query {
    Query {
        sql,
        params: texts
            .iter()
            .map(|t| SqlValue::Text((*t).to_owned()))
            .collect(),
    }
}

#[test]
fn hot_queries_use_indexes() {
    let conn = database();
    let all = DeliveryFilter::default();
    let by = |f: fn(&mut DeliveryFilter)| {
        let mut filter = DeliveryFilter::default();
        f(&mut filter);
        filter
    };
    let filters = [
        ("all", all.clone()),
        ("event", by(|f| f.event_id = Some("e".into()))),
        ("sub", by(|f| f.sub_id = Some("s".into()))),
        ("client", by(|f| f.client_id = Some("c".into()))),
        ("transport", by(|f| f.transport = Some(Transport::Webhook))),
        (
            "client+transport",
            by(|f| {
                f.client_id = Some("c".into());
                f.transport = Some(Transport::Poll);
            }),
        ),
    ];
    for (label, filter) in &filters {
        // Queued deliveries come off an index already in claim order (the
        // event filter's index is keyed by event instead); lapsed leases
        // and sweep sort only the expired few.
        assert_indexed(
            &conn,
            &format!("queued due by {label}"),
            &queued_due(filter, 100, 10),
            *label != "event",
        );
        assert_indexed(
            &conn,
            &format!("lapsed leases by {label}"),
            &lapsed_in_claim_order(filter, 100, 10),
            false,
        );
        assert_indexed(
            &conn,
            &format!("count claimable by {label}"),
            &count_claimable(filter, 100),
            false,
        );
        assert_indexed(
            &conn,
            &format!("sweep by {label}"),
            &expired_leases(filter, 100, 10),
            false,
        );
        let counted = counts(filter, false, 100);
        if crate::store::counts::kept_counts_serve(filter) {
            let kept = [
                ("kept counts", counters(filter)),
                ("scheduled", scheduled(filter, 100)),
                ("expired", expired(filter, 100)),
            ];
            for (what, query) in &kept {
                assert_indexed(&conn, &format!("{what} by {label}"), query, false);
            }
        } else if *label == "sub" {
            // No index by subscription holds finished deliveries: its
            // counts of every status are taken from the whole ledger.
            let read = plan(&conn, &counted);
            assert!(read.starts_with("SCAN deliveries"), "stats by sub:\n{read}");
        } else {
            assert_indexed(&conn, &format!("stats by {label}"), &counted, false);
        }
        if *label != "event" {
            // Deliveries are stored in (createdAt, deliveryId) order: the
            // newest page is read straight off the end of the table, a
            // filter checked row by row (the indexes by subscription,
            // client and transport hold only queued rows).
            let list = deliveries(filter, false, 20);
            assert_eq!(plan(&conn, &list), "SCAN deliveries", "list by {label}");
            assert_prepared_once(&conn, &format!("list by {label}"), &list);
        } else {
            assert_indexed(
                &conn,
                &format!("list by {label}"),
                &deliveries(filter, false, 20),
                false,
            );
        }
        let queued = DeliveryFilter {
            status: Some(DeliveryStatus::Queued),
            ..filter.clone()
        };
        assert_indexed(
            &conn,
            &format!("list queued by {label}"),
            &deliveries(&queued, false, 20),
            *label != "event",
        );
        if *label == "event" {
            continue;
        }
        let queue = plan(&conn, &deliveries(&queued, false, 20));
        let index = match *label {
            "all" => "deliveries_queued",
            "client+transport" => "deliveries_by_",
            _ => &format!("deliveries_by_{label}"),
        };
        assert!(queue.contains(index), "list queued by {label}:\n{queue}");
        // Failed, held and canceled deliveries are few: read by status.
        let failed = DeliveryFilter {
            status: Some(DeliveryStatus::Failed),
            ..filter.clone()
        };
        let read = plan(&conn, &deliveries(&failed, false, 20));
        assert!(
            read.contains("deliveries_by_status"),
            "list failed by {label}:\n{read}"
        );
        assert_indexed(
            &conn,
            &format!("list failed by {label}"),
            &deliveries(&failed, false, 20),
            true,
        );
        // Delivered ones are most of the ledger: read newest first.
        let delivered = DeliveryFilter {
            status: Some(DeliveryStatus::Delivered),
            ..filter.clone()
        };
        let list = deliveries(&delivered, false, 20);
        assert_eq!(
            plan(&conn, &list),
            "SCAN deliveries",
            "list delivered by {label}"
        );
    }
    // A window of time reads a range of the table's own order.
    for window in [
        by(|f| {
            f.since = Some(100);
            f.until = Some(200);
        }),
        by(|f| f.since = Some(100)),
    ] {
        let list = deliveries(&window, false, 20);
        let read = plan(&conn, &list);
        assert!(
            read.starts_with("SEARCH deliveries"),
            "list in a window:\n{read}"
        );
        assert_prepared_once(&conn, "list in a window", &list);
    }
    // A subject's deliveries are found through its events (few) and each
    // event's deliveries; so are a rare type's. A common type's are read
    // newest first, each checked against its event, until the page is full.
    let about = by(|f| f.subject = Some("order-1".into()));
    let read = plan(&conn, &deliveries(&about, false, 20));
    assert!(
        read.contains("events USING COVERING INDEX events_by_subject")
            && read.contains("deliveries USING INDEX deliveries_by_event"),
        "list by subject:\n{read}"
    );
    assert_indexed(
        &conn,
        "list by subject",
        &deliveries(&about, false, 20),
        false,
    );
    let of_type = by(|f| f.event_type = Some("order.paid".into()));
    let read = plan(&conn, &deliveries(&of_type, false, 20));
    assert!(
        read.starts_with("SCAN deliveries\n") && !read.contains("TEMP B-TREE"),
        "list by a common type:\n{read}"
    );
    assert!(
        read.contains("SEARCH events EXISTS USING INDEX") && read.contains("(event_id=?)"),
        "list by a common type:\n{read}"
    );
    let read = plan(&conn, &deliveries(&of_type, true, 20));
    assert!(
        read.contains("events USING COVERING INDEX events_by_type")
            && read.contains("deliveries USING INDEX deliveries_by_event"),
        "list by a rare type:\n{read}"
    );
    assert_indexed(
        &conn,
        "list by a rare type",
        &deliveries(&of_type, true, 20),
        false,
    );
    assert_indexed(
        &conn,
        "attempts",
        &with_text(attempts(), &["e", "s"]),
        false,
    );
    assert_indexed(
        &conn,
        "match",
        &with_text(
            subscriptions_of_type(3, true),
            &["order.created", "*", "order.*"],
        ),
        false,
    );
    for event_filter in [
        EventFilter::default(),
        EventFilter {
            event_type: Some("t".into()),
            ..EventFilter::default()
        },
        EventFilter {
            status: Some(EventStatus::Acked),
            ..EventFilter::default()
        },
        EventFilter {
            source: Some("s".into()),
            ..EventFilter::default()
        },
        EventFilter {
            target: Some("t".into()),
            ..EventFilter::default()
        },
        EventFilter {
            subject: Some("s".into()),
            ..EventFilter::default()
        },
        EventFilter {
            since: Some(100),
            until: Some(200),
            ..EventFilter::default()
        },
        EventFilter {
            event_type: Some("t".into()),
            since: Some(100),
            ..EventFilter::default()
        },
    ] {
        assert_indexed(
            &conn,
            &format!("events {event_filter:?}"),
            &events(&event_filter, 100),
            true,
        );
    }
    for sub_filter in [
        SubscriptionFilter::default(),
        SubscriptionFilter {
            client_id: Some("c".into()),
            ..SubscriptionFilter::default()
        },
        SubscriptionFilter {
            event_type: Some("t".into()),
            ..SubscriptionFilter::default()
        },
        SubscriptionFilter {
            status: Some(SubscriptionStatus::Active),
            ..SubscriptionFilter::default()
        },
    ] {
        assert_indexed(
            &conn,
            &format!("subscriptions {sub_filter:?}"),
            &subscriptions(&sub_filter, 100),
            false,
        );
    }
}

#[test]
fn the_history_of_finished_attempts_reads_the_window_through_an_index() {
    let conn = database();
    let query = Query {
        sql: crate::store::tallies::FINISHED_PER_MINUTE.to_owned(),
        params: vec![SqlValue::Integer(1_000), SqlValue::Integer(4_600)],
    };
    assert_indexed(&conn, "finished per minute", &query, false);
    // The window's attempts: delivered ones by the table's own order
    // (creation time), failed ones by status and time.
    let plan = plan(&conn, &query);
    assert!(
        plan.contains("SEARCH deliveries USING PRIMARY KEY (created_at>?)")
            && plan.contains("deliveries_by_status (status=? AND created_at>?)"),
        "{plan}"
    );
}

#[test]
fn a_transition_finds_its_row_by_the_tables_key() {
    let conn = database();
    let text = |t: &str| SqlValue::Text(t.to_owned());
    let mut params: Vec<SqlValue> = (1..=15).map(|_| SqlValue::Integer(1)).collect();
    for (n, value) in [
        (1, "d1"),
        (2, "claimed"),
        (11, "queued"),
        (12, "redis"),
        (13, "c"),
    ] {
        params[n - 1] = text(value);
    }
    let query = Query {
        sql: super::queries::TRANSITION.to_owned(),
        params,
    };
    let plan = plan(&conn, &query);
    assert_eq!(
        plan, "SEARCH deliveries USING PRIMARY KEY (created_at=? AND delivery_id=?)",
        "one search of the table, no index first"
    );
    assert_prepared_once(&conn, "transition", &query);
}

#[test]
fn a_workers_events_are_read_by_their_key_in_one_statement() {
    let conn = database();
    let query = Query {
        sql: super::queries::EVENTS_BY_IDS.clone(),
        params: vec![SqlValue::Text(r#"["evt_a","evt_b"]"#.to_owned())],
    };
    let plan = plan(&conn, &query);
    assert!(
        plan.contains("SEARCH events USING INDEX sqlite_autoindex_events_1 (event_id=?)"),
        "each id found by the events' key:\n{plan}"
    );
    assert_indexed(&conn, "events by ids", &query, false);
}
