//! The plan of every list filter, on a table never analyzed and again
//! after ANALYZE: each names the index it reads, so that a change of the
//! schema that leaves a list to read the whole table fails here.

use super::{assert_reads, filled_schema, query_plan};
use crate::core::records::model::{DeliveryStatus, EventStatus, Transport};
use crate::core::storage::{DeliveryFilter, EventFilter};
use crate::store::postgres::ledger::{count_dead, dead_letters, delivery_list, event_list};

/// A filter of `delivery list`, the list's name and the indexes its plan
/// may read (more than one where, with statistics, either reads little
/// more than the page: the queued deliveries here are all of one
/// subscription and transport and a third of them a client's, so the queue
/// itself is nearly as narrow as their part of it; a tenth of the
/// deliveries are claimed, so walking them all newest first reads less
/// than every lease and a sort).
fn delivery_lists() -> Vec<(&'static str, DeliveryFilter, &'static [&'static str])> {
    let of = |status| DeliveryFilter {
        status: Some(status),
        ..DeliveryFilter::default()
    };
    let with = |filter: DeliveryFilter, status| DeliveryFilter {
        status: Some(status),
        ..filter
    };
    let client = DeliveryFilter {
        client_id: Some("c1".into()),
        ..DeliveryFilter::default()
    };
    let sub = DeliveryFilter {
        sub_id: Some("sub_a".into()),
        ..DeliveryFilter::default()
    };
    let transport = DeliveryFilter {
        transport: Some(Transport::Poll),
        ..DeliveryFilter::default()
    };
    let event = DeliveryFilter {
        event_id: Some("evt_000000000000000000000007".into()),
        ..DeliveryFilter::default()
    };
    let held = DeliveryFilter {
        waiting: true,
        ..DeliveryFilter::default()
    };
    use DeliveryStatus::{Canceled, Claimed, Delivered, Failed, Queued};
    vec![
        (
            "every delivery",
            DeliveryFilter::default(),
            &["delivery_keys_by_time"],
        ),
        ("queued", of(Queued), &["deliveries_queued"]),
        ("claimed", of(Claimed), &["deliveries_by_lease"]),
        ("delivered", of(Delivered), &["deliveries_delivered"]),
        ("failed", of(Failed), &["deliveries_by_status"]),
        ("canceled", of(Canceled), &["deliveries_by_status"]),
        ("held", held, &["deliveries_by_status", "deliveries_held"]),
        ("a client's", client.clone(), &["delivery_keys_by_time"]),
        (
            "a client's queued",
            with(client.clone(), Queued),
            &["deliveries_by_client", "deliveries_queued"],
        ),
        (
            "a client's claimed",
            with(client.clone(), Claimed),
            &["deliveries_by_lease"],
        ),
        (
            "a client's failed",
            with(client, Failed),
            &["deliveries_by_status"],
        ),
        ("a subscription's", sub.clone(), &["delivery_keys_by_time"]),
        (
            "a subscription's queued",
            with(sub.clone(), Queued),
            &["deliveries_by_sub", "deliveries_queued"],
        ),
        (
            "a subscription's failed",
            with(sub, Failed),
            &["deliveries_by_status"],
        ),
        (
            "a transport's",
            transport.clone(),
            &["delivery_keys_by_time"],
        ),
        (
            "a transport's queued",
            with(transport.clone(), Queued),
            &["deliveries_by_transport", "deliveries_queued"],
        ),
        (
            "a transport's delivered",
            with(transport, Delivered),
            &["deliveries_delivered"],
        ),
        ("an event's", event, &["delivery_keys_by_event"]),
    ]
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn every_list_filter_reads_its_index_with_or_without_statistics() {
    let Some((mut client, schema)) = filled_schema("outbox_plans_lists") else {
        return;
    };
    // A few of the states the filled table lacks, so that their partial
    // index holds rows: failed, canceled and held deliveries.
    client
        .execute(
            "INSERT INTO deliveries SELECT 'delv_f' || lpad(to_hex(i), 23, '0'), 'evt_f' || i, 'sub_a', 'c' || (i % 3), \
                 'poll', '', CASE i % 3 WHEN 0 THEN 'failed' WHEN 1 THEN 'canceled' ELSE 'held' END, \
                 1, '', '', '{}', i, i, 0, 0, 0, 0, 0, 0 \
             FROM generate_series(1, 300) AS i",
            &[],
        )
        .unwrap();
    for analyzed in [false, true] {
        if analyzed {
            client
                .batch_execute("ANALYZE deliveries; ANALYZE delivery_keys; ANALYZE events")
                .unwrap();
        }
        let when = if analyzed {
            "analyzed"
        } else {
            "never analyzed"
        };
        for (name, filter, indexes) in delivery_lists() {
            let found = query_plan(&mut client, true, &delivery_list(&filter, false, 100));
            let index = indexes
                .iter()
                .find(|i| found.contains(*i))
                .unwrap_or(&indexes[0]);
            assert_reads(&found, index, &format!("{name} deliveries ({when})"));
        }
        // Dead letters: failed attempts by status, each checked for a later
        // attempt through its event.
        let none = DeliveryFilter::default();
        for (what, q) in [
            ("dead letters", dead_letters(&none, false, None, 100)),
            ("the count of dead letters", count_dead(&none, false)),
        ] {
            let found = query_plan(&mut client, true, &q);
            assert_reads(&found, "deliveries_by_status", &format!("{what} ({when})"));
            assert!(
                found.contains("delivery_keys_by_event"),
                "{what} ({when}):\n{found}"
            );
        }
        for (name, filter, index) in event_lists() {
            let found = query_plan(&mut client, true, &event_list(&filter, 100));
            assert!(
                found.contains(index) && !found.contains("Seq Scan"),
                "{name} events ({when}) should read {index}:\n{found}"
            );
        }
    }
    client
        .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
        .unwrap();
}

/// A filter of `event list`, the list's name and the index its plan reads.
fn event_lists() -> Vec<(&'static str, EventFilter, &'static str)> {
    let by = |set: fn(&mut EventFilter)| {
        let mut filter = EventFilter::default();
        set(&mut filter);
        filter
    };
    vec![
        ("every", EventFilter::default(), "events_by_time"),
        (
            "a type's",
            by(|f| f.event_type = Some("order.refunded".into())),
            "events_by_type",
        ),
        (
            "a source's",
            by(|f| f.source = Some("app3".into())),
            "events_by_source",
        ),
        (
            "a target's",
            by(|f| f.target = Some("shop".into())),
            "events_by_target",
        ),
        (
            "a subject's",
            by(|f| f.subject = Some("s7".into())),
            "events_by_subject",
        ),
        (
            "acked",
            by(|f| f.status = Some(EventStatus::Acked)),
            "events_by_status",
        ),
        (
            "queued",
            by(|f| f.status = Some(EventStatus::Queued)),
            "events_by_time",
        ),
        (
            "a window's",
            by(|f| (f.since, f.until) = (Some(100), Some(200))),
            "events_by_time",
        ),
    ]
}
