//! Figure 7: pruning a million finished deliveries while a worker claims
//! and completes, on SQLite and (when a server is at hand) PostgreSQL. Pruning deletes in short transactions so the
//! worker waits a moment at most; the figures are the worker's claim
//! latency beside the same worker's without a prune, the prune's rate, and
//! `stats` after the prune beside before it.

use crate::Figure;
use crate::setup::{
    Backend, Bench, Durability, execute_sql, median, open, outbox, record, subscribe, time,
};
use outbox::core::ledger::leases::{Claim, Complete};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Ten days, in seconds: how far the finished history is moved back.
const AGE: i64 = 10 * 86_400;

/// `finished` delivered deliveries (two per event) recorded ten days ago,
/// and `queued` deliveries of today for a worker to take.
fn prunable_db(bench: &Bench, backend: &Backend, finished: usize, queued: usize) -> PathBuf {
    let db = backend.fresh(bench, &format!("prune-{finished}"));
    let mut outbox = open(&db, Durability::Normal);
    subscribe(&mut outbox, "billing", "order.created");
    subscribe(&mut outbox, "audit", "order.created");
    let events = finished / 2;
    for from in (0..events).step_by(50_000) {
        record(
            &mut outbox,
            "order.created",
            from,
            50_000.min(events - from),
        );
    }
    drop(outbox);
    // History set by plain SQL (quick), counts then brought in step.
    execute_sql(
        &db,
        &format!(
            "UPDATE deliveries SET status = 'delivered', delivered_at = updated_at - {AGE}, updated_at = updated_at - {AGE};
             UPDATE events SET created_at = created_at - {AGE}, updated_at = updated_at - {AGE};"
        ),
    );
    outbox_cmd(&db, &["stats", "--recount"]);
    let mut outbox = open(&db, Durability::Normal);
    subscribe(&mut outbox, "worker", "job");
    for from in (0..queued).step_by(50_000) {
        record(&mut outbox, "job", from, 50_000.min(queued - from));
    }
    db
}

fn outbox_cmd(db: &Path, args: &[&str]) -> std::process::Output {
    outbox(db, Durability::Full, args)
}

/// Claim latencies of a worker that claims, works 1 ms, and completes,
/// until `stop` is set or `cycles` are done.
fn work(db: &Path, cycles: usize, stop: &AtomicBool) -> Vec<Duration> {
    let mut outbox = open(db, Durability::Full);
    let claim = Claim {
        worker: Some("w".into()),
        ..Claim::default()
    };
    let complete = Complete {
        worker: Some("w".into()),
        ..Complete::default()
    };
    let mut latencies = Vec::new();
    while latencies.len() < cycles && !stop.load(Ordering::Relaxed) {
        let mut id = String::new();
        latencies.push(time(|| {
            id = outbox.claim_next(&claim).unwrap().delivery.delivery_id;
        }));
        std::thread::sleep(Duration::from_millis(1));
        outbox.complete_delivery(&id, &complete).unwrap();
    }
    latencies
}

fn percentile(mut samples: Vec<Duration>, pct: usize) -> Duration {
    samples.sort();
    samples[(samples.len() - 1) * pct / 100]
}

fn stats_latency(db: &Path) -> Duration {
    median(
        (0..15)
            .map(|_| time(|| drop(outbox_cmd(db, &["stats"]))))
            .collect(),
    )
}

pub fn pruning(bench: &Bench) -> Vec<Figure> {
    Backend::all("7")
        .iter()
        .flat_map(|backend| prune_on(bench, backend))
        .collect()
}

fn prune_on(bench: &Bench, backend: &Backend) -> Vec<Figure> {
    let finished = crate::setup::env_size("OUTBOX_BENCH_PRUNE", 1_000_000);
    let db = prunable_db(bench, backend, finished, 100_000);
    let on = backend.prefix();
    let stats_before = stats_latency(&db);
    let never = AtomicBool::new(false);
    let alone = work(&db, 2_000, &never);

    let stop = Arc::new(AtomicBool::new(false));
    let worker = {
        let (db, stop) = (db.clone(), stop.clone());
        std::thread::spawn(move || work(&db, usize::MAX, &stop))
    };
    let mut answer = None;
    let mut prune = vec!["prune", "--older-than", "7d", "--json"];
    // OUTBOX_BENCH_PRUNE_BATCH tries another batch size than the default.
    let batch = std::env::var("OUTBOX_BENCH_PRUNE_BATCH").ok();
    if let Some(batch) = &batch {
        prune.extend(["--batch-size", batch]);
    }
    let took = time(|| answer = Some(outbox_cmd(&db, &prune)));
    stop.store(true, Ordering::Relaxed);
    let during = worker.join().unwrap();
    let answer = crate::setup::json(&answer.unwrap());
    let deleted = &answer["deleted"];
    let deliveries = deleted["deliveries"].as_u64().unwrap();
    let rows = deliveries + deleted["events"].as_u64().unwrap();
    assert_eq!(
        deliveries as usize, finished,
        "the prune deleted all history: {answer}"
    );
    let stats_after = stats_latency(&db);

    let ms = crate::ms;
    let worst = |d: &[Duration]| d.iter().max().copied().unwrap_or_default();
    let (worst_during, worst_alone) = (worst(&during), worst(&alone));
    let (p99_during, p99_alone) = (percentile(during.clone(), 99), percentile(alone, 99));
    vec![
        Figure::new(
            format!(
                "7. {on}worst claim latency while pruning {finished} deliveries ({} claims)",
                during.len()
            ),
            ms(worst_during),
            format!("the same worker without a prune: {}", ms(worst_alone)),
            worst_during.as_secs_f64() / worst_alone.as_secs_f64(),
            "(reported)",
        ),
        Figure::new(
            format!("7. {on}p99 claim latency while pruning"),
            ms(p99_during),
            format!("without a prune: {}", ms(p99_alone)),
            p99_during.as_secs_f64() / p99_alone.as_secs_f64(),
            "(reported)",
        ),
        Figure::new(
            format!("7. {on}prune rate, {finished} deliveries and their events, worker running"),
            format!(
                "{:.0} rows/s ({:.1} s)",
                rows as f64 / took.as_secs_f64(),
                took.as_secs_f64()
            ),
            "-".to_owned(),
            1.0,
            "(reported)",
        ),
        Figure::new(
            format!("7. {on}`stats` after the prune"),
            ms(stats_after),
            format!("before it: {}", ms(stats_before)),
            stats_after.as_secs_f64() / stats_before.as_secs_f64(),
            "≤ 1.2 (O(1))",
        ),
    ]
}
