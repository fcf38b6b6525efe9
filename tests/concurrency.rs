//! Many processes on one database: workers claiming and completing while
//! others record events and a sweeper runs. Nothing is lost, nothing is
//! delivered twice, no live lease is shared, and nobody sees "locked".

mod common;

use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

const WORKERS: usize = 6;

fn outbox(db: &Path, args: &[&str]) -> Output {
    Command::new(assert_cmd::cargo::cargo_bin("outbox"))
        .args(args)
        .arg("--json")
        .env("OUTBOX_DB", db)
        .env_remove("OUTBOX_NOW")
        .output()
        .unwrap()
}

/// Everything the processes of a run saw that must never happen.
#[derive(Default)]
struct Trouble(Mutex<Vec<String>>);

impl Trouble {
    /// Runs a command; exit 0 and 1 are answers, anything else is trouble.
    fn run(&self, db: &Path, args: &[&str]) -> (i32, Value) {
        let output = outbox(db, args);
        let code = output.status.code().unwrap_or(-1);
        let stderr = String::from_utf8_lossy(&output.stderr);
        if !matches!(code, 0 | 1) || stderr.contains("locked") {
            self.0
                .lock()
                .unwrap()
                .push(format!("{args:?} exited {code}: {stderr}"));
        }
        let first = output
            .stdout
            .split(|b| *b == b'\n')
            .next()
            .unwrap_or_default();
        (code, serde_json::from_slice(first).unwrap_or(Value::Null))
    }
}

struct Run {
    dir: tempfile::TempDir,
    /// A SQLite file, or a PostgreSQL URL.
    db: PathBuf,
    trouble: Arc<Trouble>,
}

impl Run {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("outbox.db");
        Self::on(dir, db)
    }

    /// The same run against a fresh PostgreSQL schema, when there is a server.
    fn postgres(test: &str) -> Option<Self> {
        let url = common::postgres(test)?;
        Some(Self::on(tempfile::tempdir().unwrap(), PathBuf::from(url)))
    }

    fn on(dir: tempfile::TempDir, db: PathBuf) -> Self {
        let run = Run {
            dir,
            db,
            trouble: Arc::default(),
        };
        run.trouble.run(
            &run.db,
            &[
                "sub",
                "create",
                "--client",
                "billing",
                "--types",
                "order.created",
                "--any-target",
            ],
        );
        run.trouble.run(
            &run.db,
            &[
                "sub",
                "create",
                "--client",
                "audit",
                "--types",
                "*",
                "--any-target",
                "--transport",
                "webhook",
            ],
        );
        run
    }

    /// Two recorders, each recording `per_recorder` events (a multiple of
    /// 20): ten one at a time, then a batch of ten, and again.
    fn record(&self, per_recorder: usize) -> Vec<thread::JoinHandle<()>> {
        assert_eq!(per_recorder % 20, 0);
        (0..2)
            .map(|r| {
                let (db, trouble) = (self.db.clone(), self.trouble.clone());
                let dir = self.dir.path().to_owned();
                thread::spawn(move || {
                    let mut n = 0;
                    while n < per_recorder {
                        if n % 20 == 10 {
                            let batch: String = (n..n + 10)
                                .map(|i| format!("{{\"type\": \"order.created\", \"subject\": \"r{r}-{i}\"}}\n"))
                                .collect();
                            let file = dir.join(format!("batch-{r}-{n}.ndjson"));
                            std::fs::write(&file, batch).unwrap();
                            trouble.run(&db, &["event", "record", "--batch", file.to_str().unwrap()]);
                            n += 10;
                        } else {
                            let subject = format!("r{r}-{n}");
                            trouble.run(&db, &["event", "record", "--type", "order.created", "--subject", &subject]);
                            n += 1;
                        }
                    }
                })
            })
            .collect()
    }
}

/// What the workers did: who claimed each delivery, and whose completion
/// actually delivered it.
#[derive(Default)]
struct Ledger {
    claims: HashMap<String, Vec<String>>,
    deliveries: HashMap<String, Vec<String>>,
    refused_completions: usize,
}

