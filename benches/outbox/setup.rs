//! The bench's workbench: a scratch folder, processes of the built binary,
//! timing, and the databases each figure starts from.

use outbox::core::ledger::events::RecordEvent;
use outbox::core::ledger::leases::{Claim, Complete};
use outbox::core::ledger::subscriptions::SubscriptionFields;
use outbox::core::{Clock, Outbox};
pub use outbox::store::Durability;
use outbox::store::postgres::{PostgresStore, is_url};
use outbox::store::sqlite::SqliteStore;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The bench's scratch folder, under target/.
pub struct Bench {
    pub dir: PathBuf,
}

impl Bench {
    pub fn new() -> Self {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench");
        std::fs::create_dir_all(&dir).unwrap();
        Bench { dir }
    }

    /// A path for a new database, with any earlier one removed.
    pub fn fresh_db(&self, name: &str) -> PathBuf {
        let path = self.dir.join(format!("{name}.db"));
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
        path
    }

    /// A copy of a closed database file.
    pub fn copy_db(&self, from: &Path, name: &str) -> PathBuf {
        let to = self.fresh_db(name);
        std::fs::copy(from, &to).unwrap();
        to
    }

    /// NDJSON of `n` "order.created" events with small payloads.
    pub fn ndjson(&self, n: usize) -> PathBuf {
        self.ndjson_of_type(n, "order.created")
    }

    pub fn ndjson_of_type(&self, n: usize, event_type: &str) -> PathBuf {
        let path = self.dir.join(format!("events-{event_type}-{n}.ndjson"));
        if !path.exists() {
            let lines: String = (0..n)
                .map(|i| {
                    format!(
                        "{{\"type\": \"{event_type}\", \"subject\": \"o-{i}\", \"payload\": {{\"n\": {i}, \"total\": {}.5}}}}\n",
                        i % 1000
                    )
                })
                .collect();
            std::fs::write(&path, lines).unwrap();
        }
        path
    }
}

pub trait Named {
    fn name(self) -> &'static str;
}

impl Named for Durability {
    fn name(self) -> &'static str {
        match self {
            Durability::Full => "full",
            Durability::Normal => "normal",
        }
    }
}

/// Runs the built `outbox`; a failure to run (exit 2 or 3) stops the bench.
pub fn outbox(db: &Path, sync: Durability, args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_outbox"))
        .args(args)
        .env("OUTBOX_DB", db)
        .env("OUTBOX_SYNC", sync.name())
        .env_remove("OUTBOX_NOW")
        .output()
        .unwrap();
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "outbox {args:?}: {output:?}"
    );
    output
}

pub fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap()
}

pub fn time(f: impl FnOnce()) -> Duration {
    let started = Instant::now();
    f();
    started.elapsed()
}

/// The middle of a few runs: times, rates or ratios (never NaN).
pub fn median<T: PartialOrd + Copy>(mut samples: Vec<T>) -> T {
    samples.sort_by(|a, b| a.partial_cmp(b).expect("a sample is never NaN"));
    samples[samples.len() / 2]
}

/// The median of rounds' ratios, and the ratios listed for a figure's
/// name (`1.02, 0.97, 1.10`).
pub fn median_listed(ratios: Vec<f64>) -> (f64, String) {
    let listed: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
    (median(ratios), listed.join(", "))
}

