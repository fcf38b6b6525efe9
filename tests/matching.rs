//! Which subscriptions an event reaches: `prefix.*` type patterns (a
//! documented deviation from the reference), refused `*` elsewhere, and
//! `sub match --explain`. On SQLite and (when at hand) PostgreSQL.

mod common;

use common::db::{Db, NOW};
use serde_json::Value;

fn clients(answer: &Value, key: &str) -> Vec<String> {
    let mut found: Vec<String> = answer[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["clientId"].as_str().unwrap().to_owned())
        .collect();
    found.sort();
    found
}

test_on_both!(
    trailing_dot_star_patterns_match_every_type_below_them,
    "patterns"
);
fn trailing_dot_star_patterns_match_every_type_below_them(db: Db) {
    for (client, types) in [
        ("orders", "order.*"),
        ("paid", "order.paid.*"),
        ("exact", "order.paid"),
        ("all", "*"),
        ("users", "user.*"),
    ] {
        db.json(
            NOW,
            &[
                "sub",
                "create",
                "--client",
                client,
                "--types",
                types,
                "--any-target",
            ],
        );
    }
    for (event_type, expected) in [
        ("order.created", vec!["all", "orders"]),
        ("order.paid", vec!["all", "exact", "orders"]),
        ("order.paid.late", vec!["all", "orders", "paid"]),
        ("order", vec!["all"]),
        ("orders.x", vec!["all"]),
    ] {
        let recorded = db.json(NOW, &["event", "record", "--type", event_type]);
        let reached = match recorded.get("deliveries") {
            Some(_) => clients(&recorded, "deliveries"),
            None => Vec::new(),
        };
        assert_eq!(reached, expected, "{event_type}");
        let matched = db.json(NOW, &["sub", "match", "--type", event_type]);
        assert_eq!(
            clients(&matched, "subscriptions"),
            expected,
            "match {event_type}"
        );
    }
    let listed = db.json(NOW, &["sub", "list", "--type", "order.paid.late"]);
    assert_eq!(clients(&listed, "subscriptions"), ["all", "orders", "paid"]);

    for bad in ["ord*er", "order.*.paid", "*.created", "order*", ".*"] {
        let out = db.output(NOW, &["sub", "create", "--client", "x", "--types", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {out:?}");
        let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(answer["error"], "invalid:types");
    }
    let id = db.json(NOW, &["sub", "list", "--client", "users"])["subscriptions"][0]["subId"]
        .as_str()
        .unwrap()
        .to_owned();
    let out = db.output(NOW, &["sub", "update", &id, "--types", "user.*.x"]);
    assert_eq!(out.status.code(), Some(2));
}

test_on_both!(explain_says_why_a_subscription_does_not_match, "explain");
fn explain_says_why_a_subscription_does_not_match(db: Db) {
    db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "billing",
            "--types",
            "order.created",
        ],
    );
    db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "any",
            "--types",
            "order.created",
            "--any-target",
        ],
    );
    db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "shop-only",
            "--types",
            "order.*",
            "--any-target",
            "--filter",
            "source=shop",
        ],
    );
    let paused = db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "paused",
            "--types",
            "*",
            "--any-target",
        ],
    );
    db.json(
        NOW,
        &[
            "sub",
            "pause",
            paused["subscription"]["subId"].as_str().unwrap(),
        ],
    );
    db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "other",
            "--types",
            "user.created",
            "--any-target",
        ],
    );

    let plain = db.json(NOW, &["sub", "match", "--type", "order.created"]);
    assert!(
        plain.get("considered").is_none(),
        "the reference's shape without --explain"
    );
    let explained = db.json(
        NOW,
        &["sub", "match", "--type", "order.created", "--explain"],
    );
    assert_eq!(clients(&explained, "subscriptions"), ["any"]);
    let considered = explained["considered"].as_array().unwrap();
    assert_eq!(
        considered.len(),
        4,
        "other types are not considered: {considered:?}"
    );
    let why = |client: &str| -> String {
        let c = considered.iter().find(|c| c["clientId"] == client).unwrap();
        c["whyNot"].as_str().unwrap_or("").to_owned()
    };
    assert!(
        why("billing").contains("only target \"billing\""),
        "{}",
        why("billing")
    );
    assert!(why("billing").contains("--any-target"));
    assert!(why("shop-only").contains("source filter"));
    assert_eq!(why("paused"), "it is paused");
    assert_eq!(why("any"), "");
    let human = db.text(
        NOW,
        &["sub", "match", "--type", "order.created", "--explain"],
    );
    assert!(human.contains("1 subscription of 4 considered"), "{human}");
}