/// One worker: claim (alternating single and batch), optionally dawdle past
/// the lease, then complete; stop when recording is over and nothing is left.
fn worker(
    db: PathBuf,
    name: String,
    lease: &'static str,
    dawdle: Option<Duration>,
    recording: Arc<AtomicBool>,
    trouble: Arc<Trouble>,
    ledger: Arc<Mutex<Ledger>>,
) {
    let mut round = 0;
    let mut idle = 0;
    loop {
        round += 1;
        let (code, answer) = if round % 2 == 0 {
            trouble.run(
                &db,
                &[
                    "delivery", "claim", "--worker", &name, "--lease", lease, "--batch", "5",
                ],
            )
        } else {
            trouble.run(
                &db,
                &["delivery", "claim", "--worker", &name, "--lease", lease],
            )
        };
        let claimed: Vec<Value> = match (code, answer.get("deliveries"), answer.get("delivery")) {
            (0, Some(list), _) => list.as_array().unwrap().clone(),
            (0, None, Some(one)) => vec![one.clone()],
            _ => Vec::new(),
        };
        if claimed.is_empty() {
            idle += 1;
            if !recording.load(Ordering::SeqCst) && idle > 3 {
                return;
            }
            thread::sleep(Duration::from_millis(20));
            continue;
        }
        idle = 0;
        for delivery in claimed {
            let id = delivery["deliveryId"].as_str().unwrap().to_owned();
            ledger
                .lock()
                .unwrap()
                .claims
                .entry(id.clone())
                .or_default()
                .push(name.clone());
            if let Some(pause) = dawdle.filter(|_| round % 3 == 0) {
                thread::sleep(pause);
            }
            let (code, done) = trouble.run(&db, &["delivery", "complete", &id, "--worker", &name]);
            let mut ledger = ledger.lock().unwrap();
            // Completing is idempotent; it took effect only if it names this worker.
            if code == 0 && done["delivery"]["claimedBy"] == name.as_str() {
                ledger.deliveries.entry(id).or_default().push(name.clone());
            } else if code == 1 {
                ledger.refused_completions += 1;
            }
        }
    }
}

fn drain(run: &Run, per_recorder: usize, lease: &'static str, dawdle: Option<Duration>) -> Ledger {
    let recording = Arc::new(AtomicBool::new(true));
    let ledger = Arc::new(Mutex::new(Ledger::default()));
    let recorders = run.record(per_recorder);
    let workers: Vec<_> = (0..WORKERS)
        .map(|w| {
            let (db, trouble, ledger, recording) = (
                run.db.clone(),
                run.trouble.clone(),
                ledger.clone(),
                recording.clone(),
            );
            thread::spawn(move || {
                worker(
                    db,
                    format!("w{w}"),
                    lease,
                    dawdle,
                    recording,
                    trouble,
                    ledger,
                )
            })
        })
        .collect();
    let sweeping = Arc::new(AtomicBool::new(true));
    let sweeper = {
        let (db, trouble, sweeping) = (run.db.clone(), run.trouble.clone(), sweeping.clone());
        thread::spawn(move || {
            while sweeping.load(Ordering::SeqCst) {
                trouble.run(&db, &["delivery", "sweep", "--error", "lease expired"]);
                thread::sleep(Duration::from_millis(50));
            }
        })
    };
    recorders.into_iter().for_each(|t| t.join().unwrap());
    recording.store(false, Ordering::SeqCst);
    workers.into_iter().for_each(|t| t.join().unwrap());
    sweeping.store(false, Ordering::SeqCst);
    sweeper.join().unwrap();
    Arc::try_unwrap(ledger).ok().unwrap().into_inner().unwrap()
}

fn assert_all_delivered_once(run: &Run, ledger: &Ledger, events: usize) {
    let trouble = run.trouble.0.lock().unwrap();
    assert!(
        trouble.is_empty(),
        "{} commands failed:\n{}",
        trouble.len(),
        trouble.join("\n")
    );
    let (_, stats) = run.trouble.run(&run.db, &["stats"]);
    let expected = events * 2;
    assert_eq!(
        stats["stats"]["byStatus"],
        serde_json::json!({"delivered": expected}),
        "{stats}"
    );
    assert_eq!(
        ledger.deliveries.len(),
        expected,
        "deliveries completed by a worker"
    );
    let twice: Vec<_> = ledger
        .deliveries
        .iter()
        .filter(|(_, by)| by.len() != 1)
        .collect();
    assert!(twice.is_empty(), "delivered more than once: {twice:?}");
}

