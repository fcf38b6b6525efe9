//! `outbox work` publishing to the message brokers this machine runs
//! (NATS JetStream, RabbitMQ, Mosquitto, Redis on their standard ports),
//! through the binary, on SQLite and PostgreSQL: each message arrives with
//! its CloudEvent attributes and the event's id, is delivered only on the
//! broker's acknowledgement, and what cannot be published fails saying why.
//! Ignored unless `OUTBOX_TEST_BROKERS` was set at build time (CI sets it).

mod common;

use common::brokers::{self, Arrived, block_on, broker_sub, unique};
use common::db::{Db, NOW};
use serde_json::{Value, json};

/// `outbox work --drain --json` on the system clock; its answers.
fn work(db: &Db, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["work", "--drain", "--json", "--timeout", "10s"];
    args.extend_from_slice(extra);
    let output = db
        .cmd(NOW, &args)
        .env_remove("OUTBOX_NOW")
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Records `count` events of `event_type` for `subject`, their ids in order.
fn record(db: &Db, event_type: &str, subjects: &[&str]) -> Vec<String> {
    subjects
        .iter()
        .enumerate()
        .map(|(n, subject)| {
            let answer = db.json(
                NOW + n as i64,
                &[
                    "event",
                    "record",
                    "--type",
                    event_type,
                    "--subject",
                    subject,
                    "--source",
                    "shop",
                    "--payload",
                    &json!({"n": n, "subject": subject}).to_string(),
                ],
            );
            answer["event"]["eventId"].as_str().unwrap().to_owned()
        })
        .collect()
}

/// Checks one arrived message against its event, as the binary mode's
/// attributes (named by `attribute`) carry it.
fn check_binary(
    arrived: &Arrived,
    event_id: &str,
    event_type: &str,
    attribute: impl Fn(&str) -> String,
) {
    assert_eq!(arrived.header(&attribute("id")), event_id, "{arrived:?}");
    assert_eq!(arrived.header(&attribute("specversion")), "1.0");
    assert_eq!(arrived.header(&attribute("type")), event_type);
    assert_eq!(arrived.header(&attribute("source")), "shop");
    assert_eq!(arrived.header(&attribute("outboxattempt")), "1");
    assert!(
        arrived
            .header(&attribute("outboxdelivery"))
            .starts_with("delv_")
    );
    assert!(arrived.header(&attribute("time")).ends_with('Z'));
    let body = arrived.json();
    assert_eq!(arrived.header(&attribute("subject")), body["subject"]);
}

fn delivered(answers: &[Value]) -> Vec<&Value> {
    answers
        .iter()
        .filter(|a| a["delivery"]["status"] == "delivered")
        .collect()
}

fn nats_events_arrive_once_each_with_their_attributes(db: Db) {
    let prefix = unique("outbox_test_");
    let stream = prefix.clone();
    let url = format!("nats://{}", brokers::NATS);
    let made = brokers::nats_stream(&url, &stream, &[format!("{prefix}.>")]);
    let jetstream = &made.jetstream;
    broker_sub(
        &db,
        "order.paid",
        "nats",
        &format!("nats://{}/{prefix}.{{type}}", brokers::NATS),
        &[],
    );
    let ids = record(&db, "order.paid", &["o-1", "o-2", "o-3"]);
    let answers = work(&db, &[]);
    assert_eq!(delivered(&answers).len(), 3, "{answers:?}");
    let response = &answers[0]["delivery"]["meta"]["response"];
    assert_eq!(response["stream"], stream.as_str());
    assert_eq!(response["duplicate"], false);
    let arrived = block_on(brokers::nats_messages(jetstream, &stream));
    assert_eq!(arrived.len(), 3);
    for (message, id) in arrived.iter().zip(&ids) {
        assert_eq!(message.name, format!("{prefix}.order.paid"));
        assert_eq!(message.header("Nats-Msg-Id"), id);
        assert_eq!(message.header("content-type"), "application/json");
        check_binary(message, id, "order.paid", |name| format!("ce-{name}"));
    }
    // Sent again (a redrive of every delivered one), JetStream drops each
    // as a repeat of its id, and says so: delivered, stored once.
    db.json(
        NOW,
        &["delivery", "replay", "--since", "1h", "--client", "billing"],
    );
    let again = work(&db, &[]);
    assert_eq!(delivered(&again).len(), 3, "{again:?}");
    for answer in &again {
        assert_eq!(
            answer["delivery"]["meta"]["response"]["duplicate"], true,
            "{answer}"
        );
    }
    assert_eq!(
        block_on(brokers::nats_messages(jetstream, &stream)).len(),
        3
    );
}
broker_test!(
    nats_events_arrive_once_each_with_their_attributes,
    "brokers_nats"
);

fn nats_without_a_stream_or_with_a_bad_subject_fails_saying_why(db: Db) {
    let prefix = unique("outbox_nostream_");
    broker_sub(
        &db,
        "t",
        "nats",
        &format!("nats://{}/{prefix}.{{subject}}", brokers::NATS),
        &["--retry-schedule", "1h", "--breaker", "off"],
    );
    record(&db, "t", &["ok", "a b"]);
    let answers = work(&db, &[]);
    let by = |subject: &str| {
        answers
            .iter()
            .find(|a| a["delivery"]["meta"]["subject"] == subject)
            .unwrap_or_else(|| panic!("no answer for {subject}: {answers:?}"))
            .clone()
    };
    let no_stream = by("ok");
    assert_eq!(no_stream["delivery"]["status"], "failed");
    assert_eq!(no_stream["retry"]["scheduled"], true, "{no_stream}");
    let error = no_stream["delivery"]["lastError"].as_str().unwrap();
    assert!(
        error.contains("no JetStream stream captures the subject"),
        "{error}"
    );
    assert!(error.contains(&format!("{prefix}.ok")), "{error}");
    let bad = by("a b");
    assert_eq!(bad["retry"]["scheduled"], false, "{bad}");
    let error = bad["delivery"]["lastError"].as_str().unwrap();
    // `PREFIX.a b`: the space is character PREFIX + 3.
    let at = format!("' ' at {}", prefix.len() + 3);
    assert!(error.contains(&at), "{error}");
}
broker_test!(
    nats_without_a_stream_or_with_a_bad_subject_fails_saying_why,
    "brokers_nats_bad"
);

fn redis_entries_carry_the_cloudevent_and_their_ids_are_kept(db: Db) {
    let stream = unique("outbox-test-");
    broker_sub(
        &db,
        "order.*",
        "redis",
        &format!("redis://{}?stream={stream}.{{type}}", brokers::REDIS),
        &[],
    );
    let ids = record(&db, "order.paid", &["o-1", "o-2"]);
    let answers = work(&db, &[]);
    assert_eq!(delivered(&answers).len(), 2, "{answers:?}");
    let arrived = block_on(brokers::redis_entries(&format!("{stream}.order.paid")));
    assert_eq!(arrived.len(), 2);
    for (entry, id) in arrived.iter().zip(&ids) {
        check_binary(entry, id, "order.paid", str::to_owned);
        assert_eq!(entry.header("datacontenttype"), "application/json");
        let answer = answers
            .iter()
            .find(|a| a["delivery"]["eventId"] == id.as_str())
            .unwrap();
        assert_eq!(
            answer["delivery"]["meta"]["response"]["entryId"],
            entry.header("entry-id")
        );
    }
}
broker_test!(
    redis_entries_carry_the_cloudevent_and_their_ids_are_kept,
    "brokers_redis"
);

fn amqp_confirmed_messages_and_an_unroutable_one(db: Db) {
    let key = unique("outbox.test.");
    let queue = key.clone();
    let channel = block_on(brokers::amqp_queue(
        &queue,
        "amq.topic",
        &format!("{key}.#"),
    ));
    broker_sub(
        &db,
        "order.paid",
        "amqp",
        &format!(
            "amqp://guest:guest@{}/?exchange=amq.topic&routing_key={key}.{{type}}",
            brokers::AMQP
        ),
        &[],
    );
    broker_sub(
        &db,
        "order.lost",
        "amqp",
        &format!(
            "amqp://{}?exchange=amq.direct&routing_key=nobody-{key}",
            brokers::AMQP
        ),
        &["--retry-schedule", "1h"],
    );
    let ids = record(&db, "order.paid", &["o-1", "o-2"]);
    record(&db, "order.lost", &["o-3"]);
    let answers = work(&db, &[]);
    assert_eq!(delivered(&answers).len(), 2, "{answers:?}");
    let lost = answers
        .iter()
        .find(|a| a["delivery"]["status"] == "failed")
        .unwrap();
    let error = lost["delivery"]["lastError"].as_str().unwrap();
    assert!(error.contains("unroutable"), "{error}");
    assert!(
        error.contains("amq.direct") && error.contains(&format!("nobody-{key}")),
        "{error}"
    );
    let arrived = block_on(brokers::amqp_messages(&channel, &queue));
    assert_eq!(arrived.len(), 2);
    for (message, id) in arrived.iter().zip(&ids) {
        assert_eq!(message.name, format!("{key}.order.paid"));
        assert_eq!(message.header("message_id"), id);
        assert_eq!(message.header("delivery_mode"), "2");
        check_binary(message, id, "order.paid", |name| {
            format!("cloudEvents:{name}")
        });
    }
}
broker_test!(
    amqp_confirmed_messages_and_an_unroutable_one,
    "brokers_amqp"
);

/// The breaker guards a broker as it guards a webhook: three failures in
/// a row open it, and nothing more of that subscription is sent; the
/// deliveries never tried keep their first attempt unspent.
fn a_broker_breaker_opens_after_its_threshold_and_sends_no_more(db: Db) {
    let key = unique("nobody.");
    broker_sub(
        &db,
        "order.lost",
        "amqp",
        &format!(
            "amqp://{}?exchange=amq.direct&routing_key={key}",
            brokers::AMQP
        ),
        &[
            "--breaker",
            "3",
            "--retry-schedule",
            "1h",
            "--max-attempts",
            "20",
        ],
    );
    let subjects: Vec<String> = (0..10).map(|n| format!("o-{n}")).collect();
    let subjects: Vec<&str> = subjects.iter().map(String::as_str).collect();
    record(&db, "order.lost", &subjects);
    let answers = work(&db, &["--concurrency", "1"]);
    assert_eq!(answers.len(), 3, "three failures open it: {answers:?}");
    // Each failure is a failed attempt and its retry, queued.
    let mut expected = vec![("failed".to_owned(), 1); 3];
    expected.extend(vec![("queued".to_owned(), 1); 7]);
    expected.extend(vec![("queued".to_owned(), 2); 3]);
    assert_eq!(
        db.statuses(),
        expected,
        "seven never sent, their attempts unspent"
    );
}
broker_test!(
    a_broker_breaker_opens_after_its_threshold_and_sends_no_more,
    "brokers_amqp_breaker"
);

fn mqtt_messages_in_both_revisions(db: Db) {
    let topic = unique("outbox/test/");
    broker_sub(
        &db,
        "order.paid",
        "mqtt",
        &format!("mqtt://{}/{topic}/v5/{{subject}}", brokers::MQTT),
        &[],
    );
    broker_sub(
        &db,
        "order.paid",
        "mqtt",
        &format!(
            "mqtt://{}/{topic}/v3/{{subject}}?version=3.1.1&qos=2",
            brokers::MQTT
        ),
        &[],
    );
    let ids = record(&db, "order.paid", &["o-1", "o-2"]);
    let target = db.target.clone();
    let arrived = block_on(brokers::mqtt_collect(&format!("{topic}/#"), 4, move || {
        let db = Db::at(&target);
        let answers = work(&db, &[]);
        assert_eq!(delivered(&answers).len(), 4, "{answers:?}");
    }));
    assert_eq!(arrived.len(), 4, "{arrived:?}");
    let v5: Vec<&Arrived> = arrived.iter().filter(|m| m.name.contains("/v5/")).collect();
    let v3: Vec<&Arrived> = arrived.iter().filter(|m| m.name.contains("/v3/")).collect();
    for (message, id) in v5.iter().zip(&ids) {
        check_binary(message, id, "order.paid", str::to_owned);
        assert_eq!(message.header("correlation-data"), id);
        assert_eq!(message.header("content-type"), "application/json");
    }
    for (message, id) in v3.iter().zip(&ids) {
        // MQTT 3.1.1 has no headers: the whole CloudEvent is the body.
        let event = message.json();
        assert_eq!(event["id"], id.as_str());
        assert_eq!(event["specversion"], "1.0");
        assert_eq!(event["data"]["subject"], event["subject"]);
    }
}
broker_test!(mqtt_messages_in_both_revisions, "brokers_mqtt");

fn ordered_subjects_reach_the_broker_in_recording_order(db: Db) {
    let stream = unique("outbox-order-");
    broker_sub(
        &db,
        "t",
        "redis",
        &format!("redis://{}?stream={stream}", brokers::REDIS),
        &["--ordered-by", "subject"],
    );
    let subjects: Vec<String> = (0..20).map(|s| format!("s{s}")).collect();
    let mut lines = String::new();
    for round in 0..20 {
        for subject in &subjects {
            lines.push_str(
                &json!({"type": "t", "subject": subject, "payload": {"round": round}}).to_string(),
            );
            lines.push('\n');
        }
    }
    db.json_with_stdin(NOW, &["event", "record", "--batch", "-"], &lines);
    let answers = work(&db, &["--concurrency", "8"]);
    assert_eq!(delivered(&answers).len(), 400);
    let arrived = block_on(brokers::redis_entries(&stream));
    assert_eq!(arrived.len(), 400);
    for subject in &subjects {
        let rounds: Vec<i64> = arrived
            .iter()
            .filter(|e| e.header("subject") == subject)
            .map(|e| e.json()["round"].as_i64().unwrap())
            .collect();
        assert_eq!(rounds, (0..20).collect::<Vec<_>>(), "{subject}");
    }
}
broker_test!(
    ordered_subjects_reach_the_broker_in_recording_order,
    "brokers_order"
);

fn a_password_in_an_endpoint_is_never_printed(db: Db) {
    let prefix = unique("outbox_secret_");
    let _stream = brokers::nats_stream(
        &format!("nats://{}", brokers::NATS),
        &prefix,
        &[format!("{prefix}.>")],
    );
    let password = "s3cr3t-Pa55word";
    let endpoint = format!(
        "nats://outbox:{password}@{}/{prefix}.{{type}}",
        brokers::NATS
    );
    let created = db.output(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "billing",
            "--any-target",
            "--types",
            "t",
            "--transport",
            "nats",
            "--endpoint",
            &endpoint,
        ],
    );
    let sub_id = serde_json::from_slice::<Value>(&created.stdout).unwrap()["subscription"]["subId"]
        .as_str()
        .unwrap()
        .to_owned();
    record(&db, "t", &["o-1"]);
    let mut printed = vec![created];
    let delivery_id = db.json(NOW, &["delivery", "list"])["deliveries"][0]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned();
    let work = db
        .cmd(NOW, &["work", "--drain", "--timeout", "10s"])
        .env_remove("OUTBOX_NOW")
        .output()
        .unwrap();
    assert!(work.status.success());
    let delivered = db.json(NOW, &["delivery", "get", &delivery_id]);
    assert_eq!(delivered["delivery"]["status"], "delivered", "{delivered}");
    printed.push(work);
    // Each as a table and as JSON; every one answers (the malformed
    // update with exit 2, naming the endpoint it refused).
    let bad_update = [
        "sub",
        "update",
        &sub_id,
        "--endpoint",
        "nats://outbox:wrong@127.0.0.1/a b",
    ];
    let commands: [&[&str]; 7] = [
        &["sub", "get", &sub_id],
        &["sub", "list"],
        &["sub", "health"],
        &["delivery", "list"],
        &["delivery", "get", &delivery_id],
        &["sub", "test", &sub_id],
        &bad_update,
    ];
    for args in commands {
        for output in [db.cmd(NOW, args).output().unwrap(), db.output(NOW, args)] {
            let expected = if args == bad_update { 2 } else { 0 };
            assert_eq!(output.status.code(), Some(expected), "{args:?}: {output:?}");
            printed.push(output);
        }
    }
    let shown: String = printed
        .iter()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .collect();
    for output in &printed {
        for text in [&output.stdout, &output.stderr] {
            let text = String::from_utf8_lossy(text);
            assert!(
                !text.contains(password) && !text.contains("wrong"),
                "{text}"
            );
        }
    }
    assert!(shown.contains("nats://outbox:***@"), "{shown}");
    // An export carries it whole, for an import.
    let export = db.output(NOW, &["export"]);
    assert!(String::from_utf8_lossy(&export.stdout).contains(password));
}
broker_test!(a_password_in_an_endpoint_is_never_printed, "brokers_secret");

