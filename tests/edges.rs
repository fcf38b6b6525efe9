//! Input at the edges, through the binary: durations past any clock,
//! negative ones in both spellings, clocks and offsets out of range, NDJSON
//! values of the wrong kind, a closed pipe, page footers and terminal widths.
//! Each was once accepted, wrapped, panicked or misreported.

mod common;

use common::db::{Db, NOW};
use std::process::Output;

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Refused as bad usage (exit 2), with `words` in its one line.
fn refused_with(out: Output, words: &str) {
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let message = stderr(&out);
    assert!(message.contains(words), "wanted {words:?} in {message}");
    assert_eq!(message.lines().count(), 1, "{message}");
}

#[test]
fn durations_past_any_clock_are_too_long_not_a_panic() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    for args in [
        &["delivery", "claim", "--wait", "9223372036854775807"][..],
        &["delivery", "claim", "--wait", "2562047788015215h"],
        &["delivery", "claim", "--lease", "18446744073709551615s"],
        &["work", "--grace", "9223372036854775807s", "--drain"],
        &["work", "--lease", "36501d", "--drain"],
        &["prune", "--older-than", "99999999999999999999d"],
    ] {
        refused_with(db.cmd(NOW, args).output().unwrap(), "too long a duration");
    }
    // The longest one taken still fits any clock outbox accepts.
    db.record(NOW, "t", "s");
    let claimed = db.json(
        253_402_300_799,
        &["delivery", "claim", "--worker", "w", "--lease", "36500d"],
    );
    let expires = claimed["delivery"]["leaseExpiresAt"].as_i64().unwrap();
    assert!(expires > 253_402_300_799, "{claimed}");
}

#[test]
fn a_negative_duration_is_named_so_in_both_spellings() {
    let db = Db::sqlite();
    for args in [
        &["work", "--lease", "-5s"][..],
        &["work", "--lease=-5s"],
        &["work", "--grace", "-1m"],
        &["delivery", "claim", "--lease", "-5s"],
        &["delivery", "claim", "--lease=-5s"],
        &["delivery", "claim", "--wait", "-5"],
        &["relay", "run", "--from", "app.db", "--poll-max", "-5s"],
        &["--busy-timeout", "-1s", "stats"],
    ] {
        let out = db.cmd(NOW, args).output().unwrap();
        assert!(
            !stderr(&out).contains("'-- -"),
            "{args:?}: {}",
            stderr(&out)
        );
        refused_with(out, "must not be negative");
    }
}

#[test]
fn clocks_outside_years_1970_to_9999_are_refused_not_wrapped() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    for now in ["9223372036854775807", "-1", "253402300800"] {
        let out = db
            .cmd(NOW, &["delivery", "claim", "--lease", "24h"])
            .env("OUTBOX_NOW", now)
            .output()
            .unwrap();
        refused_with(out, "OUTBOX_NOW must lie in years 1970-9999");
    }
    for at in ["-5", "253402300800", "9223372036854775807"] {
        let out = db
            .cmd(NOW, &["event", "record", "--type", "t", "--created-at", at])
            .output()
            .unwrap();
        refused_with(out, "must lie in years 1970-9999");
    }
    let before = db.state();
    let out = db
        .cmd(NOW, &["event", "record", "--batch", "-"])
        .write_stdin("{\"type\": \"t\"}\n{\"type\": \"t\", \"createdAt\": 99999999999999}\n")
        .output()
        .unwrap();
    refused_with(out, "createdAt must lie in years 1970-9999");
    assert_eq!(db.state(), before);
}

#[test]
fn time_zone_offsets_out_of_range_are_refused() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    for zone in ["+99:99", "+24:00", "+00:60", "-24:00"] {
        let since = format!("2026-11-29T18:00:00{zone}");
        let out = db
            .cmd(NOW, &["delivery", "replay", "--since", &since, "--dry-run"])
            .output()
            .unwrap();
        refused_with(out, "is not a time");
    }
    let fine = db
        .cmd(
            NOW,
            &[
                "delivery",
                "replay",
                "--since",
                "2026-11-29T18:00:00+23:59",
                "--dry-run",
            ],
        )
        .output()
        .unwrap();
    assert!(fine.status.success(), "{fine:?}");
}

#[test]
fn ndjson_values_that_would_become_a_python_repr_are_refused() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    let before = db.state();
    for (line, words) in [
        (
            r#"{"type": true}"#,
            "type must be a string or a number, not a boolean",
        ),
        (
            r#"{"event": {"type": "t"}}"#,
            "event must be a string or a number, not an object",
        ),
        (
            r#"{"type": ["a"]}"#,
            "type must be a string or a number, not an array",
        ),
        (
            r#"{"type": "t", "status": {}}"#,
            "status must be a string, not an object",
        ),
        (
            r#"{"type": "t", "status": 0}"#,
            "status must be a string, not a number",
        ),
        (
            r#"{"type": "t", "eventId": {"a": 1}}"#,
            "eventId must be a string or a number",
        ),
        (
            r#"{"type": "t", "createdAt": true}"#,
            "createdAt must be an integer, not a boolean",
        ),
    ] {
        let out = db
            .cmd(NOW, &["event", "record", "--batch", "-"])
            .write_stdin(format!("{{\"type\": \"fine\"}}\n{line}\n"))
            .output()
            .unwrap();
        refused_with(out, words);
        assert_eq!(db.state(), before, "{line} wrote something");
    }
    // What a flag could give stays as the reference reads it: a number is
    // its text, "+5" is 5.
    let answers = db.json_with_stdin(
        NOW,
        &["event", "record", "--batch", "-"],
        "{\"type\": 5, \"createdAt\": \"+5\"}\n",
    );
    assert_eq!(answers[0]["event"]["type"], "5");
    assert_eq!(answers[0]["event"]["createdAt"], 5);
}

