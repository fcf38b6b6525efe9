//! The SQLite store on its own: records round-trip exactly, the claim and
//! sweep queries return the right rows in the right order, and the schema
//! version is guarded.

use super::*;
use crate::core::records::model::{
    Delivery, DeliveryStatus, Event, EventStatus, Stage, Subscription, SubscriptionStatus,
    Transport,
};
use crate::core::reference::json;
use crate::core::storage::{DeliveryFilter, SubscriptionFilter};
pub(super) use crate::store::test_delivery as delivery;

pub(super) fn store() -> (tempfile::TempDir, SqliteStore) {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("outbox.db")).unwrap();
    (dir, store)
}

fn subscription(id: &str, types: &[&str], status: SubscriptionStatus) -> Subscription {
    Subscription {
        sub_id: id.into(),
        client_id: "c".into(),
        event_types: types.iter().map(|t| (*t).to_owned()).collect(),
        target: String::new(),
        transport: Transport::Poll,
        endpoint: String::new(),
        status,
        filters: Default::default(),
        meta: Default::default(),
        created_at: 1,
        updated_at: 1,
    }
}

#[test]
fn events_round_trip_with_exact_json() {
    let (_dir, mut store) = store();
    let payload =
        json::parse(r#"{"z": 1e16, "a": 123456789012345678901234567890, "é": [1.0, {"k": null}]}"#)
            .unwrap();
    let event = Event {
        event_id: "evt_1".into(),
        event_type: "t".into(),
        subject: "s".into(),
        source: "picux".into(),
        target: String::new(),
        status: EventStatus::Acked,
        payload: payload.as_object().unwrap().clone(),
        subscriptions: vec!["sub_b".into(), "sub_a".into()],
        ack: Default::default(),
        created_at: 5,
        updated_at: 6,
        ack_at: 7,
        seq: 9,
        traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".into(),
        tracestate: "rojo=00f067aa0ba902b7".into(),
    };
    let mut tx = store.write().unwrap();
    tx.put_event(&event).unwrap();
    tx.commit().unwrap();
    let mut tx = store.read().unwrap();
    let back = tx.event("evt_1").unwrap().unwrap();
    assert_eq!(back, event);
    assert_eq!(
        serde_json::to_string(&back.payload).unwrap(),
        r#"{"z":1e+16,"a":123456789012345678901234567890,"é":[1.0,{"k":null}]}"#,
        "numbers and key order as given"
    );
    drop(tx);
    // As a worker's sending threads read it, on a connection of their own.
    let mut reader = store.event_reader().unwrap().expect("a file in WAL mode");
    // Deliveries of one event ask for it once each.
    let asked = ["evt_1".into(), "evt_gone".into(), "evt_1".into()];
    let found = reader.events(&asked).unwrap();
    assert_eq!(found.len(), 1, "what does not exist is left out");
    assert_eq!(found["evt_1"], event);
}

#[test]
fn claimable_merges_due_queued_and_expired_leases_in_claim_order() {
    let (_dir, mut store) = store();
    let mut tx = store.write().unwrap();
    let mut later = delivery("d_later", DeliveryStatus::Queued, 10);
    later.next_attempt_at = 500;
    let mut expired = delivery("d_expired", DeliveryStatus::Claimed, 20);
    expired.lease_expires_at = 90;
    let mut live = delivery("d_live", DeliveryStatus::Claimed, 5);
    live.lease_expires_at = 200;
    let mut unleased = delivery("d_unleased", DeliveryStatus::Claimed, 6);
    unleased.lease_expires_at = 0;
    for d in [
        delivery("d_b", DeliveryStatus::Queued, 30),
        delivery("d_a", DeliveryStatus::Queued, 30),
        later,
        expired,
        live,
        unleased,
        delivery("d_done", DeliveryStatus::Delivered, 1),
    ] {
        tx.put_delivery(&d).unwrap();
    }
    let all = DeliveryFilter::default();
    let ids = |ds: Vec<Delivery>| ds.into_iter().map(|d| d.delivery_id).collect::<Vec<_>>();
    assert_eq!(
        ids(tx.claimable(&all, 100, 10).unwrap()),
        ["d_expired", "d_a", "d_b"]
    );
    assert_eq!(
        ids(tx.claimable(&all, 100, 2).unwrap()),
        ["d_expired", "d_a"]
    );
    assert_eq!(tx.count_claimable(&all, 100).unwrap(), 3);
    // Later, the scheduled one is due and the live lease has run out too.
    assert_eq!(
        ids(tx.claimable(&all, 600, 10).unwrap()),
        ["d_live", "d_later", "d_expired", "d_a", "d_b"]
    );
    assert_eq!(
        ids(tx.expired_leases(&all, 300, 10).unwrap()),
        ["d_expired", "d_live"]
    );
    let other = DeliveryFilter {
        client_id: Some("someone-else".into()),
        ..all.clone()
    };
    assert!(tx.claimable(&other, 100, 10).unwrap().is_empty());
    let counts = tx.delivery_counts(&all, 100).unwrap();
    assert_eq!(
        (
            counts.total,
            counts.ready,
            counts.scheduled,
            counts.expired,
            counts.active_claims
        ),
        (7, 2, 1, 1, 2)
    );
    assert_eq!(counts.by_status["queued"], 3);
}

#[test]
fn matching_reads_only_the_type_and_star_subscriptions() {
    let (_dir, mut store) = store();
    let mut tx = store.write().unwrap();
    tx.put_subscription(&subscription(
        "sub_b",
        &["order.created", "order.paid"],
        SubscriptionStatus::Active,
    ))
    .unwrap();
    tx.put_subscription(&subscription("sub_a", &["*"], SubscriptionStatus::Active))
        .unwrap();
    tx.put_subscription(&subscription(
        "sub_c",
        &["order.created"],
        SubscriptionStatus::Paused,
    ))
    .unwrap();
    tx.put_subscription(&subscription(
        "sub_d",
        &["user.created"],
        SubscriptionStatus::Active,
    ))
    .unwrap();
    fn ids<S: std::borrow::Borrow<Subscription>>(subs: Vec<S>) -> Vec<String> {
        subs.iter().map(|s| s.borrow().sub_id.clone()).collect()
    }
    assert_eq!(
        ids(tx.active_subscriptions_for("order.created").unwrap()),
        ["sub_a", "sub_b"]
    );
    // Changing the types of a subscription moves it between types.
    tx.put_subscription(&subscription(
        "sub_b",
        &["order.paid"],
        SubscriptionStatus::Active,
    ))
    .unwrap();
    assert_eq!(
        ids(tx.active_subscriptions_for("order.created").unwrap()),
        ["sub_a"]
    );
    let by_type = SubscriptionFilter {
        event_type: Some("user.created".into()),
        ..SubscriptionFilter::default()
    };
    let mut listed = ids(tx.subscriptions(&by_type, 10).unwrap());
    listed.sort();
    assert_eq!(listed, ["sub_a", "sub_d"]);
}

#[test]
fn a_version_1_database_is_migrated_forward_and_a_newer_one_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.db");
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(SCHEMA).unwrap();
    // Rows as version 1 holds them: its columns only, written by hand.
    let mut queued = delivery("d1", DeliveryStatus::Queued, 1);
    queued.client_id = "a".into();
    let rows = [
        queued.clone(),
        delivery("d2", DeliveryStatus::Delivered, 2),
        delivery("d3", DeliveryStatus::Delivered, 3),
    ];
    for d in &rows {
        conn.execute(
            "INSERT INTO deliveries VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, '{}', \
             ?11, ?12, ?13, ?14, ?15, ?16)",
            rusqlite::params![
                d.delivery_id,
                d.event_id,
                d.sub_id,
                d.client_id,
                d.transport.as_str(),
                d.endpoint,
                d.status.as_str(),
                d.attempt,
                d.claimed_by,
                d.last_error,
                d.created_at,
                d.updated_at,
                d.next_attempt_at,
                d.claimed_at,
                d.lease_expires_at,
                d.delivered_at
            ],
        )
        .unwrap();
    }
    conn.execute_batch(&format!(
        "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 1;"
    ))
    .unwrap();
    drop(conn);

    let mut store = SqliteStore::open(&path).unwrap();
    let version: i32 = store
        .conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    let counts = store
        .read()
        .unwrap()
        .delivery_counts(&DeliveryFilter::default(), 10)
        .unwrap();
    assert_eq!((counts.total, counts.ready), (3, 1));
    assert_eq!(
        counts.by_status,
        [("delivered".to_owned(), 2), ("queued".to_owned(), 1)].into()
    );
    assert_eq!(
        counts.by_client,
        [("a".to_owned(), 1), ("c".to_owned(), 2)].into()
    );
    // The rows came through the rebuild of version 3, and the counts are
    // still kept as they change.
    let mut tx = store.write().unwrap();
    assert_eq!(tx.delivery("d1").unwrap(), Some(queued.clone()));
    let mut done = queued.clone();
    done.status = DeliveryStatus::Delivered;
    tx.update_delivery(Stage::Is(DeliveryStatus::Queued), &done)
        .unwrap();
    let counts = tx.delivery_counts(&DeliveryFilter::default(), 10).unwrap();
    assert_eq!(counts.by_status, [("delivered".to_owned(), 3)].into());
    tx.commit().unwrap();
    drop(store);

    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(&format!("PRAGMA user_version = {};", SCHEMA_VERSION + 1))
        .unwrap();
    drop(conn);
    let refused = SqliteStore::open(&path)
        .err()
        .expect("a newer schema is refused");
    assert_eq!(refused.code(), "storage:newer");
}

