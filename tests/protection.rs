//! Endpoint protection through the binary on both backends, with local
//! receivers: a rate limit and an in-flight cap that hold across several
//! worker processes (seen from the receiver's own clock and load), a
//! circuit breaker that opens, probes and closes without spending the
//! attempts of what waits, a `Retry-After` that holds the whole
//! subscription, and the rule that disables what keeps failing (on a clock
//! moved by `OUTBOX_NOW`), which `sub resume` resets.

mod common;

use common::db::{Db, NOW};
use common::receiver::{Answer, Receiver, Request};
use serde_json::Value;
use std::process::{Child, Command, Output, Stdio};
use std::sync::Mutex;
use std::time::Duration;

/// The paths whose receiver is up; any other path answers 500.
static UP: Mutex<Vec<String>> = Mutex::new(Vec::new());
/// The `/once429` and `/after3` paths that have had their first request.
static FIRST_SEEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn answer(request: &Request) -> Answer {
    let path = request.path.as_str();
    if path.starts_with("/busy") && !UP.lock().unwrap().iter().any(|p| p == path) {
        let mut busy = Answer::status(429, "slow down");
        busy.headers.push(("retry-after", "120".to_owned()));
        return busy;
    }
    if path.starts_with("/once429") || path.starts_with("/after3") {
        // The first request of each such path is refused with a pause.
        let mut seen = FIRST_SEEN.lock().unwrap();
        if !seen.iter().any(|p| p == path) {
            seen.push(path.to_owned());
            let wait = if path.starts_with("/after3") {
                "3"
            } else {
                "120"
            };
            let mut busy = Answer::status(429, "slow down");
            busy.headers.push(("retry-after", wait.to_owned()));
            return busy;
        }
        let mut fine = Answer::status(200, "ok");
        fine.delay = Duration::from_millis(300);
        return fine;
    }
    if path.starts_with("/slow") {
        let mut slow = Answer::status(200, "ok");
        slow.delay = Duration::from_millis(150);
        return slow;
    }
    if path.starts_with("/ok") || UP.lock().unwrap().iter().any(|p| p == path) {
        return Answer::status(200, "ok");
    }
    Answer::status(500, "down")
}

fn up(path: &str) {
    UP.lock().unwrap().push(path.to_owned());
}

/// A path of its own for each test and backend.
fn path(db: &Db, name: &str) -> String {
    let backend = if db.is_sqlite() { "sqlite" } else { "postgres" };
    format!("/{name}-{backend}")
}

fn webhook(db: &Db, endpoint: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "--types",
        "order.*",
        "--transport",
        "webhook",
        "--endpoint",
        endpoint,
    ];
    args.extend_from_slice(extra);
    db.sub(&args)
}

fn record_many(db: &Db, now: i64, n: usize) {
    let lines: String = (0..n)
        .map(|i| format!("{{\"type\": \"order.created\", \"subject\": \"o-{i}\"}}\n"))
        .collect();
    db.json_with_stdin(now, &["event", "record", "--batch", "-"], &lines);
}

/// `outbox work --drain` on the fixed clock `now`.
fn drain(db: &Db, now: i64, extra: &[&str]) -> Output {
    let mut args = vec!["work", "--drain", "--poll-max", "1s"];
    args.extend_from_slice(extra);
    let out = db.cmd(now, &args).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    out
}

