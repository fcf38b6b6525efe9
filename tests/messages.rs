//! Input refused when it is given, not when it is used, and messages that
//! say what happened and what to do, through the binary: durations on every
//! time-valued flag, negative ones refused, inverted windows, ids of the
//! wrong kind or too short, a missing folder, the help a usage error names.

mod common;

use common::db::{Db, NOW};
use serde_json::Value;

test_on_both!(
    every_time_valued_flag_takes_durations_and_refuses_negative_ones,
    "every_time_valued_flag"
);
fn every_time_valued_flag_takes_durations_and_refuses_negative_ones(db: Db) {
    db.sub(&["--types", "t"]);
    for subject in ["a", "b", "c"] {
        db.record(NOW, "t", subject);
    }
    let claimed = db.json(
        NOW,
        &["delivery", "claim", "--worker", "w", "--lease", "5m"],
    );
    assert_eq!(claimed["delivery"]["leaseExpiresAt"], NOW + 300);
    let id = claimed["delivery"]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned();
    let renewed = db.json(
        NOW,
        &["delivery", "renew", &id, "--worker", "w", "--lease", "1h"],
    );
    assert_eq!(renewed["delivery"]["leaseExpiresAt"], NOW + 3600);
    // Plain seconds still work.
    let renewed = db.json(
        NOW,
        &["delivery", "renew", &id, "--worker", "w", "--lease", "90"],
    );
    assert_eq!(renewed["delivery"]["leaseExpiresAt"], NOW + 90);

    let before = db.state();
    for args in [
        vec!["delivery", "claim", "--worker", "w", "--lease", "-5"],
        vec!["delivery", "renew", &id, "--worker", "w", "--lease", "-5"],
        vec!["delivery", "fail", &id, "--worker", "w", "--delay", "-1m"],
        vec![
            "delivery", "release", &id, "--worker", "w", "--delay", "-30",
        ],
        vec!["delivery", "claim", "--worker", "w", "--lease", "5 minutes"],
    ] {
        let out = db.output(NOW, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(answer["error"], "invalid:usage", "{args:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        let flag = if args.contains(&"--lease") {
            "--lease"
        } else {
            "--delay"
        };
        assert!(said.contains(flag), "{args:?}: {said}");
        assert_eq!(db.state(), before, "{args:?} wrote nothing");
    }

    let failed = db.json(
        NOW,
        &[
            "delivery", "fail", &id, "--worker", "w", "--error", "x", "--delay", "2m",
        ],
    );
    assert_eq!(failed["retry"]["delivery"]["nextAttemptAt"], NOW + 120);
}

test_on_both!(an_inverted_window_is_refused, "an_inverted_window_is");
fn an_inverted_window_is_refused(db: Db) {
    db.record(NOW - 5400, "t", "a");
    let sub = db.sub(&["--types", "t"]);
    let before = db.state();
    for args in [
        vec!["delivery", "replay", "--since", "1h", "--until", "2h"],
        vec!["sub", "backfill", &sub, "--since", "1h", "--until", "2h"],
        vec!["delivery", "replay", "--since", "1h", "--until", "1h"],
    ] {
        let out = db.output(NOW, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(answer["error"], "invalid:window", "{args:?}");
        assert!(
            answer["message"]
                .as_str()
                .unwrap()
                .contains("--since 2h --until 1h")
        );
        assert_eq!(db.state(), before, "{args:?} wrote nothing");
    }
    // The same window the right way round finds the event.
    let replay = db.json(
        NOW,
        &[
            "sub",
            "backfill",
            &sub,
            "--since",
            "2h",
            "--until",
            "1h",
            "--dry-run",
        ],
    );
    assert_eq!(replay["count"], 1, "{replay}");
}

test_on_both!(
    ids_of_another_kind_or_too_short_are_named_as_such,
    "ids_of_another_kind"
);
fn ids_of_another_kind_or_too_short_are_named_as_such(db: Db) {
    db.sub(&["--types", "t"]);
    let event = db.record(NOW, "t", "a");
    let event_id = event["event"]["eventId"].as_str().unwrap();
    let said = |args: &[&str]| {
        let out = db.cmd(NOW, args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {out:?}");
        String::from_utf8_lossy(&out.stderr).trim().to_owned()
    };
    assert_eq!(
        said(&["delivery", "get", event_id]),
        format!(
            "outbox: no delivery {event_id} ({event_id} is an event id: outbox event get {event_id})"
        )
    );
    assert_eq!(
        said(&["delivery", "get", "delv_7"]),
        "outbox: no delivery delv_7 (a short id needs 4 or more hex digits after delv_)"
    );
    assert!(said(&["sub", "get", event_id]).contains("is an event id"));
    // The JSON answer is the reference's.
    let out = db.output(NOW, &["delivery", "get", "delv_7"]);
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        answer,
        serde_json::json!({"ok": false, "error": "deliveryNotFound", "deliveryId": "delv_7"})
    );
}

#[test]
fn a_missing_folder_says_to_make_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("no-such-folder").join("outbox.db");
    for args in [
        &["stats"][..],
        &["init"],
        &["event", "record", "--type", "t"],
    ] {
        let out = assert_cmd::Command::cargo_bin("outbox")
            .unwrap()
            .arg("--db")
            .arg(&db)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{args:?}: {out:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("mkdir -p"), "{args:?}: {said}");
        assert!(!said.contains("`outbox init`"), "{args:?}: {said}");
    }
    assert!(!dir.path().join("no-such-folder").exists());
}

#[test]
fn a_usage_error_names_the_help_of_its_own_command() {
    for (args, help) in [
        (
            &["delivery", "claim", "--nope"][..],
            "see outbox delivery claim --help",
        ),
        (
            &["sub", "create", "--client"],
            "see outbox sub create --help",
        ),
        (&["--nope"], "see outbox --help"),
    ] {
        let out = assert_cmd::Command::cargo_bin("outbox")
            .unwrap()
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.trim_end().ends_with(help), "{args:?}: {said}");
    }
}