#[test]
fn kept_counts_agree_with_counting_the_rows() {
    let (_dir, mut store) = store();
    let mut tx = store.write().unwrap();
    let statuses = [
        DeliveryStatus::Queued,
        DeliveryStatus::Claimed,
        DeliveryStatus::Delivered,
        DeliveryStatus::Failed,
    ];
    let transports = [Transport::Poll, Transport::Webhook];
    // A fixed pseudo-random walk of inserts and transitions.
    let mut seed = 7u64;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for step in 0..400 {
        let id = format!("d{}", next(60));
        let mut d = delivery(&id, statuses[next(4) as usize], step);
        d.transport = transports[next(2) as usize];
        d.client_id = ["a", "b", ""][next(3) as usize].into();
        d.next_attempt_at = [0, 50, 150][next(3) as usize];
        d.lease_expires_at = if d.status == DeliveryStatus::Claimed {
            [0, 50, 150][next(3) as usize]
        } else {
            0
        };
        match tx.delivery(&id).unwrap() {
            Some(stored) if next(2) == 0 => {
                // A transition: the group it is counted in stays.
                let was = stored.stage();
                d.transport = stored.transport;
                d.client_id = stored.client_id;
                d.created_at = stored.created_at;
                tx.update_delivery(was, &d).unwrap()
            }
            _ => tx.put_delivery(&d).unwrap(),
        }
    }
    let filters = [
        DeliveryFilter::default(),
        DeliveryFilter {
            client_id: Some("a".into()),
            ..DeliveryFilter::default()
        },
        DeliveryFilter {
            transport: Some(Transport::Webhook),
            ..DeliveryFilter::default()
        },
        DeliveryFilter {
            status: Some(DeliveryStatus::Queued),
            ..DeliveryFilter::default()
        },
        DeliveryFilter {
            status: Some(DeliveryStatus::Claimed),
            client_id: Some("b".into()),
            ..DeliveryFilter::default()
        },
    ];
    for filter in filters {
        let kept = tx.delivery_counts(&filter, 100).unwrap();
        // An event filter that every delivery matches forces counting rows.
        let by_rows = tx
            .delivery_counts(
                &DeliveryFilter {
                    event_id: Some("e".into()),
                    ..filter.clone()
                },
                100,
            )
            .unwrap();
        assert_eq!(kept, by_rows, "{filter:?}");
        let claimable = tx.count_claimable(&filter, 100).unwrap();
        let claimable_rows = tx
            .count_claimable(
                &DeliveryFilter {
                    event_id: Some("e".into()),
                    ..filter.clone()
                },
                100,
            )
            .unwrap();
        assert_eq!(claimable, claimable_rows, "{filter:?}");
    }
}

