//! Counters and histograms that `rate()` can read, through the binary on
//! both backends: kept in the outbox, they grow with every process that
//! records or delivers, and neither a prune nor a restart takes them back.

mod common;

use common::db::{Db, NOW, ids};

/// The value of the one sample `series` (name and labels as printed).
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

fn metrics(db: &Db, now: i64) -> String {
    db.text(now, &["stats", "--format", "prometheus"])
}

test_on_both!(counters_outlive_prunes_and_processes, "tallies");
fn counters_outlive_prunes_and_processes(db: Db) {
    db.sub(&["--types", "t"]);
    for n in 0..4 {
        db.record(NOW, "t", &format!("s{n}"));
    }
    // One delivered 30 s after its event was recorded, one dead at once.
    let delivered = db.claim(NOW + 30);
    db.json(
        NOW + 30,
        &["delivery", "complete", &delivered, "--worker", "w"],
    );
    let dead = db.claim(NOW + 30);
    db.json(
        NOW + 30,
        &["delivery", "fail", &dead, "--worker", "w", "--no-retry"],
    );
    // Failing it again answers as before and counts nothing.
    db.json(
        NOW + 30,
        &["delivery", "fail", &dead, "--worker", "w", "--no-retry"],
    );
    let before = metrics(&db, NOW + 30);
    let attempts = |outcome: &str| {
        format!(
            "outbox_delivery_attempts_total{{client=\"billing\",outcome=\"{outcome}\",transport=\"poll\"}}"
        )
    };
    assert_eq!(
        sample(&before, "outbox_events_recorded_total"),
        Some(4.0),
        "{before}"
    );
    assert_eq!(
        sample(&before, &attempts("delivered")),
        Some(1.0),
        "{before}"
    );
    assert_eq!(sample(&before, &attempts("failed")), Some(1.0), "{before}");
    let dead_total = "outbox_deliveries_dead_total{client=\"billing\",transport=\"poll\"}";
    assert_eq!(sample(&before, dead_total), Some(1.0), "{before}");
    // The latency histogram: 30 s from recording, in the bucket up to 30.
    let latency = |le: &str| {
        format!("outbox_delivery_latency_seconds_bucket{{transport=\"poll\",le=\"{le}\"}}")
    };
    assert_eq!(sample(&before, &latency("10")), Some(0.0), "{before}");
    assert_eq!(sample(&before, &latency("30")), Some(1.0), "{before}");
    assert_eq!(sample(&before, &latency("+Inf")), Some(1.0));
    assert_eq!(
        sample(
            &before,
            "outbox_delivery_latency_seconds_sum{transport=\"poll\"}"
        ),
        Some(30.0)
    );
    assert_eq!(
        sample(
            &before,
            "outbox_attempt_duration_seconds_count{transport=\"poll\"}"
        ),
        Some(2.0),
        "{before}"
    );
    // Everything finished is pruned: the gauges fall, the counters stay.
    db.json(NOW + 90 * 86400, &["prune", "--older-than", "1d"]);
    let after = metrics(&db, NOW + 90 * 86400);
    assert_eq!(
        sample(&after, "outbox_deliveries{status=\"delivered\"}"),
        None,
        "{after}"
    );
    for series in [
        "outbox_events_recorded_total".to_owned(),
        attempts("delivered"),
        attempts("failed"),
        dead_total.to_owned(),
        latency("30"),
    ] {
        assert_eq!(
            sample(&after, &series),
            sample(&before, &series),
            "{series}: {after}"
        );
    }
    // Another process adds to them.
    db.record(NOW + 90 * 86400, "t", "later");
    let later = metrics(&db, NOW + 90 * 86400);
    assert_eq!(sample(&later, "outbox_events_recorded_total"), Some(5.0));
}

test_on_both!(each_subscription_has_its_own_series, "tallies_subs");
fn each_subscription_has_its_own_series(db: Db) {
    // A webhook to a port where nothing listens: every attempt refused.
    let sub = db.sub(&[
        "--types",
        "t",
        "--transport",
        "webhook",
        "--endpoint",
        "http://127.0.0.1:9/hook",
        "--breaker",
        "2",
    ]);
    for n in 0..5 {
        db.record(NOW, "t", &format!("s{n}"));
    }
    let out = db
        .cmd(NOW, &["work", "--drain", "--timeout", "1s"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = metrics(&db, NOW);
    let labels = format!("{{subscription=\"{sub}\",client=\"billing\"}}");
    assert_eq!(
        sample(&text, &format!("outbox_subscription_breaker_state{labels}")),
        Some(1.0),
        "open: {text}"
    );
    assert_eq!(
        sample(
            &text,
            &format!("outbox_subscription_consecutive_failures{labels}")
        ),
        Some(2.0),
        "{text}"
    );
    // The three never tried and the two failed ones' retries.
    assert_eq!(
        sample(&text, &format!("outbox_subscription_set_aside{labels}")),
        Some(5.0),
        "{text}"
    );
    let failed = "outbox_delivery_attempts_total{client=\"billing\",outcome=\"failed\",transport=\"webhook\"}";
    assert_eq!(sample(&text, failed), Some(2.0), "{text}");
}

test_on_both!(
    a_batch_completed_at_once_times_each_from_its_event,
    "tallies_batch"
);
fn a_batch_completed_at_once_times_each_from_its_event(db: Db) {
    db.sub(&["--types", "t"]);
    // Recorded 40, 30 and 20 seconds before one command completes them.
    for (n, at) in [0, 10, 20].into_iter().enumerate() {
        db.record(NOW + at, "t", &format!("s{n}"));
    }
    let claimed = db.json(
        NOW + 40,
        &["delivery", "claim", "--batch", "3", "--worker", "w"],
    );
    let ids = ids(&claimed);
    assert_eq!(ids.len(), 3, "{claimed}");
    let mut complete = vec!["delivery", "complete", "--worker", "w"];
    complete.extend(ids.iter().map(String::as_str));
    let out = db.output(NOW + 40, &complete);
    assert!(out.status.success(), "{out:?}");
    let text = metrics(&db, NOW + 40);
    let latency = |le: &str| {
        format!("outbox_delivery_latency_seconds_bucket{{transport=\"poll\",le=\"{le}\"}}")
    };
    assert_eq!(sample(&text, &latency("10")), Some(0.0), "{text}");
    assert_eq!(sample(&text, &latency("30")), Some(2.0), "{text}");
    assert_eq!(sample(&text, &latency("+Inf")), Some(3.0), "{text}");
    let sum = "outbox_delivery_latency_seconds_sum{transport=\"poll\"}";
    assert_eq!(sample(&text, sum), Some(90.0), "{text}");
}