pub fn env_size(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The outbox at `db`: a SQLite file, or a PostgreSQL URL.
pub fn open(db: &Path, sync: Durability) -> Outbox {
    let store: Box<dyn outbox::core::storage::Store> = match db.to_str().filter(|d| is_url(d)) {
        Some(url) => Box::new(PostgresStore::connect_with(url, sync).unwrap()),
        None => Box::new(SqliteStore::open_with(db, sync).unwrap()),
    };
    Outbox::new(store, Clock::System)
}

pub fn subscribe(outbox: &mut Outbox, client: &str, event_type: &str) {
    let fields = SubscriptionFields {
        client_id: Some(client.into()),
        event_types: Some(vec![event_type.into()]),
        target: Some(String::new()),
        ..SubscriptionFields::default()
    };
    outbox.create_subscription(&fields, None).unwrap();
}

pub fn record(outbox: &mut Outbox, event_type: &str, from: usize, count: usize) {
    let requests = (from..from + count).map(|i| {
        let req = RecordEvent {
            event_type: event_type.into(),
            subject: Some(format!("s-{i}")),
            ..RecordEvent::default()
        };
        (i, Ok(req))
    });
    outbox.record_events(requests).unwrap();
}

/// An outbox at `db` holding `count` queued deliveries, one client's, each
/// of its own event.
pub fn queued_deliveries(db: &Path, sync: Durability, count: usize) -> Outbox {
    let mut outbox = open(db, sync);
    subscribe(&mut outbox, "c", "t");
    record(&mut outbox, "t", 0, count);
    outbox
}

/// Claim + complete cycles through the core library, on deliveries made
/// beforehand.
pub struct CoreCycles {
    outbox: Outbox,
    claim: Claim,
    complete: Complete,
}

impl CoreCycles {
    /// An outbox at `db` with `deliveries` queued deliveries.
    pub fn new(db: &Path, sync: Durability, deliveries: usize) -> Self {
        let outbox = queued_deliveries(db, sync, deliveries);
        let worker = Some("w".to_owned());
        CoreCycles {
            outbox,
            claim: Claim {
                worker: worker.clone(),
                ..Claim::default()
            },
            complete: Complete {
                worker,
                ..Complete::default()
            },
        }
    }

    /// Times `cycles` claim + complete cycles.
    pub fn run(&mut self, cycles: usize) -> Duration {
        time(|| {
            for _ in 0..cycles {
                let claimed = self.outbox.claim_next(&self.claim).unwrap();
                let id = claimed.delivery.delivery_id;
                self.outbox.complete_delivery(&id, &self.complete).unwrap();
            }
        })
    }
}

/// A database with `deliveries` deliveries (two per event, half of them
/// delivered) and 10,000 subscriptions to other event types.
pub fn scaled_db(bench: &Bench, deliveries: usize) -> PathBuf {
    let db = bench.fresh_db(&format!("scale-{deliveries}"));
    fill_scaled(&db, deliveries);
    db
}

/// Fills the empty outbox at `db` (a file or a PostgreSQL URL) as
/// [`scaled_db`] describes.
pub fn fill_scaled(db: &Path, deliveries: usize) {
    let mut outbox = open(db, Durability::Normal);
    for i in 0..10_000 {
        subscribe(&mut outbox, &format!("client-{i}"), &format!("other.{i}"));
    }
    subscribe(&mut outbox, "billing", "order.created");
    subscribe(&mut outbox, "audit", "order.created");
    let events = deliveries / 2;
    let chunk = 50_000;
    for from in (0..events).step_by(chunk) {
        record(&mut outbox, "order.created", from, chunk.min(events - from));
    }
    drop(outbox);
    // History: half the deliveries are done (those whose id's first hex
    // digit is below 8). Plain SQL sets the scene quickly; a recount then
    // brings the kept counts in step.
    execute_sql(
        db,
        "UPDATE deliveries SET status = 'delivered', delivered_at = created_at \
         WHERE substr(delivery_id, 6, 1) < '8'",
    );
    crate::setup::outbox(db, Durability::Normal, &["stats", "--recount"]);
}

/// Runs SQL statements on the outbox at `db`, a file or a PostgreSQL URL.
pub fn execute_sql(db: &Path, sql: &str) {
    match db.to_str().filter(|d| is_url(d)) {
        Some(url) => {
            let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
            client.batch_execute(sql).unwrap();
        }
        None => {
            let conn = rusqlite::Connection::open(db).unwrap();
            conn.execute_batch(sql).unwrap();
        }
    }
}

/// Where a figure's outbox lives: a file, or a schema of its own on a
/// PostgreSQL server.
pub enum Backend {
    Sqlite,
    Postgres(String),
}

impl Backend {
    /// SQLite, and PostgreSQL when OUTBOX_BENCH_PG or OUTBOX_TEST_PG names
    /// a server (saying so when not).
    pub fn all(figure: &str) -> Vec<Backend> {
        let mut all = vec![Backend::Sqlite];
        if let Some(base) = crate::pgmq::server(&format!("{figure} on PostgreSQL")) {
            all.push(Backend::Postgres(base));
        }
        all
    }

    /// A new, empty outbox called `name`.
    pub fn fresh(&self, bench: &Bench, name: &str) -> PathBuf {
        match self {
            Backend::Sqlite => bench.fresh_db(name),
            Backend::Postgres(base) => {
                postgres_schema(base, &format!("outbox_bench_{name}").replace('-', "_"))
            }
        }
    }

    /// Before a figure's name: nothing for SQLite, whose figures came first.
    pub fn prefix(&self) -> &'static str {
        match self {
            Backend::Sqlite => "",
            Backend::Postgres(_) => "PostgreSQL: ",
        }
    }
}

pub type Op = fn(&Path, usize);