#[test]
fn an_update_from_a_status_the_delivery_no_longer_has_fails_and_counts_nothing() {
    let (_dir, mut store) = store();
    let mut tx = store.write().unwrap();
    tx.put_delivery(&delivery("d1", DeliveryStatus::Claimed, 1))
        .unwrap();
    let done = delivery("d1", DeliveryStatus::Delivered, 1);
    let refused = tx
        .update_delivery(Stage::Is(DeliveryStatus::Queued), &done)
        .expect_err("the stored delivery is claimed, not queued");
    assert_eq!(refused.code(), "storage:error");
    let mut elsewhere = delivery("d1", DeliveryStatus::Delivered, 1);
    elsewhere.client_id = "other".into();
    let refused = tx
        .update_delivery(Stage::Is(DeliveryStatus::Claimed), &elsewhere)
        .expect_err("the stored delivery belongs to another client");
    assert_eq!(refused.code(), "storage:error");
    let counts = tx.delivery_counts(&DeliveryFilter::default(), 10).unwrap();
    assert_eq!(counts.by_status, [("claimed".to_owned(), 1)].into());
    assert_eq!(
        tx.delivery("d1").unwrap().unwrap().status,
        DeliveryStatus::Claimed
    );
}

#[test]
fn a_recount_brings_hand_made_changes_into_the_counts() {
    let (_dir, mut store) = store();
    let mut tx = store.write().unwrap();
    for (id, at) in [("d1", 1), ("d2", 2), ("d3", 3)] {
        tx.put_delivery(&delivery(id, DeliveryStatus::Queued, at))
            .unwrap();
    }
    tx.commit().unwrap();
    store
        .conn
        .execute_batch(
            "UPDATE deliveries SET status = 'delivered' WHERE delivery_id = 'd1'; \
             DELETE FROM deliveries WHERE delivery_id = 'd2';",
        )
        .unwrap();
    let by_status = |tx: &mut Box<dyn Tx + '_>| {
        tx.delivery_counts(&DeliveryFilter::default(), 10)
            .unwrap()
            .by_status
    };
    let mut tx = store.write().unwrap();
    assert_eq!(by_status(&mut tx), [("queued".to_owned(), 3)].into());
    // A change of this transaction not yet written is not counted twice.
    tx.update_delivery(
        Stage::Is(DeliveryStatus::Queued),
        &delivery("d3", DeliveryStatus::Claimed, 3),
    )
    .unwrap();
    tx.recount_deliveries().unwrap();
    let want = [("claimed".to_owned(), 1), ("delivered".to_owned(), 1)].into();
    assert_eq!(by_status(&mut tx), want);
    tx.commit().unwrap();
    assert_eq!(by_status(&mut store.read().unwrap()), want);
}

