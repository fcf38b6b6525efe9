//! `outbox work` delivering `mcp` subscriptions as `tools/call`s, through
//! the binary, to MCP servers on 127.0.0.1 made here: one speaking the
//! current revision (JSON and SSE answers), one speaking only the earlier
//! ones with sessions; tool errors, JSON-RPC errors, a stream that ends
//! before its answer, a bearer token, a subscription without a tool.
//! (`dev/check_mcp.py` runs the same against the official SDKs' servers.)

mod common;

use common::db::Db;
use common::receiver::{Answer, Receiver, Request};
use serde_json::{Value, json};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

fn work(db: &Db) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .env_remove("OUTBOX_NOW")
        .args(["work", "--drain", "--json", "--timeout", "5s"])
        .output()
        .unwrap()
}

fn body(request: &Request) -> Value {
    serde_json::from_str(&request.body).unwrap()
}

fn json_answer(status: u16, message: Value) -> Answer {
    let mut answer = Answer::status(status, &message.to_string());
    answer
        .headers
        .push(("content-type", "application/json".to_owned()));
    answer
}

fn sse_answer(events: &[Value]) -> Answer {
    let mut text = String::from(": keep-alive\n\n");
    for event in events {
        text.push_str(&format!("event: message\ndata: {event}\n\n"));
    }
    let mut answer = Answer::status(200, &text);
    answer
        .headers
        .push(("content-type", "text/event-stream".to_owned()));
    answer
}

fn result(id: &Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// A server of the current revision: checks the headers and `_meta` the
/// revision requires, and answers by the event's subject.
fn current(request: &Request) -> Answer {
    let call = body(request);
    let id = call["id"].clone();
    let meta = &call["params"]["_meta"];
    let h = |name: &str| request.headers.get(name).cloned().unwrap_or_default();
    if call["method"] == "server/discover" {
        assert_eq!(h("mcp-method"), "server/discover");
        assert_eq!(
            meta["io.modelcontextprotocol/protocolVersion"],
            "2026-07-28"
        );
        return json_answer(
            200,
            result(
                &id,
                json!({"supportedVersions": ["2025-11-25", "2026-07-28"], "capabilities": {"tools": {}},
                       "serverInfo": {"name": "current", "version": "1"}}),
            ),
        );
    }
    if h("mcp-protocol-version") != "2026-07-28"
        || h("mcp-method") != "tools/call"
        || h("mcp-name") != call["params"]["name"].as_str().unwrap_or("")
        || meta["io.modelcontextprotocol/protocolVersion"] != "2026-07-28"
        || !meta["io.modelcontextprotocol/clientCapabilities"].is_object()
        || !meta["eventId"].is_string()
        || !h("accept").contains("text/event-stream")
    {
        return json_answer(
            400,
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32020, "message": "header mismatch"}}),
        );
    }
    let arguments = &call["params"]["arguments"];
    let subject = arguments["event"]["subject"]
        .as_str()
        .or(arguments["subject"].as_str())
        .unwrap_or("");
    match subject {
        "sse" => sse_answer(&[
            json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progress": 1}}),
            result(
                &id,
                json!({"content": [{"type": "text", "text": "streamed"}]}),
            ),
        ]),
        "tool-error" => json_answer(
            200,
            result(
                &id,
                json!({"isError": true, "content": [{"type": "text", "text": "inventory is closed"}]}),
            ),
        ),
        "bad-arguments" => json_answer(
            200,
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32602, "message": "invalid arguments"}}),
        ),
        "asks" => json_answer(
            200,
            result(
                &id,
                json!({"resultType": "input_required", "inputRequests": {}}),
            ),
        ),
        "drop" => {
            static DROPPED: AtomicUsize = AtomicUsize::new(0);
            if DROPPED.fetch_add(1, Ordering::SeqCst) == 0 {
                sse_answer(&[
                    json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": {}}),
                ])
            } else {
                json_answer(200, result(&id, json!({"content": []})))
            }
        }
        "secret" if h("authorization") != "Bearer whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" => {
            Answer::status(401, "no token")
        }
        _ => json_answer(
            200,
            result(
                &id,
                json!({"content": [{"type": "text", "text": "recorded"}], "structuredContent": {"seen": subject}}),
            ),
        ),
    }
}

static SESSIONS: AtomicUsize = AtomicUsize::new(0);
static INITIALIZED: AtomicUsize = AtomicUsize::new(0);

