//! The SQLite store on its own: records round-trip exactly, the claim and
//! sweep queries return the right rows in the right order, and the schema
//! version is guarded.

use super::*;
use crate::core::json;
use crate::core::model::{
    Delivery, DeliveryStatus, Event, EventStatus, Subscription, SubscriptionStatus, Transport,
};
use crate::store::{DeliveryFilter, SubscriptionFilter};

fn store() -> (tempfile::TempDir, SqliteStore) {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("outbox.db")).unwrap();
    (dir, store)
}

fn delivery(id: &str, status: DeliveryStatus, created_at: i64) -> Delivery {
    Delivery {
        delivery_id: id.into(),
        event_id: "e".into(),
        sub_id: "s".into(),
        client_id: "c".into(),
        transport: Transport::Poll,
        endpoint: String::new(),
        status,
        attempt: 1,
        claimed_by: String::new(),
        last_error: String::new(),
        meta: Default::default(),
        created_at,
        updated_at: created_at,
        next_attempt_at: 0,
        claimed_at: 0,
        lease_expires_at: 0,
        delivered_at: 0,
    }
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
    let ids = |subs: Vec<Subscription>| subs.into_iter().map(|s| s.sub_id).collect::<Vec<_>>();
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
fn forward_migrations_run_in_order_and_raise_the_version() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.db");
    let mut store = SqliteStore::open(&path).unwrap();
    let steps = [
        "CREATE TABLE step_two (x)",
        "INSERT INTO step_two VALUES (3)",
    ];
    store.migrate_with(&path, &steps, 3).unwrap();
    let (version, rows): (i32, i64) = store
        .conn
        .query_row("SELECT (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM step_two)", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!((version, rows), (3, 1));
    drop(store);
    let refused = SqliteStore::open(&path)
        .err()
        .expect("a newer schema is refused");
    assert_eq!(refused.code(), "storage:newer");
}
