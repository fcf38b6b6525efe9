//! The plans of the hot statements on a freshly filled table never
//! analyzed (autovacuum off, right after an import), and again after
//! ANALYZE: each must read the index meant for it, never the whole table
//! or the whole queue. Needs a server at OUTBOX_TEST_PG; skipped, saying
//! so, without one.

mod lists;

use super::PostgresStore;
use super::ledger::claim_range;
use super::rows::Query;
use super::tx::{
    EVENTS_RECORDED_AT, INDEX_PLANNER, ORDER_PLANNER, Shape, claimable_query, counts_sql,
    events_by_id_sql, prefetch_sql, time_count, update_deliveries,
};
use crate::core::records::model::{DeliveryStatus, Stage, Transport};
use crate::core::storage::DeliveryFilter;
use postgres::types::ToSql;
use postgres::{Client, NoTls};

const DELIVERIES: i64 = 30_000;
const NOW: i64 = 1_000_000;

/// A new schema on the test server with the outbox tables, filled by SQL:
/// a tenth claimed (half of those with lapsed leases), four tenths
/// delivered, the rest queued (a tenth of those due later), three clients.
fn filled_schema(name: &str) -> Option<(Client, String)> {
    let (_, schema, url) = super::test_schema(name)?;
    drop(PostgresStore::connect(&url).unwrap());
    let mut client = Client::connect(&url, NoTls).unwrap();
    client
        .execute(
            "INSERT INTO deliveries SELECT 'delv_' || lpad(to_hex(i), 24, '0'), 'evt_' || lpad(to_hex(i), 24, '0'), \
                 'sub_a', 'c' || (i % 3), 'poll', '', \
                 CASE WHEN i % 10 = 0 THEN 'claimed' WHEN i % 10 < 5 THEN 'delivered' ELSE 'queued' END, \
                 1, '', '', '{}', i, i, CASE WHEN i % 10 = 9 THEN $2::bigint + 3600 ELSE 0 END, 0, \
                 CASE WHEN i % 20 = 0 THEN $2::bigint - 1 WHEN i % 10 = 0 THEN $2::bigint + 300 ELSE 0 END, 0 \
             FROM generate_series(1, $1::bigint) AS i",
            &[&DELIVERIES, &NOW],
        )
        .unwrap();
    // Their events: a thousand subjects, ten sources, a hundredth of
    // another type, a tenth acked, a twentieth for a named target (so that the partial indexes of events hold rows).
    client
        .execute(
            "INSERT INTO events (event_id, type, subject, source, target, status, payload, subscriptions, ack, created_at, updated_at, ack_at) \
             SELECT 'evt_' || lpad(to_hex(i), 24, '0'), \
                 CASE WHEN i % 100 = 0 THEN 'order.refunded' ELSE 'order.created' END, 's' || (i % 1000), 'app' || (i % 10), \
                 CASE WHEN i % 20 = 3 THEN 'shop' ELSE '' END, CASE WHEN i % 10 = 7 THEN 'acked' ELSE 'queued' END, \
                 '{}', '[]', '{}', i, i, 0 \
             FROM generate_series(1, $1::bigint) AS i",
            &[&DELIVERIES],
        )
        .unwrap();
    let analyzed: i64 = client
        .query_one(
            "SELECT count(*) FROM pg_stats WHERE tablename = 'deliveries' AND schemaname = current_schema()",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(analyzed, 0, "the table must never have been analyzed");
    Some((client, schema))
}

/// The plan of `sql` with its parameters; `in_order` sets the planner up
/// as a claim or a list does.
fn plan(client: &mut Client, in_order: bool, sql: &str, params: &[&(dyn ToSql + Sync)]) -> String {
    let settings = if in_order { ORDER_PLANNER } else { "" };
    plan_with(client, settings, sql, params)
}

/// The plan of `sql` under the planner `settings` it runs with.
fn plan_with(
    client: &mut Client,
    settings: &str,
    sql: &str,
    params: &[&(dyn ToSql + Sync)],
) -> String {
    let mut tx = client.transaction().unwrap();
    if !settings.is_empty() {
        tx.batch_execute(settings).unwrap();
    }
    let rows = tx.query(&format!("EXPLAIN {sql}"), params).unwrap();
    rows.iter()
        .map(|row| row.get::<_, String>(0))
        .collect::<Vec<_>>()
        .join("\n")
}

fn query_plan(client: &mut Client, in_order: bool, q: &Query) -> String {
    let params: Vec<&(dyn ToSql + Sync)> = q.params.iter().map(|p| p.as_ref()).collect();
    plan(client, in_order, &q.sql, &params)
}

fn assert_reads(plan: &str, index: &str, what: &str) {
    assert!(plan.contains(index), "{what} should read {index}:\n{plan}");
    assert!(!plan.contains("Seq Scan on deliver"), "{what}:\n{plan}");
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn hot_statements_read_their_index_with_or_without_statistics() {
    let Some((mut client, schema)) = filled_schema("outbox_plans") else {
        return;
    };
    let by_client = DeliveryFilter {
        client_id: Some("c1".into()),
        ..DeliveryFilter::default()
    };
    let lock = " FOR UPDATE SKIP LOCKED";
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
        // Claims read the head of the queue in order: no sort of it all.
        for filter in [DeliveryFilter::default(), by_client.clone()] {
            let q = claim_range(&filter, false, NOW, 500, lock);
            let found = query_plan(&mut client, true, &q);
            assert!(!found.contains("Sort"), "claim ({when}):\n{found}");
            assert!(!found.contains("Bitmap"), "claim ({when}):\n{found}");
            assert!(!found.contains("Seq Scan"), "claim ({when}):\n{found}");
        }
        let q = claim_range(&DeliveryFilter::default(), true, NOW, 500, lock);
        let found = query_plan(&mut client, true, &q);
        assert_reads(
            &found,
            "deliveries_by_lease",
            &format!("lapsed claims ({when})"),
        );
        // Counts that depend on the time read their small indexes, with a
        // client's or a transport's deliveries as without.
        let by_transport = DeliveryFilter {
            transport: Some(Transport::Poll),
            ..DeliveryFilter::default()
        };
        for (sql, index) in [
            (counts_sql::SCHEDULED, "deliveries_scheduled"),
            (counts_sql::EXPIRED, "deliveries_by_lease"),
        ] {
            for filter in [&DeliveryFilter::default(), &by_client, &by_transport] {
                let found = query_plan(&mut client, false, &time_count(sql, filter, NOW));
                assert_reads(&found, index, &format!("{sql} {filter:?} ({when})"));
            }
        }
        // A claim's count of what it could take reads both, in one statement.
        let changes = [(
            Stage::Is(DeliveryStatus::Queued),
            Transport::Poll,
            "c0".to_owned(),
            -1,
        )];
        for filter in [&DeliveryFilter::default(), &by_client, &by_transport] {
            // With changes not yet written, and without (the first thing a
            // claim asks).
            for changes in [&changes[..], &[]] {
                let found = query_plan(&mut client, false, &claimable_query(changes, filter, NOW));
                for index in ["deliveries_scheduled", "deliveries_by_lease"] {
                    let what = format!("claimable {filter:?}, {} changes ({when})", changes.len());
                    assert_reads(&found, index, &what);
                }
            }
        }
        // The transitions of a transaction find each row by its key,
        // planned with whole-table scans off as they run.
        let ids: Vec<String> = client
            .query(
                "SELECT delivery_id FROM deliveries WHERE status = 'queued' ORDER BY delivery_id LIMIT 50",
                &[],
            )
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect();
        // In each shape the statement takes: every value an array of one
        // per row, every value shared, some of each, and each of those
        // but the first with the meta kept as read.
        let values: [Result<&str, i64>; 13] = [
            Ok("claimed"),
            Ok("w"),
            Ok(""),
            Ok("{}"),
            Err(0),
            Err(0),
            Err(0),
            Err(0),
            Err(0),
            Err(1),
            Ok("queued"),
            Ok("poll"),
            Ok("c0"),
        ];
        let mixed = std::array::from_fn(|n| {
            if n % 3 == 0 {
                Shape::PerRow
            } else {
                Shape::Shared
            }
        });
        let meta_kept = |mut shapes: [Shape; 13]| {
            shapes[3] = Shape::Kept;
            shapes
        };
        let shared = [Shape::Shared; 13];
        for shapes in [
            [Shape::PerRow; 13],
            shared,
            mixed,
            meta_kept(shared),
            meta_kept(mixed),
        ] {
            let mut params: Vec<Box<dyn ToSql + Sync>> = vec![Box::new(ids.clone())];
            for (value, shape) in values.iter().zip(shapes) {
                params.push(match (value, shape) {
                    (_, Shape::Kept) => continue,
                    (Ok(text), Shape::PerRow) => Box::new(vec![text.to_string(); ids.len()]),
                    (Ok(text), Shape::Shared) => Box::new(text.to_string()),
                    (Err(number), Shape::PerRow) => Box::new(vec![*number; ids.len()]),
                    (Err(number), Shape::Shared) => Box::new(*number),
                });
            }
            let params: Vec<&(dyn ToSql + Sync)> = params.iter().map(|p| p.as_ref()).collect();
            let sql = update_deliveries(shapes);
            // Under either planner that keeps off whole-table scans: the
            // index planner, or the one a claim's reads left in force.
            for planner in [INDEX_PLANNER, ORDER_PLANNER] {
                let found = plan_with(&mut client, planner, &sql, &params);
                let what = format!("a transition, shapes {shapes:?}, {planner} ({when})");
                assert_reads(&found, "deliveries_pkey", &what);
                assert!(!found.contains("deliveries_by_transport"), "{found}");
            }
        }
        // A batch's completions read when their events were recorded by key
        // (as the transaction reads it, kept off whole-table scans).
        let events: Vec<String> = client
            .query(
                "SELECT event_id FROM events ORDER BY event_id LIMIT 500",
                &[],
            )
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect();
        let found = plan_with(&mut client, INDEX_PLANNER, EVENTS_RECORDED_AT, &[&events]);
        assert_reads(&found, "events_pkey", &format!("recorded at ({when})"));
        // A worker's claims read their events by key too.
        let found = plan_with(&mut client, INDEX_PLANNER, events_by_id_sql(), &[&events]);
        assert_reads(&found, "events_pkey", &format!("claimed events ({when})"));
        // A command on many ids reads them ahead by key, with their events'
        // times by the events' key.
        let found = plan_with(&mut client, INDEX_PLANNER, prefetch_sql(), &[&ids]);
        assert_reads(&found, "deliveries_pkey", &format!("read ahead ({when})"));
        assert!(
            found.contains("events_pkey"),
            "read ahead ({when}):\n{found}"
        );
        assert!(!found.contains("Seq Scan"), "read ahead ({when}):\n{found}");
        // A list in a window of time reads that range of its time index
        // (and sorts only what lies in it).
        let window = DeliveryFilter {
            since: Some(100),
            until: Some(200),
            ..DeliveryFilter::default()
        };
        let found = query_plan(
            &mut client,
            true,
            &super::ledger::delivery_list(&window, false, 100),
        );
        assert_reads(
            &found,
            "delivery_keys_by_time",
            &format!("a list in a window ({when})"),
        );
        // A subject's deliveries: through its events, then theirs.
        let about = DeliveryFilter {
            subject: Some("order-1".into()),
            ..DeliveryFilter::default()
        };
        let found = query_plan(
            &mut client,
            true,
            &super::ledger::delivery_list(&about, false, 100),
        );
        assert_reads(
            &found,
            "delivery_keys_by_event",
            &format!("a list by subject ({when})"),
        );
        assert!(found.contains("events_by_subject"), "{found}");
        // A rare type's deliveries: through its events, as a subject's.
        let of_type = DeliveryFilter {
            event_type: Some("order.refunded".into()),
            ..DeliveryFilter::default()
        };
        let found = query_plan(
            &mut client,
            true,
            &super::ledger::delivery_list(&of_type, true, 100),
        );
        assert_reads(
            &found,
            "delivery_keys_by_event",
            &format!("a list by a rare type ({when})"),
        );
        assert!(found.contains("events_by_type"), "{found}");
    }
    client
        .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
        .unwrap();
}

/// With 10,000 deliveries held behind their heads, older than every
/// queued one: claims read the queue's own index, which holds no held
/// delivery, and the lane statements read the lanes' small indexes.
#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn claims_never_read_held_deliveries_and_lanes_read_their_indexes() {
    use super::tx::lanes::{
        CLEAR_HEADS, HELD_BY_DEAD, QUEUE_FIRST_HELD, SET_ASIDE, SUBJECTS_WAITING, WAITS_FOR,
    };
    let Some((mut client, schema)) = filled_schema("outbox_plans_lanes") else {
        return;
    };
    client
        .execute(
            "INSERT INTO deliveries SELECT 'delv_h' || lpad(to_hex(i), 23, '0'), 'evt_h' || i, 'sub_a', 'c0', \
                 'poll', '', 'held', 1, '', '', '{}', -i, -i, 0, 0, 0, 0, 1 + i % 1000, i \
             FROM generate_series(1, 10000) AS i",
            &[],
        )
        .unwrap();
    client
        .execute(
            "INSERT INTO lanes (sub_id, subject, head, blocks) \
             SELECT 'sub_a', 's' || i, 1, 1 FROM generate_series(1, 1000) AS i",
            &[],
        )
        .unwrap();
    let lock = " FOR UPDATE SKIP LOCKED";
    for analyzed in [false, true] {
        if analyzed {
            client
                .batch_execute("ANALYZE deliveries; ANALYZE lanes")
                .unwrap();
        }
        let q = claim_range(&DeliveryFilter::default(), false, NOW, 500, lock);
        let found = query_plan(&mut client, true, &q);
        assert_reads(&found, "deliveries_queued", "a claim");
        assert!(!found.contains("Sort"), "{found}");
        let lane: i64 = 7;
        let lanes: Vec<i64> = vec![7, 8];
        let seqs: Vec<i64> = vec![1, 1];
        let found = plan(&mut client, false, CLEAR_HEADS, &[&lanes, &seqs]);
        assert!(found.contains("lanes_pkey"), "{found}");
        for (sql, params, index) in [
            (
                QUEUE_FIRST_HELD,
                vec![&lanes as &(dyn ToSql + Sync)],
                "deliveries_held",
            ),
            (WAITS_FOR, vec![&lane], "deliveries_in_lane"),
            (SUBJECTS_WAITING, vec![], "deliveries_held"),
            (SET_ASIDE, vec![], "deliveries_held"),
            (
                crate::store::postgres::tx::lanes::SET_ASIDE_BY_SUB,
                vec![],
                "deliveries_held",
            ),
        ] {
            let found = plan(&mut client, false, sql, &params);
            assert_reads(&found, index, sql);
        }
        let found = plan_with(&mut client, INDEX_PLANNER, HELD_BY_DEAD, &[]);
        assert!(found.contains("lanes_held_by_dead"), "{found}");
    }
    client
        .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
        .unwrap();
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn claims_that_leave_subscriptions_out_and_health_statements_read_their_indexes() {
    use super::tx::health::{IN_FLIGHT, select};
    let Some((mut client, schema)) = filled_schema("outbox_plans_health") else {
        return;
    };
    client
        .execute(
            "INSERT INTO subscription_health (sub_id, guards) \
             SELECT 'sub_' || i, i % 100 = 0 FROM generate_series(1, 2000) AS i",
            &[],
        )
        .unwrap();
    for analyzed in [false, true] {
        if analyzed {
            client
                .batch_execute("ANALYZE deliveries; ANALYZE subscription_health")
                .unwrap();
        }
        let except = DeliveryFilter {
            except_subs: vec!["sub_b".into(), "sub_c".into()],
            ..DeliveryFilter::default()
        };
        let q = claim_range(&except, false, NOW, 500, " FOR UPDATE SKIP LOCKED");
        let found = query_plan(&mut client, true, &q);
        assert_reads(&found, "deliveries_queued", "a claim leaving some out");
        let sub = "sub_a";
        // Either index reads claimed rows only: the subscription's, or
        // every live claim (what the planner picks when, as here, one
        // subscription has them all).
        let found = plan(&mut client, false, IN_FLIGHT, &[&sub, &NOW]);
        let index = ["deliveries_by_sub", "deliveries_by_lease"]
            .into_iter()
            .find(|i| found.contains(i))
            .unwrap_or("deliveries_by_sub");
        assert_reads(&found, index, "in flight");
        let found = plan_with(&mut client, INDEX_PLANNER, &select("guards"), &[]);
        assert!(found.contains("subscription_health_guarding"), "{found}");
    }
    client
        .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
        .unwrap();
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn the_history_of_finished_attempts_reads_the_window_through_an_index() {
    let Some((mut client, schema)) = filled_schema("outbox_plans_history") else {
        return;
    };
    for analyzed in [false, true] {
        if analyzed {
            client
                .batch_execute("ANALYZE deliveries; ANALYZE delivery_keys")
                .unwrap();
        }
        let found = plan_with(
            &mut client,
            super::tx::INDEX_PLANNER,
            crate::store::tallies::FINISHED_PER_MINUTE,
            &[&(NOW - 7200), &(NOW - 3600)],
        );
        // The window's delivered rows and failed rows each by their own
        // partial index: never the whole table.
        let what = format!("finished per minute (analyzed: {analyzed})");
        assert_reads(&found, "deliveries_delivered", &what);
        assert_reads(&found, "deliveries_by_status", &what);
    }
    client
        .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
        .unwrap();
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_subjects_deliveries_are_found_through_its_events_whatever_else_filters_them() {
    let Some((mut client, schema)) = filled_schema("outbox_plans_subject") else {
        return;
    };
    // Every delivery's event is there, a thousand subjects among them:
    // with no statistics, walking every delivery newest first and looking
    // each event up looks as cheap as finding the subject's few events.
    let by_client = DeliveryFilter {
        subject: Some("s7".into()),
        client_id: Some("c1".into()),
        status: Some(crate::core::records::model::DeliveryStatus::Queued),
        ..DeliveryFilter::default()
    };
    let about = DeliveryFilter {
        subject: Some("s7".into()),
        ..DeliveryFilter::default()
    };
    for filter in [about, by_client] {
        let found = query_plan(
            &mut client,
            true,
            &super::ledger::delivery_list(&filter, false, 100),
        );
        assert!(found.contains("events_by_subject"), "{filter:?}:\n{found}");
        assert_reads(&found, "delivery_keys_by_event", &format!("{filter:?}"));
        for walk in [
            "delivery_keys_by_time",
            "deliveries_by_client",
            "deliveries_by_status",
        ] {
            assert!(!found.contains(walk), "{filter:?} reads {walk}:\n{found}");
        }
    }
    client
        .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
        .unwrap();
}
