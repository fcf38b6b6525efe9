//! Figures 9 and 10: outbox on PostgreSQL beside pgmq, the PostgreSQL
//! queue users could take instead (its SQL-only install, loaded into a
//! database of its own), and the growth of the hot commands on PostgreSQL
//! from a thousand to a million deliveries.

use crate::Figure;
use crate::pg_floor;
use crate::setup::{self, Bench, Durability, env_size, median, time};
use outbox::core::ledger::leases::{Claim, Complete};
use postgres::{Client, NoTls};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Messages (or events, each with one delivery) per run.
fn count() -> usize {
    env_size("OUTBOX_BENCH_PGMQ", 20_000)
}

/// Runs of each measurement; the median counts.
const RUNS: usize = 3;

/// The server named by OUTBOX_BENCH_PG or OUTBOX_TEST_PG, if any.
pub fn server(figure: &str) -> Option<String> {
    let found = std::env::var("OUTBOX_BENCH_PG")
        .or_else(|_| std::env::var("OUTBOX_TEST_PG"))
        .ok();
    if found.is_none() {
        eprintln!(
            "figure {figure} skipped: set OUTBOX_BENCH_PG (or OUTBOX_TEST_PG) to a PostgreSQL URL"
        );
    }
    found
}

/// pgmq in the database `outbox_bench_pgmq` of the server at `base`.
struct Pgmq {
    url: String,
}

impl Pgmq {
    /// Loads pgmq's SQL into a new database; `None` (saying why) when the
    /// file is not beside the project.
    fn install(base: &str) -> Option<Self> {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/peers/pgmq/pgmq.sql");
        let Ok(sql) = std::fs::read_to_string(&file) else {
            eprintln!(
                "figure 9 skipped: pgmq's SQL is not at {} (the peers folder beside the project)",
                file.display()
            );
            return None;
        };
        let mut admin = Client::connect(base, NoTls).expect("the PostgreSQL server is reachable");
        // One statement each: neither may run inside a transaction block.
        for sql in [
            "DROP DATABASE IF EXISTS outbox_bench_pgmq",
            "CREATE DATABASE outbox_bench_pgmq",
        ] {
            admin.batch_execute(sql).unwrap();
        }
        let mut config: postgres::Config = base.parse().unwrap();
        config.dbname("outbox_bench_pgmq");
        let url = with_dbname(base, "outbox_bench_pgmq");
        let mut client = config.connect(NoTls).unwrap();
        client.batch_execute(&sql).unwrap();
        Some(Pgmq { url })
    }

    fn connect(&self) -> Client {
        Client::connect(&self.url, NoTls).unwrap()
    }

    /// A new, empty queue `q`.
    fn reset(&self) {
        let mut client = self.connect();
        client
            .batch_execute(
                "SELECT pgmq.drop_queue(queue_name) FROM pgmq.list_queues(); SELECT pgmq.create('q');",
            )
            .unwrap();
    }

    /// Time to send `n` messages with `send_batch`, 1,000 at a time.
    fn send(&self, n: usize) -> Duration {
        let mut client = self.connect();
        let statement = client
            .prepare("SELECT pgmq.send_batch('q', $1::text[]::jsonb[])")
            .unwrap();
        time(|| {
            for from in (0..n).step_by(1000) {
                let messages: Vec<String> = (from..(from + 1000).min(n))
                    .map(|i| format!("{{\"n\": {i}, \"total\": {}.5}}", i % 1000))
                    .collect();
                client.execute(&statement, &[&messages]).unwrap();
            }
        })
    }

    /// Time for `workers` connections reading 500 at a time and deleting
    /// what they read to empty the queue.
    fn drain(&self, workers: usize) -> Duration {
        self.drain_by(workers, "SELECT pgmq.delete('q'::text, $1::bigint[])")
    }

    /// Time for one connection reading 500 at a time and archiving what
    /// it read (the messages kept, as outbox keeps its deliveries).
    fn drain_to_archive(&self) -> Duration {
        self.drain_by(1, "SELECT pgmq.archive('q'::text, $1::bigint[])")
    }

    /// Time for `workers` connections reading 500 at a time and finishing
    /// what they read with `finish` (of `$1`, the ids) to empty the queue.
    fn drain_by(&self, workers: usize, finish: &'static str) -> Duration {
        time(|| {
            let handles: Vec<_> = (0..workers)
                .map(|_| {
                    let mut client = self.connect();
                    std::thread::spawn(move || {
                        let read = client
                            .prepare("SELECT msg_id FROM pgmq.read('q', 30, 500)")
                            .unwrap();
                        let finish = client.prepare(finish).unwrap();
                        pg_floor::in_batches::<i64>(&mut client, &read, &finish);
                    })
                })
                .collect();
            handles.into_iter().for_each(|h| h.join().unwrap());
        })
    }
}

