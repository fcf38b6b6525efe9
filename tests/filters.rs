//! The filters people reach for in lists, through the binary on both
//! backends: a window of time, and a delivery's event's type and subject.

mod common;

use common::db::{Db, NOW};
use serde_json::Value;

test_on_both!(
    event_and_delivery_lists_take_a_window_of_time,
    "list_window"
);
fn event_and_delivery_lists_take_a_window_of_time(db: Db) {
    db.sub(&["--types", "t"]);
    for (n, at) in [NOW - 7200, NOW - 3600, NOW - 60].into_iter().enumerate() {
        db.record(at, "t", &format!("s{n}"));
    }
    let subjects = |answer: &serde_json::Value, key: &str| -> Vec<String> {
        answer[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                r["subject"]
                    .as_str()
                    .or(r["meta"]["subject"].as_str())
                    .unwrap()
                    .to_owned()
            })
            .collect()
    };
    let events = db.json(NOW, &["event", "list", "--since", "2h", "--until", "30m"]);
    assert_eq!(subjects(&events, "events"), ["s1", "s0"], "{events}");
    let recent = db.json(NOW, &["event", "list", "--since", "10m"]);
    assert_eq!(subjects(&recent, "events"), ["s2"]);
    let deliveries = db.json(
        NOW,
        &["delivery", "list", "--since", "2h", "--until", "30m"],
    );
    assert_eq!(
        subjects(&deliveries, "deliveries"),
        ["s1", "s0"],
        "{deliveries}"
    );
    // People see the total of the window when a page is full.
    let page = db.text(NOW, &["delivery", "list", "--since", "3h", "--limit", "1"]);
    assert!(page.contains("1 of 3 deliveries"), "{page}");
    let page = db.text(NOW, &["delivery", "list", "--since", "90m", "--limit", "1"]);
    assert!(page.contains("1 of 2 deliveries"), "{page}");
    let out = db.output(NOW, &["event", "list", "--since", "1h", "--until", "2h"]);
    assert_eq!(out.status.code(), Some(2), "an inverted window: {out:?}");
}

test_on_both!(
    delivery_list_takes_an_events_type_and_subject,
    "list_type_subject"
);
fn delivery_list_takes_an_events_type_and_subject(db: Db) {
    db.sub(&["--types", "order.*"]);
    db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "ledger",
            "--any-target",
            "--types",
            "order.paid",
        ],
    );
    // Subject o-1 is created, then paid; o-2 only paid; o-3 shipped.
    let recorded: Vec<(Value, &str, &str)> = [
        ("order.created", "o-1"),
        ("order.paid", "o-1"),
        ("order.paid", "o-2"),
        ("order.shipped", "o-3"),
    ]
    .into_iter()
    .enumerate()
    .map(|(n, (event_type, subject))| {
        let event = db.record(NOW + n as i64, event_type, subject);
        (event, event_type, subject)
    })
    .collect();
    let all = db.json(NOW + 10, &["delivery", "list"]);
    // What each filter must answer: the whole list, those of the matching
    // events kept, in the list's order.
    let expected = |keep: &dyn Fn(&str, &str) -> bool, client: Option<&str>| -> Vec<Value> {
        all["deliveries"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| {
                let (_, event_type, subject) = recorded
                    .iter()
                    .find(|(e, _, _)| e["event"]["eventId"] == d["eventId"])
                    .unwrap();
                keep(event_type, subject) && client.is_none_or(|c| d["clientId"] == c)
            })
            .map(|d| d["deliveryId"].clone())
            .collect()
    };
    let ids = |answer: &Value| -> Vec<Value> {
        answer["deliveries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["deliveryId"].clone())
            .collect()
    };
    let about = db.json(NOW + 10, &["delivery", "list", "--subject", "o-1"]);
    assert_eq!(ids(&about), expected(&|_, s| s == "o-1", None), "{about}");
    assert_eq!(ids(&about).len(), 3);
    let paid = db.json(NOW + 10, &["delivery", "list", "--type", "order.paid"]);
    assert_eq!(ids(&paid), expected(&|t, _| t == "order.paid", None));
    assert_eq!(ids(&paid).len(), 4);
    let both = db.json(
        NOW + 10,
        &[
            "delivery",
            "list",
            "--type",
            "order.paid",
            "--subject",
            "o-1",
            "--client",
            "ledger",
        ],
    );
    assert_eq!(
        ids(&both),
        expected(&|t, s| t == "order.paid" && s == "o-1", Some("ledger"))
    );
    assert_eq!(ids(&both).len(), 1);
    let none = db.json(NOW + 10, &["delivery", "list", "--subject", "o-9"]);
    assert_eq!(ids(&none), Vec::<Value>::new());
    // A full page counts every match.
    let page = db.text(
        NOW + 10,
        &["delivery", "list", "--type", "order.paid", "--limit", "1"],
    );
    assert!(page.contains("1 of 4 deliveries"), "{page}");
    let page = db.text(
        NOW + 10,
        &["delivery", "list", "--subject", "o-1", "--limit", "1"],
    );
    assert!(page.contains("1 of 3 deliveries"), "{page}");
}

test_on_both!(a_rare_type_and_a_common_one_list_alike, "list_rare_type");
/// A type with few events is found through them, a common one by reading
/// deliveries newest first (`RARE_TYPE_EVENTS`, 10,000): both answer the
/// same way, newest first, with every match counted.
fn a_rare_type_and_a_common_one_list_alike(db: Db) {
    db.sub(&["--types", "*"]);
    let ticks: String = (0..10_001)
        .map(|n| format!("{{\"type\": \"tick\", \"subject\": \"s-{n}\"}}\n"))
        .collect();
    db.json_with_stdin(NOW, &["event", "record", "--batch", "-"], &ticks);
    let refunds: Vec<String> = (1..=3)
        .map(|n| {
            let answer = db.record(NOW + n, "order.refunded", "o-1");
            answer["event"]["eventId"].as_str().unwrap().to_owned()
        })
        .collect();
    let last_tick = db.record(NOW + 4, "tick", "s-last");
    let event_ids = |answer: &Value| -> Vec<String> {
        answer["deliveries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["eventId"].as_str().unwrap().to_owned())
            .collect()
    };
    let rare = db.json(NOW + 10, &["delivery", "list", "--type", "order.refunded"]);
    let newest_first: Vec<String> = refunds.iter().rev().cloned().collect();
    assert_eq!(event_ids(&rare), newest_first, "{rare}");
    let common = db.json(
        NOW + 10,
        &["delivery", "list", "--type", "tick", "--limit", "2"],
    );
    let listed = event_ids(&common);
    assert_eq!(listed.len(), 2, "{common}");
    assert_eq!(listed[0], last_tick["event"]["eventId"].as_str().unwrap());
    assert!(!refunds.contains(&listed[1]), "{common}");
    let page = db.text(
        NOW + 10,
        &["delivery", "list", "--type", "tick", "--limit", "1"],
    );
    assert!(page.contains("1 of 10,002 deliveries"), "{page}");
    let page = db.text(NOW + 10, &["delivery", "list", "--type", "order.refunded"]);
    assert!(page.contains("\n3 deliveries"), "{page}");
}
