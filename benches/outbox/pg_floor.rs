//! What SQL alone pays to write and drain outbox's rows on PostgreSQL:
//! figure 9's floor. No outbox code runs; the server makes the rows itself
//! and the drain is two plain statements per batch, so no program keeping
//! outbox's tables and indexes can do the same work for less.

use crate::setup::time;
use postgres::types::{FromSql, ToSql};
use postgres::{Client, NoTls, Statement};
use std::path::Path;
use std::time::Duration;

fn connect(db: &Path) -> Client {
    Client::connect(db.to_str().unwrap(), NoTls).unwrap()
}

/// Takes a batch of ids with `take` and hands them to `finish` until
/// `take` finds none: the loop of pgmq's drain (read, delete) and of the
/// floor's (claim, complete) alike.
pub fn in_batches<T>(client: &mut Client, take: &Statement, finish: &Statement)
where
    T: for<'a> FromSql<'a> + ToSql + Sync,
{
    loop {
        let ids: Vec<T> = client
            .query(take, &[])
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect();
        if ids.is_empty() {
            break;
        }
        client.execute(finish, &[&ids]).unwrap();
    }
}

/// `n` queued deliveries of the events `enqueue` makes, as a `SELECT` for
/// an `INSERT` into a table of outbox's delivery columns.
fn queued_deliveries(n: usize) -> String {
    format!(
        "SELECT 'dlv_' || md5('d' || g), 'evt_' || md5(g::text), 'sub', \
           'c', 'webhook', '', 'queued', 1, '', '', '{{}}', 1000, 1000, 0, 0, 0, 0 \
         FROM generate_series(1, {n}) g"
    )
}

/// Time to insert `n` events, each with one queued delivery, into the
/// outbox schema at `db`, in one transaction of two `INSERT ... SELECT`s
/// over `generate_series` (ids of 32 hex digits, where outbox's have 24:
/// if anything, the floor pays a little more per key than outbox does).
pub fn enqueue(db: &Path, n: usize) -> Duration {
    let mut client = connect(db);
    let deliveries = format!("INSERT INTO deliveries {}", queued_deliveries(n));
    time(|| {
        let mut tx = client.transaction().unwrap();
        tx.execute(
            "INSERT INTO events SELECT 'evt_' || md5(g::text), 't', 'o-' || g, '', '', 'pending', \
               '{\"n\": ' || g || '}', '[\"sub\"]', '{}', 1000, 1000, 0 \
             FROM generate_series(1, $1::bigint) g",
            &[&(n as i64)],
        )
        .unwrap();
        tx.execute(&deliveries, &[]).unwrap();
        tx.commit().unwrap();
    })
}

/// Time for one connection to claim the queued deliveries at `db` 500 at
/// a time, in claim order and skipping locked rows, and mark each batch
/// delivered: one statement each, as pgmq's read and delete.
pub fn drain(db: &Path) -> Duration {
    drain_table(db, "deliveries")
}

/// [`drain`] on a copy of `n` queued deliveries in a table of the same
/// columns with no index but its key and the partial index of queued
/// deliveries a claim reads: the least a table that keeps each delivery
/// after it is done can pay.
pub fn drain_keys_only(db: &Path, n: usize) -> Duration {
    let mut client = connect(db);
    client
        .batch_execute(&format!(
            "DROP TABLE IF EXISTS deliveries_keys_only;
             CREATE TABLE deliveries_keys_only (LIKE deliveries INCLUDING DEFAULTS);
             ALTER TABLE deliveries_keys_only ADD PRIMARY KEY (delivery_id);
             CREATE INDEX ON deliveries_keys_only (created_at, delivery_id) WHERE status = 'queued';
             INSERT INTO deliveries_keys_only {};
             ANALYZE deliveries_keys_only;",
            queued_deliveries(n)
        ))
        .unwrap();
    drain_table(db, "deliveries_keys_only")
}

/// [`drain`] with the queue apart from the ledger: `n` queued deliveries
/// in a table of outbox's delivery columns with no index but its key and
/// the partial index of queued deliveries, and each completion moving its
/// rows into a copy of outbox's deliveries table with all its indexes, the
/// ledger of finished deliveries. The least a queue that keeps finished
/// deliveries apart, where its lists can find them, can pay.
pub fn drain_queue_apart(db: &Path, n: usize) -> Duration {
    let mut client = connect(db);
    client
        .batch_execute(&format!(
            "DROP TABLE IF EXISTS delivery_queue, delivery_ledger;
             CREATE TABLE delivery_queue (LIKE deliveries INCLUDING DEFAULTS);
             ALTER TABLE delivery_queue ADD PRIMARY KEY (delivery_id);
             CREATE INDEX ON delivery_queue (created_at, delivery_id) WHERE status = 'queued';
             CREATE TABLE delivery_ledger (LIKE deliveries INCLUDING ALL);
             INSERT INTO delivery_queue {};
             ANALYZE delivery_queue;",
            queued_deliveries(n)
        ))
        .unwrap();
    let to_ledger = "WITH done AS (DELETE FROM delivery_queue WHERE delivery_id = ANY($1) RETURNING *) \
         INSERT INTO delivery_ledger SELECT delivery_id, event_id, sub_id, client_id, transport, endpoint, \
           'delivered', attempt, '', last_error, meta, created_at, 2000, next_attempt_at, claimed_at, 0, 2000 \
         FROM done";
    drain_table_with(db, "delivery_queue", to_ledger)
}

fn drain_table(db: &Path, table: &str) -> Duration {
    drain_table_with(
        db,
        table,
        &format!(
            "UPDATE {table} SET status = 'delivered', claimed_by = '', lease_expires_at = 0, \
               delivered_at = 2000, updated_at = 2000 WHERE delivery_id = ANY($1)"
        ),
    )
}

/// Claims from `table` as [`drain`] does and finishes each batch with
/// `complete`, a statement of the batch's ids. A row is one attempt, as
/// outbox's are: a claim sets no key column (on schema 12, setting one would
/// also rewrite the row's keys).
fn drain_table_with(db: &Path, table: &str, complete: &str) -> Duration {
    let mut client = connect(db);
    let claim = client
        .prepare(&format!(
            "UPDATE {table} SET status = 'claimed', claimed_by = 'w', \
               claimed_at = 2000, lease_expires_at = 32000, updated_at = 2000 \
             WHERE delivery_id IN (SELECT delivery_id FROM {table} WHERE status = 'queued' \
               ORDER BY created_at, delivery_id LIMIT 500 FOR UPDATE SKIP LOCKED) \
             RETURNING delivery_id"
        ))
        .unwrap();
    let complete = client.prepare(complete).unwrap();
    time(|| in_batches::<String>(&mut client, &claim, &complete))
}
