//! Operational events through the binary on both backends: outbox records
//! `outbox.*` events about itself in the transaction of the change, only
//! for subscriptions of `outbox.` types (never `*`), never about a delivery
//! of its own events, and refuses them from applications.

mod common;

use common::db::{Db, NOW};
use common::receiver::{Answer, Receiver, Request};
use serde_json::Value;
use std::sync::Mutex;

/// Events of `event_type`, oldest first, each checked against the JSON
/// Schema `outbox schema events` gives for its payload.
fn events(db: &Db, event_type: &str) -> Vec<Value> {
    let answer = db.json(NOW + 1000, &["event", "list", "--type", event_type]);
    let mut found = answer["events"].as_array().unwrap().clone();
    found.reverse();
    for event in &found {
        conforms(&event["payload"], event_type);
    }
    found
}

/// `payload` has exactly the schema's properties, each of its type.
fn conforms(payload: &Value, event_type: &str) {
    let out = db_free_outbox(&["schema", "events", "--type", event_type]);
    let schema: Value = serde_json::from_str(&out).unwrap();
    let properties = schema["properties"].as_object().unwrap();
    let payload = payload.as_object().unwrap();
    for required in schema["required"].as_array().unwrap() {
        let key = required.as_str().unwrap();
        assert!(
            payload.contains_key(key),
            "{event_type}: no {key} in {payload:?}"
        );
    }
    for (key, value) in payload {
        let kinds = &properties
            .get(key)
            .unwrap_or_else(|| panic!("{event_type}: {key} is not in its schema"))["type"];
        let kinds: Vec<&str> = match kinds {
            Value::String(one) => vec![one.as_str()],
            many => many
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k.as_str().unwrap())
                .collect(),
        };
        let kind = match value {
            Value::String(_) => "string",
            Value::Number(n) if n.is_i64() => "integer",
            Value::Null => "null",
            other => panic!("{event_type}: {key} is {other}"),
        };
        assert!(
            kinds.contains(&kind),
            "{event_type}: {key} is a {kind}, not {kinds:?}"
        );
    }
}

/// The output of an outbox command that reads no database.
fn db_free_outbox(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_outbox"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn event_count(db: &Db) -> i64 {
    db.json(NOW + 1000, &["event", "list"])["count"]
        .as_i64()
        .unwrap()
}

/// The `order.paid` subscription of `billing`, two attempts, and one
/// event for it; the ids of its two failed attempts, the last one dead.
fn fail_to_dead(db: &Db, extra: &[&str]) -> (String, String, String) {
    let mut args = vec!["--types", "order.*", "--max-attempts", "2"];
    args.extend_from_slice(extra);
    db.sub(&args);
    let event = db.record(NOW, "order.paid", "o-1");
    let event_id = event["event"]["eventId"].as_str().unwrap().to_owned();
    let claim = |now: i64| -> String {
        let answer = db.json(
            now,
            &["delivery", "claim", "--client", "billing", "--worker", "w"],
        );
        answer["delivery"]["deliveryId"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let first = claim(NOW);
    db.fail(NOW, &first, &[]);
    let second = claim(NOW + 1);
    db.fail(NOW + 1, &second, &[]);
    (event_id, first, second)
}

fn ops(db: &Db, types: &str) -> String {
    let answer = db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "ops",
            "--types",
            types,
            "--any-target",
        ],
    );
    answer["subscription"]["subId"].as_str().unwrap().to_owned()
}

/// A subscription of every type (`*`), of client `all`; its id.
fn everything(db: &Db) -> Value {
    db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "all",
            "--types",
            "*",
            "--any-target",
        ],
    )["subscription"]["subId"]
        .clone()
}

test_on_both!(a_dead_chain_is_announced_once, "announce_dead");
fn a_dead_chain_is_announced_once(db: Db) {
    let ops = ops(&db, "outbox.delivery.*");
    let everything = everything(&db);
    let (event_id, first, second) = fail_to_dead(&db, &[]);
    let dead = events(&db, "outbox.delivery.dead");
    assert_eq!(dead.len(), 1, "{dead:?}");
    let dead = &dead[0];
    assert_eq!(dead["source"], "outbox");
    assert_eq!(dead["subject"], first.as_str(), "about the chain");
    assert_eq!(dead["subscriptions"], serde_json::json!([ops]));
    let payload = &dead["payload"];
    assert_eq!(payload["deliveryId"], second.as_str());
    assert_eq!(payload["firstDeliveryId"], first.as_str());
    assert_eq!(payload["eventId"], event_id.as_str());
    assert_eq!(payload["eventType"], "order.paid");
    assert_eq!(payload["clientId"], "billing");
    assert_eq!(payload["attempts"], 2);
    assert_eq!(payload["lastError"], "boom");
    // No retrying event: the subscription did not ask for them.
    assert!(events(&db, "outbox.delivery.retrying").is_empty());
    // `*` takes no operational event: its one delivery is the order's.
    let all = db.json(
        NOW + 1000,
        &["delivery", "list", "--sub", everything.as_str().unwrap()],
    );
    assert_eq!(all["count"], 1, "{all}");
    // The announcement's own delivery dying announces nothing.
    let own = db.json(
        NOW + 2,
        &["delivery", "claim", "--client", "ops", "--worker", "w"],
    )["delivery"]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned();
    db.fail(NOW + 2, &own, &["--no-retry"]);
    assert_eq!(events(&db, "outbox.delivery.dead").len(), 1);
}

test_on_both!(
    nothing_is_announced_without_a_subscription_that_asks,
    "announce_none"
);
fn nothing_is_announced_without_a_subscription_that_asks(db: Db) {
    // `*` does not ask.
    everything(&db);
    fail_to_dead(&db, &["--announce-retries"]);
    assert_eq!(event_count(&db), 1, "only the order's event");
}