/// A worker process on the system clock.
fn spawn_worker(db: &Db, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .env_remove("OUTBOX_NOW")
        .args(["work", "--drain", "--poll-max", "1s"])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn wait_all(workers: Vec<Child>) {
    for worker in workers {
        let out = worker.wait_with_output().unwrap();
        assert!(out.status.success(), "{out:?}");
    }
}

fn hits(receiver: &Receiver, path: &str) -> Vec<Request> {
    receiver
        .requests()
        .into_iter()
        .filter(|r| r.path == path)
        .collect()
}

fn health(db: &Db, now: i64, sub: &str) -> Value {
    let answer = db.json(now, &["sub", "health", sub]);
    assert_eq!(answer["count"], 1, "{answer}");
    answer["subscriptions"][0].clone()
}

fn count(found: &[(String, i64)], status: &str, attempt: i64) -> usize {
    found
        .iter()
        .filter(|(s, a)| s == status && *a == attempt)
        .count()
}

test_on_both!(the_rate_holds_across_worker_processes, "protection_rate");
fn the_rate_holds_across_worker_processes(db: Db) {
    let receiver = Receiver::start(answer);
    let endpoint = format!("{}/ok-rate", receiver.url);
    webhook(&db, &endpoint, &["--rate", "5/s"]);
    record_many(&db, NOW, 16);
    let workers = (0..3)
        .map(|_| spawn_worker(&db, &["--concurrency", "4"]))
        .collect();
    wait_all(workers);
    let mut at: Vec<_> = hits(&receiver, "/ok-rate").iter().map(|r| r.at).collect();
    assert_eq!(at.len(), 16, "every delivery sent once");
    at.sort();
    // Each send has a slot of its own, one every 204 ms (a second and a
    // fiftieth shared among 5), and waits for it: within any second the
    // receiver saw at most 5 (+1, as figure 18 allows), and 16 took at
    // least the 15 spacings between them, less the few milliseconds one
    // request may take longer than another to arrive. A limiter letting
    // through twice the rate, or none, fails both.
    for (i, start) in at.iter().enumerate() {
        let within = at[i..]
            .iter()
            .take_while(|t| t.duration_since(*start) < Duration::from_secs(1))
            .count();
        assert!(
            within <= 6,
            "{within} requests within a second: {:?}",
            at.iter()
                .map(|t| t.duration_since(at[0]).as_millis())
                .collect::<Vec<_>>()
        );
    }
    let took = at[15].duration_since(at[0]);
    assert!(took >= Duration::from_millis(2950), "took {took:?}");
    let found = db.statuses();
    assert_eq!(count(&found, "delivered", 1), 16, "{found:?}");
}

test_on_both!(
    the_in_flight_cap_holds_across_worker_processes,
    "protection_in_flight"
);
fn the_in_flight_cap_holds_across_worker_processes(db: Db) {
    let receiver = Receiver::start(answer);
    let endpoint = format!("{}/slow-cap", receiver.url);
    let sub = webhook(&db, &endpoint, &["--max-in-flight", "3"]);
    record_many(&db, NOW, 18);
    let workers = (0..3)
        .map(|_| spawn_worker(&db, &["--concurrency", "4"]))
        .collect();
    wait_all(workers);
    assert_eq!(hits(&receiver, "/slow-cap").len(), 18);
    let peak = receiver.peak.load(std::sync::atomic::Ordering::SeqCst);
    // Twelve handlers could have run; the cap let three.
    assert_eq!(peak, 3, "the receiver saw {peak} at once");
    let h = health(&db, NOW, &sub);
    assert_eq!(
        (h["maxInFlight"].as_i64(), h["inFlight"].as_i64()),
        (Some(3), Some(0))
    );
    assert_eq!(count(&db.statuses(), "delivered", 1), 18);
}

test_on_both!(
    the_breaker_opens_probes_and_closes_without_spending_attempts,
    "protection_breaker"
);
fn the_breaker_opens_probes_and_closes_without_spending_attempts(db: Db) {
    let receiver = Receiver::start(answer);
    let path = path(&db, "breaker");
    let endpoint = format!("{}{path}", receiver.url);
    let sub = webhook(
        &db,
        &endpoint,
        &[
            "--breaker",
            "3",
            "--retry-schedule",
            "1s",
            "--max-attempts",
            "20",
        ],
    );
    assert_eq!(health(&db, NOW, &sub)["breaker"]["state"], "closed");
    record_many(&db, NOW, 6);
    drain(&db, NOW, &[]);
    assert_eq!(hits(&receiver, &path).len(), 3, "three failures open it");
    let h = health(&db, NOW, &sub);
    assert_eq!(h["breaker"]["state"], "open", "{h}");
    assert_eq!(h["breaker"]["openUntil"], NOW + 60);
    assert_eq!(h["consecutiveFailures"], 3);
    assert_eq!(h["failingSince"], NOW);
    let metrics = db.text(NOW, &["stats", "--format", "prometheus"]);
    assert!(metrics.contains("\noutbox_breakers_open 1\n"), "{metrics}");
    let found = db.statuses();
    assert_eq!(count(&found, "queued", 1), 3, "untouched: {found:?}");
    assert_eq!(count(&found, "queued", 2), 3, "retries: {found:?}");

    // Set aside while open: still queued, in no claim's range (so claims
    // of other subscriptions never step over them).
    let ready = db.json(NOW + 30, &["delivery", "ready", "--limit", "500"]);
    assert_eq!(ready["count"], 0, "{ready}");
    let queued = db.json(NOW, &["delivery", "list", "--status", "queued"]);
    assert_eq!(queued["count"], 6, "{queued}");
    // Open: the retries are due, yet nothing is sent.
    drain(&db, NOW + 30, &["--concurrency", "4"]);
    assert_eq!(hits(&receiver, &path).len(), 3);
    assert_eq!(db.statuses(), found, "no attempt spent while open");
    // Set aside, not waiting behind a subject: counted apart.
    let waiting = db.json(NOW + 30, &["delivery", "list", "--waiting"]);
    assert_eq!(waiting["count"], 0, "{waiting}");
    let metrics = db.text(NOW + 30, &["stats", "--format", "prometheus"]);
    for gauge in [
        "outbox_set_aside 6",
        "outbox_waiting 0",
        "outbox_subjects_waiting 0",
    ] {
        assert!(metrics.lines().any(|l| l == gauge), "{gauge}:\n{metrics}");
    }
    let table = db.text(NOW + 30, &["stats"]);
    assert!(
        table.contains("set aside by their endpoint's protection")
            && !table.contains("waiting behind"),
        "{table}"
    );

    // The cool-down over, one probe; it fails, and the breaker opens for twice as long.
    drain(&db, NOW + 61, &["--concurrency", "4"]);
    assert_eq!(hits(&receiver, &path).len(), 4, "one probe");
    let h = health(&db, NOW + 61, &sub);
    assert_eq!(h["breaker"]["state"], "open");
    assert_eq!(h["breaker"]["openUntil"], NOW + 61 + 120);
    assert_eq!(h["breaker"]["trips"], 2);

    // Up again: the probe succeeds, the breaker closes, the rest go.
    up(&path);
    let probing = health(&db, NOW + 182, &sub);
    assert_eq!(probing["breaker"]["state"], "probing");
    drain(&db, NOW + 182, &["--concurrency", "4"]);
    let h = health(&db, NOW + 182, &sub);
    assert_eq!(h["breaker"]["state"], "closed", "{h}");
    assert_eq!(
        (
            h["consecutiveFailures"].as_i64(),
            h["lastSuccessAt"].as_i64()
        ),
        (Some(0), Some(NOW + 182))
    );
    let found = db.statuses();
    let delivered = found.iter().filter(|(s, _)| s == "delivered").count();
    assert_eq!(delivered, 6, "{found:?}");
    assert_eq!(hits(&receiver, &path).len(), 4 + 6);
    let metrics = db.text(NOW + 182, &["stats", "--format", "prometheus"]);
    assert!(metrics.contains("\noutbox_breakers_open 0\n"), "{metrics}");
}

test_on_both!(
    retry_after_holds_the_whole_subscription,
    "protection_retry_after"
);
fn retry_after_holds_the_whole_subscription(db: Db) {
    let receiver = Receiver::start(answer);
    let path = path(&db, "busy");
    let sub = webhook(
        &db,
        &format!("{}{path}", receiver.url),
        &["--retry-schedule", "1s"],
    );
    record_many(&db, NOW, 4);
    drain(&db, NOW, &[]);
    assert_eq!(hits(&receiver, &path).len(), 1, "one 429 holds the rest");
    let h = health(&db, NOW, &sub);
    assert_eq!(h["pausedUntil"], NOW + 120, "{h}");
    assert_eq!(h["breaker"]["state"], "closed");
    let metrics = db.text(NOW, &["stats", "--format", "prometheus"]);
    assert!(
        metrics.contains("\noutbox_subscriptions_paused 1\n"),
        "{metrics}"
    );
    drain(&db, NOW + 119, &["--concurrency", "4"]);
    assert_eq!(
        hits(&receiver, &path).len(),
        1,
        "nothing before Retry-After"
    );
    up(&path);
    drain(&db, NOW + 120, &["--concurrency", "4"]);
    assert_eq!(hits(&receiver, &path).len(), 5);
    let delivered = db
        .statuses()
        .iter()
        .filter(|(s, _)| s == "delivered")
        .count();
    assert_eq!(delivered, 4);
}

test_on_both!(
    a_pause_holds_whatever_succeeds_in_flight_beside_it,
    "protection_pause_in_flight"
);
/// Two requests in flight: the first is answered 429 with Retry-After
/// 120, the other succeeds after it. The pause stands, and nothing else
/// of the subscription is sent (real clock, concurrency 2).
fn a_pause_holds_whatever_succeeds_in_flight_beside_it(db: Db) {
    let receiver = Receiver::start(answer);
    let path = path(&db, "once429");
    let sub = webhook(&db, &format!("{}{path}", receiver.url), &[]);
    record_many(&db, NOW, 30);
    let started = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    wait_all(vec![spawn_worker(&db, &["--concurrency", "2"])]);
    let sent = hits(&receiver, &path).len();
    assert!(sent <= 3, "{sent} requests went out during the pause");
    let h = db.json(started, &["sub", "health", &sub])["subscriptions"][0].clone();
    let paused_until = h["pausedUntil"].as_i64().unwrap();
    assert!(paused_until >= started + 120, "{h}");
}

test_on_both!(
    a_retry_after_is_never_honoured_early,
    "protection_retry_after_early"
);
/// `Retry-After: 3` on the real clock: the next request comes 3 s or more
/// after the 429, not up to a second early.
fn a_retry_after_is_never_honoured_early(db: Db) {
    let receiver = Receiver::start(answer);
    let path = path(&db, "after3");
    webhook(&db, &format!("{}{path}", receiver.url), &[]);
    record_many(&db, NOW, 2);
    let mut worker = Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .env_remove("OUTBOX_NOW")
        .args(["work", "--poll-max", "1s", "--concurrency", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while hits(&receiver, &path).len() < 2 && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = worker.kill();
    let _ = worker.wait();
    let seen = hits(&receiver, &path);
    assert!(seen.len() >= 2, "only {} requests", seen.len());
    let gap = seen[1].at.duration_since(seen[0].at);
    assert!(
        gap >= Duration::from_secs(3),
        "the second request came {gap:?} after the 429"
    );
}

test_on_both!(
    failing_for_the_whole_span_disables_and_resume_resets,
    "protection_disable"
);
fn failing_for_the_whole_span_disables_and_resume_resets(db: Db) {
    let receiver = Receiver::start(answer);
    let path = path(&db, "disable");
    let sub = webhook(
        &db,
        &format!("{}{path}", receiver.url),
        &[
            "--disable-after",
            "1h",
            "--breaker",
            "off",
            "--retry-schedule",
            "1s",
            "--max-attempts",
            "100",
        ],
    );
    let updated_at = db.json(NOW, &["sub", "get", &sub])["subscription"]["updatedAt"].clone();
    record_many(&db, NOW, 1);
    drain(&db, NOW, &[]);
    drain(&db, NOW + 1800, &[]);
    let out = drain(&db, NOW + 3599, &[]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("disabled"));
    assert_eq!(
        db.json(NOW, &["sub", "get", &sub])["subscription"]["status"],
        "active"
    );
    let out = drain(&db, NOW + 3600, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("disabled subscription {sub}")),
        "{stderr}"
    );
    let got = db.json(NOW, &["sub", "get", &sub])["subscription"].clone();
    assert_eq!(got["status"], "disabled");
    assert_eq!(
        got["updatedAt"], updated_at,
        "attempts never rewrite the subscription"
    );
    let h = health(&db, NOW + 3600, &sub);
    assert_eq!(h["disabledAt"], NOW + 3600);
    assert!(
        h["disabledReason"]
            .as_str()
            .unwrap()
            .contains("every attempt failed for 1h"),
        "{h}"
    );
    assert_eq!(hits(&receiver, &path).len(), 4);
    // Disabled: nothing more is sent.
    drain(&db, NOW + 3700, &[]);
    assert_eq!(hits(&receiver, &path).len(), 4);

    let resumed = db.json(NOW + 3800, &["sub", "resume", &sub]);
    assert_eq!(resumed["subscription"]["status"], "active");
    let h = health(&db, NOW + 3800, &sub);
    assert_eq!(
        (
            h["disabledAt"].as_i64(),
            h["consecutiveFailures"].as_i64(),
            h["failingSince"].as_i64()
        ),
        (Some(0), Some(0), Some(0))
    );
    up(&path);
    drain(&db, NOW + 3800, &[]);
    assert_eq!(hits(&receiver, &path).len(), 5);
    assert_eq!(health(&db, NOW + 3800, &sub)["lastSuccessAt"], NOW + 3800);
}

test_on_both!(
    an_unconfigured_poll_subscription_is_held_back_by_nothing,
    "protection_poll"
);
fn an_unconfigured_poll_subscription_is_held_back_by_nothing(db: Db) {
    let sub = db.sub(&["--types", "order.*", "--retry-schedule", "1s"]);
    record_many(&db, NOW, 8);
    let out = drain(&db, NOW, &["--", "false"]);
    assert!(out.status.success());
    let found = db.statuses();
    assert_eq!(count(&found, "failed", 1), 8, "all eight tried: {found:?}");
    let h = health(&db, NOW, &sub);
    assert_eq!(h["breaker"]["state"], "off");
    assert_eq!(h["consecutiveFailures"], 8);
    assert_eq!(h["disableAfter"], Value::Null);
    // Many days of failing later, it is still active and still tried.
    drain(&db, NOW + 30 * 86_400, &["--", "false"]);
    assert_eq!(count(&db.statuses(), "failed", 2), 8);
    assert_eq!(
        db.json(NOW, &["sub", "get", &sub])["subscription"]["status"],
        "active"
    );
}

#[test]
fn protection_flags_are_checked_and_kept_in_meta() {
    let db = Db::sqlite();
    let sub = db.sub(&[
        "--types",
        "a",
        "--transport",
        "webhook",
        "--endpoint",
        "http://127.0.0.1:9/x",
        "--rate",
        "20/m",
        "--max-in-flight",
        "2",
        "--breaker",
        "off",
        "--disable-after",
        "2d",
    ]);
    let meta = db.json(NOW, &["sub", "get", &sub])["subscription"]["meta"].clone();
    assert_eq!(
        meta["protection"],
        serde_json::json!({"rate": "20/m", "maxInFlight": 2, "breaker": "off", "disableAfter": 172800})
    );
    let card = db.text(NOW, &["sub", "get", &sub]);
    assert!(
        card.contains("at most 20/m; at most 2 in flight; no breaker; disabled after 2d failing"),
        "{card}"
    );
    db.json(
        NOW,
        &[
            "sub",
            "update",
            &sub,
            "--rate",
            "none",
            "--max-in-flight",
            "none",
            "--breaker",
            "4",
        ],
    );
    let meta = db.json(NOW, &["sub", "get", &sub])["subscription"]["meta"].clone();
    assert_eq!(
        meta["protection"],
        serde_json::json!({"breaker": 4, "disableAfter": 172800})
    );
    for (flag, value, code) in [
        ("--rate", "5/d", "invalid:rate"),
        ("--max-in-flight", "0", "invalid:maxInFlight"),
        ("--breaker", "on", "invalid:breaker"),
        ("--disable-after", "soon", "invalid:disableAfter"),
    ] {
        let out = db.output(NOW, &["sub", "update", &sub, flag, value]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}: {out:?}");
        let error: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(error["error"], code, "{flag} {value}: {error}");
    }
}
