//! W3C trace context through the binary on both backends: an event
//! recorded with a `traceparent` (a flag, an NDJSON key) keeps it, and
//! every sender carries it on (webhook, CloudEvents, A2A and MCP requests, a
//! handler's environment) under a span id of the attempt's own, so the
//! receiver's span is a child of outbox's delivery span.

mod common;

use common::db::{Db, NOW};
use common::receiver::{Answer, Receiver, Request};
use serde_json::Value;

const TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const GIVEN: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

fn answer(_: &Request) -> Answer {
    Answer::status(200, "{}")
}

/// A `traceparent` of the recorded trace, flags kept, and a span id that
/// is neither the application's nor zero: the attempt's own.
fn a_child(sent: &str) -> String {
    let parts: Vec<&str> = sent.split('-').collect();
    assert_eq!(parts.len(), 4, "{sent}");
    assert_eq!(
        (parts[0], parts[1], parts[3]),
        ("00", TRACE, "01"),
        "{sent}"
    );
    assert_eq!(parts[2].len(), 16, "{sent}");
    assert_ne!(parts[2], "00f067aa0ba902b7", "a span of outbox's own");
    assert_ne!(parts[2], "0000000000000000");
    parts[2].to_owned()
}

test_on_both!(events_keep_their_trace_context, "trace_kept");
fn events_keep_their_trace_context(db: Db) {
    let recorded = db.json(
        NOW,
        &[
            "event",
            "record",
            "--type",
            "t",
            "--traceparent",
            GIVEN,
            "--tracestate",
            "rojo=1",
        ],
    );
    let id = recorded["event"]["eventId"].as_str().unwrap().to_owned();
    let got = db.json(NOW, &["event", "get", &id]);
    assert_eq!(got["event"]["traceparent"], GIVEN);
    assert_eq!(got["event"]["tracestate"], "rojo=1");
    let lines = db.json_with_stdin(
        NOW,
        &["event", "record", "--batch", "-"],
        &format!("{{\"type\": \"u\", \"traceparent\": \"{GIVEN}\"}}\n{{\"type\": \"v\"}}\n"),
    );
    assert_eq!(lines[0]["event"]["traceparent"], GIVEN);
    // Without one, the reference's record, not a key more.
    assert!(
        lines[1]["event"].get("traceparent").is_none(),
        "{}",
        lines[1]
    );
    for bad in ["00-0-0-0", "not a traceparent"] {
        let out = db.output(
            NOW,
            &["event", "record", "--type", "t", "--traceparent", bad],
        );
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let refused: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(refused["error"], "invalid:traceparent");
    }
    // An export carries it to another outbox.
    let exported = db.cmd(NOW, &["export"]).output().unwrap();
    let other = Db::sqlite();
    let out = other
        .cmd(NOW, &["import", "-"])
        .write_stdin(exported.stdout)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        other.json(NOW, &["event", "get", &id])["event"]["traceparent"],
        GIVEN
    );
}