/// A server of the earlier revisions only: a call without a session is
/// refused as such servers refuse it; `initialize` opens a session, which
/// it forgets after two calls (a 404), as a restarted server would.
fn earlier(request: &Request) -> Answer {
    let message = body(request);
    let id = message["id"].clone();
    let session = request.headers.get("mcp-session-id").cloned();
    match message["method"].as_str() {
        Some("initialize") => {
            INITIALIZED.fetch_add(1, Ordering::SeqCst);
            let n = SESSIONS.fetch_add(1, Ordering::SeqCst);
            let mut answer = json_answer(
                200,
                result(
                    &id,
                    json!({"protocolVersion": "2025-06-18", "capabilities": {"tools": {}}, "serverInfo": {"name": "old", "version": "1"}}),
                ),
            );
            answer.headers.push(("mcp-session-id", format!("s-{n}")));
            answer
        }
        Some("notifications/initialized") => Answer::status(202, ""),
        Some("tools/call") => match session {
            None => json_answer(
                400,
                json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32000, "message": "Bad Request: Server not initialized"}}),
            ),
            Some(s) if s != format!("s-{}", SESSIONS.load(Ordering::SeqCst) - 1) => {
                Answer::status(404, "session not found")
            }
            Some(_) => {
                if request
                    .headers
                    .get("mcp-protocol-version")
                    .map(String::as_str)
                    != Some("2025-06-18")
                {
                    return Answer::status(400, "wrong version");
                }
                // Every second call forgets the session.
                static CALLS: AtomicUsize = AtomicUsize::new(0);
                if CALLS.fetch_add(1, Ordering::SeqCst) % 2 == 1 {
                    SESSIONS.fetch_add(1, Ordering::SeqCst);
                }
                sse_answer(&[result(
                    &id,
                    json!({"content": [{"type": "text", "text": "old but fine"}]}),
                )])
            }
        },
        _ => Answer::status(400, "?"),
    }
}

fn mcp_sub(db: &Db, endpoint: &str, extra: &[&str]) -> String {
    let mut args = vec!["--types", "t", "--transport", "mcp", "--endpoint", endpoint];
    args.extend_from_slice(extra);
    db.sub(&args)
}

fn record(db: &Db, subject: &str) {
    db.json(
        common::db::NOW,
        &[
            "event",
            "record",
            "--type",
            "t",
            "--subject",
            subject,
            "--payload",
            r#"{"sku": "A-1"}"#,
        ],
    );
}

/// Each finished delivery's answer, by subject.
fn answers(out: &std::process::Output) -> Vec<Value> {
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn by_subject<'a>(answers: &'a [Value], subject: &str) -> &'a Value {
    answers
        .iter()
        .find(|a| a["delivery"]["meta"]["subject"] == subject)
        .unwrap_or_else(|| panic!("no answer for {subject}: {answers:?}"))
}

#[test]
fn mcp_deliveries_are_tool_calls_of_the_current_revision_and_their_answers_decide() {
    let server = Receiver::start(current);
    let db = Db::sqlite();
    // Four of six fail on purpose; with the default breaker the fifth
    // failure (the retried tool error) would hold the dropped stream's retry
    // whenever it is claimed first. Retries come 3 s later, so a first
    // drain slowed by a busy machine still ends before any is due.
    mcp_sub(
        &db,
        &server.url,
        &[
            "--mcp-tool",
            "record_order",
            "--retry-schedule",
            "3s",
            "--breaker",
            "off",
        ],
    );
    for subject in ["ok", "sse", "tool-error", "bad-arguments", "asks", "drop"] {
        record(&db, subject);
    }
    let first = answers(&work(&db));
    assert_eq!(first.len(), 6, "{first:?}");
    for subject in ["ok", "sse"] {
        let answer = by_subject(&first, subject);
        assert_eq!(answer["delivery"]["status"], "delivered", "{answer}");
        let response = &answer["delivery"]["meta"]["response"];
        assert_eq!(response["protocolVersion"], "2026-07-28");
        assert_eq!(response["status"], 200);
    }
    let failed = |subject: &str, scheduled: bool, says: &str| {
        let answer = by_subject(&first, subject);
        assert_eq!(answer["delivery"]["status"], "failed", "{answer}");
        assert_eq!(
            answer["retry"]["scheduled"], scheduled,
            "{subject}: {answer}"
        );
        let error = answer["delivery"]["lastError"].as_str().unwrap();
        assert!(error.contains(says), "{subject}: {error}");
    };
    failed("tool-error", true, "inventory is closed");
    failed("bad-arguments", false, "-32602");
    failed("asks", false, "asked for input");
    failed("drop", true, "ended before its answer");
    // One call per attempt, each with the event's id, the arguments as the
    // webhook's body.
    let calls: Vec<Value> = server
        .requests()
        .iter()
        .map(body)
        .filter(|m| m["method"] == "tools/call")
        .collect();
    assert_eq!(calls.len(), 6);
    let events = db.json(common::db::NOW, &["event", "list"]);
    for event in events["events"].as_array().unwrap() {
        let id = &event["eventId"];
        let call = calls
            .iter()
            .find(|c| &c["params"]["_meta"]["eventId"] == id)
            .unwrap_or_else(|| panic!("no call for {id}"));
        assert_eq!(call["params"]["name"], "record_order");
        assert_eq!(call["params"]["arguments"]["event"]["eventId"], *id);
        assert_eq!(
            call["params"]["arguments"]["event"]["data"],
            json!({"sku": "A-1"})
        );
    }
    // The dropped stream's retry arrives and is delivered.
    std::thread::sleep(std::time::Duration::from_millis(3100));
    let second = answers(&work(&db));
    let retried: Vec<&Value> = second
        .iter()
        .filter(|a| a["delivery"]["meta"]["subject"] == "drop")
        .collect();
    assert_eq!(retried.len(), 1, "{second:?}");
    assert_eq!(retried[0]["delivery"]["status"], "delivered");
    assert_eq!(retried[0]["delivery"]["attempt"], 2);
}

