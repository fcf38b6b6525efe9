//! The delivery keys (schema version 12) kept in step with `deliveries`
//! by the schema's triggers, however its rows are written: tested here.

use super::{PostgresStore, test_schema};
use postgres::{Client, NoTls};

/// Rows of `deliveries` without their keys, plus keys without their row
/// (each compared whole: id, event, subscription, attempt, time, client,
/// transport).
pub(super) fn out_of_step(client: &mut Client) -> i64 {
    client
        .query_one(
            "SELECT count(*) FROM ( \
               (SELECT delivery_id, event_id, sub_id, attempt, created_at, client_id, transport FROM deliveries \
                EXCEPT ALL SELECT delivery_id, event_id, sub_id, attempt, created_at, client_id, transport FROM delivery_keys) \
               UNION ALL \
               (SELECT delivery_id, event_id, sub_id, attempt, created_at, client_id, transport FROM delivery_keys \
                EXCEPT ALL SELECT delivery_id, event_id, sub_id, attempt, created_at, client_id, transport FROM deliveries)) AS differ",
            &[],
        )
        .unwrap()
        .get(0)
}

fn keys(client: &mut Client) -> i64 {
    client
        .query_one("SELECT count(*) FROM delivery_keys", &[])
        .unwrap()
        .get(0)
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn keys_follow_every_insert_change_delete_and_truncate() {
    let Some((mut admin, schema, url)) = test_schema("outbox_keys") else {
        return;
    };
    drop(PostgresStore::connect(&url).unwrap());
    let mut client = Client::connect(&url, NoTls).unwrap();
    let insert = "INSERT INTO deliveries SELECT 'delv_' || i, 'evt_' || (i % 7), 'sub_' || (i % 3), 'c', 'poll', '', \
                      'queued', 1 + i % 2, '', '', '{}', i, i, 0, 0, 0, 0 \
                  FROM generate_series($1::bigint, $2::bigint) AS i";
    client.execute(insert, &[&1i64, &300i64]).unwrap();
    assert_eq!((keys(&mut client), out_of_step(&mut client)), (300, 0));
    // A transition sets no key: the keys stay as they were.
    client
        .execute(
            "UPDATE deliveries SET status = 'delivered' WHERE created_at <= 100",
            &[],
        )
        .unwrap();
    assert_eq!((keys(&mut client), out_of_step(&mut client)), (300, 0));
    // A row replaced by an import, its keys changed, and one replaced by itself.
    client
        .execute(
            "INSERT INTO deliveries SELECT 'delv_' || i, 'evt_moved', 'sub_9', 'c', 'poll', '', 'queued', 5, '', '', \
                 '{}', 1000 + i, i, 0, 0, 0, 0 FROM generate_series(1, 10) AS i \
             ON CONFLICT (delivery_id) DO UPDATE SET event_id = excluded.event_id, sub_id = excluded.sub_id, \
                 attempt = excluded.attempt, created_at = excluded.created_at, client_id = 'moved'",
            &[],
        )
        .unwrap();
    client
        .execute(
            "UPDATE deliveries SET created_at = created_at, event_id = event_id WHERE created_at > 290",
            &[],
        )
        .unwrap();
    client
        .execute(
            "UPDATE deliveries SET delivery_id = 'delv_renamed' WHERE delivery_id = 'delv_20'",
            &[],
        )
        .unwrap();
    assert_eq!((keys(&mut client), out_of_step(&mut client)), (300, 0));
    let moved: i64 = client
        .query_one(
            "SELECT count(*) FROM delivery_keys WHERE event_id = 'evt_moved' AND created_at > 1000",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(moved, 10);
    // Deleted in one statement and one by one, then an insert of one row.
    client
        .execute(
            "DELETE FROM deliveries WHERE created_at BETWEEN 50 AND 149",
            &[],
        )
        .unwrap();
    client
        .execute(
            "DELETE FROM deliveries WHERE delivery_id = 'delv_renamed'",
            &[],
        )
        .unwrap();
    client.execute(insert, &[&301i64, &301i64]).unwrap();
    assert_eq!((keys(&mut client), out_of_step(&mut client)), (200, 0));
    // A rolled back delete leaves the keys with their rows.
    let mut tx = client.transaction().unwrap();
    tx.execute("DELETE FROM deliveries", &[]).unwrap();
    tx.rollback().unwrap();
    assert_eq!((keys(&mut client), out_of_step(&mut client)), (200, 0));
    client.batch_execute("TRUNCATE deliveries").unwrap();
    assert_eq!((keys(&mut client), out_of_step(&mut client)), (0, 0));
    admin
        .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
        .unwrap();
}