/// `base` with its database name replaced.
fn with_dbname(base: &str, dbname: &str) -> String {
    let (head, query) = base.split_once('?').unwrap_or((base, ""));
    let (server, _) = head.rsplit_once('/').unwrap_or((head, ""));
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    format!("{server}/{dbname}{query}")
}

/// An empty outbox schema with one subscription of `t`.
pub(crate) fn outbox_schema(base: &str) -> PathBuf {
    let db = setup::postgres_schema(base, "outbox_bench_pgmq");
    setup::outbox(
        &db,
        Durability::Full,
        &[
            "sub",
            "create",
            "--client",
            "c",
            "--types",
            "t",
            "--any-target",
        ],
    );
    db
}

/// Time for one `event record --batch` process to record `n` events.
pub(crate) fn outbox_record(bench: &Bench, db: &Path, n: usize) -> Duration {
    let file = bench.ndjson_of_type(n, "t");
    time(|| {
        drop(setup::outbox(
            db,
            Durability::Full,
            &["event", "record", "--batch", file.to_str().unwrap()],
        ))
    })
}

/// Time for `workers` outbox connections, in this process, claiming 500
/// at a time and completing what they claimed to empty the queue.
pub(crate) fn outbox_drain(db: &Path, workers: usize) -> Duration {
    time(|| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let db = db.to_owned();
                std::thread::spawn(move || {
                    let mut outbox = setup::open(&db, Durability::Full);
                    let worker = Some(format!("w{w}"));
                    let claim = Claim {
                        worker: worker.clone(),
                        ..Claim::default()
                    };
                    let complete = Complete {
                        worker,
                        ..Complete::default()
                    };
                    loop {
                        let page = outbox.claim_batch(&claim, Some(500)).unwrap();
                        if page.deliveries.is_empty() {
                            break;
                        }
                        let ids: Vec<String> =
                            page.deliveries.into_iter().map(|d| d.delivery_id).collect();
                        for done in outbox.complete_deliveries(&ids, &complete).unwrap() {
                            done.unwrap();
                        }
                    }
                })
            })
            .collect();
        handles.into_iter().for_each(|h| h.join().unwrap());
    })
}

pub(crate) fn analyze(db: &Path) {
    let mut client = Client::connect(db.to_str().unwrap(), NoTls).unwrap();
    client
        .batch_execute("ANALYZE deliveries; ANALYZE events")
        .unwrap();
}

pub(crate) fn rate(n: usize, took: Duration) -> f64 {
    n as f64 / took.as_secs_f64()
}