#[test]
fn a_malformed_broker_endpoint_is_refused_naming_its_part() {
    let db = Db::sqlite();
    for (transport, endpoint, says) in [
        ("nats", "nats://127.0.0.1", "subject is missing"),
        ("nats", "nats://127.0.0.1/a.{kind}", "{kind}"),
        ("amqp", "amqp://u:hunter2@h/?exchange=x", "routing_key"),
        ("mqtt", "mqtt://h/a/#", "'#'"),
        ("mqtt", "mqtt://h/a/+", "'+'"),
        ("redis", "http://h?stream=s", "scheme"),
    ] {
        let output = db.output(
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
            ],
        );
        assert_eq!(output.status.code(), Some(2), "{endpoint}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(says), "{endpoint}: {stderr}");
        assert!(stderr.contains("--endpoint"), "{stderr}");
        assert!(!stderr.contains("hunter2"), "{stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    }
    let unknown = db.output(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "c",
            "--types",
            "t",
            "--transport",
            "kafka",
            "--endpoint",
            "x",
        ],
    );
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("--transport"));
}

#[test]
fn sub_create_says_what_it_cannot_check_and_sub_get_when_a_delivery_counts() {
    let db = Db::sqlite();
    for (endpoint, note, card) in [
        (
            "mqtt://127.0.0.1/a?qos=0",
            "fire and forget",
            "fire and forget",
        ),
        ("mqtt://127.0.0.1/a", "", "PUBACK (QoS 1)"),
        ("nats://127.0.0.1/a", "JetStream stream", "PubAck"),
        (
            "amqp://127.0.0.1/?exchange=ex&routing_key=k",
            "\"ex\"",
            "publisher confirm",
        ),
        ("redis://127.0.0.1?stream=s", "", "XADD reply"),
    ] {
        let transport = endpoint.split_once(':').unwrap().0;
        let created = db.output(
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
            ],
        );
        assert!(created.status.success(), "{created:?}");
        let stderr = String::from_utf8_lossy(&created.stderr);
        if note.is_empty() {
            assert!(stderr.is_empty(), "{endpoint}: {stderr}");
        } else {
            assert!(stderr.contains(note), "{endpoint}: {stderr}");
        }
        let id = serde_json::from_slice::<Value>(&created.stdout).unwrap()["subscription"]["subId"]
            .as_str()
            .unwrap()
            .to_owned();
        let shown = db.text(NOW, &["sub", "get", &id]);
        let line = shown
            .lines()
            .find(|l| l.starts_with("delivered when"))
            .unwrap_or_else(|| panic!("{shown}"));
        assert!(line.contains(card), "{endpoint}: {line}");
    }
}