#[test]
fn help_into_a_closed_pipe_ends_quietly() {
    for args in [
        &["work", "--help"][..],
        &["--help"],
        &["delivery", "claim", "--help"],
    ] {
        // The reading end is closed before the process starts, so every
        // write of the help meets a closed pipe.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("outbox"))
            .args(args)
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn a_page_footer_counts_in_the_plural_of_its_total() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    db.record(NOW, "t", "a");
    db.record(NOW + 1, "t", "b");
    let events = db.text(NOW, &["event", "list", "--limit", "1"]);
    assert!(events.contains("1 of 2 events"), "{events}");
    let deliveries = db.text(NOW, &["delivery", "list", "--limit", "1"]);
    assert!(deliveries.contains("1 of 2 deliveries"), "{deliveries}");
}

/// A terminal that reports no width (`stty size` says `0 0`, as under
/// `script`) is one of unknown width: cells keep their text.
#[test]
fn a_terminal_width_of_zero_is_unknown_not_narrow() {
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!(
            "skipped: `script` (util-linux), which gives the command a terminal, is not installed"
        );
        return;
    }
    let db = Db::sqlite();
    db.sub(&["--types", "order.created"]);
    db.record(NOW, "order.created", "a");
    let outbox = assert_cmd::cargo::cargo_bin("outbox");
    for columns in ["", "COLUMNS=0 "] {
        let line = format!(
            "stty cols 0 rows 0; {columns}OUTBOX_DB='{}' '{}' delivery list --color never",
            db.target,
            outbox.display()
        );
        let out = std::process::Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .env_remove("COLUMNS")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("billing") && text.contains("order.created"),
            "{columns}: {text}"
        );
    }
}

/// Runs outbox with `args` (stdin from `/dev/zero` when asked) and gives it
/// ten seconds: an endless input read whole would still be growing.
fn finishes_refused(args: &[&str], zero_stdin: bool) -> Output {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    let stdin = if zero_stdin {
        std::process::Stdio::from(std::fs::File::open("/dev/zero").unwrap())
    } else {
        std::process::Stdio::null()
    };
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("outbox"))
        .env("OUTBOX_DB", &db.target)
        .args(args)
        .stdin(stdin)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(10) {
            let _ = child.kill();
            panic!("{args:?} was still reading after 10 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn endless_input_is_refused_at_its_limit_not_read_whole() {
    for (args, zero_stdin, words) in [
        (
            &["event", "record", "--type", "t", "--payload", "@/dev/zero"][..],
            false,
            "--payload is over the limit",
        ),
        (
            &["event", "record", "--type", "t", "--payload", "-"],
            true,
            "--payload is over the limit",
        ),
        (
            &["event", "record", "--batch", "/dev/zero"],
            false,
            "the line is over the limit",
        ),
        (
            &["event", "record", "--batch", "-"],
            true,
            "the line is over the limit",
        ),
        (&["import", "/dev/zero"], false, "longer than any record"),
    ] {
        let out = finishes_refused(args, zero_stdin);
        refused_with(out, words);
    }
    // The largest of those processes stayed small (RSS in KiB).
    // SAFETY: getrusage(2) fills the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    assert_eq!(
        unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) },
        0
    );
    assert!(
        usage.ru_maxrss < 100 * 1024,
        "a child peaked at {} KiB",
        usage.ru_maxrss
    );
}

/// `{"a": {"a": ... 1}}`, `levels` objects deep.
fn nested(levels: usize) -> String {
    format!("{}1{}", "{\"a\": ".repeat(levels), "}".repeat(levels))
}

#[test]
fn one_depth_limit_holds_for_every_way_in_and_what_is_recorded_imports() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    let before = db.state();
    for depth in [101, 126, 127] {
        let payload = nested(depth);
        let out = db
            .cmd(
                NOW,
                &["event", "record", "--type", "t", "--payload", &payload],
            )
            .output()
            .unwrap();
        refused_with(out, "over the limit of 100");
        let line = format!("{{\"type\": \"t\", \"payload\": {payload}}}\n");
        let out = db
            .cmd(NOW, &["event", "record", "--batch", "-"])
            .write_stdin(line)
            .output()
            .unwrap();
        refused_with(out, "over the limit of 100");
    }
    assert_eq!(db.state(), before);
    // The deepest payload taken is exported and imported again whole.
    db.json(
        NOW,
        &["event", "record", "--type", "t", "--payload", &nested(100)],
    );
    let exported = db.cmd(NOW, &["export"]).output().unwrap();
    assert!(exported.status.success());
    let copy = Db::sqlite();
    let out = copy
        .cmd(NOW, &["import", "-"])
        .write_stdin(exported.stdout.clone())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let again = copy.cmd(NOW, &["export"]).output().unwrap();
    assert_eq!(again.stdout, exported.stdout);
}

#[test]
fn an_id_is_echoed_escaped_and_cut_in_messages_and_whole_in_json() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    // As long as one argument may be (128 KiB is the kernel's limit).
    let long = "x".repeat(100_000);
    for (id, shown) in [
        ("delv_a\nb", "delv_a\\nb"),
        ("delv_a\u{1}b", "delv_a\\u{1}b"),
        (long.as_str(), "… (100000 bytes in all)"),
    ] {
        let out = db
            .cmd(NOW, &["delivery", "get", id, "--json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let message = stderr(&out);
        assert_eq!(message.lines().count(), 1, "{message:.200}");
        assert!(message.contains(shown), "{message:.200}");
        assert!(message.len() < 300, "{} bytes", message.len());
        let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(answer["deliveryId"], id, "the JSON keeps the id as given");
    }
}