#[test]
fn six_workers_recorders_and_a_sweeper_deliver_everything_exactly_once() {
    six_workers(Run::new());
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn six_workers_recorders_and_a_sweeper_deliver_everything_exactly_once_on_postgres() {
    if let Some(run) = Run::postgres("six_workers") {
        six_workers(run);
    }
}

fn six_workers(run: Run) {
    let ledger = drain(&run, 60, "60", None);
    assert_all_delivered_once(&run, &ledger, 120);
    // With leases far longer than the run, every delivery was claimed once.
    let shared: Vec<_> = ledger
        .claims
        .iter()
        .filter(|(_, by)| by.len() != 1)
        .collect();
    assert!(
        shared.is_empty(),
        "claimed under two live leases: {shared:?}"
    );
    eprintln!(
        "{WORKERS} workers, 2 recorders, 1 sweeper: {} deliveries, {} claims, 0 duplicates",
        ledger.deliveries.len(),
        ledger.claims.values().map(Vec::len).sum::<usize>()
    );
}

#[test]
fn expiring_leases_are_swept_and_reclaimed_without_double_delivery() {
    expiring_leases(Run::new());
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn expiring_leases_are_swept_and_reclaimed_without_double_delivery_on_postgres() {
    if let Some(run) = Run::postgres("expiring_leases") {
        expiring_leases(run);
    }
}

/// One-second leases and workers that sometimes take 1.5 s: leases run out
/// mid-work, the sweeper and other workers take them over, and the late
/// workers' completions must be refused.
fn expiring_leases(run: Run) {
    let ledger = drain(&run, 20, "1", Some(Duration::from_millis(1500)));
    assert_all_delivered_once(&run, &ledger, 40);
    let reclaimed = ledger.claims.values().filter(|by| by.len() > 1).count();
    assert!(
        reclaimed > 0,
        "no lease expired: the test did not exercise fencing"
    );
    assert!(
        ledger.refused_completions > 0,
        "no late completion was refused"
    );
    eprintln!(
        "short leases: {} deliveries, {reclaimed} re-claimed after expiry, {} late completions refused",
        ledger.deliveries.len(),
        ledger.refused_completions
    );
}

#[test]
fn a_worker_whose_lease_was_taken_over_is_fenced_out() {
    fenced_out(Run::new());
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_worker_whose_lease_was_taken_over_is_fenced_out_on_postgres() {
    if let Some(run) = Run::postgres("fenced_out") {
        fenced_out(run);
    }
}

fn fenced_out(run: Run) {
    let at = |now: i64, args: &[&str]| {
        let output = Command::new(assert_cmd::cargo::cargo_bin("outbox"))
            .args(args)
            .arg("--json")
            .env("OUTBOX_DB", &run.db)
            .env("OUTBOX_NOW", now.to_string())
            .output()
            .unwrap();
        let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
        (output.status.code().unwrap(), answer)
    };
    let t = 1_795_975_331;
    at(t, &["event", "record", "--type", "order.created"]);
    let (_, first) = at(
        t + 1,
        &[
            "delivery", "claim", "--client", "billing", "--worker", "old", "--lease", "10",
        ],
    );
    let id = first["delivery"]["deliveryId"].as_str().unwrap().to_owned();
    let (_, second) = at(
        t + 20,
        &[
            "delivery", "claim", "--client", "billing", "--worker", "new", "--lease", "60",
        ],
    );
    assert_eq!(
        second["delivery"]["deliveryId"],
        id.as_str(),
        "the expired lease was claimed again"
    );
    for (verb, code) in [
        ("complete", "invalid:claimOwner"),
        ("fail", "invalid:claimOwner"),
        ("cancel", "invalid:claimOwner"),
        ("release", "invalid:claimOwner"),
        ("renew", "invalid:leaseOwner"),
    ] {
        let (exit, answer) = at(t + 21, &["delivery", verb, &id, "--worker", "old"]);
        assert_eq!(
            (exit, answer["error"].as_str()),
            (1, Some(code)),
            "{verb} by the old worker"
        );
        assert_eq!(
            answer["delivery"]["claimedBy"], "new",
            "{verb} left the claim alone"
        );
    }
    let (exit, done) = at(t + 22, &["delivery", "complete", &id, "--worker", "new"]);
    assert_eq!(
        (exit, done["delivery"]["status"].as_str()),
        (0, Some("delivered"))
    );
}

#[test]
fn a_lease_starts_when_the_write_lock_is_taken() {
    let run = Run::new();
    run.trouble
        .run(&run.db, &["event", "record", "--type", "order.created"]);
    // Another writer holds the lock for two seconds.
    let mut holder = rusqlite::Connection::open(&run.db).unwrap();
    let tx = holder
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .unwrap();
    let started = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let claim = {
        let db = run.db.clone();
        thread::spawn(move || {
            outbox(
                &db,
                &["delivery", "claim", "--worker", "w", "--lease", "30"],
            )
        })
    };
    thread::sleep(Duration::from_millis(2_100));
    tx.commit().unwrap();
    let output = claim.join().unwrap();
    assert!(output.status.success(), "{output:?}");
    let claimed: Value = serde_json::from_slice(&output.stdout).unwrap();
    let claimed_at = claimed["delivery"]["claimedAt"].as_i64().unwrap();
    assert!(
        claimed_at >= started + 2,
        "lease clock read before the lock: claimedAt {claimed_at}, lock taken at {started}"
    );
    assert_eq!(
        claimed["delivery"]["leaseExpiresAt"].as_i64().unwrap(),
        claimed_at + 30
    );
}

#[test]
fn a_worker_outlasts_a_writer_that_holds_the_outbox_past_its_busy_timeout() {
    outlasts_a_writer(Run::new(), |db| {
        let holder = rusqlite::Connection::open(db).unwrap();
        holder.execute_batch("BEGIN IMMEDIATE").unwrap();
        Box::new(move || holder.execute_batch("COMMIT").unwrap())
    });
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_worker_outlasts_a_writer_that_holds_the_outbox_past_its_busy_timeout_on_postgres() {
    let Some(run) = Run::postgres("outlasts") else {
        return;
    };
    outlasts_a_writer(run, |db| {
        let url = db.to_str().unwrap();
        let mut holder = postgres::Client::connect(url, postgres::NoTls).unwrap();
        // What an initial load holds until it commits.
        holder
            .batch_execute("BEGIN; LOCK TABLE events, deliveries IN ACCESS EXCLUSIVE MODE")
            .unwrap();
        Box::new(move || holder.batch_execute("COMMIT").unwrap())
    });
}

/// Three deliveries ready, then `hold` takes the outbox (and gives back
/// how to let it go) for 2.5 s, past the worker's busy timeout of 1 s: the
/// worker says it waits, and delivers all three once it may.
fn outlasts_a_writer(run: Run, hold: fn(&Path) -> Box<dyn FnOnce()>) {
    for subject in ["a", "b", "c"] {
        run.trouble.run(
            &run.db,
            &[
                "event",
                "record",
                "--type",
                "order.created",
                "--subject",
                subject,
            ],
        );
    }
    let release = hold(&run.db);
    let work = {
        let db = run.db.clone();
        thread::spawn(move || {
            outbox(
                &db,
                &[
                    "--busy-timeout",
                    "1",
                    "work",
                    "--client",
                    "billing",
                    "--drain",
                    "--",
                    "true",
                ],
            )
        })
    };
    thread::sleep(Duration::from_millis(2_500));
    release();
    let output = work.join().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{output:?}");
    assert!(stderr.contains("waiting for another writer"), "{stderr}");
    assert!(stderr.contains("free again"), "{stderr}");
    let (_, delivered) = run.trouble.run(
        &run.db,
        &[
            "delivery",
            "list",
            "--client",
            "billing",
            "--status",
            "delivered",
        ],
    );
    assert_eq!(delivered["deliveries"].as_array().unwrap().len(), 3);
}
