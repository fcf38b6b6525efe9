//! `outbox work` through the binary: handler commands that succeed, fail,
//! refuse their input, outlive their lease or a timeout, and ignore
//! SIGTERM; and the built-in senders against receivers on 127.0.0.1 that
//! check signatures and answer 200, 500, 429, 410 or too slowly.

mod common;

use base64::Engine as _;
use common::db::{Db, databases};
use common::receiver::{Answer, Receiver, Request};
use hmac::{KeyInit, Mac};
use serde_json::Value;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A handler that acts on the event's subject: `ok`, `bad` (exit 65),
/// `flaky` (exit 3 with a message), `slow` (sleeps 4 s), `stubborn`
/// (ignores SIGTERM and sleeps 30 s). It appends what it was given to
/// `seen.log` beside itself.
const HANDLER: &str = r#"#!/bin/sh
dir=$(dirname "$0")
input=$(cat)
printf '%s|%s|%s|%s|%s|%s|%s|%s|%s\n' "$OUTBOX_DELIVERY_ID" "$OUTBOX_EVENT_ID" "$OUTBOX_EVENT_TYPE" \
  "$OUTBOX_SUBJECT" "$OUTBOX_CLIENT_ID" "$OUTBOX_SUB_ID" "$OUTBOX_ATTEMPT" "$OUTBOX_WORKER" "$OUTBOX_DB" >> "$dir/seen.log"
printf '%s\n' "$input" >> "$dir/input.log"
case "$OUTBOX_SUBJECT" in
  ok) exit 0 ;;
  bad) echo "cannot parse the order" >&2; exit 65 ;;
  flaky) echo "first line" >&2; echo "upstream said no" >&2; exit 3 ;;
  slow) sleep 4; exit 0 ;;
  stubborn) trap '' TERM; sleep 30; exit 0 ;;
esac
exit 0
"#;

fn handler(dir: &Path) -> String {
    let path = dir.join("handler.sh");
    std::fs::write(&path, HANDLER).unwrap();
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&path, perms).unwrap();
    path.to_string_lossy().into_owned()
}