test_on_both!(messages_read_as_a_newcomer_needs_them, "messages_read_as_a");
fn messages_read_as_a_newcomer_needs_them(db: Db) {
    db.sub(&["--types", "t"]);
    db.record(NOW, "t", "a");
    let said = |args: &[&str], stdin: &str| {
        let out = db
            .cmd(NOW, args)
            .write_stdin(stdin.to_owned())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}: {out:?}");
        String::from_utf8_lossy(&out.stderr).trim().to_owned()
    };
    let queued = db.json(NOW, &["delivery", "list"])["deliveries"][0]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned();
    let redrive = said(&["delivery", "redrive", &queued], "");
    assert!(
        redrive.contains("it is queued, not a dead letter")
            && redrive.contains("delivery list --dead"),
        "{redrive}"
    );
    let batch = said(
        &["event", "record", "--batch", "-"],
        "{\"type\": \"t\"}\n{\"type\": \"t\", \"payload\": {\"a\": }}\n",
    );
    assert!(
        batch.starts_with("outbox: line 2: ")
            && batch.contains("at column")
            && !batch.contains("line 1"),
        "{batch}"
    );
    let watch = said(&["stats", "--watch", "0"], "");
    assert!(
        watch.contains("longer than zero") && !watch.contains("not a duration"),
        "{watch}"
    );
    let late = db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "late",
            "--types",
            "t",
            "--any-target",
        ],
    );
    let late = late["subscription"]["subId"].as_str().unwrap();
    let dry = db.text(NOW, &["sub", "backfill", late, "--dry-run"]);
    assert!(dry.contains("would be queued; nothing written"), "{dry}");
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_search_path_naming_no_schema_is_named() {
    let Some(url) = common::postgres("no_schema") else {
        return;
    };
    let url = url.replace("search_path%3D", "search_path%3Dnosuch_");
    let out = assert_cmd::Command::cargo_bin("outbox")
        .unwrap()
        .args(["--db", &url, "stats"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("CREATE SCHEMA nosuch_outbox_test_no_schema"),
        "{said}"
    );
    assert!(!said.contains("3F000"), "{said}");
}
