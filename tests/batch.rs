//! `event record --batch` writes its rows in id order, past what it sorts in
//! memory: its answers still come line for line, and an event id given
//! again anywhere in the batch sees the first one written, on both backends.

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
}

on_both_backends!(
    record_in_id_order,
    a_batch_past_memory_is_written_in_id_order_on_sqlite,
    a_batch_past_memory_is_written_in_id_order_on_postgres,
    "batch"
);
