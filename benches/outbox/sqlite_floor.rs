//! What SQL alone pays to move outbox's deliveries on SQLite: figure 4's
//! floor. A claim and a completion are written by hand, with nothing read
//! and no outbox code, on outbox's schema and on leaner shapes of it, so
//! the figure shows how much of the core's cycle is the schema's.

use crate::baselines::{restart_wal, synchronous};
use crate::setup::{Durability, time};
use std::path::Path;
use std::time::Duration;

/// The writes of a claim and a completion made by hand on outbox's own
/// schema: each delivery moved queued -> claimed -> delivered with the
/// statements the SQLite store runs, its counts moved with it, one
/// `BEGIN IMMEDIATE` transaction per step, and nothing read. Set beside the
/// core's cycle, it shows how much of that cycle is the schema's (the row,
/// its indexes and counts) and how much the core's own.
pub struct SchemaWrites {
    conn: rusqlite::Connection,
    indexes: Indexes,
    /// Queued deliveries in claim order: (delivery id, transport, client).
    queued: std::vec::IntoIter<(String, String, String)>,
}

/// Another shape of outbox's deliveries for [`SchemaWrites`], to measure
/// what a transition would cost with fewer index entries to move.
#[derive(Clone, Copy)]
pub enum Indexes {
    /// outbox's own.
    Outbox,
    /// The lists by subscription, client and transport without the status
    /// (so a transition moves the row in the status and lease indexes only).
    StatusOutOfLists,
    /// None but the key and the unique index of delivery ids: the least a
    /// table of deliveries found by id can have.
    KeysOnly,
    /// The hot queue apart from the ledger: queued and claimed deliveries in
    /// a table of their own, keyed in claim order, with the unique ids, the
    /// lease index and the claims by subscription, client and transport
    /// (none with the status in it); a completion moves the row into
    /// outbox's deliveries table, with all its indexes, as the ledger of
    /// finished deliveries.
    QueueApart,
}

impl Indexes {
    fn reshape(self) -> &'static str {
        match self {
            Indexes::Outbox => "",
            Indexes::StatusOutOfLists => {
                "DROP INDEX deliveries_by_sub; DROP INDEX deliveries_by_client; DROP INDEX deliveries_by_transport;
                 CREATE INDEX deliveries_by_sub ON deliveries (sub_id, created_at, delivery_id);
                 CREATE INDEX deliveries_by_client ON deliveries (client_id, created_at, delivery_id);
                 CREATE INDEX deliveries_by_transport ON deliveries (transport, created_at, delivery_id);"
            }
            Indexes::KeysOnly => {
                "DROP INDEX deliveries_by_sub; DROP INDEX deliveries_by_client; DROP INDEX deliveries_by_transport;
                 DROP INDEX deliveries_by_status; DROP INDEX deliveries_by_lease; DROP INDEX deliveries_by_event;
                 DROP INDEX deliveries_scheduled;"
            }
            Indexes::QueueApart => {
                "CREATE TABLE delivery_queue (DELIVERY_COLUMNS) WITHOUT ROWID;
                 INSERT INTO delivery_queue SELECT * FROM deliveries;
                 DELETE FROM deliveries;
                 CREATE UNIQUE INDEX delivery_queue_by_id ON delivery_queue (delivery_id);
                 CREATE INDEX delivery_queue_by_lease ON delivery_queue (lease_expires_at, delivery_id) WHERE status = 'claimed';
                 CREATE INDEX delivery_queue_by_sub ON delivery_queue (sub_id, created_at, delivery_id);
                 CREATE INDEX delivery_queue_by_client ON delivery_queue (client_id, created_at, delivery_id);
                 CREATE INDEX delivery_queue_by_transport ON delivery_queue (transport, created_at, delivery_id);"
            }
        }
    }

    /// Where the queued deliveries are.
    fn queue(self) -> &'static str {
        match self {
            Indexes::QueueApart => "delivery_queue",
            _ => "deliveries",
        }
    }
}

