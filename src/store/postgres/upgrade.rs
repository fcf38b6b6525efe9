//! Migrations tested on a database made and filled by an earlier version's
//! schema: brought to this binary's version in place, it must hold the
//! same indexes as a new outbox and give the same answers.

use super::{MIGRATIONS, PostgresStore, SCHEMA_VERSION, test_schema};
use crate::core::records::model::{DeliveryStatus, EventStatus, Transport};
use crate::core::storage::{DeliveryFilter, EventFilter, Store};
use postgres::{Client, NoTls};

/// Events and their deliveries in every state, the same in any schema.
const FILL: &str = "
    INSERT INTO events (event_id, type, subject, source, target, status, payload, subscriptions, ack, created_at, updated_at, ack_at)
    SELECT 'evt_' || lpad(to_hex(i), 24, '0'), 'order.created', 's' || (i % 50), 'app', 
           CASE WHEN i % 7 = 0 THEN 'shop' ELSE '' END, CASE WHEN i % 5 = 0 THEN 'acked' ELSE 'queued' END,
           '{}', '[]', '{}', i, i, 0
    FROM generate_series(1, 2000) AS i;
    INSERT INTO deliveries (delivery_id, event_id, sub_id, client_id, transport, endpoint, status, attempt, claimed_by,
                            last_error, meta, created_at, updated_at, next_attempt_at, claimed_at, lease_expires_at, delivered_at)
    SELECT 'delv_' || lpad(to_hex(i), 24, '0'), 'evt_' || lpad(to_hex(i), 24, '0'), 'sub_' || (i % 3), 'c' || (i % 5),
           CASE WHEN i % 4 = 1 THEN 'webhook' ELSE 'poll' END, '',
           (ARRAY['queued', 'claimed', 'delivered', 'failed', 'canceled', 'delivered'])[1 + i % 6],
           1, '', '', '{}', i, i, 0, 0, CASE WHEN i % 6 = 1 THEN 5000 ELSE 0 END, 0
    FROM generate_series(1, 2000) AS i;";

/// A schema at `version`, made by that version's migrations, filled.
fn schema_at(version: usize, prefix: &str) -> Option<(Client, String, String)> {
    let (admin, schema, url) = test_schema(prefix)?;
    let mut client = Client::connect(&url, NoTls).unwrap();
    client
        .batch_execute("CREATE TABLE outbox_schema (version INTEGER NOT NULL); INSERT INTO outbox_schema VALUES (0)")
        .unwrap();
    for step in &MIGRATIONS[..version] {
        client.batch_execute(step).unwrap();
    }
    client
        .execute(
            "UPDATE outbox_schema SET version = $1",
            &[&(version as i32)],
        )
        .unwrap();
    client.batch_execute(FILL).unwrap();
    Some((admin, schema, url))
}

/// Every index of `schema`, by name, its definition written as if in no schema.
fn indexes(admin: &mut Client, schema: &str) -> Vec<(String, String)> {
    admin
        .query(
            "SELECT indexname::text, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname",
            &[&schema],
        )
        .unwrap()
        .iter()
        .map(|row| {
            let def: String = row.get(1);
            (row.get(0), def.replace(&format!("{schema}."), ""))
        })
        .collect()
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn an_outbox_of_version_9_is_migrated_to_the_indexes_by_state() {
    let Some((mut admin, old, old_url)) = schema_at(9, "outbox_upgrade_from_9") else {
        return;
    };
    let (_, new, new_url) = schema_at(SCHEMA_VERSION as usize, "outbox_upgrade_new").unwrap();
    let before = indexes(&mut admin, &old);
    let mut migrated = PostgresStore::connect(&old_url).unwrap();
    let mut fresh = PostgresStore::connect(&new_url).unwrap();
    let after = indexes(&mut admin, &old);
    assert_eq!(after, indexes(&mut admin, &new));
    assert_ne!(before, after, "version 9 had other indexes");
    let packed = |name: &str| {
        after
            .iter()
            .any(|(n, def)| n == name && def.contains("WITH (fillfactor='100')"))
    };
    assert!(
        packed("deliveries_queued") && packed("events_by_time"),
        "{after:?}"
    );
    assert!(
        !packed("deliveries_pkey") && !packed("events_by_subject"),
        "{after:?}"
    );
    let options = |admin: &mut Client, schema: &str| -> Option<Vec<String>> {
        admin
            .query_one(
                "SELECT c.reloptions::text[] FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
                 WHERE n.nspname = $1 AND c.relname = 'deliveries'",
                &[&schema],
            )
            .unwrap()
            .get(0)
    };
    // Every delivery written before version 12 has its keys, and only those.
    let mut reader = Client::connect(&old_url, NoTls).unwrap();
    assert_eq!(super::keys::out_of_step(&mut reader), 0);
    let fillfactor = Some(vec!["fillfactor=50".to_owned()]);
    assert_eq!(options(&mut admin, &old), fillfactor);
    assert_eq!(options(&mut admin, &new), fillfactor);
    let version: i32 = admin
        .query_one(&format!("SELECT version FROM {old}.outbox_schema"), &[])
        .unwrap()
        .get(0);
    assert_eq!(version, SCHEMA_VERSION);

    let filters = [
        DeliveryFilter::default(),
        DeliveryFilter {
            status: Some(DeliveryStatus::Queued),
            client_id: Some("c1".into()),
            ..DeliveryFilter::default()
        },
        DeliveryFilter {
            status: Some(DeliveryStatus::Failed),
            ..DeliveryFilter::default()
        },
        DeliveryFilter {
            status: Some(DeliveryStatus::Claimed),
            transport: Some(Transport::Webhook),
            ..DeliveryFilter::default()
        },
        DeliveryFilter {
            sub_id: Some("sub_2".into()),
            ..DeliveryFilter::default()
        },
        DeliveryFilter {
            event_id: Some("evt_000000000000000000000007".into()),
            ..DeliveryFilter::default()
        },
    ];
    for filter in &filters {
        let listed =
            |store: &mut PostgresStore| store.read().unwrap().deliveries(filter, 500).unwrap();
        let found = listed(&mut migrated);
        assert!(!found.is_empty(), "{filter:?}");
        assert_eq!(found, listed(&mut fresh), "{filter:?}");
    }
    for filter in [
        EventFilter {
            target: Some("shop".into()),
            ..EventFilter::default()
        },
        EventFilter {
            status: Some(EventStatus::Acked),
            ..EventFilter::default()
        },
    ] {
        let listed =
            |store: &mut PostgresStore| store.read().unwrap().events(&filter, 500).unwrap();
        let found = listed(&mut migrated);
        assert!(!found.is_empty(), "{filter:?}");
        assert_eq!(found, listed(&mut fresh), "{filter:?}");
    }
    drop((migrated, fresh));
    admin
        .batch_execute(&format!(
            "DROP SCHEMA {old} CASCADE; DROP SCHEMA {new} CASCADE"
        ))
        .unwrap();
}