test_on_both!(retries_are_announced_when_asked, "announce_retries");
fn retries_are_announced_when_asked(db: Db) {
    ops(&db, "outbox.*");
    let (_, first, second) = fail_to_dead(&db, &["--announce-retries"]);
    let retrying = events(&db, "outbox.delivery.retrying");
    assert_eq!(retrying.len(), 1, "{retrying:?}");
    let payload = &retrying[0]["payload"];
    assert_eq!(payload["deliveryId"], first.as_str());
    assert_eq!(payload["retryDeliveryId"], second.as_str());
    assert!(payload["nextAttemptAt"].as_i64().unwrap() >= NOW);
    assert_eq!(events(&db, "outbox.delivery.dead").len(), 1);
}

test_on_both!(
    applications_may_not_record_outbox_types,
    "announce_reserved"
);
fn applications_may_not_record_outbox_types(db: Db) {
    db.sub(&["--types", "*"]);
    let before = db.state();
    let out = db.output(NOW, &["event", "record", "--type", "outbox.delivery.dead"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["error"], "invalid:reservedType");
    // A batch holding one is refused whole.
    let out = db
        .cmd(NOW, &["event", "record", "--batch", "-"])
        .write_stdin("{\"type\": \"order.paid\"}\n{\"type\": \"outbox.x\"}\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(db.state(), before, "nothing written");
    // For tests, --allow-reserved lets one through.
    let allowed = db.json(
        NOW,
        &[
            "event",
            "record",
            "--type",
            "outbox.delivery.dead",
            "--allow-reserved",
        ],
    );
    assert_eq!(allowed["event"]["type"], "outbox.delivery.dead");
    assert_eq!(
        allowed["event"]["subscriptions"],
        serde_json::json!([]),
        "`*` does not take it"
    );
}

/// The paths whose receiver is up; any other answers 500.
static UP: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn answer(request: &Request) -> Answer {
    if UP.lock().unwrap().contains(&request.path) {
        Answer::status(200, "ok")
    } else {
        Answer::status(500, "down")
    }
}

test_on_both!(protection_announces_what_it_does, "announce_health");
fn protection_announces_what_it_does(db: Db) {
    let receiver = Receiver::start(answer);
    let backend = if db.is_sqlite() { "sqlite" } else { "postgres" };
    let flaky = format!("/flaky-{backend}");
    let gone = format!("/gone-{backend}");
    ops(&db, "outbox.*");
    let webhook = |path: &str, extra: &[&str]| -> String {
        let endpoint = format!("{}{path}", receiver.url);
        let mut args = vec![
            "--types",
            "order.*",
            "--transport",
            "webhook",
            "--endpoint",
            &endpoint,
            "--retry-schedule",
            "1s",
            "--max-attempts",
            "100",
        ];
        args.extend_from_slice(extra);
        db.sub(&args)
    };
    let breaker = webhook(
        &flaky,
        &[
            "--breaker",
            "2",
            "--breaker-cooldown",
            "10s",
            "--breaker-max-cooldown",
            "10s",
            "--disable-after",
            "200s",
        ],
    );
    let disabled = webhook(&gone, &["--breaker", "off", "--disable-after", "100s"]);
    db.record(NOW, "order.paid", "o-1");
    let drain = |at: i64| {
        let out = db
            .cmd(NOW + at, &["work", "--drain", "--poll-max", "1s"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
    };
    // The first failures open nothing and reach no share.
    drain(0);
    // Two in a row open the breaker; 110 s of 200 is past half.
    drain(110);
    // Its probes fail again within a minute: reopened, not announced again;
    // 150 s is past 70%.
    drain(130);
    drain(150);
    UP.lock().unwrap().push(flaky.clone());
    // The probe goes through: closed.
    drain(185);
    let opened = events(&db, "outbox.breaker.opened");
    assert_eq!(opened.len(), 1, "{opened:?}");
    assert_eq!(opened[0]["subject"], breaker.as_str());
    assert_eq!(opened[0]["payload"]["failures"], 2);
    assert_eq!(opened[0]["createdAt"], NOW + 110);
    let closed = events(&db, "outbox.breaker.closed");
    assert_eq!(closed.len(), 1, "{closed:?}");
    assert_eq!(closed[0]["createdAt"], NOW + 185);
    let failing = events(&db, "outbox.subscription.failing");
    let shares: Vec<(i64, i64)> = failing
        .iter()
        .map(|e| {
            (
                e["payload"]["share"].as_i64().unwrap(),
                e["createdAt"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(shares, [(50, NOW + 110), (70, NOW + 150)], "{failing:?}");
    assert!(failing.iter().all(|e| e["subject"] == breaker.as_str()));
    // The other failed for its whole 100 s at the second drain.
    let off = events(&db, "outbox.subscription.disabled");
    assert_eq!(off.len(), 1, "{off:?}");
    assert_eq!(off[0]["subject"], disabled.as_str());
    assert!(
        off[0]["payload"]["reason"]
            .as_str()
            .unwrap()
            .contains("every attempt failed"),
        "{off:?}"
    );
    assert_eq!(
        off[0]["payload"]["endpoint"],
        format!("{}{gone}", receiver.url)
    );
    db.json(NOW + 300, &["sub", "resume", &disabled]);
    let on = events(&db, "outbox.subscription.enabled");
    assert_eq!(on.len(), 1, "{on:?}");
    assert_eq!(on[0]["subject"], disabled.as_str());
    // Resuming an active subscription announces nothing.
    db.json(NOW + 301, &["sub", "resume", &breaker]);
    assert_eq!(events(&db, "outbox.subscription.enabled").len(), 1);
}