/// The columns of outbox's deliveries table, keyed in claim order, for a
/// table of the same rows.
fn delivery_columns(conn: &rusqlite::Connection) -> String {
    let sql: String = conn
        .query_row(
            "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'deliveries'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let open = sql.find('(').unwrap();
    let close = sql.rfind(')').unwrap();
    sql[open + 1..close].to_owned()
}

impl SchemaWrites {
    /// On an outbox database at `db` whose deliveries are all queued, its
    /// indexes first made as `indexes` says.
    pub fn new(db: &Path, sync: Durability, indexes: Indexes) -> Self {
        let conn = rusqlite::Connection::open(db).unwrap();
        // The store's own connection settings.
        conn.execute_batch(&format!(
            "PRAGMA foreign_keys = ON; PRAGMA synchronous = {}; {}",
            synchronous(sync),
            indexes
                .reshape()
                .replace("DELIVERY_COLUMNS", &delivery_columns(&conn))
        ))
        .unwrap();
        let queued = conn
            .prepare(&format!(
                "SELECT delivery_id, transport, client_id FROM {} WHERE status = 'queued' ORDER BY created_at, delivery_id",
                indexes.queue()
            ))
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        SchemaWrites {
            conn,
            indexes,
            queued: queued.into_iter(),
        }
    }

    /// As [`crate::baselines::RawUpdates::checkpoint`], for this side's file.
    pub fn checkpoint(&self) {
        restart_wal(&self.conn);
    }

    /// Times `cycles` deliveries, each claimed and then completed.
    pub fn run(&mut self, cycles: usize) -> Duration {
        let conn = &self.conn;
        let mut begin = conn.prepare_cached("BEGIN IMMEDIATE").unwrap();
        let guard = "WHERE delivery_id = ?1 AND status = ?8 AND transport = ?9 AND client_id = ?10";
        let mut update = conn
            .prepare_cached(&format!(
                "UPDATE {} SET status = ?2, claimed_by = ?3, last_error = '', meta = '{{}}', updated_at = ?4, \
                   next_attempt_at = 0, claimed_at = ?5, lease_expires_at = ?6, delivered_at = ?7 {guard}",
                self.indexes.queue()
            ))
            .unwrap();
        // With the queue apart, a completion moves the row to the ledger.
        let mut to_ledger = match self.indexes {
            Indexes::QueueApart => Some((
                conn.prepare_cached(&format!(
                    "INSERT INTO deliveries (delivery_id, event_id, sub_id, client_id, transport, endpoint, \
                       status, attempt, claimed_by, last_error, meta, created_at, updated_at, next_attempt_at, \
                       claimed_at, lease_expires_at, delivered_at) \
                     SELECT delivery_id, event_id, sub_id, client_id, transport, endpoint, ?2, attempt, ?3, '', \
                       '{{}}', created_at, ?4, 0, ?5, ?6, ?7 FROM delivery_queue {guard}"
                ))
                .unwrap(),
                conn.prepare_cached("DELETE FROM delivery_queue WHERE delivery_id = ?1")
                    .unwrap(),
            )),
            _ => None,
        };
        let mut count = conn
            .prepare_cached(
                "INSERT INTO delivery_counts (status, transport, client_id, n) VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT DO UPDATE SET n = n + excluded.n",
            )
            .unwrap();
        let mut commit = conn.prepare_cached("COMMIT").unwrap();
        let batch: Vec<_> = self.queued.by_ref().take(cycles).collect();
        assert_eq!(batch.len(), cycles, "too few queued deliveries");
        let now = 1_000_i64;
        // The claim, then the completion: ((status, worker, claimed at,
        // lease expires at, delivered at), status before).
        let steps = [
            (("claimed", "w", now, now + 300, 0), "queued"),
            (("delivered", "", now, 0, now), "claimed"),
        ];
        time(|| {
            for (id, transport, client) in &batch {
                for ((status, worker, claimed_at, lease, delivered_at), was) in steps {
                    begin.execute([]).unwrap();
                    let moved = match &mut to_ledger {
                        Some((insert, _)) if status == "delivered" => insert,
                        _ => &mut update,
                    };
                    let changed = moved
                        .execute(rusqlite::params![
                            id,
                            status,
                            worker,
                            now,
                            claimed_at,
                            lease,
                            delivered_at,
                            was,
                            transport,
                            client
                        ])
                        .unwrap();
                    assert_eq!(changed, 1);
                    if let Some((_, delete)) = &mut to_ledger
                        && status == "delivered"
                    {
                        assert_eq!(delete.execute([id]).unwrap(), 1);
                    }
                    count
                        .execute(rusqlite::params![was, transport, client, -1])
                        .unwrap();
                    count
                        .execute(rusqlite::params![status, transport, client, 1])
                        .unwrap();
                    commit.execute([]).unwrap();
                }
            }
        })
    }
}
