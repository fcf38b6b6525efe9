//! Ids as people copy them from tables: a unique prefix (with or without
//! its `evt_`/`sub_`/`delv_`) stands for the whole id; an ambiguous one is
//! refused naming candidates; one nothing starts with is not found. On
//! SQLite and (when at hand) PostgreSQL. The query plans are checked in
//! the SQLite store's EXPLAIN tests.

mod common;

use common::db::{Db, NOW};
use serde_json::Value;
use std::collections::HashMap;

test_on_both!(
    unique_prefixes_resolve_and_ambiguous_ones_are_refused,
    "prefixes"
);
fn unique_prefixes_resolve_and_ambiguous_ones_are_refused(db: Db) {
    let sub = db.json(
        NOW,
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
    let sub_id = sub["subscription"]["subId"].as_str().unwrap().to_owned();
    let lines: String = (0..1000)
        .map(|i| format!("{{\"type\": \"t\", \"subject\": \"s{i}\"}}\n"))
        .collect();
    db.json_with_stdin(NOW, &["event", "record", "--batch", "-"], &lines);
    // Every delivery id, from an export.
    let ids: Vec<String> = db
        .text(NOW, &["export"])
        .lines()
        .filter_map(|line| {
            let record: Value = serde_json::from_str(line).unwrap();
            record["delivery"]["deliveryId"].as_str().map(str::to_owned)
        })
        .collect();
    assert_eq!(ids.len(), 1000);
    let mut by_four: HashMap<&str, Vec<&str>> = HashMap::new();
    for id in &ids {
        by_four.entry(&id[5..9]).or_default().push(id);
    }
    let (shared, holders) = by_four
        .iter()
        .find(|(_, v)| v.len() > 1)
        .expect("1,000 ids share some four-digit prefix");
    let out = db.output(NOW, &["delivery", "get", shared]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["error"], "invalid:ambiguousId");
    let message = answer["message"].as_str().unwrap();
    for holder in holders.iter().take(5) {
        assert!(message.contains(holder), "{message} should list {holder}");
    }

    let (unique, whole) = by_four
        .iter()
        .find(|(_, v)| v.len() == 1)
        .map(|(p, v)| (*p, v[0]))
        .unwrap();
    for typed in [
        unique.to_owned(),
        format!("delv_{unique}"),
        whole[..13].to_owned(),
        unique.to_uppercase(),
    ] {
        let got = db.json(NOW, &["delivery", "get", &typed]);
        assert_eq!(got["delivery"]["deliveryId"], whole, "{typed}");
    }
    // Filters name events and subscriptions by prefix too.
    let event_id = db.json(NOW, &["delivery", "get", whole])["delivery"]["eventId"]
        .as_str()
        .unwrap()
        .to_owned();
    let by_event = db.json(NOW, &["delivery", "list", "--event", &event_id[..12]]);
    assert_eq!(by_event["count"], 1);
    assert_eq!(by_event["deliveries"][0]["deliveryId"], whole);
    let by_sub = db.json(NOW, &["stats", "--sub", &sub_id[..10]]);
    assert_eq!(by_sub["stats"]["total"], 1000);
    // A chain and a transition take prefixes too.
    let chain = db.json(NOW, &["delivery", "chain", &whole[..13]]);
    assert_eq!(chain["latestDeliveryId"], whole);
    let canceled = db.json(NOW, &["delivery", "cancel", unique]);
    assert_eq!(canceled["delivery"]["status"], "canceled");

    let absent = (0..=0xffff)
        .map(|n| format!("{n:04x}"))
        .find(|p| !by_four.contains_key(p.as_str()))
        .unwrap();
    let out = db.output(NOW, &["delivery", "get", &absent]);
    assert_eq!(out.status.code(), Some(1));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        answer,
        serde_json::json!({"ok": false, "error": "deliveryNotFound", "deliveryId": absent})
    );

    // What a table shows is an id that works.
    let table = db.text(NOW, &["sub", "list"]);
    let shown = table
        .lines()
        .nth(2)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    assert!(shown.starts_with("sub_") && shown.len() == 12, "{table}");
    let got = db.json(NOW, &["sub", "get", shown]);
    assert_eq!(got["subscription"]["subId"], sub_id.as_str());
    let events = db.text(NOW, &["event", "list", "--limit", "1"]);
    let shown = events
        .lines()
        .nth(2)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let got = db.json(NOW, &["event", "get", shown]);
    assert!(got["event"]["eventId"].as_str().unwrap().starts_with(shown));
}

test_on_both!(before_walks_every_list_page_by_page, "paging");
fn before_walks_every_list_page_by_page(db: Db) {
    db.json(
        NOW,
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
    let lines: String = (0..230)
        .map(|i| {
            format!(
                "{{\"type\": \"t\", \"subject\": \"s{i}\", \"createdAt\": {}}}\n",
                NOW - i % 7
            )
        })
        .collect();
    db.json_with_stdin(NOW, &["event", "record", "--batch", "-"], &lines);
    for (noun, key, id_key) in [
        ("delivery", "deliveries", "deliveryId"),
        ("event", "events", "eventId"),
    ] {
        let mut seen: Vec<(i64, String)> = Vec::new();
        let mut before: Option<String> = None;
        loop {
            let mut args = vec![noun, "list", "--limit", "100"];
            if let Some(last) = &before {
                args.extend(["--before", last.as_str()]);
            }
            let page = db.json(NOW, &args);
            let rows = page[key].as_array().unwrap();
            if rows.is_empty() {
                break;
            }
            for row in rows {
                seen.push((
                    row["createdAt"].as_i64().unwrap(),
                    row[id_key].as_str().unwrap().to_owned(),
                ));
            }
            before = Some(seen.last().unwrap().1.clone());
        }
        assert_eq!(seen.len(), 230, "{noun}: every row once");
        let mut sorted = seen.clone();
        sorted.sort_by(|a, b| b.cmp(a));
        assert_eq!(seen, sorted, "{noun}: newest first, pages in order");
    }
    // `delivery ready` pages in claim order, oldest first.
    let mut ready: Vec<(i64, String)> = Vec::new();
    let mut before: Option<String> = None;
    loop {
        let mut args = vec!["delivery", "ready", "--limit", "100"];
        if let Some(last) = &before {
            args.extend(["--before", last.as_str()]);
        }
        let page = db.json(NOW, &args);
        assert_eq!(page["total"], 230);
        let rows = page["deliveries"].as_array().unwrap();
        if rows.is_empty() {
            break;
        }
        for row in rows {
            ready.push((
                row["createdAt"].as_i64().unwrap(),
                row["deliveryId"].as_str().unwrap().to_owned(),
            ));
        }
        before = Some(ready.last().unwrap().1.clone());
    }
    let mut sorted = ready.clone();
    sorted.sort();
    assert_eq!(ready.len(), 230);
    assert_eq!(ready, sorted, "claim order, pages in order");
    // A full page says how many there are and how to go on.
    let table = db.text(NOW, &["delivery", "list", "--limit", "100"]);
    let tally = table.lines().last().unwrap();
    assert!(tally.starts_with("100 of 230 deliveries"), "{tally}");
    assert!(tally.contains("--before delv_"), "{tally}");
    let rest = db.text(NOW, &["delivery", "list", "--limit", "500"]);
    assert_eq!(rest.lines().last().unwrap(), "230 deliveries");
}