#[test]
fn a_file_at_every_earlier_version_is_migrated_with_its_records() {
    for version in 1..SCHEMA_VERSION {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outbox.db");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(SCHEMA).unwrap();
        for step in &super::schema::MIGRATIONS[..(version - 1) as usize] {
            conn.execute_batch(step).unwrap();
        }
        conn.execute_batch(&format!(
            "INSERT INTO events (event_id, type, subject, source, target, status, payload, subscriptions, \
                                 ack, created_at, updated_at, ack_at) \
             VALUES ('evt_old', 't', 's', 'src', '', 'queued', '{{}}', '[]', '{{}}', 1, 1, 0);
             INSERT INTO subscriptions VALUES ('sub_old', 'c', '[\"t\"]', '', 'poll', '', 'active', '{{}}', '{{}}', 1, 1);
             INSERT INTO subscription_types VALUES ('t', 'sub_old');
             PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {version};"
        ))
        .unwrap();
        drop(conn);
        let mut store = SqliteStore::open(&path).unwrap();
        let now: i32 = store
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(now, SCHEMA_VERSION, "from version {version}");
        let mut tx = store.write().unwrap();
        assert!(
            tx.event("evt_old").unwrap().is_some(),
            "from version {version}"
        );
        assert_eq!(tx.active_subscriptions_for("t").unwrap().len(), 1);
        // The newest tables are there and work.
        assert!(tx.secrets("sub_old").unwrap().is_empty());
        assert!(tx.health("sub_old").unwrap().is_none());
        tx.commit().unwrap();
    }
}

