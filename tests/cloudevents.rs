//! Webhooks that asked for a CloudEvent (`sub create --envelope`): binary
//! mode sends the payload with the attributes as `ce-` headers, structured
//! mode the whole event as `application/cloudevents+json`; both beside the
//! Standard Webhooks signature headers. `--envelope` is refused on
//! subscriptions that are not webhooks.

mod common;

use common::db::{Db, NOW};
use common::receiver::{Answer, Receiver};
use serde_json::Value;

fn ok(_: &common::receiver::Request) -> Answer {
    Answer::status(200, "")
}

fn record(db: &Db) -> String {
    db.json(
        NOW,
        &[
            "event",
            "record",
            "--type",
            "order.paid",
            "--subject",
            "o-1",
            "--source",
            "shop",
            "--payload",
            r#"{"sku": "A-1"}"#,
        ],
    )["event"]["eventId"]
        .as_str()
        .unwrap()
        .to_owned()
}

fn drain(db: &Db) {
    let out = db
        .cmd(NOW, &["work", "--drain", "--timeout", "5s"])
        .env_remove("OUTBOX_NOW")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
}

#[test]
fn a_binary_mode_cloudevent_is_the_payload_with_ce_headers_and_a_signature() {
    let receiver = Receiver::start(ok);
    let db = Db::sqlite();
    let sub = db.sub(&[
        "--types",
        "order.paid",
        "--transport",
        "webhook",
        "--endpoint",
        &receiver.url,
        "--envelope",
        "cloudevents",
    ]);
    assert_eq!(
        db.json(NOW, &["sub", "get", &sub])["subscription"]["meta"]["envelope"],
        "cloudevents"
    );
    let event_id = record(&db);
    drain(&db);
    let requests = receiver.requests();
    assert_eq!(requests.len(), 1);
    let request = &requests[0];
    let h = |name: &str| request.headers.get(name).cloned().unwrap_or_default();
    assert_eq!(h("content-type"), "application/json");
    assert_eq!(h("ce-specversion"), "1.0");
    assert_eq!(h("ce-id"), event_id);
    assert_eq!(h("ce-type"), "order.paid");
    assert_eq!(h("ce-source"), "shop");
    assert_eq!(h("ce-subject"), "o-1");
    assert_eq!(h("ce-outboxattempt"), "1");
    assert!(h("ce-outboxdelivery").starts_with("delv_"));
    assert_eq!(h("webhook-id"), event_id);
    assert!(h("webhook-signature").starts_with("v1,"));
    let body: Value = serde_json::from_str(&request.body).unwrap();
    assert_eq!(body, serde_json::json!({"sku": "A-1"}));
}

#[test]
fn a_structured_cloudevent_is_the_whole_event_and_the_default_comes_back() {
    let receiver = Receiver::start(ok);
    let db = Db::sqlite();
    let sub = db.sub(&[
        "--types",
        "order.paid",
        "--transport",
        "webhook",
        "--endpoint",
        &receiver.url,
        "--envelope",
        "cloudevents-structured",
    ]);
    let event_id = record(&db);
    drain(&db);
    let request = &receiver.requests()[0];
    assert_eq!(
        request.headers["content-type"],
        "application/cloudevents+json"
    );
    assert!(!request.headers.contains_key("ce-id"));
    let body: Value = serde_json::from_str(&request.body).unwrap();
    assert_eq!(body["id"], event_id.as_str());
    assert_eq!(body["specversion"], "1.0");
    assert_eq!(body["datacontenttype"], "application/json");
    assert_eq!(body["data"]["sku"], "A-1");
    // Back to the Standard Webhooks body: the key goes.
    let updated = db.json(
        NOW,
        &["sub", "update", &sub, "--envelope", "standard-webhooks"],
    );
    assert!(
        updated["subscription"]["meta"].get("envelope").is_none(),
        "{updated}"
    );
    record(&db);
    db.json(NOW, &["delivery", "replay", "--since", "1h"]);
    drain(&db);
    let last = receiver.requests().pop().unwrap();
    let body: Value = serde_json::from_str(&last.body).unwrap();
    assert_eq!(body["eventId"], event_id.as_str());
    assert_eq!(body["data"]["sku"], "A-1");
}

#[test]
fn an_envelope_is_for_webhooks() {
    let db = Db::sqlite();
    for (transport, endpoint, says) in [
        ("nats", "nats://127.0.0.1/s", "?envelope=structured"),
        ("poll", "", "not poll"),
    ] {
        let out = db.output(
            NOW,
            &[
                "sub",
                "create",
                "--client",
                "c",
                "--types",
                "t",
                "--transport",
                transport,
                "--endpoint",
                endpoint,
                "--envelope",
                "cloudevents",
            ],
        );
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{stderr}");
    }
}
