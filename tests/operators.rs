//! What people who run outbox reach for, through the binary: a drain that
//! says what it left scheduled.

mod common;

use common::db::{Db, NOW};

/// A subscription to type `t` by webhook to port 9 of loopback, where
/// nothing listens: every attempt is refused. `extra` are further flags.
fn refused_webhook(db: &Db, extra: &[&str]) -> String {
    let mut args = vec![
        "--types",
        "t",
        "--transport",
        "webhook",
        "--endpoint",
        "http://127.0.0.1:9/",
    ];
    args.extend_from_slice(extra);
    db.sub(&args)
}

#[test]
fn a_drain_says_how_many_retries_it_left_scheduled_and_when_the_next_is_due() {
    let db = Db::sqlite();
    refused_webhook(&db, &[]);
    db.record(NOW, "t", "a");
    db.record(NOW, "t", "b");
    let out = db.cmd(NOW, &["work", "--drain"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last = stderr.lines().last().unwrap_or("");
    assert!(
        last.contains("2 retries are scheduled, the next due in")
            && last.contains("run outbox work --drain again"),
        "{stderr}"
    );
    // Nothing left to retry: no such line.
    let db = Db::sqlite();
    refused_webhook(&db, &["--max-attempts", "1"]);
    db.record(NOW, "t", "a");
    let out = db.cmd(NOW, &["work", "--drain"]).output().unwrap();
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("scheduled"),
        "{out:?}"
    );
}

#[test]
fn sub_health_is_a_table_for_a_list_and_a_card_for_an_id() {
    let db = Db::sqlite();
    let sub = refused_webhook(&db, &[]);
    // One subscription listed is still a list.
    let list = db.text(NOW, &["sub", "health"]);
    assert!(list.lines().next().unwrap().starts_with("sub "), "{list}");
    assert!(list.trim_end().ends_with("1 subscription"), "{list}");
    let card = db.text(NOW, &["sub", "health", &sub]);
    assert!(card.contains("consecutiveFailures"), "{card}");
    // The JSON has one shape either way.
    let one = db.json(NOW, &["sub", "health", &sub]);
    let all = db.json(NOW, &["sub", "health"]);
    assert_eq!(one, all);
}

#[test]
fn the_disable_rule_says_since_when_in_a_readable_time() {
    let db = Db::sqlite();
    let sub = refused_webhook(
        &db,
        &[
            "--disable-after",
            "1h",
            "--retry-schedule",
            "1s",
            "--max-attempts",
            "100",
        ],
    );
    db.record(NOW, "t", "a");
    db.cmd(NOW, &["work", "--drain"]).output().unwrap();
    let out = db.cmd(NOW + 3_601, &["work", "--drain"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("(since 2026-11-29T18:02:11Z)"), "{stderr}");
    let h = db.json(NOW + 3_601, &["sub", "health", &sub]);
    let reason = h["subscriptions"][0]["disabledReason"].as_str().unwrap();
    assert!(reason.contains("since 2026-11-29T18:02:11Z"), "{reason}");
}

#[test]
fn the_breakers_cool_downs_are_set_per_subscription() {
    let db = Db::sqlite();
    let sub = refused_webhook(
        &db,
        &[
            "--breaker",
            "2",
            "--breaker-cooldown",
            "10s",
            "--breaker-max-cooldown",
            "15s",
            "--max-attempts",
            "100",
            "--retry-schedule",
            "1s",
        ],
    );
    let got = db.json(NOW, &["sub", "get", &sub]);
    let protection = &got["subscription"]["meta"]["protection"];
    assert_eq!(protection["breakerCooldown"], 10, "{got}");
    assert_eq!(protection["breakerMaxCooldown"], 15, "{got}");
    for n in 0..3 {
        db.record(NOW, "t", &format!("s{n}"));
    }
    // Two failures open it for the first cool-down.
    db.cmd(NOW, &["work", "--drain"]).output().unwrap();
    let open = |now: i64| {
        let h = db.json(now, &["sub", "health", &sub]);
        h["subscriptions"][0]["breaker"]["openUntil"]
            .as_i64()
            .unwrap()
    };
    assert_eq!(open(NOW), NOW + 10);
    // The probe fails: open again, doubled but no longer than 15 s.
    db.cmd(NOW + 10, &["work", "--drain"]).output().unwrap();
    assert_eq!(open(NOW + 10), NOW + 10 + 15);
    let card = db.text(NOW, &["sub", "get", &sub]);
    assert!(card.contains("open 10s, doubling to 15s"), "{card}");
    for (flags, code) in [
        (&["--breaker-cooldown", "0s"][..], "invalid:breakerCooldown"),
        (
            &["--breaker-max-cooldown", "-1m"],
            "invalid:breakerMaxCooldown",
        ),
        (
            &["--breaker-cooldown", "2m", "--breaker-max-cooldown", "1m"],
            "invalid:breakerMaxCooldown",
        ),
    ] {
        let mut args = vec!["sub", "update", &sub];
        args.extend_from_slice(flags);
        let out = db.output(NOW, &args);
        assert_eq!(out.status.code(), Some(2), "{flags:?}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains(code),
            "{out:?}"
        );
    }
}

test_on_both!(a_subscription_is_deleted_its_ledger_kept, "sub_delete");
fn a_subscription_is_deleted_its_ledger_kept(db: Db) {
    let sub = db.sub(&["--types", "t", "--ordered-by", "subject"]);
    for subject in ["a", "b", "c"] {
        db.record(NOW, "t", subject);
    }
    db.record(NOW + 1, "t", "a"); // waits behind the first of "a"
    let done = db.claim(NOW + 2);
    db.complete(NOW + 2, &done);
    let claimed = db.claim(NOW + 3);
    let before = db.state();
    let out = db.output(NOW + 4, &["sub", "delete", &sub]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("invalid:subscriptionPending"));
    assert_eq!(db.state(), before, "refused, nothing changed");

    let deleted = db.json(NOW + 4, &["sub", "delete", &sub[..12], "--cancel-pending"]);
    assert_eq!(deleted["deleted"], true);
    assert_eq!(deleted["subscription"]["subId"], sub);
    let canceled: Vec<&str> = deleted["canceledDeliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    // The claimed one, the queued one, and both of subject "a" (the second
    // queued once the first was canceled).
    assert_eq!(canceled.len(), 3, "{deleted}");
    assert!(canceled.contains(&claimed.as_str()));
    for id in &canceled {
        let got = db.json(NOW + 5, &["delivery", "get", id]);
        assert_eq!(got["delivery"]["status"], "canceled", "{got}");
    }
    // The finished delivery still answers; the subscription does not.
    let kept = db.json(NOW + 5, &["delivery", "get", &done]);
    assert_eq!(kept["delivery"]["status"], "delivered");
    db.json(NOW + 5, &["delivery", "chain", &done]);
    let gone = db.output(NOW + 5, &["sub", "get", &sub]);
    assert_eq!(gone.status.code(), Some(1), "{gone:?}");
    let secret = db.output(NOW + 5, &["sub", "secret", &sub]);
    assert_eq!(secret.status.code(), Some(1), "{secret:?}");
    // Nothing waits behind a subject any more, and new events find no one.
    let waiting = db.json(NOW + 5, &["delivery", "list", "--waiting"]);
    assert_eq!(waiting["count"], 0, "{waiting}");
    let recorded = db.record(NOW + 6, "t", "d");
    assert_eq!(
        recorded["event"]["subscriptions"],
        serde_json::json!([]),
        "{recorded}"
    );
    let human = db.text(NOW + 7, &["sub", "list"]);
    assert!(!human.contains(&sub[..12]), "{human}");
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn postgres_init_beside_a_table_of_outboxs_names_shows_the_fix() {
    let Some(url) = common::postgres("init_in_the_way") else {
        return;
    };
    let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    client
        .batch_execute("CREATE TABLE subscriptions (id int)")
        .unwrap();
    let out = assert_cmd::Command::cargo_bin("outbox")
        .unwrap()
        .args(["--db", &url, "init", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(
        message.contains("(subscriptions)") && message.contains("CREATE SCHEMA outbox"),
        "{message}"
    );
    // Nothing of outbox's was left behind.
    let left: i64 = client
        .query_one(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(left, 1);
}

/// Fails its first three requests, then answers 200; `/pause` answers its
/// first request 429 with Retry-After: 1.
fn flaky(request: &common::receiver::Request) -> common::receiver::Answer {
    use common::receiver::Answer;
    use std::sync::atomic::{AtomicUsize, Ordering};
    static SEEN: AtomicUsize = AtomicUsize::new(0);
    static PAUSED: AtomicUsize = AtomicUsize::new(0);
    if request.path == "/pause" {
        if PAUSED.fetch_add(1, Ordering::SeqCst) == 0 {
            return Answer {
                headers: vec![("retry-after", "1".to_owned())],
                ..Answer::status(429, "later")
            };
        }
        return Answer::status(200, "ok");
    }
    if SEEN.fetch_add(1, Ordering::SeqCst) < 3 {
        Answer::status(500, "down")
    } else {
        Answer::status(200, "ok")
    }
}

#[test]
fn a_worker_says_when_a_breaker_opens_probes_and_closes_and_a_pause_starts_and_ends() {
    let receiver = common::receiver::Receiver::start(flaky);
    let db = Db::sqlite();
    let endpoint = format!("{}/flaky", receiver.url);
    let sub = db.sub(&[
        "--types",
        "t",
        "--transport",
        "webhook",
        "--endpoint",
        &endpoint,
        "--breaker",
        "3",
        "--breaker-cooldown",
        "10s",
        "--retry-schedule",
        "1s",
        "--max-attempts",
        "10",
    ]);
    for n in 0..3 {
        db.record(NOW, "t", &format!("s{n}"));
    }
    let said = |now: i64| {
        let out = db.cmd(now, &["work", "--drain"]).output().unwrap();
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let first = said(NOW);
    assert!(
        first.contains(&format!(
            "breaker of subscription {sub} opened after 3 failures in a row"
        )) && first.contains("2026-11-29T18:02:21Z"),
        "{first}"
    );
    let second = said(NOW + 10);
    assert!(
        second.contains(&format!(
            "breaker of subscription {sub}: probing with delv_"
        )),
        "{second}"
    );
    assert!(
        second.contains(&format!("breaker of subscription {sub} closed")),
        "{second}"
    );
    // Said once: the next drain has nothing to say of it.
    let third = said(NOW + 20);
    assert!(!third.contains("breaker"), "{third}");

    let db = Db::sqlite();
    let endpoint = format!("{}/pause", receiver.url);
    let sub = db.sub(&[
        "--types",
        "t",
        "--transport",
        "webhook",
        "--endpoint",
        &endpoint,
    ]);
    db.record(NOW, "t", "a");
    db.record(NOW, "t", "b");
    let worker = std::process::Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .args(["work", "--poll-max", "1s"])
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while receiver
        .requests()
        .iter()
        .filter(|r| r.path == "/pause")
        .count()
        < 3
        && started.elapsed() < std::time::Duration::from_secs(15)
    {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    // SAFETY: kill(2) on a child this test started and has not reaped.
    unsafe { libc::kill(worker.id() as i32, libc::SIGTERM) };
    let out = worker.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("subscription {sub} paused until"))
            && stderr.contains("as its receiver asked (Retry-After)"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "subscription {sub}: the pause its receiver asked for is over"
        )),
        "{stderr}"
    );
}

#[test]
fn durations_below_a_second_are_taken_wherever_a_duration_is() {
    let db = Db::sqlite();
    db.sub(&["--types", "t", "--retry-schedule", "500ms"]);
    db.record(NOW, "t", "a");
    // Kept in whole seconds: a part of one counts whole.
    let claimed = db.json(
        NOW,
        &["delivery", "claim", "--worker", "w", "--lease", "1500ms"],
    );
    assert_eq!(claimed["delivery"]["leaseExpiresAt"], NOW + 2, "{claimed}");
    let id = claimed["delivery"]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned();
    let failed = db.json(
        NOW,
        &["delivery", "fail", &id, "--worker", "w", "--delay", "200ms"],
    );
    assert_eq!(
        failed["retry"]["delivery"]["nextAttemptAt"],
        NOW + 1,
        "{failed}"
    );
    for args in [
        &[
            "work",
            "--drain",
            "--poll-max",
            "200ms",
            "--timeout",
            "750ms",
        ][..],
        &["--busy-timeout", "250ms", "stats"],
        &["delivery", "claim", "--wait", "300ms", "--worker", "w"],
    ] {
        let out = db.cmd(NOW + 10, args).output().unwrap();
        assert!(
            out.status.code().is_some_and(|c| c <= 1),
            "{args:?}: {out:?}"
        );
    }
}

test_on_both!(held_deliveries_are_shown_held_and_why, "held_why");
fn held_deliveries_are_shown_held_and_why(db: Db) {
    // Ordered: the second and third of subject "a" wait for the first.
    let ordered = db.sub(&["--types", "o", "--ordered-by", "subject"]);
    for n in 0..3 {
        db.json(
            NOW,
            &[
                "event",
                "record",
                "--type",
                "o",
                "--subject",
                "a",
                "--payload",
                &format!("{{\"n\": {n}}}"),
            ],
        );
    }
    db.json(NOW, &["event", "record", "--type", "o", "--subject", "b"]);
    // A breaker open: its deliveries set aside.
    let broken = db.sub(&[
        "--types",
        "w",
        "--transport",
        "webhook",
        "--endpoint",
        "http://127.0.0.1:9/",
        "--breaker",
        "1",
        "--retry-schedule",
        "1s",
        "--max-attempts",
        "5",
    ]);
    db.record(NOW, "w", "x");
    db.record(NOW, "w", "y");
    db.cmd(NOW, &["work", "--drain", "--transport", "webhook"])
        .output()
        .unwrap();

    let list = db.text(NOW + 1, &["delivery", "list"]);
    let held: Vec<&str> = list.lines().filter(|l| l.contains(" held ")).collect();
    // The head of subject "a": its one delivery that is not waiting.
    let waiting_ids: Vec<String> =
        db.json(NOW + 1, &["delivery", "list", "--waiting"])["deliveries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["deliveryId"].as_str().unwrap().to_owned())
            .collect();
    let all = db.json(NOW + 1, &["delivery", "list", "--sub", &ordered]);
    let head = all["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["meta"]["subject"] == "a")
        .map(|d| d["deliveryId"].as_str().unwrap().to_owned())
        .find(|id| !waiting_ids.contains(id))
        .unwrap();
    assert_eq!(
        held.iter()
            .filter(|l| l.contains("waits for delv_"))
            .count(),
        2,
        "{list}"
    );
    assert!(
        held.iter()
            .filter(|l| l.contains("waits for"))
            .all(|l| l.contains(&format!("waits for {}", &head[..13]))),
        "{list}"
    );
    assert!(
        held.iter().any(|l| l.contains("breaker open until")),
        "{list}"
    );
    // The JSON is the reference's: held ones are queued there.
    let json = db.json(NOW + 1, &["delivery", "list"]);
    assert!(
        json["deliveries"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["status"] != "held"),
        "{json}"
    );
    // stats says which subscription holds deliveries back, and why.
    let stats = db.text(NOW + 1, &["stats"]);
    assert!(
        stats.contains("set aside because:")
            && stats.contains(&format!("{}: its breaker is open until", &broken[..12])),
        "{stats}"
    );
    // Waiting deliveries read by subscription, subject and place.
    let waiting = db.json(NOW + 1, &["delivery", "list", "--waiting"]);
    let places: Vec<(String, String)> = waiting["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["subId"].as_str().unwrap().to_owned(),
                d["meta"]["subject"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let mut sorted = places.clone();
    sorted.sort();
    assert_eq!(places.len(), 2);
    assert_eq!(places, sorted);
}

#[test]
fn dead_letters_show_their_subject() {
    let db = Db::sqlite();
    db.sub(&["--types", "t", "--max-attempts", "1"]);
    db.record(NOW, "t", "order-17");
    let id = db.claim(NOW);
    db.fail(NOW, &id, &[]);
    let dead = db.text(NOW, &["delivery", "list", "--dead"]);
    let header = dead.lines().next().unwrap();
    assert!(header.contains("subject"), "{dead}");
    assert!(dead.contains("order-17"), "{dead}");
}

/// An idle worker on SQLite, its polls backed off for seconds, takes a new
/// delivery as soon as it is recorded: it watches the file for commits.
#[test]
fn an_idle_worker_on_sqlite_wakes_when_a_delivery_is_recorded() {
    let receiver =
        common::receiver::Receiver::start(|_| common::receiver::Answer::status(200, "ok"));
    let db = Db::sqlite();
    db.sub(&[
        "--types",
        "t",
        "--transport",
        "webhook",
        "--endpoint",
        &format!("{}/hook", receiver.url),
    ]);
    let mut worker = std::process::Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .args(["work", "--poll-max", "60s"])
        .stderr(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Idle long enough that the next poll is seconds away.
    std::thread::sleep(std::time::Duration::from_secs(4));
    let recorded = std::time::Instant::now();
    db.cmd(NOW, &["event", "record", "--type", "t"])
        .assert()
        .success();
    while receiver.requests().is_empty() && recorded.elapsed() < std::time::Duration::from_secs(10)
    {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let took = recorded.elapsed();
    let _ = worker.kill();
    let _ = worker.wait();
    assert_eq!(receiver.requests().len(), 1);
    // Polling alone would wait out a back-off of 3 s or more here.
    assert!(
        took < std::time::Duration::from_millis(1500),
        "sent {took:?} after recording"
    );
}

fn trial_answer(request: &common::receiver::Request) -> common::receiver::Answer {
    match request.path.as_str() {
        "/down" => common::receiver::Answer::status(500, "database on fire"),
        _ => common::receiver::Answer::status(200, r#"{"received": true}"#),
    }
}

test_on_both!(
    sub_test_sends_one_event_now_and_records_it_only_when_asked,
    "sub_test"
);
fn sub_test_sends_one_event_now_and_records_it_only_when_asked(db: Db) {
    let receiver = common::receiver::Receiver::start(trial_answer);
    let ok = format!(
        "{}/ok-{}",
        receiver.url,
        if db.is_sqlite() { "s" } else { "p" }
    );
    let sub = db.sub(&[
        "--types",
        "order.*",
        "--transport",
        "webhook",
        "--endpoint",
        &ok,
    ]);
    let bystander = db.sub(&["--types", "order.*"]);
    let before = db.state();
    let sent = db.json(
        NOW,
        &["sub", "test", &sub, "--payload", r#"{"orderId": "o-1"}"#],
    );
    assert_eq!(sent["outcome"], "delivered", "{sent}");
    assert_eq!(sent["eventType"], "order.test");
    assert_eq!(sent["response"]["status"], 200);
    assert_eq!(sent["recorded"], false);
    let hits: Vec<_> = receiver
        .requests()
        .into_iter()
        .filter(|r| r.path.starts_with("/ok-"))
        .collect();
    assert_eq!(hits.len(), 1);
    assert_eq!(
        hits[0].headers["webhook-id"],
        sent["eventId"].as_str().unwrap()
    );
    assert!(hits[0].headers["webhook-signature"].starts_with("v1,"));
    assert!(
        hits[0].body.contains(r#""orderId":"o-1""#),
        "{}",
        hits[0].body
    );
    // The signing secret it made aside, nothing was recorded.
    let after = db.state();
    assert_eq!(
        after
            .as_str()
            .unwrap()
            .lines()
            .filter(|l| !l.contains("\"secret\""))
            .collect::<Vec<_>>(),
        before.as_str().unwrap().lines().collect::<Vec<_>>()
    );

    let recorded = db.json(
        NOW,
        &["sub", "test", &sub, "--record", "--type", "order.paid"],
    );
    assert_eq!(recorded["recorded"], true);
    assert_eq!(recorded["delivery"]["status"], "delivered", "{recorded}");
    let event = db.json(
        NOW,
        &["event", "get", recorded["eventId"].as_str().unwrap()],
    );
    assert_eq!(
        event["event"]["subscriptions"],
        serde_json::json!([sub]),
        "for this subscription alone"
    );
    let others = db.json(NOW, &["delivery", "list", "--sub", &bystander]);
    assert_eq!(others["count"], 0);

    let down = db.sub(&[
        "--types",
        "order.*",
        "--transport",
        "webhook",
        "--endpoint",
        &format!("{}/down", receiver.url),
    ]);
    let out = db.output(NOW, &["sub", "test", &down]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["outcome"], "failed");
    assert!(
        answer["error"].as_str().unwrap().starts_with("HTTP 500"),
        "{answer}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("did not take the test event"));

    let out = db.output(NOW, &["sub", "test", &bystander]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

test_on_both!(
    a_webhook_carries_its_subscriptions_headers_their_secrets_masked,
    "sub_headers"
);
fn a_webhook_carries_its_subscriptions_headers_their_secrets_masked(db: Db) {
    let receiver = common::receiver::Receiver::start(trial_answer);
    let path = format!("/hdr-{}", if db.is_sqlite() { "s" } else { "p" });
    let sub = db.sub(&[
        "--types",
        "t",
        "--transport",
        "webhook",
        "--endpoint",
        &format!("{}{path}", receiver.url),
        "--header",
        "X-Tenant: acme",
        "--header",
        "Authorization: Bearer s3cr3t-t0ken",
    ]);
    for args in [&["sub", "get", &sub][..], &["sub", "list"]] {
        let json = db.output(NOW, args);
        let text = db.text(NOW, args);
        for shown in [String::from_utf8_lossy(&json.stdout).into_owned(), text] {
            assert!(!shown.contains("s3cr3t-t0ken"), "{args:?}: {shown}");
        }
    }
    let got = db.json(NOW, &["sub", "get", &sub]);
    assert_eq!(got["subscription"]["meta"]["headers"]["X-Tenant"], "acme");
    assert_eq!(
        got["subscription"]["meta"]["headers"]["Authorization"],
        "***"
    );
    // An export carries it, for import.
    assert!(db.state().as_str().unwrap().contains("s3cr3t-t0ken"));
    db.record(NOW, "t", "a");
    db.cmd(NOW, &["work", "--drain"]).output().unwrap();
    let hit = receiver
        .requests()
        .into_iter()
        .find(|r| r.path == path)
        .expect("sent");
    assert_eq!(hit.headers["x-tenant"], "acme");
    assert_eq!(hit.headers["authorization"], "Bearer s3cr3t-t0ken");
    assert!(hit.headers["webhook-signature"].starts_with("v1,"));
    // Removed with an empty value; outbox's own headers cannot be set.
    let updated = db.json(NOW, &["sub", "update", &sub, "--header", "x-tenant:"]);
    assert!(
        updated["subscription"]["meta"]["headers"]
            .get("X-Tenant")
            .is_none(),
        "{updated}"
    );
    let out = db.output(
        NOW,
        &[
            "sub",
            "update",
            &sub,
            "--header",
            "webhook-signature: v1,forged",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

test_on_both!(
    a_handler_can_tell_a_redelivery_by_its_claims,
    "claims_count"
);
fn a_handler_can_tell_a_redelivery_by_its_claims(db: Db) {
    db.sub(&["--types", "t"]);
    db.record(NOW, "t", "a");
    let first = db.json(
        NOW,
        &[
            "delivery",
            "claim",
            "--worker",
            "a",
            "--lease",
            "10s",
            "--with-event",
        ],
    );
    assert_eq!(first["claims"], 1, "{first}");
    // The lease lapsed: claimed again, the second time.
    let again = db.json(
        NOW + 20,
        &[
            "delivery",
            "claim",
            "--worker",
            "b",
            "--lease",
            "10s",
            "--with-event",
        ],
    );
    assert_eq!(
        again["delivery"]["deliveryId"],
        first["delivery"]["deliveryId"]
    );
    assert_eq!(again["claims"], 2, "{again}");
    // The reference's record is unchanged: no key of its own.
    assert!(again["delivery"].get("claims").is_none(), "{again}");
    let batch = db.json(
        NOW + 40,
        &[
            "delivery",
            "claim",
            "--worker",
            "c",
            "--batch",
            "5",
            "--with-event",
        ],
    );
    assert_eq!(batch["claims"], serde_json::json!([3]), "{batch}");
    // A handler sees it in OUTBOX_CLAIMS beside OUTBOX_ATTEMPT.
    let dir = tempfile::tempdir().unwrap();
    let seen = dir.path().join("seen");
    let script = format!(
        "echo \"$OUTBOX_ATTEMPT $OUTBOX_CLAIMS\" >> '{}'",
        seen.display()
    );
    let out = db
        .cmd(NOW + 4000, &["work", "--drain", "--", "sh", "-c", &script])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = std::fs::read_to_string(&seen).unwrap_or_else(|e| panic!("{e}: {out:?}"));
    assert_eq!(said, "1 4\n");
}
