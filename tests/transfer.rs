//! `outbox export` / `outbox import`: a round trip between databases, SQLite
//! and PostgreSQL, loses nothing; a bad line imports nothing.

mod common;

use assert_cmd::Command;
use common::{ok, outbox_on as outbox};

/// A database that has seen every kind of record and state.
fn source(dir: &std::path::Path) -> String {
    let db = dir.join("source.db").to_str().unwrap().to_owned();
    ok(outbox(
        &db,
        &[
            "sub",
            "create",
            "--client",
            "Zoë",
            "--types",
            "a,b",
            "--any-target",
            "--meta",
            "{\"big\": 123456789012345678901234567890}",
        ],
        "",
    ));
    ok(outbox(
        &db,
        &[
            "sub",
            "create",
            "--client",
            "hooks",
            "--types",
            "*",
            "--transport",
            "webhook",
            "--filter",
            "source=shop",
        ],
        "",
    ));
    let batch = "{\"type\": \"a\", \"subject\": \"1\", \"payload\": {\"f\": 1.5e-07, \"n\": [1.0, {\"z\": null}]}}\n\
                 {\"type\": \"b\", \"source\": \"shop\", \"target\": \"hooks\", \"payload\": {\"😀\": \"✓\"}}\n";
    ok(outbox(&db, &["event", "record", "--batch", "-"], batch));
    let claimed = ok(outbox(
        &db,
        &["delivery", "claim", "--worker", "w", "--json"],
        "",
    ));
    let id = serde_json::from_str::<serde_json::Value>(&claimed).unwrap()["delivery"]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned();
    ok(outbox(
        &db,
        &[
            "delivery", "fail", &id, "--worker", "w", "--error", "boom", "--delay", "30",
        ],
        "",
    ));
    let events = ok(outbox(&db, &["event", "list", "--json"], ""));
    let event = serde_json::from_str::<serde_json::Value>(&events).unwrap()["events"][0]["eventId"]
        .as_str()
        .unwrap()
        .to_owned();
    ok(outbox(
        &db,
        &["event", "ack", &event, "--ack", "{\"by\": \"ops\"}"],
        "",
    ));
    db
}

fn round_trip(from: &str, to: &str) {
    let exported = ok(outbox(from, &["export"], ""));
    assert!(exported.lines().count() >= 8, "{exported}");
    let imported = ok(outbox(to, &["import", "-", "--json"], &exported));
    assert!(imported.contains("\"deliveries\":"), "{imported}");
    let again = ok(outbox(to, &["export"], ""));
    assert_eq!(again, exported, "the round trip changed something");
}

#[test]
fn sqlite_to_sqlite_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let from = source(dir.path());
    round_trip(&from, dir.path().join("copy.db").to_str().unwrap());
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn sqlite_to_postgres_and_back_loses_nothing() {
    let Some(url) = common::postgres("transfer") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let from = source(dir.path());
    round_trip(&from, &url);
    round_trip(&url, dir.path().join("back.db").to_str().unwrap());
    // The moved outbox keeps working: the failed delivery's retry is claimable later.
    let later = Command::cargo_bin("outbox")
        .unwrap()
        .env("OUTBOX_DB", &url)
        .env("OUTBOX_NOW", "1795975400")
        .args(["delivery", "claim", "--worker", "w2", "--json"])
        .output()
        .unwrap();
    assert!(later.status.success(), "{later:?}");
}

#[test]
fn a_bad_line_imports_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let from = source(dir.path());
    let mut exported = ok(outbox(&from, &["export"], ""));
    exported.push_str("{\"gadget\": {}}\n");
    let to = dir.path().join("copy.db").to_str().unwrap().to_owned();
    let output = outbox(&to, &["import", "-", "--json"], &exported);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains(&format!("line {}", exported.lines().count()))
    );
    assert!(
        !std::path::Path::new(&to).exists(),
        "nothing was imported, and no file was left"
    );
}

/// Imports `count` events' worth of records over an outbox that already
/// holds them in other states, with the last delivery given twice: every
/// row is replaced (the later of a repeated id wins) and the kept counts
/// move with the rows they replace. Enough records for several chunks.
fn import_replaces_rows(to: &str) {
    let dir = tempfile::tempdir().unwrap();
    let from = dir.path().join("many.db").to_str().unwrap().to_owned();
    let subscribe: Vec<&str> = "sub create --client c --types t --any-target"
        .split(' ')
        .collect();
    ok(outbox(&from, &subscribe, ""));
    let batch: String = (0..1200)
        .map(|i| format!("{{\"type\": \"t\", \"subject\": \"{i}\"}}\n"))
        .collect();
    ok(outbox(&from, &["event", "record", "--batch", "-"], &batch));
    let exported = ok(outbox(&from, &["export"], ""));
    ok(outbox(to, &["import", "-"], &exported));
    ok(outbox(
        to,
        &["delivery", "claim", "--batch", "300", "--worker", "w"],
        "",
    ));
    let last = exported.lines().last().unwrap();
    assert!(last.contains("\"status\":\"queued\""), "{last}");
    let canceled = last.replace("\"status\":\"queued\"", "\"status\":\"canceled\"");
    let again = format!("{exported}{canceled}\n");
    let imported = ok(outbox(to, &["import", "-", "--json"], &again));
    assert!(imported.contains("\"deliveries\":1201"), "{imported}");
    let expected = format!(
        "{}{canceled}\n",
        exported.strip_suffix(&format!("{last}\n")).unwrap()
    );
    assert_eq!(ok(outbox(to, &["export"], "")), expected);
    let kept = ok(outbox(to, &["stats", "--json"], ""));
    assert_eq!(kept, ok(outbox(to, &["stats", "--recount", "--json"], "")));
    let stats: serde_json::Value = serde_json::from_str(&kept).unwrap();
    let by_status = &stats["stats"]["byStatus"];
    assert_eq!(by_status["queued"], 1199, "{kept}");
    assert_eq!(by_status["canceled"], 1, "{kept}");
    assert!(by_status.get("claimed").is_none(), "{kept}");
}

on_both_backends!(
    import_replaces_rows,
    an_import_replaces_rows_and_their_counts_on_sqlite,
    an_import_replaces_rows_and_their_counts_on_postgres,
    "transfer_replaces"
);
