//! `event record --batch` writes its rows in id order, past what it sorts in
//! memory: its answers still come line for line, an event id given again
//! anywhere in the batch sees the first one written, and a first attempt
//! stored before the batch is answered as stored, on both backends.

mod common;

use serde_json::Value;

fn outbox(db: &str, args: &[&str], stdin: &str) -> String {
    common::ok(common::outbox_on(db, args, stdin))
}

/// Lines that every so often give one of five event ids again.
const LINES: usize = 40_000;

fn line(i: usize) -> String {
    if i % 1000 == 999 {
        format!(
            "{{\"eventId\": \"again{}\", \"type\": \"t\", \"subject\": \"again at {i}\"}}\n",
            i / 1000 % 5
        )
    } else {
        format!("{{\"type\": \"t\", \"subject\": \"s{i}\", \"payload\": {{\"i\": {i}}}}}\n")
    }
}

fn record_in_id_order(db: &str) {
    let subscribe: Vec<&str> = "sub create --client c --types t --any-target"
        .split(' ')
        .collect();
    outbox(db, &subscribe, "");
    let lines: String = (0..LINES).map(line).collect();
    let answers: Vec<Value> = outbox(db, &["event", "record", "--batch", "-", "--json"], &lines)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), LINES);
    // The batch holds each event while it sorts them: more than the 8 MiB
    // it sorts in memory.
    let events: usize = answers.iter().map(|a| a["event"].to_string().len()).sum();
    assert!(events > 8 << 20, "{events} bytes of events");
    let mut first_of = std::collections::HashMap::new();
    for (i, answer) in answers.iter().enumerate() {
        let event = &answer["event"];
        let deliveries = answer["deliveries"].as_array().unwrap();
        assert_eq!(deliveries.len(), 1, "line {i}");
        if i % 1000 == 999 {
            assert_eq!(event["subject"], format!("again at {i}"), "line {i}");
            let id = event["eventId"].as_str().unwrap().to_owned();
            let first = *first_of.entry(id).or_insert(i);
            // A repeat answers the first attempt the first one made.
            let made: &Value = &answers[first]["deliveries"][0];
            assert_eq!(&deliveries[0], made, "line {i} answers as stored");
            assert_eq!(made["meta"]["subject"], format!("again at {first}"));
        } else {
            assert_eq!(
                event["subject"],
                format!("s{i}"),
                "line {i} answers line {i}"
            );
            assert_eq!(event["payload"]["i"], i);
        }
    }
    assert_eq!(first_of.len(), 5);
    let distinct = LINES - LINES / 1000 + 5;
    let stats: Value = serde_json::from_str(&outbox(db, &["stats", "--json"], "")).unwrap();
    assert_eq!(stats["stats"]["total"], distinct, "{stats}");
    let recount: Value =
        serde_json::from_str(&outbox(db, &["stats", "--recount", "--json"], "")).unwrap();
    assert_eq!(stats, recount);
    // The last of a repeated id is what stays.
    let kept: Value =
        serde_json::from_str(&outbox(db, &["event", "get", "again0", "--json"], "")).unwrap();
    let last = (0..LINES).rev().find(|i| i % 5000 == 999).unwrap();
    assert_eq!(kept["event"]["subject"], format!("again at {last}"));
    // Found again by subject and by event, whose indexes a large batch
    // into a small file builds at its end.
    let by_subject: Value = serde_json::from_str(&outbox(
        db,
        &["event", "list", "--subject", "s12345", "--json"],
        "",
    ))
    .unwrap();
    assert_eq!(by_subject["events"].as_array().unwrap().len(), 1);
    assert_eq!(by_subject["events"][0]["payload"]["i"], 12345);
    let event_id = by_subject["events"][0]["eventId"].as_str().unwrap();
    let by_event: Value = serde_json::from_str(&outbox(
        db,
        &["delivery", "list", "--event", event_id, "--json"],
        "",
    ))
    .unwrap();
    assert_eq!(by_event["deliveries"].as_array().unwrap().len(), 1);
}

/// A large batch (or an import) into a new file sets indexes aside while it
/// writes: they are all there again afterwards, as created.
#[test]
fn a_large_batch_leaves_the_schema_as_it_found_it() {
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("fresh.db").to_str().unwrap().to_owned();
    outbox(&fresh, &["init"], "");
    let batched = dir.path().join("batched.db").to_str().unwrap().to_owned();
    let lines: String = (0..20_000).map(line).collect();
    outbox(&batched, &["event", "record", "--batch", "-"], &lines);
    rebuilt_as_created(&batched, &fresh);
    // An import into a new file does the same.
    let imported = dir.path().join("imported.db").to_str().unwrap().to_owned();
    let exported = outbox(&batched, &["export"], "");
    outbox(&imported, &["import", "-"], &exported);
    rebuilt_as_created(&imported, &fresh);
    assert_eq!(outbox(&imported, &["export"], ""), exported);
}

