//! The benchmarks of BENCHMARKS.md: every figure is measured beside its
//! baseline in the same run and reported as a ratio, since absolute times
//! change from machine to machine and ratios do not.
//!
//! Run with `bench/run.sh` (or `cargo bench`). Sizes can be lowered for a
//! quick look: OUTBOX_BENCH_EVENTS (batch, default 100000), OUTBOX_BENCH_DRAIN
//! (default 100000), OUTBOX_BENCH_LARGE (deliveries, default 1000000);
//! OUTBOX_BENCH_PRUNE (finished deliveries pruned, default 1000000),
//! OUTBOX_BENCH_WORK (deliveries `outbox work` drains, default 10000) and
//! OUTBOX_BENCH_LOOP (deliveries the shell loop drains, default 1000);
//! OUTBOX_BENCH_ONLY=1,5 runs only some figures. Figures 6, 9 and 10 need a
//! PostgreSQL server: OUTBOX_BENCH_PG (or OUTBOX_TEST_PG) holds its URL;
//! figure 9 also pgmq's SQL at ../shared/peers/pgmq/pgmq.sql, and takes
//! OUTBOX_BENCH_PGMQ (messages, default 20000); figure 10 OUTBOX_BENCH_PG_LARGE
//! (deliveries, default 1000000). Figure 11 takes OUTBOX_BENCH_BATCH (events
//! of the large batch, default 1000000; the goal's size is 10000000).
//! Figures 12 to 14 measure the relay: OUTBOX_BENCH_RELAY (rows relayed,
//! default 100000), OUTBOX_BENCH_LAG (rows written at 200/s, default 2000),
//! OUTBOX_BENCH_APP_TX (application transactions per round, default 500);
//! 12 and 13 also on PostgreSQL when it is at hand. Figure 15 sends
//! OUTBOX_BENCH_WORK mcp deliveries beside as many webhooks. Figure 16
//! drains OUTBOX_BENCH_ORDERED (default 20000) deliveries of an ordered
//! subscription, also on PostgreSQL when it is at hand; figure 17 measures
//! figure 5's commands on ordered outboxes (OUTBOX_BENCH_LARGE). Figures 18
//! to 20 measure endpoint protection from a local receiver's log: 18 also
//! on PostgreSQL when it is at hand, and with OUTBOX_BENCH_BUSY=1 again
//! beside a spinning core and a writer syncing a file; 20 takes OUTBOX_BENCH_DOWN (seconds
//! the receiver is down, default 120); figure 21 compares webhooks with a
//! build from before protection, named by OUTBOX_BENCH_BEFORE.

mod baselines;
mod brokers;
mod memory;
mod ordering;
mod pg_floor;
mod pgboss;
mod pgmq;
mod protecting;
mod pruning;
mod relaying;
mod serving;
mod setup;
mod sqlite_floor;
mod tracing;
mod working;

use baselines::Replay;
use setup::{Bench, Durability, Named, env_size, median, outbox, time};
use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

/// One line of the results table.
struct Figure {
    name: String,
    ours: String,
    baseline: String,
    ratio: f64,
    goal: &'static str,
}