test_on_both!(every_sender_carries_it_on, "trace_senders");
fn every_sender_carries_it_on(db: Db) {
    let receiver = Receiver::start(answer);
    let backend = if db.is_sqlite() { "sqlite" } else { "postgres" };
    for (transport, path, extra) in [
        ("webhook", "hook", &[][..]),
        ("webhook", "cloud", &["--envelope", "cloudevents"][..]),
        ("a2a", "agent", &[][..]),
        ("mcp", "mcp", &["--mcp-tool", "record"][..]),
    ] {
        let endpoint = format!("{}/{path}-{backend}", receiver.url);
        let mut args = vec![
            "--types",
            "order.*",
            "--transport",
            transport,
            "--endpoint",
            &endpoint,
            "--retry-schedule",
            "1h",
        ];
        args.extend_from_slice(extra);
        db.sub(&args);
    }
    db.json(
        NOW,
        &[
            "event",
            "record",
            "--type",
            "order.paid",
            "--traceparent",
            GIVEN,
            "--tracestate",
            "rojo=1",
        ],
    );
    db.drain(&["--timeout", "5s"]);
    let seen = |path: &str| -> Vec<Request> {
        let path = format!("/{path}-{backend}");
        receiver
            .requests()
            .into_iter()
            .filter(|r| r.path == path)
            .collect()
    };
    let mut spans = Vec::new();
    for path in ["hook", "cloud", "agent", "mcp"] {
        let requests = seen(path);
        assert!(!requests.is_empty(), "nothing reached /{path}");
        for request in &requests {
            let sent = &request.headers["traceparent"];
            spans.push(a_child(sent));
            assert_eq!(request.headers["tracestate"], "rojo=1", "{path}");
        }
    }
    // A binary-mode CloudEvent names the same span in ce-traceparent.
    let cloud = &seen("cloud")[0];
    assert_eq!(
        cloud.headers["ce-traceparent"],
        cloud.headers["traceparent"]
    );
    // Each sender's attempt is a span of its own: the one outbox names for
    // that delivery and claim (and exports, with OpenTelemetry on).
    let mut distinct = spans.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() >= 4, "{spans:?}");
    let listed = db.json(NOW, &["delivery", "list", "--limit", "100"]);
    let attempts: Vec<String> = listed["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let span =
                outbox::core::records::trace::attempt_span_id(d["deliveryId"].as_str().unwrap(), 1);
            format!("{span:016x}")
        })
        .collect();
    for span in &spans {
        assert!(
            attempts.contains(span),
            "{span} is no delivery's attempt span: {attempts:?}"
        );
    }

    // A handler finds it in its environment.
    let handled = tempfile::NamedTempFile::new().unwrap();
    db.sub(&["--types", "job.*"]);
    db.json(
        NOW,
        &[
            "event",
            "record",
            "--type",
            "job.run",
            "--traceparent",
            GIVEN,
        ],
    );
    let script = format!(
        "echo \"$OUTBOX_TRACEPARENT\" > {}",
        handled.path().display()
    );
    let out = db
        .cmd(
            NOW,
            &[
                "work", "--drain", "--client", "billing", "--", "sh", "-c", &script,
            ],
        )
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let sent = std::fs::read_to_string(handled.path()).unwrap();
    a_child(sent.trim());
}

test_on_both!(
    a_collector_down_costs_spans_not_deliveries,
    "trace_otlp_down"
);
fn a_collector_down_costs_spans_not_deliveries(db: Db) {
    let receiver = Receiver::start(answer);
    let endpoint = format!("{}/hook", receiver.url);
    db.sub(&[
        "--types",
        "order.*",
        "--transport",
        "webhook",
        "--endpoint",
        &endpoint,
    ]);
    for n in 0..5 {
        let subject = format!("o-{n}");
        db.json(
            NOW,
            &[
                "event",
                "record",
                "--type",
                "order.paid",
                "--subject",
                &subject,
                "--traceparent",
                GIVEN,
            ],
        );
    }
    let dropped = || -> Option<String> {
        let metrics = db.text(NOW, &["stats", "--format", "prometheus"]);
        metrics
            .lines()
            .find(|l| l.starts_with("outbox_spans_dropped_total "))
            .map(str::to_owned)
    };
    // Nothing is exported, nor counted, unless the environment asks.
    assert_eq!(dropped(), None);
    // A port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let collector = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let out = db
        .cmd(NOW, &["work", "--drain", "--timeout", "5s"])
        .env_remove("OUTBOX_NOW")
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &collector)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(receiver.requests().len(), 5, "every delivery went out");
    assert_eq!(dropped().as_deref(), Some("outbox_spans_dropped_total 5"));
    // Only OTLP/HTTP with protobuf is spoken: another protocol is refused
    // before anything is claimed.
    let out = db
        .cmd(NOW, &["work", "--drain", "--json"])
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &collector)
        .env("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let refused: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(refused["error"], "invalid:otlpProtocol");
}