/// A file of version 11 (deliveries indexed by status in full), filled by
/// SQL with deliveries in every state, then opened: it gets the same
/// indexes as a new file, and each list read through the new partial
/// indexes answers what reading the table row by row does.
#[test]
fn a_file_of_version_11_is_moved_to_the_indexes_by_state() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.db");
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(SCHEMA).unwrap();
    for step in &super::schema::MIGRATIONS[..10] {
        conn.execute_batch(step).unwrap();
    }
    conn.execute_batch(&format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
         INSERT INTO deliveries (delivery_id, event_id, sub_id, client_id, transport, endpoint, status, attempt,
                                 claimed_by, last_error, meta, created_at, updated_at, next_attempt_at,
                                 claimed_at, lease_expires_at, delivered_at)
         SELECT printf('delv_%024x', i * 7919 % 1000003), printf('evt_%024x', i), 'sub_' || (i % 3), 'c' || (i % 5),
                CASE WHEN i % 4 = 0 THEN 'webhook' ELSE 'poll' END, '',
                (CASE i % 6 WHEN 0 THEN 'queued' WHEN 1 THEN 'claimed' WHEN 2 THEN 'delivered'
                            WHEN 3 THEN 'failed' WHEN 4 THEN 'canceled' ELSE 'delivered' END),
                1, '', '', '{{}}', i / 10, i / 10, 0, 0, CASE WHEN i % 6 = 1 THEN 5000 ELSE 0 END, 0
         FROM n;
         PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 11;"
    ))
    .unwrap();
    drop(conn);
    let indexes = |conn: &Connection| -> Vec<(String, String)> {
        let mut stmt = conn
            .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
            .unwrap();
        stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    let mut migrated = SqliteStore::open(&path).unwrap();
    let (_fresh_dir, fresh) = store();
    assert_eq!(indexes(&migrated.conn), indexes(&fresh.conn));
    let filters = [
        (DeliveryFilter::default(), ""),
        (
            DeliveryFilter {
                status: Some(DeliveryStatus::Queued),
                client_id: Some("c1".into()),
                ..DeliveryFilter::default()
            },
            "status = 'queued' AND client_id = 'c1'",
        ),
        (
            DeliveryFilter {
                status: Some(DeliveryStatus::Queued),
                transport: Some(Transport::Webhook),
                ..DeliveryFilter::default()
            },
            "status = 'queued' AND transport = 'webhook'",
        ),
        (
            DeliveryFilter {
                status: Some(DeliveryStatus::Failed),
                ..DeliveryFilter::default()
            },
            "status = 'failed'",
        ),
        (
            DeliveryFilter {
                status: Some(DeliveryStatus::Claimed),
                sub_id: Some("sub_1".into()),
                ..DeliveryFilter::default()
            },
            "status = 'claimed' AND sub_id = 'sub_1'",
        ),
        (
            DeliveryFilter {
                sub_id: Some("sub_1".into()),
                ..DeliveryFilter::default()
            },
            "sub_id = 'sub_1'",
        ),
    ];
    for (filter, condition) in &filters {
        let listed: Vec<String> = migrated
            .read()
            .unwrap()
            .deliveries(filter, 500)
            .unwrap()
            .into_iter()
            .map(|d| d.delivery_id)
            .collect();
        let condition = if condition.is_empty() { "1" } else { condition };
        let mut stmt = migrated
            .conn
            .prepare(&format!(
                "SELECT delivery_id FROM deliveries NOT INDEXED WHERE {condition} \
                 ORDER BY created_at DESC, delivery_id DESC"
            ))
            .unwrap();
        let row_by_row: Vec<String> = stmt
            .query_map([], |row| row.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert!(!listed.is_empty(), "{filter:?}");
        assert_eq!(listed, row_by_row, "{filter:?}");
    }
}