impl Figure {
    fn new(
        name: impl Into<String>,
        ours: String,
        baseline: String,
        ratio: f64,
        goal: &'static str,
    ) -> Self {
        let figure = Figure {
            name: name.into(),
            ours,
            baseline,
            ratio,
            goal,
        };
        eprintln!(
            "  {} | {} | {} | {:.2} | {}",
            figure.name, figure.ours, figure.baseline, figure.ratio, figure.goal
        );
        figure
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn rate(n: usize, d: Duration) -> String {
    format!("{:.0}/s", n as f64 / d.as_secs_f64())
}

/// Figure 1: one command in one process, against the sqlite3 shell
/// inserting one row with the same `synchronous` setting.
fn one_process(bench: &Bench, sync: Durability) -> Vec<Figure> {
    let db = bench.fresh_db(&format!("single-{}", sync.name()));
    outbox(
        &db,
        sync,
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
    let shell = baselines::SqliteShell::new(bench, &format!("single-{}", sync.name()), sync);
    let runs = 120;
    let record_one = |db: &Path, i: usize| {
        drop(outbox(
            db,
            sync,
            &[
                "event",
                "record",
                "--type",
                "t",
                "--subject",
                &i.to_string(),
            ],
        ))
    };
    // The rows the records will write, recorded once beforehand so that
    // the shell can write the same beside them.
    let empty = bench.copy_db(&db, &format!("single-empty-{}", sync.name()));
    let template = bench.copy_db(&db, &format!("single-template-{}", sync.name()));
    for i in 0..runs {
        record_one(&template, i);
    }
    let by_hand = baselines::ShellRecords::new(bench, &template, &empty, sync.name(), sync);
    assert_eq!(by_hand.len(), runs);
    let (mut ours, mut theirs, mut schema) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..runs {
        ours.push(time(|| record_one(&db, i)));
        theirs.push(time(|| shell.insert_one()));
        schema.push(time(|| by_hand.insert(i)));
    }
    let (ours, theirs, schema) = (median(ours), median(theirs), median(schema));
    let record = Figure::new(
        format!("1. `event record`, one process ({})", sync.name()),
        ms(ours),
        format!("sqlite3 shell, one INSERT: {}", ms(theirs)),
        ours.as_secs_f64() / theirs.as_secs_f64(),
        "≤ 0.8",
    );
    let record_by_hand = Figure::new(
        format!(
            "1. the rows of one `event record` written by the sqlite3 shell, one process ({})",
            sync.name()
        ),
        ms(schema),
        format!("sqlite3 shell, one INSERT: {}", ms(theirs)),
        schema.as_secs_f64() / theirs.as_secs_f64(),
        "(reported)",
    );
    let mut cycle = Vec::new();
    for _ in 0..runs {
        cycle.push(time(|| {
            let claimed = outbox(&db, sync, &["delivery", "claim", "--worker", "w", "--json"]);
            let id = setup::json(&claimed)["delivery"]["deliveryId"]
                .as_str()
                .unwrap()
                .to_owned();
            outbox(&db, sync, &["delivery", "complete", &id, "--worker", "w"]);
        }));
    }
    let cycle = median(cycle);
    let claim = Figure::new(
        format!(
            "1. `delivery claim` + `complete`, two processes ({})",
            sync.name()
        ),
        ms(cycle),
        format!("two sqlite3 shell INSERTs: {}", ms(theirs * 2)),
        cycle.as_secs_f64() / (theirs.as_secs_f64() * 2.0),
        "(reported)",
    );
    vec![record, record_by_hand, claim]
}

/// Figure 2: a batch of events that each match two subscriptions, against
/// the sqlite3 shell inserting the same rows in one transaction.
fn batch(bench: &Bench, sync: Durability) -> Vec<Figure> {
    let events = env_size("OUTBOX_BENCH_EVENTS", 100_000);
    let db = bench.fresh_db(&format!("batch-{}", sync.name()));
    outbox(
        &db,
        sync,
        &[
            "sub",
            "create",
            "--client",
            "a",
            "--types",
            "order.created",
            "--any-target",
        ],
    );
    outbox(
        &db,
        sync,
        &[
            "sub",
            "create",
            "--client",
            "b",
            "--types",
            "order.created",
            "--any-target",
            "--transport",
            "webhook",
        ],
    );
    let empty = bench.copy_db(&db, &format!("batch-empty-{}", sync.name()));
    let input = bench.ndjson(events);
    let record = |db: &Path| {
        time(|| {
            drop(outbox(
                db,
                sync,
                &["event", "record", "--batch", input.to_str().unwrap()],
            ))
        })
    };
    let mut ours = vec![record(&db)];
    // Against the same INSERTs in the order the batch writes them (key
    // order, SQLite's fastest case), and the same rows in a plain schema.
    let orders = [Replay::AsWritten, Replay::PlainSchema];
    let replays = orders.map(|order| baselines::Inserts::new(bench, &db, &empty, sync, order));
    let mut theirs = [Vec::new(), Vec::new()];
    // Rounds taking turns, medians compared: the machine's speed drifts by
    // more than the goal's margin within minutes.
    for round in 0..BATCH_ROUNDS {
        if round > 0 {
            ours.push(record(
                &bench.copy_db(&empty, &format!("batch-{}", sync.name())),
            ));
        }
        for (replay, times) in replays.iter().zip(&mut theirs) {
            times.push(replay.time(bench));
        }
    }
    let ours = median(ours);
    orders
        .into_iter()
        .zip(theirs.map(median))
        .map(|(order, theirs)| {
            Figure::new(
                format!(
                    "2. `event record --batch`, {events} events → {} rows ({}), median of {BATCH_ROUNDS}",
                    events * 3,
                    sync.name()
                ),
                format!("{:.2} s", ours.as_secs_f64()),
                format!(
                    "sqlite3 shell, same rows as INSERTs {} in one transaction: {:.2} s",
                    order.name(),
                    theirs.as_secs_f64()
                ),
                ours.as_secs_f64() / theirs.as_secs_f64(),
                match order {
                    Replay::AsWritten => "≤ 1.0",
                    Replay::PlainSchema => "≤ 1.5",
                },
            )
        })
        .collect()
}

/// Runs of figure 2's batch and of each of its baselines, taking turns.
const BATCH_ROUNDS: usize = 3;

/// Figure 3: draining deliveries the fastest way a shell user can, against
/// litequeue's pop + done loop in Python, run just before and just after so
/// that a machine slowing down or speeding up meets both sides alike.
fn drain(bench: &Bench, sync: Durability, python: Option<&Path>) -> Figure {
    let count = env_size("OUTBOX_BENCH_DRAIN", 100_000);
    let db = bench.fresh_db(&format!("drain-{}", sync.name()));
    outbox(
        &db,
        sync,
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
    outbox(
        &db,
        sync,
        &[
            "event",
            "record",
            "--batch",
            bench.ndjson_of_type(count, "t").to_str().unwrap(),
        ],
    );
    let litequeue_before = python.and_then(|p| baselines::litequeue(bench, p));
    let took = time(|| {
        loop {
            let claimed = outbox(
                &db,
                sync,
                &[
                    "delivery", "claim", "--batch", "500", "--worker", "w", "--json",
                ],
            );
            let answer = setup::json(&claimed);
            let ids: Vec<&str> = answer["deliveries"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["deliveryId"].as_str().unwrap())
                .collect();
            if ids.is_empty() {
                break;
            }
            let mut args = vec!["delivery", "complete", "--worker", "w"];
            args.extend(ids);
            outbox(&db, sync, &args);
        }
    });
    let litequeue_after = python.and_then(|p| baselines::litequeue(bench, p));
    let (baseline, ratio) = match litequeue_before.zip(litequeue_after) {
        Some(((n, before), (_, after))) => {
            let t = (before + after) / 2;
            (
                format!(
                    "litequeue pop + done ({n} messages, its default synchronous=NORMAL; mean of a run before and after): {}",
                    rate(n, t)
                ),
                (count as f64 / took.as_secs_f64()) / (n as f64 / t.as_secs_f64()),
            )
        }
        None => ("litequeue not available".to_owned(), f64::NAN),
    };
    Figure::new(
        format!(
            "3. drain {count} deliveries: `claim --batch 500` + `complete ID...` ({})",
            sync.name()
        ),
        rate(count, took),
        baseline,
        ratio,
        "≥ 10 (rate ratio)",
    )
}

/// Figure 4: the core's claim + complete in one process, against raw
/// single-row `BEGIN IMMEDIATE` updates on the same file; beside it, the
/// same writes made by hand on outbox's schema, and on two leaner shapes of
/// it, each on a file made the same way: what any code writing such rows
/// could reach.
fn in_process(bench: &Bench, sync: Durability) -> Vec<Figure> {
    use sqlite_floor::Indexes;
    let cycles = 2_000;
    let db = bench.fresh_db(&format!("inproc-{}", sync.name()));
    let mut core_cycles = setup::CoreCycles::new(&db, sync, cycles);
    let raw_updates = baselines::RawUpdates::new(&db, sync);
    let shapes = [
        (Indexes::Outbox, "on outbox's schema"),
        (
            Indexes::StatusOutOfLists,
            "with the status out of the indexes by subscription, client and transport",
        ),
        (Indexes::KeysOnly, "with no index but the keys"),
        (
            Indexes::QueueApart,
            "with the queue apart from the ledger of finished deliveries",
        ),
    ];
    let mut by_hand: Vec<_> = shapes
        .iter()
        .enumerate()
        .map(|(n, &(indexes, _))| {
            let db = bench.fresh_db(&format!("inproc-by-hand-{n}-{}", sync.name()));
            drop(setup::queued_deliveries(&db, sync, cycles));
            sqlite_floor::SchemaWrites::new(&db, sync, indexes)
        })
        .collect();
    // Ten rounds of each in turn, so a drift in the machine's speed meets
    // them all; each round starts on an empty WAL.
    let (mut core, mut raw) = (Duration::ZERO, Duration::ZERO);
    let mut schema = vec![Duration::ZERO; shapes.len()];
    let round = cycles / 10;
    for _ in 0..10 {
        raw_updates.checkpoint();
        core += core_cycles.run(round);
        raw_updates.checkpoint();
        raw += raw_updates.run(round * 2);
        for (writes, took) in by_hand.iter_mut().zip(&mut schema) {
            writes.checkpoint();
            *took += writes.run(round);
        }
    }
    let rate = |took: Duration| format!("{:.0} cycles/s", cycles as f64 / took.as_secs_f64());
    let raw_rate = format!(
        "raw rusqlite, 2 one-row transactions per cycle: {}",
        rate(raw)
    );
    let mut figures = vec![Figure::new(
        format!(
            "4. core claim + complete in process, {cycles} cycles ({})",
            sync.name()
        ),
        rate(core),
        raw_rate.clone(),
        raw.as_secs_f64() / core.as_secs_f64(),
        "≥ 0.8 (throughput ratio)",
    )];
    for ((_, shape), took) in shapes.iter().zip(schema) {
        figures.push(Figure::new(
            format!(
                "4. the same writes by hand {shape}, no reads, {cycles} cycles ({})",
                sync.name()
            ),
            rate(took),
            raw_rate.clone(),
            raw.as_secs_f64() / took.as_secs_f64(),
            "(reported)",
        ));
    }
    figures
}

/// Figure 5: latency of each hot command at about a thousand and about a
/// million deliveries.
fn scaling(bench: &Bench) -> Vec<Figure> {
    let large = env_size("OUTBOX_BENCH_LARGE", 1_000_000);
    let sizes = [1_000, large];
    let dbs: Vec<_> = sizes.iter().map(|&n| setup::scaled_db(bench, n)).collect();
    growth("5. ", sizes, &dbs)
}

/// The latency of each of figure 5's commands on `dbs`, outboxes of
/// `sizes` deliveries, the larger's beside the smaller's.
fn growth(figure: &str, sizes: [usize; 2], dbs: &[std::path::PathBuf]) -> Vec<Figure> {
    let mut figures = Vec::new();
    for (name, op) in setup::scaling_ops() {
        // Sizes take turns, so a drift in the machine's speed meets both.
        let mut samples = vec![Vec::new(); dbs.len()];
        for i in 0..25 {
            for (db, times) in dbs.iter().zip(&mut samples) {
                times.push(time(|| op(db, i)));
            }
        }
        let latency: Vec<Duration> = samples.into_iter().map(median).collect();
        figures.push(Figure::new(
            format!("{figure}{name}"),
            format!("{} at {} deliveries", ms(latency[1]), sizes[1]),
            format!("{} at {} deliveries", ms(latency[0]), sizes[0]),
            latency[1].as_secs_f64() / latency[0].as_secs_f64(),
            "≤ 1.2 (growth)",
        ));
    }
    figures
}

/// Figure 6: claim + complete throughput with 1, 4 and 16 worker processes,
/// PostgreSQL against SQLite (when OUTBOX_BENCH_PG or OUTBOX_TEST_PG names a server).
fn workers(bench: &Bench) -> Vec<Figure> {
    let Some(base) = std::env::var("OUTBOX_BENCH_PG")
        .or_else(|_| std::env::var("OUTBOX_TEST_PG"))
        .ok()
    else {
        eprintln!("figure 6 skipped: set OUTBOX_BENCH_PG (or OUTBOX_TEST_PG) to a PostgreSQL URL");
        return Vec::new();
    };
    let count = env_size("OUTBOX_BENCH_WORKERS_DELIVERIES", 2_000);
    let mut figures = Vec::new();
    for workers in [1, 4, 16] {
        let sqlite = bench.fresh_db(&format!("workers-{workers}"));
        let postgres = setup::postgres_schema(
            &base,
            &format!("outbox_bench_{}_{workers}", std::process::id()),
        );
        let rates: Vec<f64> = [sqlite, postgres]
            .iter()
            .map(|db| {
                setup::fill(bench, db, count);
                count as f64 / setup::drain_with_workers(db, workers).as_secs_f64()
            })
            .collect();
        figures.push(Figure::new(
            format!("6. claim + complete, {workers} worker processes, {count} deliveries"),
            format!("PostgreSQL {:.0}/s", rates[1]),
            format!("SQLite {:.0}/s", rates[0]),
            rates[1] / rates[0],
            "(reported: PostgreSQL / SQLite)",
        ));
    }
    figures
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == memory::HELPER) {
        return memory::helper(&args[at + 1..]);
    }
    if args
        .iter()
        .any(|a| a == "--list" || a.starts_with("--test"))
    {
        return; // `cargo test --benches` and `--list` probe bench targets; nothing to do.
    }
    let bench = Bench::new();
    // OUTBOX_BENCH_ONLY=5,6 runs only those figures.
    let only = std::env::var("OUTBOX_BENCH_ONLY").ok();
    let wanted = |n: &str| {
        only.as_deref()
            .is_none_or(|list| list.split(',').any(|f| f.trim() == n))
    };
    let mut figures = Vec::new();
    eprintln!("figure | outbox | baseline | ratio | goal");
    let python = if wanted("3") {
        baselines::litequeue_python(&bench)
    } else {
        None
    };
    for sync in [Durability::Full, Durability::Normal] {
        if wanted("1") {
            figures.extend(one_process(&bench, sync));
        }
        if wanted("2") {
            figures.extend(batch(&bench, sync));
        }
        if wanted("3") {
            figures.push(drain(&bench, sync, python.as_deref()));
        }
        if wanted("4") {
            figures.extend(in_process(&bench, sync));
        }
    }
    if wanted("5") {
        figures.extend(scaling(&bench));
    }
    if wanted("6") {
        figures.extend(workers(&bench));
    }
    if wanted("7") {
        figures.extend(pruning::pruning(&bench));
    }
    if wanted("8") {
        figures.extend(working::working(&bench));
    }
    if wanted("9") {
        figures.extend(pgmq::beside_pgmq(&bench));
    }
    if wanted("10") {
        figures.extend(pgmq::scaling());
    }
    if wanted("11") {
        figures.extend(memory::memory(&bench));
    }
    if wanted("15") {
        figures.extend(working::mcp(&bench));
    }
    if wanted("16") {
        figures.extend(ordering::ordering(&bench));
    }
    if wanted("17") {
        figures.extend(ordering::growth(&bench));
    }
    if wanted("24") {
        figures.extend(pgboss::beside_pgboss(&bench));
    }
    if wanted("22") {
        figures.extend(brokers::brokers(&bench));
    }
    figures.extend(relaying::relaying(&bench, wanted));
    figures.extend(protecting::protecting(&bench, wanted));
    if wanted("23") {
        figures.extend(tracing::tracing(&bench));
    }
    if wanted("25") {
        figures.extend(serving::serving(&bench));
    }
    let mut table = String::from(
        "| figure | outbox | baseline | ratio | goal |\n| --- | --- | --- | --- | --- |\n",
    );
    for f in &figures {
        let _ = writeln!(
            table,
            "| {} | {} | {} | {:.2} | {} |",
            f.name, f.ours, f.baseline, f.ratio, f.goal
        );
    }
    let out = bench.dir.join("results.md");
    std::fs::write(&out, format!("{}\n\n{table}", setup::machine())).unwrap();
    println!("{table}");
    eprintln!("written to {}", out.display());
}
