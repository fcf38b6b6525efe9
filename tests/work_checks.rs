//! What `outbox work` checks and says before and while it works, through
//! the binary on both backends: a handler that cannot run is refused before
//! anything is claimed, deliveries it will never take are named, its
//! retries back off by default, and endpoints its senders cannot send to
//! fail the same way every time.

mod common;

use common::db::{Db, NOW};
use serde_json::Value;
use std::os::unix::fs::PermissionsExt;
use std::process::Output;

fn work(db: &Db, args: &[&str]) -> Output {
    db.cmd(NOW, &["work"]).args(args).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// One subscription of `billing` to `t` (with `extra` flags) and one event.
fn one_delivery(db: &Db, extra: &[&str]) -> String {
    let mut args = vec![
        "sub",
        "create",
        "--client",
        "billing",
        "--types",
        "t",
        "--any-target",
    ];
    args.extend_from_slice(extra);
    let sub = db.json(NOW, &args)["subscription"]["subId"]
        .as_str()
        .unwrap()
        .to_owned();
    db.record(NOW, "t", "s");
    sub
}

fn deliveries(db: &Db) -> Vec<Value> {
    db.json(NOW, &["delivery", "list"])["deliveries"]
        .as_array()
        .unwrap()
        .clone()
}

test_on_both!(
    a_handler_that_cannot_run_is_refused_before_anything_is_claimed,
    "a_handler_that_cannot"
);
fn a_handler_that_cannot_run_is_refused_before_anything_is_claimed(db: Db) {
    let dir = tempfile::tempdir().unwrap();
    one_delivery(&db, &[]);
    let not_executable = dir.path().join("handle.sh");
    std::fs::write(&not_executable, "#!/bin/sh\nexit 0\n").unwrap();
    std::fs::set_permissions(&not_executable, std::fs::Permissions::from_mode(0o644)).unwrap();
    let missing = dir.path().join("nosuch.sh");
    let before = db.state();
    for (handler, says) in [
        (missing.to_str().unwrap(), "does not exist"),
        (not_executable.to_str().unwrap(), "is not executable"),
        ("outbox-no-such-program", "is not a program on PATH"),
        (dir.path().to_str().unwrap(), "is a folder"),
    ] {
        let out = work(&db, &["--drain", "--", handler]);
        assert_eq!(out.status.code(), Some(2), "{handler}: {out:?}");
        let said = stderr(&out);
        assert_eq!(said.lines().count(), 1, "one line: {said}");
        assert!(said.contains(handler) && said.contains(says), "{said}");
        assert!(said.contains("nothing was claimed"), "{said}");
        assert_eq!(db.state(), before, "{handler}: nothing written");
    }
    // A program found on PATH runs.
    let out = work(&db, &["--drain", "--", "true"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(deliveries(&db)[0]["status"], "delivered");
}

test_on_both!(
    a_worker_without_a_handler_names_the_ready_deliveries_it_will_not_take,
    "a_worker_without_a"
);
fn a_worker_without_a_handler_names_the_ready_deliveries_it_will_not_take(db: Db) {
    one_delivery(&db, &[]);
    db.record(NOW, "t", "s2");
    let out = work(&db, &["--drain"]);
    assert!(out.status.success(), "{out:?}");
    let said = stderr(&out);
    assert_eq!(said.lines().count(), 1, "said once: {said}");
    assert!(
        said.contains("2 poll deliveries are ready that this worker will not take")
            && said.contains("-- CMD")
            && said.contains("outbox delivery claim"),
        "{said}"
    );
    assert!(deliveries(&db).iter().all(|d| d["status"] == "queued"));
    // Filters that match none of them: nothing to say.
    let out = work(&db, &["--drain", "--client", "nobody"]);
    assert_eq!(stderr(&out), "", "{out:?}");
    // A handler takes every transport: nothing to say either.
    let out = work(&db, &["--drain", "--", "true"]);
    assert_eq!(stderr(&out), "", "{out:?}");
}

test_on_both!(
    work_retries_a_subscription_without_a_schedule_after_its_default_backoff,
    "work_retries_a_subscription"
);
fn work_retries_a_subscription_without_a_schedule_after_its_default_backoff(db: Db) {
    let sub = one_delivery(&db, &[]);
    // Three failures at NOW, NOW+100, NOW+1000: each retry is due 10 s,
    // then 60 s later, each within ±20%; the third attempt is the last.
    let mut at = NOW;
    for (attempt, delay) in [(1, 10), (2, 60)] {
        let out = db
            .cmd(at, &["work", "--drain", "--json", "--", "false"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(answer["delivery"]["attempt"], attempt, "{answer}");
        let next = &answer["retry"]["delivery"];
        let due = next["nextAttemptAt"].as_i64().unwrap() - at;
        let band = (delay * 8 / 10)..=(delay * 12 / 10);
        assert!(
            band.contains(&due),
            "attempt {attempt}: due in {due}s, not in {band:?}"
        );
        assert_eq!(answer["retry"]["maxAttempts"], 3);
        at += 1000;
    }
    let out = db
        .cmd(at, &["work", "--drain", "--json", "--", "false"])
        .output()
        .unwrap();
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["retry"]["reason"], "maxAttempts", "{answer}");

    // By hand, the reference's rule stands: due at once.
    db.record(NOW + 5000, "t", "by-hand");
    let claimed = db.json(NOW + 5000, &["delivery", "claim", "--worker", "w"]);
    let id = claimed["delivery"]["deliveryId"].as_str().unwrap();
    let failed = db.fail(NOW + 5000, id, &[]);
    let due = failed["retry"]["delivery"]["nextAttemptAt"]
        .as_i64()
        .unwrap();
    assert!(due <= NOW + 5000, "due at once: {failed}");

    // sub get says which policy is in force.
    let card = db.text(NOW, &["sub", "get", &sub]);
    assert!(
        card.contains("3 attempts; outbox work retries after 10s, 1m, 10m ±20% (its default), delivery fail at once"),
        "{card}"
    );
    db.json(
        NOW,
        &[
            "sub",
            "update",
            &sub,
            "--retry-schedule",
            "5s,1h",
            "--max-attempts",
            "4",
        ],
    );
    let card = db.text(NOW, &["sub", "get", &sub]);
    assert!(card.contains("4 attempts, retried after 5s, 1h"), "{card}");
}

test_on_both!(
    endpoints_the_senders_cannot_send_to_warn_when_given_and_fail_without_retry,
    "endpoints_the_senders_cannot"
);
fn endpoints_the_senders_cannot_send_to_warn_when_given_and_fail_without_retry(db: Db) {
    for (endpoint, warned) in [
        (None, true),
        (Some("not a url"), true),
        (Some("ftp://files.example/x"), true),
        (Some("http://"), true),
        // Port 9 on loopback: refused at once, and retried.
        (Some("http://127.0.0.1:9/hooks"), false),
    ] {
        let mut args = vec![
            "sub",
            "create",
            "--client",
            "shop",
            "--types",
            "t",
            "--any-target",
            "--transport",
            "webhook",
        ];
        args.extend(endpoint.iter().flat_map(|e| ["--endpoint", *e]));
        let out = db.cmd(NOW, &args).arg("--json").output().unwrap();
        assert!(out.status.success(), "{endpoint:?}: {out:?}");
        let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(answer["ok"], true);
        let said = stderr(&out);
        assert_eq!(said.contains("warning:"), warned, "{endpoint:?}: {said}");
        if warned {
            assert_eq!(said.lines().count(), 1, "{said}");
            assert!(said.contains("http:// or https://"), "{said}");
        }
    }
    // An update to such an endpoint warns too; a poll subscription never.
    let sub = db.sub(&[
        "--types",
        "u",
        "--transport",
        "a2a",
        "--endpoint",
        "http://127.0.0.1:9/a2a",
    ]);
    let out = db
        .cmd(NOW, &["sub", "update", &sub, "--endpoint", "agent://c"])
        .output()
        .unwrap();
    assert!(
        out.status.success() && stderr(&out).contains("warning:"),
        "{out:?}"
    );
    let out = db
        .cmd(
            NOW,
            &[
                "sub",
                "create",
                "--client",
                "p",
                "--types",
                "t",
                "--endpoint",
                "agent://p",
            ],
        )
        .output()
        .unwrap();
    assert_eq!(stderr(&out), "", "{out:?}");

    // Sent by outbox work: failed for good, the same way each time.
    db.record(NOW, "t", "s");
    let out = db
        .cmd(
            NOW,
            &["work", "--drain", "--json", "--transport", "webhook"],
        )
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 5, "{answers:?}");
    let unsendable: Vec<&Value> = answers
        .iter()
        .filter(|a| a["retry"]["scheduled"] == false)
        .collect();
    assert_eq!(
        unsendable.len(),
        4,
        "only the loopback one is retried: {answers:?}"
    );
    for answer in unsendable {
        assert_eq!(answer["retry"]["scheduled"], false, "{answer}");
        let error = answer["delivery"]["lastError"].as_str().unwrap();
        assert!(error.starts_with("not sent: "), "{error}");
        assert!(error.contains("http:// or https://"), "{error}");
    }
}