/// `db` has the schema of `fresh`, whole, with the secondary indexes a
/// large batch enters built last (all but the unique index of delivery
/// ids, which its inserts need, and the partial ones its rows do not enter).
fn rebuilt_as_created(db: &str, fresh: &str) {
    assert_eq!(common::schema(db), common::schema(fresh));
    let conn = rusqlite::Connection::open(db).unwrap();
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    // Built again at the end of the batch, they come last.
    let mut set_aside = [
        "deliveries_by_client",
        "deliveries_by_event",
        "deliveries_by_status",
        "deliveries_by_sub",
        "deliveries_by_transport",
        "deliveries_queued",
        "events_by_source",
        "events_by_status",
        "events_by_subject",
        "events_by_target",
        "events_by_time",
        "events_by_type",
    ];
    let mut latest = conn
        .prepare("SELECT name FROM sqlite_master ORDER BY rowid DESC LIMIT ?1")
        .unwrap();
    let mut latest: Vec<String> = latest
        .query_map([set_aside.len() as i64], |row| row.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    latest.sort();
    set_aside.sort();
    assert_eq!(latest, set_aside);
}

on_both_backends!(
    record_in_id_order,
    a_batch_past_memory_is_written_in_id_order_on_sqlite,
    a_batch_past_memory_is_written_in_id_order_on_postgres,
    "batch"
);

/// An event recorded again in a batch answers the first attempt as stored
/// (here claimed), not as it would be made anew: a batch skips looking its
/// first attempts up only where the outbox holds no deliveries at all.
fn answers_stored_first_attempts(db: &str) {
    let subscribe: Vec<&str> = "sub create --client c --types t --any-target"
        .split(' ')
        .collect();
    outbox(db, &subscribe, "");
    outbox(db, &["event", "record", "--type", "t", "--id", "e1"], "");
    outbox(db, &["delivery", "claim", "--worker", "w"], "");
    let lines = "{\"eventId\": \"e1\", \"type\": \"t\"}\n{\"eventId\": \"e2\", \"type\": \"t\"}\n";
    let answers: Vec<Value> = outbox(db, &["event", "record", "--batch", "-", "--json"], lines)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers[0]["deliveries"][0]["status"], "claimed");
    assert_eq!(answers[0]["deliveries"][0]["claimedBy"], "w");
    assert_eq!(answers[1]["deliveries"][0]["status"], "queued");
}

on_both_backends!(
    answers_stored_first_attempts,
    a_batch_answers_first_attempts_as_stored,
    a_batch_answers_first_attempts_as_stored_on_postgres,
    "batch_stored_firsts"
);

/// The same in a large batch into an outbox with no events but a delivery
/// made by hand: on PostgreSQL an initial load, which holds the tables and
/// skips the lookups only where no delivery is stored at all.
fn answers_a_hand_made_first_attempt_in_a_large_batch(db: &str) {
    let subscribe: Vec<&str> = "sub create --client c --types t --any-target --id s1"
        .split(' ')
        .collect();
    outbox(db, &subscribe, "");
    outbox(
        db,
        &[
            "delivery", "create", "--event", "e1", "--sub", "s1", "--client", "c",
        ],
        "",
    );
    outbox(db, &["delivery", "claim", "--worker", "w"], "");
    let lines: String = std::iter::once("{\"eventId\": \"e1\", \"type\": \"t\"}\n".to_owned())
        .chain((1..12_000).map(line))
        .collect();
    let answers = outbox(db, &["event", "record", "--batch", "-", "--json"], &lines);
    let first: Value = serde_json::from_str(answers.lines().next().unwrap()).unwrap();
    assert_eq!(first["event"]["eventId"], "e1");
    assert_eq!(first["deliveries"][0]["status"], "claimed", "{first}");
}

on_both_backends!(
    answers_a_hand_made_first_attempt_in_a_large_batch,
    a_large_batch_answers_a_hand_made_first_attempt_as_stored,
    a_large_batch_answers_a_hand_made_first_attempt_as_stored_on_postgres,
    "batch_hand_made_first"
);