#[test]
fn payload_arguments_a_bearer_token_and_a_subscription_without_a_tool() {
    let server = Receiver::start(current);
    let db = Db::sqlite();
    let sub = mcp_sub(
        &db,
        &server.url,
        &["--mcp-tool", "record_order", "--mcp-arguments", "payload"],
    );
    db.json(
        common::db::NOW,
        &[
            "sub",
            "secret",
            &sub,
            "--set",
            "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        ],
    );
    let no_tool = db.json(
        common::db::NOW,
        &[
            "sub",
            "create",
            "--client",
            "other",
            "--types",
            "u",
            "--any-target",
            "--transport",
            "mcp",
            "--endpoint",
            &server.url,
        ],
    );
    assert_eq!(no_tool["subscription"]["meta"], json!({}));
    db.json(
        common::db::NOW,
        &[
            "event",
            "record",
            "--type",
            "t",
            "--subject",
            "secret",
            "--payload",
            r#"{"sku": "A-1", "subject": "secret"}"#,
        ],
    );
    record(&db, "u-event");
    db.json(
        common::db::NOW,
        &["event", "record", "--type", "u", "--subject", "untooled"],
    );
    let done = answers(&work(&db));
    let secret = by_subject(&done, "secret");
    assert_eq!(secret["delivery"]["status"], "delivered", "{secret}");
    let calls = server.requests();
    let call = calls
        .iter()
        .find(|r| body(r)["params"]["arguments"]["subject"] == "secret")
        .unwrap();
    assert_eq!(
        call.headers["authorization"],
        "Bearer whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    );
    assert_eq!(
        body(call)["params"]["arguments"],
        json!({"sku": "A-1", "subject": "secret"})
    );
    let untooled = by_subject(&done, "untooled");
    assert_eq!(untooled["retry"]["scheduled"], false);
    assert!(
        untooled["delivery"]["lastError"]
            .as_str()
            .unwrap()
            .contains("--mcp-tool"),
        "{untooled}"
    );
    let sub = db.json(common::db::NOW, &["sub", "get", &sub]);
    assert_eq!(
        sub["subscription"]["meta"]["mcp"],
        json!({"tool": "record_order", "arguments": "payload"})
    );
}

#[test]
fn a_server_of_the_earlier_revisions_gets_initialize_then_calls_in_its_session() {
    let server = Receiver::start(earlier);
    let db = Db::sqlite();
    mcp_sub(&db, &server.url, &["--mcp-tool", "record_order"]);
    for n in 0..4 {
        record(&db, &format!("old-{n}"));
    }
    let done = answers(&work(&db));
    assert_eq!(done.len(), 4);
    for answer in &done {
        assert_eq!(answer["delivery"]["status"], "delivered", "{answer}");
        assert_eq!(
            answer["delivery"]["meta"]["response"]["protocolVersion"],
            "2025-06-18"
        );
    }
    let methods: Vec<String> = server
        .requests()
        .iter()
        .map(|r| body(r)["method"].as_str().unwrap().to_owned())
        .collect();
    let calls = methods.iter().filter(|m| *m == "tools/call").count();
    // A discovery it does not answer, then four accepted calls and the 404
    // of a forgotten session each followed by a new session.
    assert_eq!(
        methods[..2],
        ["server/discover", "initialize"],
        "{methods:?}"
    );
    assert!(
        methods
            .iter()
            .filter(|m| *m == "notifications/initialized")
            .count()
            >= 2,
        "{methods:?}"
    );
    assert_eq!(
        calls,
        4 + (INITIALIZED.load(Ordering::SeqCst) - 1),
        "{methods:?}"
    );
}