/// The commands whose latency must not grow with the table.
pub fn scaling_ops() -> Vec<(&'static str, Op)> {
    vec![
        ("`delivery claim` + `complete` (two processes)", |db, _| {
            let claimed = outbox(
                db,
                Durability::Full,
                &["delivery", "claim", "--worker", "w", "--json"],
            );
            let id = json(&claimed)["delivery"]["deliveryId"]
                .as_str()
                .unwrap()
                .to_owned();
            outbox(
                db,
                Durability::Full,
                &["delivery", "complete", &id, "--worker", "w"],
            );
        }),
        ("`delivery ready --limit 10`", |db, _| {
            drop(outbox(
                db,
                Durability::Full,
                &["delivery", "ready", "--limit", "10", "--json"],
            ))
        }),
        ("`stats`", |db, _| {
            drop(outbox(db, Durability::Full, &["stats", "--json"]))
        }),
        ("`delivery sweep`, nothing expired", |db, _| {
            drop(outbox(
                db,
                Durability::Full,
                &["delivery", "sweep", "--json"],
            ))
        }),
        (
            "`delivery list --client billing --status queued --limit 20`",
            |db, _| {
                drop(outbox(
                    db,
                    Durability::Full,
                    &[
                        "delivery", "list", "--client", "billing", "--status", "queued", "--limit",
                        "20", "--json",
                    ],
                ))
            },
        ),
        (
            "`sub match`, 10,000 subscriptions of other types",
            |db, _| {
                drop(outbox(
                    db,
                    Durability::Full,
                    &["sub", "match", "--type", "order.created", "--json"],
                ))
            },
        ),
        (
            "`event record`, 10,000 subscriptions of other types",
            |db, i| {
                let subject = format!("scaling-{i}-{}", std::process::id());
                drop(outbox(
                    db,
                    Durability::Full,
                    &[
                        "event",
                        "record",
                        "--type",
                        "order.created",
                        "--subject",
                        &subject,
                        "--json",
                    ],
                ))
            },
        ),
    ]
}

/// What ran the bench: CPU, cores, memory, SQLite and outbox versions.
pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| {
            t.lines().next().map(|l| {
                l.split_whitespace()
                    .nth(1)
                    .unwrap_or("0")
                    .parse::<u64>()
                    .unwrap_or(0)
            })
        })
        .map_or("?".into(), |kb| format!("{} GiB", kb / 1024 / 1024));
    format!(
        "Machine: {cpu}, {cores} cores, {memory} memory; SQLite {} (bundled); outbox {}.",
        rusqlite::version(),
        env!("CARGO_PKG_VERSION")
    )
}

/// A URL for a new, empty schema on the PostgreSQL server at `base`.
pub fn postgres_schema(base: &str, schema: &str) -> PathBuf {
    let mut client = postgres::Client::connect(base, postgres::NoTls)
        .expect("the PostgreSQL server is reachable");
    client
        .batch_execute(&format!(
            "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema};"
        ))
        .unwrap();
    let separator = if base.contains('?') { '&' } else { '?' };
    PathBuf::from(format!(
        "{base}{separator}options=-c%20search_path%3D{schema}"
    ))
}

/// One subscription and `count` events, so `count` deliveries are ready.
pub fn fill(bench: &Bench, db: &Path, count: usize) {
    fill_for(bench, db, count, &[]);
}

/// [`fill`], with more flags for the subscription (its transport, endpoint).
pub fn fill_for(bench: &Bench, db: &Path, count: usize, sub_flags: &[&str]) {
    let mut create = vec![
        "sub",
        "create",
        "--client",
        "c",
        "--types",
        "t",
        "--any-target",
    ];
    create.extend_from_slice(sub_flags);
    outbox(db, Durability::Full, &create);
    outbox(
        db,
        Durability::Full,
        &[
            "event",
            "record",
            "--batch",
            bench.ndjson_of_type(count, "t").to_str().unwrap(),
        ],
    );
}

/// Time for `workers` concurrent loops of claim + complete processes to
/// empty the queue.
pub fn drain_with_workers(db: &Path, workers: usize) -> Duration {
    time(|| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let db = db.to_owned();
                std::thread::spawn(move || {
                    let name = format!("w{w}");
                    loop {
                        let claimed = outbox(
                            &db,
                            Durability::Full,
                            &["delivery", "claim", "--worker", &name, "--json"],
                        );
                        if !claimed.status.success() {
                            break;
                        }
                        let id = json(&claimed)["delivery"]["deliveryId"]
                            .as_str()
                            .unwrap()
                            .to_owned();
                        outbox(
                            &db,
                            Durability::Full,
                            &["delivery", "complete", &id, "--worker", &name],
                        );
                    }
                })
            })
            .collect();
        handles.into_iter().for_each(|h| h.join().unwrap());
    })
}