/// A subscription of client `c` to type `t`, and one event of that type
/// per subject.
fn subscribed_with(db: &Db, subjects: &[&str]) {
    db.json(
        now(),
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
    for subject in subjects {
        db.json(
            now(),
            &["event", "record", "--type", "t", "--subject", subject],
        );
    }
}

fn work(db: &Db, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .env_remove("OUTBOX_NOW")
        .arg("work")
        .args(args)
        .output()
        .unwrap()
}

fn spawn_work(db: &Db, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .env_remove("OUTBOX_NOW")
        .arg("work")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Every delivery, by the subject of its event, latest attempt last.
fn by_subject(db: &Db, subject: &str) -> Vec<Value> {
    let all = db.json(now(), &["delivery", "list", "--limit", "500"]);
    let mut found: Vec<Value> = all["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["meta"]["subject"] == subject)
        .cloned()
        .collect();
    found.sort_by_key(|d| d["attempt"].as_i64());
    found
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

fn signal(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

test_on_both!(
    a_handler_runs_once_per_delivery_and_its_exit_status_decides,
    "work_handler"
);
fn a_handler_runs_once_per_delivery_and_its_exit_status_decides(db: Db) {
    let dir = tempfile::tempdir().unwrap();
    let script = handler(dir.path());
    db.json(
        now(),
        &[
            "sub",
            "create",
            "--client",
            "billing",
            "--types",
            "order.created",
            "--any-target",
            "--retry-schedule",
            "1h",
            "--max-attempts",
            "3",
        ],
    );
    for subject in ["ok", "bad", "flaky"] {
        db.json(
            now(),
            &[
                "event",
                "record",
                "--type",
                "order.created",
                "--subject",
                subject,
                "--payload",
                r#"{"total": 42}"#,
            ],
        );
    }
    let out = work(
        &db,
        &[
            "--drain",
            "--json",
            "--worker",
            "w1",
            "--concurrency",
            "2",
            "--",
            &script,
        ],
    );
    assert!(out.status.success(), "{out:?}");
    let answers = lines(&out.stdout);
    assert_eq!(
        answers.len(),
        3,
        "one answer per finished delivery: {answers:?}"
    );

    let ok = by_subject(&db, "ok");
    assert_eq!(ok.len(), 1);
    assert_eq!(ok[0]["status"], "delivered");
    let bad = by_subject(&db, "bad");
    assert_eq!(bad.len(), 1, "exit 65 is not retried");
    assert_eq!(bad[0]["status"], "failed");
    assert!(
        bad[0]["lastError"]
            .as_str()
            .unwrap()
            .contains("exit status 65")
    );
    assert!(
        bad[0]["lastError"]
            .as_str()
            .unwrap()
            .contains("cannot parse the order")
    );
    let flaky = by_subject(&db, "flaky");
    assert_eq!(flaky.len(), 2, "retried by the policy: {flaky:?}");
    assert_eq!(
        flaky[0]["lastError"],
        "exit status 3: first line\nupstream said no"
    );
    assert_eq!(flaky[1]["status"], "queued");
    let due = flaky[1]["nextAttemptAt"].as_i64().unwrap() - now();
    assert!((3590..=3600).contains(&due), "due in an hour: {due}");

    // What the handler was given: ids in its environment, the delivery
    // and its event (payload included) on stdin.
    let seen = std::fs::read_to_string(dir.path().join("seen.log")).unwrap();
    assert_eq!(seen.lines().count(), 3, "each delivery ran once:\n{seen}");
    let line = seen.lines().find(|l| l.contains("|ok|")).unwrap();
    let fields: Vec<&str> = line.split('|').collect();
    assert_eq!(fields[0], ok[0]["deliveryId"]);
    assert_eq!(fields[1], ok[0]["eventId"]);
    assert_eq!(
        &fields[2..8],
        [
            "order.created",
            "ok",
            "billing",
            ok[0]["subId"].as_str().unwrap(),
            "1",
            "w1"
        ]
    );
    assert_eq!(fields[8], db.target);
    let input = std::fs::read_to_string(dir.path().join("input.log")).unwrap();
    let input: Vec<Value> = input
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let given = input
        .iter()
        .find(|i| i["event"]["subject"] == "ok")
        .unwrap();
    assert_eq!(given["event"]["payload"]["total"], 42);
    assert_eq!(given["delivery"]["deliveryId"], ok[0]["deliveryId"]);
    assert_eq!(given["delivery"]["status"], "claimed");
}

test_on_both!(
    a_worker_says_each_failure_in_one_line_on_stderr_and_nothing_of_successes,
    "work_failure_lines"
);
fn a_worker_says_each_failure_in_one_line_on_stderr_and_nothing_of_successes(db: Db) {
    let dir = tempfile::tempdir().unwrap();
    let script = handler(dir.path());
    subscribed_with(&db, &["ok", "bad", "flaky"]);
    let out = work(&db, &["--drain", "--", &script]);
    assert!(out.status.success(), "{out:?}");
    assert!(out.stdout.is_empty(), "people get nothing on stdout");
    let said = String::from_utf8_lossy(&out.stderr);
    let ours: Vec<&str> = said
        .lines()
        .filter_map(|l| l.strip_prefix("outbox work: "))
        .filter(|l| !l.starts_with("drained: "))
        .collect();
    // The drain's last line says what it left scheduled: flaky's retry.
    let last = said.lines().last().unwrap_or("");
    assert!(
        last.contains("drained: 1 delivered, 2 failed; 1 retry is scheduled"),
        "{said}"
    );

    // What each line should say, from the deliveries as stored.
    let first_line = |d: &Value| -> String {
        d["lastError"]
            .as_str()
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .to_owned()
    };
    let bad = by_subject(&db, "bad");
    let flaky = by_subject(&db, "flaky");
    // No policy: three attempts, the retry due after the worker's default
    // backoff (10 s), so this drain leaves it queued.
    let max = 3;
    assert_eq!(flaky.len(), 2, "flaky's retry is queued: {flaky:?}");
    assert_eq!(flaky[1]["status"], "queued");
    let mut expected = vec![format!(
        "{} failed on attempt 1: {}; retry: none, retries disabled",
        bad[0]["deliveryId"].as_str().unwrap(),
        first_line(&bad[0])
    )];
    for (n, attempt) in flaky
        .iter()
        .enumerate()
        .filter(|(_, d)| d["status"] == "failed")
    {
        let next = match flaky.get(n + 1) {
            Some(next) => format!(
                "retry: attempt {} of {max} queued as {} (due ",
                n + 2,
                next["deliveryId"].as_str().unwrap()
            ),
            None => format!("retry: none, all {max} attempts used"),
        };
        expected.push(format!(
            "{} failed on attempt {}: {}; {next}",
            attempt["deliveryId"].as_str().unwrap(),
            n + 1,
            first_line(attempt)
        ));
    }
    assert_eq!(ours.len(), expected.len(), "one line per failure:\n{said}");
    for want in &expected {
        assert!(
            ours.iter().any(|line| line.starts_with(want.as_str())),
            "no line starts with {want:?}:\n{said}"
        );
    }
    let ok = &by_subject(&db, "ok")[0];
    assert_eq!(ok["status"], "delivered");
    assert!(!said.contains(ok["deliveryId"].as_str().unwrap()));
}

#[test]
fn leases_are_renewed_while_a_handler_runs_and_a_timeout_kills_it() {
    let dbs = databases("work_lease");
    let db = &dbs[0];
    let dir = tempfile::tempdir().unwrap();
    let script = handler(dir.path());
    subscribed_with(db, &["slow"]);
    // A 3 s lease renewed every second outlives a 4 s handler.
    let mut worker = spawn_work(db, &["--once", "--lease", "3s", "--", &script]);
    std::thread::sleep(Duration::from_millis(3500));
    let other = db.output(now(), &["delivery", "claim", "--worker", "thief"]);
    assert_eq!(
        other.status.code(),
        Some(1),
        "the lease was renewed: {other:?}"
    );
    assert!(worker.wait().unwrap().success());
    assert_eq!(by_subject(db, "slow")[0]["status"], "delivered");

    db.json(
        now(),
        &[
            "event",
            "record",
            "--type",
            "t",
            "--subject",
            "slow",
            "--id",
            "evt_slow_again",
        ],
    );
    let out = work(db, &["--drain", "--timeout", "1s", "--", &script]);
    assert!(out.status.success());
    let slow = by_subject(db, "slow");
    let timed_out = slow
        .iter()
        .find(|d| d["eventId"] == "evt_slow_again")
        .unwrap();
    assert_eq!(timed_out["status"], "failed");
    assert!(
        timed_out["lastError"]
            .as_str()
            .unwrap()
            .starts_with("timeout after 1s"),
        "{timed_out}"
    );
}

#[test]
fn a_lost_lease_stops_the_handler_and_records_nothing() {
    let dbs = databases("work_lost");
    let db = &dbs[0];
    let dir = tempfile::tempdir().unwrap();
    let script = handler(dir.path());
    subscribed_with(db, &["stubborn"]);
    let worker = spawn_work(
        db,
        &["--once", "--lease", "3s", "--worker", "w1", "--", &script],
    );
    wait_until("the claim", Duration::from_secs(10), || {
        by_subject(db, "stubborn")[0]["status"] == "claimed"
    });
    // Taken away from the worker (as a sweep and another claim would).
    let id = by_subject(db, "stubborn")[0]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned();
    db.json(now(), &["delivery", "release", &id]);
    db.json(
        now(),
        &["delivery", "claim", "--worker", "w2", "--lease", "60"],
    );
    let out = worker.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&format!("lease of {id} lost")), "{stderr}");
    let now_held = &by_subject(db, "stubborn")[0];
    assert_eq!(now_held["status"], "claimed");
    assert_eq!(now_held["claimedBy"], "w2", "w1 recorded nothing");
}

test_on_both!(
    sigterm_lets_work_finish_within_grace_then_releases_the_rest,
    "work_sigterm"
);
fn sigterm_lets_work_finish_within_grace_then_releases_the_rest(db: Db) {
    let dir = tempfile::tempdir().unwrap();
    let script = handler(dir.path());
    subscribed_with(&db, &["stubborn", "slow"]);
    let worker = spawn_work(
        &db,
        &[
            "--concurrency",
            "2",
            "--grace",
            "6s",
            "--worker",
            "w1",
            "--",
            &script,
        ],
    );
    wait_until("both claims", Duration::from_secs(10), || {
        ["stubborn", "slow"]
            .iter()
            .all(|s| by_subject(&db, s)[0]["status"] == "claimed")
    });
    let started = Instant::now();
    signal(&worker, "TERM");
    let out = worker.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let took = started.elapsed();
    assert!(
        took >= Duration::from_secs(5) && took < Duration::from_secs(20),
        "{took:?}"
    );
    // The slow one finished within the grace; the stubborn one was
    // killed at its end and given back at once.
    assert_eq!(by_subject(&db, "slow")[0]["status"], "delivered");
    let stubborn = &by_subject(&db, "stubborn")[0];
    assert_eq!(stubborn["status"], "queued", "{stubborn}");
    assert_eq!(stubborn["claimedBy"], "");
    let claimed = db.json(now(), &["delivery", "list", "--status", "claimed"]);
    assert_eq!(claimed["count"], 0);
    // A worker that runs until stopped says when it starts and stops.
    let said = String::from_utf8_lossy(&out.stderr);
    let ours: Vec<&str> = said
        .lines()
        .filter(|l| l.starts_with("outbox work: "))
        .collect();
    assert_eq!(
        ours,
        [
            format!(
                "outbox work: worker w1 started: runs {script} for each delivery, 2 at a time; \
                 SIGTERM or Ctrl-C stops it"
            ),
            "outbox work: worker w1 stopped: 1 delivered, 0 failed, 1 given back to the queue"
                .to_owned()
        ],
        "{said}"
    );
}

#[test]
fn sigint_exits_130_after_releasing() {
    let dbs = databases("work_sigint");
    let db = &dbs[0];
    let dir = tempfile::tempdir().unwrap();
    let script = handler(dir.path());
    subscribed_with(db, &["stubborn"]);
    let worker = spawn_work(db, &["--grace", "1s", "--", &script]);
    wait_until("the claim", Duration::from_secs(10), || {
        by_subject(db, "stubborn")[0]["status"] == "claimed"
    });
    signal(&worker, "INT");
    let out = worker.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert_eq!(by_subject(db, "stubborn")[0]["status"], "queued");
}

/// The receiver's answer by path.
fn answer(request: &Request) -> Answer {
    match request.path.as_str() {
        "/ok" => Answer::status(200, r#"{"received": true}"#),
        "/fail" => Answer::status(500, "database on fire\nsecond line"),
        "/busy" => Answer {
            headers: vec![("retry-after", "120".to_owned())],
            ..Answer::status(429, "slow down")
        },
        "/gone" => Answer::status(410, ""),
        "/moved" => Answer {
            headers: vec![("location", "/ok".to_owned())],
            ..Answer::status(301, "")
        },
        "/slow" => Answer {
            delay: Duration::from_secs(3),
            ..Answer::status(200, "")
        },
        // Slow enough that a test has time to look while it is out.
        "/slower" => Answer {
            delay: Duration::from_secs(6),
            ..Answer::status(200, "")
        },
        "/a2a" => Answer::status(
            200,
            r#"{"jsonrpc": "2.0", "id": 1, "result": {"kind": "task"}}"#,
        ),
        _ => Answer::status(404, "no such path"),
    }
}

/// Checks a Standard Webhooks signature with HMAC-SHA256 from RustCrypto
/// directly: `v1,` + base64 of the MAC over `id.timestamp.body`.
fn signed_by(request: &Request, secret: &str) -> bool {
    let b64 = base64::engine::general_purpose::STANDARD;
    let key = b64.decode(secret.strip_prefix("whsec_").unwrap()).unwrap();
    let content = format!(
        "{}.{}.{}",
        request.headers["webhook-id"], request.headers["webhook-timestamp"], request.body
    );
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&key).unwrap();
    mac.update(content.as_bytes());
    let expected = format!("v1,{}", b64.encode(mac.finalize().into_bytes()));
    request.headers["webhook-signature"]
        .split(' ')
        .any(|s| s == expected)
}

fn webhook_sub(db: &Db, client: &str, endpoint: &str) -> String {
    let sub = db.json(
        now(),
        &[
            "sub",
            "create",
            "--client",
            client,
            "--types",
            "order.created",
            "--any-target",
            "--transport",
            "webhook",
            "--endpoint",
            endpoint,
            "--retry-schedule",
            "10s",
        ],
    );
    sub["subscription"]["subId"].as_str().unwrap().to_owned()
}

#[test]
fn webhooks_are_signed_and_answers_decide_each_outcome() {
    let receiver = Receiver::start(answer);
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}", listener.local_addr().unwrap())
    };
    for db in databases("work_webhook") {
        let url = |path: &str| format!("{}{path}", receiver.url);
        let subs: Vec<(&str, String)> = ["ok", "fail", "busy", "gone", "moved", "slow"]
            .iter()
            .map(|p| (*p, webhook_sub(&db, p, &url(&format!("/{p}")))))
            .chain([(
                "refused",
                webhook_sub(&db, "refused", &format!("{closed}/x")),
            )])
            .collect();
        let ok_sub = &subs[0].1;
        let secret = db.text(now(), &["sub", "secret", ok_sub]).trim().to_owned();
        let rotated = db.text(now(), &["sub", "secret", ok_sub, "--rotate"]);
        let rotated = rotated.lines().next().unwrap().to_owned();
        let before = receiver.requests().len();
        let recorded = db.json(
            now(),
            &[
                "event",
                "record",
                "--type",
                "order.created",
                "--subject",
                "o-1",
                "--payload",
                r#"{"total": 42.5, "note": "ü"}"#,
            ],
        );
        let event = &recorded["event"];
        // A poll subscription's delivery is left to handlers.
        db.json(
            now(),
            &[
                "sub",
                "create",
                "--client",
                "poller",
                "--types",
                "order.paid",
                "--any-target",
            ],
        );
        db.json(
            now(),
            &[
                "event",
                "record",
                "--type",
                "order.paid",
                "--subject",
                "o-2",
            ],
        );

        let started = now();
        let out = work(
            &db,
            &["--drain", "--json", "--concurrency", "4", "--timeout", "1s"],
        );
        assert!(out.status.success(), "{out:?}");
        let requests: Vec<Request> = receiver.requests()[before..].to_vec();
        let to_ok: Vec<&Request> = requests.iter().filter(|r| r.path == "/ok").collect();
        assert_eq!(
            to_ok.len(),
            1,
            "each delivery sent once: {:#?} {}",
            requests
                .iter()
                .map(|r| (&r.path, &r.headers["webhook-id"]))
                .collect::<Vec<_>>(),
            db.json(now(), &["event", "list"])
        );
        let sent = to_ok[0];
        assert_eq!(
            sent.headers["webhook-id"],
            event["eventId"].as_str().unwrap()
        );
        let timestamp: i64 = sent.headers["webhook-timestamp"].parse().unwrap();
        assert!((started..=now()).contains(&timestamp));
        assert!(
            signed_by(sent, &secret) && signed_by(sent, &rotated),
            "both secrets sign while rotating"
        );
        assert_eq!(sent.headers["content-type"], "application/json");
        assert!(sent.headers["user-agent"].starts_with("outbox/"));
        let body: Value = serde_json::from_str(&sent.body).unwrap();
        assert_eq!(body["type"], "order.created");
        assert_eq!(
            body["data"],
            serde_json::json!({"total": 42.5, "note": "ü"})
        );
        assert_eq!(body["eventId"], event["eventId"]);
        assert_eq!(body["subject"], "o-1");
        assert_eq!(body["source"], event["source"]);
        assert_eq!(body["target"], "");
        // RFC 3339 of the event's createdAt, as date(1) writes it.
        let created = event["createdAt"].as_i64().unwrap();
        let date = Command::new("date")
            .args(["-u", "-d", &format!("@{created}"), "+%Y-%m-%dT%H:%M:%SZ"])
            .output()
            .unwrap();
        assert_eq!(
            body["timestamp"],
            String::from_utf8(date.stdout).unwrap().trim()
        );

        let outcome = |client: &str| -> Vec<Value> {
            let list = db.json(now(), &["delivery", "list", "--client", client]);
            let mut all = list["deliveries"].as_array().unwrap().clone();
            all.sort_by_key(|d| d["attempt"].as_i64());
            all
        };
        let ok = outcome("ok");
        assert_eq!(ok[0]["status"], "delivered");
        assert_eq!(ok[0]["meta"]["response"]["status"], 200);
        assert_eq!(ok[0]["meta"]["response"]["body"], r#"{"received": true}"#);
        assert!(ok[0]["meta"]["response"]["durationMs"].is_u64());

        let fail = outcome("fail");
        assert_eq!(fail[0]["status"], "failed");
        assert_eq!(
            fail[0]["lastError"],
            "HTTP 500: database on fire second line"
        );
        assert_eq!(fail[1]["status"], "queued", "retried");

        let busy = outcome("busy");
        let due =
            busy[1]["nextAttemptAt"].as_i64().unwrap() - busy[0]["updatedAt"].as_i64().unwrap();
        assert!(due >= 120, "Retry-After is respected: {due}");

        let gone = outcome("gone");
        assert_eq!(gone.len(), 1, "410 is not retried");
        assert_eq!(gone[0]["status"], "failed");
        let gone_sub = db.json(now(), &["sub", "get", &subs[3].1]);
        assert_eq!(gone_sub["subscription"]["status"], "disabled");

        let moved = outcome("moved");
        assert_eq!(
            moved[0]["lastError"], "HTTP 301",
            "redirects are not followed"
        );
        assert_eq!(outcome("slow")[0]["lastError"], "timeout after 1s");
        assert_eq!(outcome("refused")[0]["lastError"], "connection refused");
        assert_eq!(outcome("poller")[0]["status"], "queued");

        // Every attempt answered on stdout, none left claimed.
        assert_eq!(lines(&out.stdout).len(), 7);
        assert_eq!(
            db.json(now(), &["delivery", "list", "--status", "claimed"])["count"],
            0
        );
        // A subscription that is not active when claimed: failed, not sent.
        let paused = webhook_sub(&db, "paused", &url("/ok"));
        db.json(
            now(),
            &[
                "event",
                "record",
                "--type",
                "order.created",
                "--subject",
                "o-3",
            ],
        );
        db.json(now(), &["sub", "pause", &paused]);
        let sent_before = receiver.requests().len();
        work(&db, &["--drain", "--client", "paused"]);
        let paused = outcome("paused");
        assert_eq!(paused[0]["status"], "failed");
        assert!(
            paused[0]["lastError"]
                .as_str()
                .unwrap()
                .contains("is paused")
        );
        assert_eq!(receiver.requests().len(), sent_before);
        // Secrets never show in subscription answers.
        let subs_json = db.json(now(), &["sub", "list"]).to_string();
        assert!(!subs_json.contains(&secret) && !subs_json.contains("whsec_"));
    }
}

#[test]
fn a2a_messages_go_as_json_rpc_with_a_bearer_token() {
    let receiver = Receiver::start(answer);
    let dbs = databases("work_a2a");
    let db = &dbs[0];
    let endpoint = format!("{}/a2a", receiver.url);
    let v1 = db.json(
        now(),
        &[
            "sub",
            "create",
            "--client",
            "agent",
            "--types",
            "t",
            "--any-target",
            "--transport",
            "a2a",
            "--endpoint",
            &endpoint,
        ],
    );
    let v1 = v1["subscription"]["subId"].as_str().unwrap().to_owned();
    let token = db.text(now(), &["sub", "secret", &v1]).trim().to_owned();
    db.json(
        now(),
        &[
            "sub",
            "create",
            "--client",
            "old-agent",
            "--types",
            "t",
            "--any-target",
            "--transport",
            "a2a",
            "--endpoint",
            &endpoint,
            "--meta",
            r#"{"a2aVersion": "0.3"}"#,
        ],
    );
    let recorded = db.json(
        now(),
        &[
            "event",
            "record",
            "--type",
            "t",
            "--subject",
            "s",
            "--payload",
            r#"{"n": 1}"#,
        ],
    );
    let event_id = recorded["event"]["eventId"].as_str().unwrap();
    let out = work(db, &["--drain", "--transport", "a2a"]);
    assert!(out.status.success(), "{out:?}");
    let requests = receiver.requests();
    assert_eq!(requests.len(), 2);
    let v1_request = requests
        .iter()
        .find(|r| r.headers.get("a2a-version").map(String::as_str) == Some("1.0"))
        .unwrap();
    assert_eq!(
        v1_request.headers["authorization"],
        format!("Bearer {token}")
    );
    let body: Value = serde_json::from_str(&v1_request.body).unwrap();
    assert_eq!(body["jsonrpc"], "2.0");
    assert_eq!(body["method"], "SendMessage");
    let message = &body["params"]["message"];
    assert_eq!(message["messageId"], event_id);
    assert_eq!(message["role"], "ROLE_USER");
    assert_eq!(
        message["parts"][0]["data"]["data"],
        serde_json::json!({"n": 1})
    );
    let old = requests
        .iter()
        .find(|r| r.headers.get("a2a-version").map(String::as_str) == Some("0.3"))
        .unwrap();
    assert!(
        !old.headers.contains_key("authorization"),
        "no secret, no token"
    );
    let body: Value = serde_json::from_str(&old.body).unwrap();
    assert_eq!(body["method"], "message/send");
    assert_eq!(body["params"]["message"]["parts"][0]["kind"], "data");
    let delivered = db.json(now(), &["delivery", "list", "--status", "delivered"]);
    assert_eq!(delivered["count"], 2);
}

#[test]
fn claim_with_event_and_wait() {
    let dbs = databases("claim_extras");
    let db = &dbs[0];
    subscribed_with(db, &[]);
    let started = Instant::now();
    let none = db.output(now(), &["delivery", "claim", "--wait", "1s"]);
    assert_eq!(none.status.code(), Some(1));
    assert!(started.elapsed() >= Duration::from_millis(900));
    db.json(
        now(),
        &[
            "event",
            "record",
            "--type",
            "t",
            "--subject",
            "s",
            "--payload",
            r#"{"n": 7}"#,
        ],
    );
    let claimed = db.json(
        now(),
        &["delivery", "claim", "--with-event", "--wait", "5s"],
    );
    assert_eq!(claimed["event"]["payload"]["n"], 7);
    assert_eq!(claimed["event"]["eventId"], claimed["delivery"]["eventId"]);
    db.json(
        now(),
        &["event", "record", "--type", "t", "--subject", "s2"],
    );
    let batch = db.json(
        now(),
        &["delivery", "claim", "--batch", "5", "--with-event"],
    );
    assert_eq!(batch["count"], 1);
    assert_eq!(batch["events"][0]["subject"], "s2");
    // Without the flag, the reference's shape.
    db.json(
        now(),
        &["event", "record", "--type", "t", "--subject", "s3"],
    );
    let plain = db.json(now(), &["delivery", "claim"]);
    assert!(plain.get("event").is_none());
}

test_on_both!(
    secrets_are_checked_kept_out_of_subscriptions_and_exported,
    "work_secrets"
);
fn secrets_are_checked_kept_out_of_subscriptions_and_exported(db: Db) {
    let sub = webhook_sub(&db, "shop", "http://127.0.0.1:1/hook");
    let before = db.state();
    for bad in [
        "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        "whsec_c2hvcnQ=",
        "whsec_!!",
    ] {
        let out = db.output(now(), &["sub", "secret", &sub, "--set", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {out:?}");
    }
    assert_eq!(db.state(), before, "a refused secret wrote nothing");
    let set = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    let answer = db.json(now(), &["sub", "secret", &sub, "--set", set]);
    assert_eq!(answer["secrets"], serde_json::json!([set]));
    assert!(
        !db.json(now(), &["sub", "get", &sub])
            .to_string()
            .contains(set)
    );
    let export = db.text(now(), &["export"]);
    let line = export
        .lines()
        .find(|l| l.contains(set))
        .expect("export carries the secret");
    let record: Value = serde_json::from_str(line).unwrap();
    assert_eq!(record["secret"]["subId"], sub.as_str());
    // Into a new database and back out: the same lines.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    let file = dir.path().join("export.ndjson");
    std::fs::write(&file, &export).unwrap();
    let imported = Command::new(env!("CARGO_BIN_EXE_outbox"))
        .args([
            "--db",
            copy.to_str().unwrap(),
            "import",
            file.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(imported.status.success(), "{imported:?}");
    let again = Command::new(env!("CARGO_BIN_EXE_outbox"))
        .args(["--db", copy.to_str().unwrap(), "export"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(again.stdout).unwrap(), export);
    // Outbox sends only webhook and a2a deliveries itself.
    let out = work(&db, &["--drain", "--transport", "poll"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

#[test]
fn a_killed_worker_loses_nothing() {
    let dbs = databases("work_kill9");
    let db = &dbs[0];
    let dir = tempfile::tempdir().unwrap();
    let script = handler(dir.path());
    subscribed_with(db, &["slow"]);
    let mut worker = spawn_work(db, &["--lease", "2s", "--worker", "doomed", "--", &script]);
    wait_until("the claim", Duration::from_secs(10), || {
        by_subject(db, "slow")[0]["status"] == "claimed"
    });
    signal(&worker, "KILL");
    worker.wait().unwrap();
    // The lease runs out and another worker takes the delivery.
    std::thread::sleep(Duration::from_secs(3));
    let out = work(db, &["--drain", "--worker", "heir", "--", &script]);
    assert!(out.status.success(), "{out:?}");
    let slow = &by_subject(db, "slow")[0];
    assert_eq!(slow["status"], "delivered");
    assert_eq!(slow["claimedBy"], "heir");
}

/// Webhooks to `/ok` and A2A to `/a2a` of `receiver`, and `events`
/// events both subscriptions want.
fn webhooks_and_a2a(db: &Db, receiver: &Receiver, events: usize) {
    webhook_sub(db, "shop", &format!("{}/ok", receiver.url));
    db.json(
        now(),
        &[
            "sub",
            "create",
            "--client",
            "agent",
            "--types",
            "order.created",
            "--any-target",
            "--transport",
            "a2a",
            "--endpoint",
            &format!("{}/a2a", receiver.url),
        ],
    );
    record_orders(db, events);
}

/// `count` order.created events, subjects o-0, o-1, ...
fn record_orders(db: &Db, count: usize) {
    for i in 0..count {
        db.json(
            now(),
            &[
                "event",
                "record",
                "--type",
                "order.created",
                "--subject",
                &format!("o-{i}"),
            ],
        );
    }
}

#[test]
fn a_busy_sender_still_takes_a2a_deliveries() {
    let receiver = Receiver::start(answer);
    let dbs = databases("work_fair");
    let db = &dbs[0];
    webhooks_and_a2a(db, &receiver, 10);
    let out = work(db, &["--drain", "--concurrency", "1"]);
    assert!(out.status.success(), "{out:?}");
    let paths: Vec<String> = receiver.requests().iter().map(|r| r.path.clone()).collect();
    assert_eq!(paths.len(), 20);
    // At --concurrency 1 a sender holds two leases (one waiting): the
    // first turn takes two webhooks, the next an A2A delivery.
    let first_a2a = paths.iter().position(|p| p == "/a2a").unwrap();
    assert!(first_a2a <= 2, "webhooks and A2A take turns: {paths:?}");
}

/// A receiver answering webhooks in six seconds, and a database with
/// `events` order events for it.
fn slow_orders(test: &str, events: usize) -> (Receiver, Vec<Db>) {
    let receiver = Receiver::start(answer);
    let dbs = databases(test);
    webhook_sub(&dbs[0], "shop", &format!("{}/slower", receiver.url));
    record_orders(&dbs[0], events);
    (receiver, dbs)
}

/// A sender that keeps going holds leases one window ahead (twice its
/// concurrency), so a place that frees is filled at once; it still sends
/// no more than --concurrency at a time.
#[test]
fn a_sender_claims_one_window_ahead_and_sends_within_the_concurrency() {
    let (receiver, dbs) = slow_orders("work_ahead", 4);
    let db = &dbs[0];
    let worker = spawn_work(db, &["--drain", "--concurrency", "2"]);
    wait_until("two requests", Duration::from_secs(20), || {
        receiver.requests().len() >= 2
    });
    // Each answer takes six seconds: the first two are still out.
    let claimed = db.json(now(), &["delivery", "list", "--status", "claimed"]);
    assert_eq!(claimed["count"], 4, "{claimed}");
    assert_eq!(receiver.requests().len(), 2);
    let out = worker.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let requests = receiver.requests();
    assert_eq!(requests.len(), 4);
    // The two waiting went out only once an answer had come back.
    for later in &requests[2..] {
        assert!(
            later.at - requests[0].at >= Duration::from_millis(5900),
            "sent while two were out: {:?}",
            later.at - requests[0].at
        );
    }
    let stats = db.json(now(), &["stats"]);
    assert_eq!(stats["stats"]["byStatus"]["delivered"], 4, "{stats}");
}

/// A sender claims for each transport in turn, and all of them together
/// take no more than --concurrency.
#[test]
fn claims_across_transports_stay_within_the_concurrency() {
    let receiver = Receiver::start(answer);
    let dbs = databases("work_within");
    let db = &dbs[0];
    webhooks_and_a2a(db, &receiver, 5);
    let out = work(db, &["--once", "--concurrency", "3"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(receiver.requests().len(), 3);
    let stats = db.json(now(), &["stats"]);
    assert_eq!(stats["stats"]["byStatus"]["delivered"], 3, "{stats}");
    assert_eq!(stats["stats"]["byStatus"]["queued"], 7, "{stats}");
}

/// A sender asked to stop finishes what it sends within the grace and
/// gives back at once, unsent, what it claimed ahead.
#[test]
fn a_stopped_sender_gives_back_what_it_claimed_ahead_unsent() {
    let (receiver, dbs) = slow_orders("work_ahead_stop", 3);
    let db = &dbs[0];
    let worker = spawn_work(db, &["--concurrency", "1", "--grace", "20s"]);
    wait_until("a request", Duration::from_secs(20), || {
        !receiver.requests().is_empty()
    });
    let claimed = db.json(now(), &["delivery", "list", "--status", "claimed"]);
    assert_eq!(claimed["count"], 2, "one sent, one waiting: {claimed}");
    signal(&worker, "TERM");
    let out = worker.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(receiver.requests().len(), 1, "the waiting one is not sent");
    let stats = db.json(now(), &["stats"]);
    assert_eq!(stats["stats"]["byStatus"]["delivered"], 1, "{stats}");
    assert_eq!(stats["stats"]["byStatus"]["queued"], 2, "{stats}");
    assert_eq!(
        stats["stats"]["byStatus"]["claimed"],
        Value::Null,
        "{stats}"
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("stopped: 1 delivered, 0 failed, 1 given back to the queue"),
        "{said}"
    );
}

/// On PostgreSQL a waiting worker is woken by a new delivery, not left to
/// its next poll: after eight idle seconds its polls are more than six
/// seconds apart, yet a delivery recorded then is done within two.
#[test]
fn a_waiting_worker_on_postgresql_wakes_when_a_delivery_is_recorded() {
    let dbs = databases("work_wake");
    let Some(db) = dbs.iter().find(|db| !db.is_sqlite()) else {
        return;
    };
    subscribed_with(db, &[]);
    let worker = spawn_work(db, &["--poll-max", "60s", "--json", "--", "true"]);
    std::thread::sleep(Duration::from_secs(8));
    db.record(now(), "t", "late");
    let recorded = Instant::now();
    let delivered = || {
        by_subject(db, "late")
            .first()
            .is_some_and(|d| d["status"] == "delivered")
    };
    while !delivered() && recorded.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(50));
    }
    // Stopped before any assertion, so a failure leaves no worker behind.
    signal(&worker, "TERM");
    let out = worker.wait_with_output().unwrap();
    assert!(delivered(), "not woken: done only at its next poll");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(lines(&out.stdout).len(), 1, "{out:?}");
}
