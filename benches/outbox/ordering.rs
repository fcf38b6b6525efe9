//! Figure 16: draining an ordered subscription (one delivery of a subject
//! at a time) with `outbox work --concurrency 8 -- true`, beside the same
//! deliveries of an unordered one; on PostgreSQL also with 4 worker
//! processes at once.

use crate::Figure;
use crate::setup::{Backend, Bench, Durability, env_size, outbox, time};
use std::path::{Path, PathBuf};
use std::process::Command;

const SUBJECTS: usize = 1_000;

/// `count` events of type `o` over SUBJECTS subjects, interleaved.
fn events(bench: &Bench, count: usize) -> PathBuf {
    let path = bench.dir.join(format!("ordered-{count}.ndjson"));
    if !path.exists() {
        let lines: String = (0..count)
            .map(|i| {
                format!(
                    "{{\"type\": \"o\", \"subject\": \"s{}\", \"payload\": {{\"n\": {i}}}}}\n",
                    i % SUBJECTS
                )
            })
            .collect();
        std::fs::write(&path, lines).unwrap();
    }
    path
}

/// A database holding `count` deliveries to one subscription with `flags`.
fn filled(bench: &Bench, backend: &Backend, name: &str, count: usize, flags: &[&str]) -> PathBuf {
    let db = backend.fresh(bench, name);
    let mut create = vec![
        "sub",
        "create",
        "--client",
        "c",
        "--types",
        "o",
        "--any-target",
    ];
    create.extend_from_slice(flags);
    outbox(&db, Durability::Full, &create);
    let events = events(bench, count);
    outbox(
        &db,
        Durability::Full,
        &["event", "record", "--batch", events.to_str().unwrap()],
    );
    db
}

/// Deliveries per second for `processes` concurrent `outbox work --drain
/// --concurrency 8 -- true`.
fn drain(db: &Path, count: usize, processes: usize) -> f64 {
    let took = time(|| {
        let mut running: Vec<_> = (0..processes)
            .map(|_| {
                Command::new(env!("CARGO_BIN_EXE_outbox"))
                    .args(["work", "--drain", "--concurrency", "8", "--", "true"])
                    .env("OUTBOX_DB", db)
                    .env_remove("OUTBOX_NOW")
                    .spawn()
                    .unwrap()
            })
            .collect();
        for p in &mut running {
            assert!(p.wait().unwrap().success());
        }
    });
    let stats = crate::setup::json(&outbox(db, Durability::Full, &["stats", "--json"]));
    assert_eq!(
        stats["stats"]["byStatus"]["delivered"].as_u64(),
        Some(count as u64),
        "{stats}"
    );
    count as f64 / took.as_secs_f64()
}

pub fn ordering(bench: &Bench) -> Vec<Figure> {
    let count = env_size("OUTBOX_BENCH_ORDERED", 20_000);
    let mut figures = Vec::new();
    for backend in Backend::all("16") {
        let on = backend.prefix();
        let processes: &[usize] = match backend {
            Backend::Sqlite => &[1],
            Backend::Postgres(_) => &[1, 4],
        };
        for &n in processes {
            let plain = filled(bench, &backend, &format!("unordered-{n}"), count, &[]);
            let unordered = drain(&plain, count, n);
            let lanes = filled(
                bench,
                &backend,
                &format!("ordered-{n}"),
                count,
                &["--ordered-by", "subject"],
            );
            let ordered = drain(&lanes, count, n);
            let workers = if n == 1 {
                "one `outbox work`".to_owned()
            } else {
                format!("{n} `outbox work` processes")
            };
            figures.push(Figure::new(
                format!(
                    "16. {on}draining {count} deliveries of an ordered subscription over {SUBJECTS} subjects, {workers} at --concurrency 8 -- true"
                ),
                format!("{ordered:.0}/s"),
                format!("the same deliveries unordered: {unordered:.0}/s"),
                ordered / unordered,
                "≥ 0.8 (rate ratio)",
            ));
        }
    }
    figures
}

/// Figure 17: figure 5's commands on outboxes of 1,000 and of
/// OUTBOX_BENCH_LARGE deliveries of an ordered subscription (beside 10,000
/// subscriptions of other types), ten events per subject, a tenth of whose
/// subjects wait behind a head that failed (its retry due in a day).
pub fn growth(bench: &Bench) -> Vec<Figure> {
    let large = env_size("OUTBOX_BENCH_LARGE", 1_000_000);
    let sizes = [1_000, large];
    let dbs: Vec<_> = sizes.iter().map(|&n| ordered_scaled(bench, n)).collect();
    crate::growth("17. ordered, 10% of subjects waiting: ", sizes, &dbs)
}

fn ordered_scaled(bench: &Bench, deliveries: usize) -> PathBuf {
    use outbox::core::ledger::deliveries::Schedule;
    use outbox::core::ledger::events::RecordEvent;
    use outbox::core::ledger::leases::Claim;
    use outbox::core::ledger::retries::Fail;
    use outbox::core::ledger::subscriptions::SubscriptionFields;
    use outbox::core::ordering::OrderingChange;

    let db = bench.fresh_db(&format!("ordered-scale-{deliveries}"));
    let mut outbox = crate::setup::open(&db, Durability::Normal);
    let fields = SubscriptionFields {
        client_id: Some("billing".into()),
        event_types: Some(vec!["order.created".into()]),
        target: Some(String::new()),
        ordering: OrderingChange {
            ordered: Some(true),
            on_dead: None,
        },
        ..SubscriptionFields::default()
    };
    outbox.create_subscription(&fields, None).unwrap();
    // As figure 5's outbox: 10,000 subscriptions of other types beside.
    for i in 0..10_000 {
        crate::setup::subscribe(&mut outbox, &format!("client-{i}"), &format!("other.{i}"));
    }
    let subjects = (deliveries / 10).max(1);
    let chunk = 50_000;
    for from in (0..deliveries).step_by(chunk) {
        let requests = (from..deliveries.min(from + chunk)).map(|i| {
            let req = RecordEvent {
                event_type: "order.created".into(),
                subject: Some(format!("s-{}", i % subjects)),
                payload: Some(serde_json::json!({"n": i}).as_object().unwrap().clone()),
                ..RecordEvent::default()
            };
            (i, Ok(req))
        });
        outbox.record_events(requests).unwrap();
    }
    let claim = Claim {
        worker: Some("w".into()),
        ..Claim::default()
    };
    let fail = Fail {
        schedule: Schedule {
            next_attempt_at: None,
            delay_seconds: Some(86_400),
        },
        max_attempts: Some(10),
        ..Fail::default()
    };
    let mut failing = subjects / 10;
    while failing > 0 {
        let heads = outbox
            .claim_batch(&claim, Some(failing.min(500) as i64))
            .unwrap();
        for head in &heads.deliveries {
            outbox.fail_delivery(&head.delivery_id, &fail).unwrap();
        }
        failing -= heads.count;
    }
    db
}