/// Figure 9: enqueue and drain beside pgmq, one worker and four.
pub fn beside_pgmq(bench: &Bench) -> Vec<Figure> {
    let Some(base) = server("9") else {
        return Vec::new();
    };
    let Some(pgmq) = Pgmq::install(&base) else {
        return Vec::new();
    };
    let n = count();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let (mut fresh, mut analyzed, mut pgmq_one) = (Vec::new(), Vec::new(), Vec::new());
    let (mut four, mut pgmq_four) = (Vec::new(), Vec::new());
    let mut pgmq_archive = Vec::new();
    let (mut floor_enqueue, mut floor_drain) = (Vec::new(), Vec::new());
    let (mut lean_drain, mut apart_drain) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        // Enqueue, then the drain right after it, with no statistics.
        let db = outbox_schema(&base);
        ours.push(outbox_record(bench, &db, n));
        fresh.push(outbox_drain(&db, 1));
        pgmq.reset();
        theirs.push(pgmq.send(n));
        pgmq_one.push(pgmq.drain(1));
        // The same after ANALYZE.
        let db = outbox_schema(&base);
        outbox_record(bench, &db, n);
        analyze(&db);
        analyzed.push(outbox_drain(&db, 1));
        // Four workers at once.
        let db = outbox_schema(&base);
        outbox_record(bench, &db, n);
        four.push(outbox_drain(&db, 4));
        pgmq.reset();
        pgmq.send(n);
        pgmq_four.push(pgmq.drain(4));
        pgmq.reset();
        pgmq.send(n);
        pgmq_archive.push(pgmq.drain_to_archive());
        // SQL alone on outbox's tables, analyzed before its drain as above.
        let db = outbox_schema(&base);
        floor_enqueue.push(pg_floor::enqueue(&db, n));
        analyze(&db);
        floor_drain.push(pg_floor::drain(&db));
        lean_drain.push(pg_floor::drain_keys_only(&db, n));
        apart_drain.push(pg_floor::drain_queue_apart(&db, n));
    }
    let [ours, theirs, fresh, analyzed, pgmq_one, four, pgmq_four] =
        [ours, theirs, fresh, analyzed, pgmq_one, four, pgmq_four].map(median);
    let [
        floor_enqueue,
        floor_drain,
        lean_drain,
        apart_drain,
        pgmq_archive,
    ] = [
        floor_enqueue,
        floor_drain,
        lean_drain,
        apart_drain,
        pgmq_archive,
    ]
    .map(median);
    // Each figure: ours beside a baseline, as rates of the same `n`.
    let beside = |name: String, took, baseline: &str, base: Duration, goal| {
        let per_s = |took| format!("{:.0}/s", rate(n, took));
        Figure::new(
            name,
            per_s(took),
            format!("{baseline} {}", per_s(base)),
            rate(n, took) / rate(n, base),
            goal,
        )
    };
    let pgmq_drain = "pgmq read + delete";
    vec![
        beside(
            format!(
                "9. enqueue {n}: `event record --batch` (one process) vs pgmq `send_batch` of 1,000"
            ),
            ours,
            "pgmq",
            theirs,
            "≥ 0.5 (rate ratio)",
        ),
        beside(
            format!(
                "9. drain {n}, one worker, batches of 500, after ANALYZE (claim + complete in process)"
            ),
            analyzed,
            pgmq_drain,
            pgmq_one,
            "≥ 1.0 (rate ratio)",
        ),
        beside(
            format!(
                "9. drain {n} right after the enqueue, no ANALYZE, one worker, beside pgmq keeping what it drained"
            ),
            fresh,
            "pgmq read + archive",
            pgmq_archive,
            "≥ 0.5 (rate ratio)",
        ),
        beside(
            format!("9. drain {n} right after the enqueue, no ANALYZE, beside after ANALYZE"),
            fresh,
            "after ANALYZE",
            analyzed,
            "≥ 0.8 (within 20%)",
        ),
        beside(
            format!("9. drain {n}, four workers at once, beside one"),
            four,
            "one worker",
            analyzed,
            "(reported: scaling)",
        ),
        beside(
            format!(
                "9. enqueue {n} by SQL alone into outbox's tables (two `INSERT ... SELECT`, no outbox code)"
            ),
            floor_enqueue,
            "pgmq",
            theirs,
            "(reported: the floor of goal 2)",
        ),
        beside(
            format!(
                "9. drain {n} by SQL alone on outbox's tables, after ANALYZE (claim `UPDATE` + complete `UPDATE` of 500)"
            ),
            floor_drain,
            pgmq_drain,
            pgmq_one,
            "(reported: the floor of goal 1)",
        ),
        beside(
            format!(
                "9. drain {n} by SQL alone on a table of deliveries with no index but its key and the queued one"
            ),
            lean_drain,
            pgmq_drain,
            pgmq_one,
            "(reported: any table keeping its deliveries)",
        ),
        beside(
            format!(
                "9. drain {n} by SQL alone from a queue apart, each completion moving its rows to a ledger with outbox's indexes"
            ),
            apart_drain,
            pgmq_drain,
            pgmq_one,
            "(reported: the queue apart from the ledger)",
        ),
        beside(
            format!("9. pgmq drain {n}, four connections at once, beside one"),
            pgmq_four,
            "one connection",
            pgmq_one,
            "(reported: the peer's scaling)",
        ),
    ]
}

/// Figure 10: figure 5's commands on PostgreSQL, at about a thousand and
/// about a million deliveries (OUTBOX_BENCH_PG_LARGE).
pub fn scaling() -> Vec<Figure> {
    let Some(base) = server("10") else {
        return Vec::new();
    };
    let large = env_size("OUTBOX_BENCH_PG_LARGE", 1_000_000);
    let sizes = [1_000, large];
    let dbs: Vec<PathBuf> = sizes
        .iter()
        .map(|&n| {
            let db = setup::postgres_schema(&base, &format!("outbox_bench_scale_{n}"));
            setup::fill_scaled(&db, n);
            db
        })
        .collect();
    crate::growth("10. PostgreSQL: ", sizes, &dbs)
}
