//! The `mcp` sender on an SSE stream, through the binary, against servers
//! made here: requests the server sends on the stream are answered (a
//! `ping`; an elicitation refused with -32601), a stream that ends before
//! its answer is resumed with `GET` and `Last-Event-ID` after its `retry`
//! without calling the tool again, and errors say what happened: an HTTP
//! status with the start of its body, outbox's own timeout.

mod common;

use common::db::Db;
use common::receiver::{Answer, Receiver, Request};
use serde_json::{Value, json};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

/// Replies the worker posted to the resumable server (its answers to the
/// server's requests).
static REPLIES: Mutex<Vec<Value>> = Mutex::new(Vec::new());

fn sse(body: &str) -> Answer {
    Answer {
        headers: vec![
            ("content-type", "text/event-stream".to_owned()),
            ("mcp-session-id", "r-1".to_owned()),
        ],
        ..Answer::status(200, body)
    }
}

fn json_answer(status: u16, message: Value) -> Answer {
    Answer {
        headers: vec![
            ("content-type", "application/json".to_owned()),
            ("mcp-session-id", "r-1".to_owned()),
        ],
        ..Answer::status(status, &message.to_string())
    }
}

/// A server of 2025-11-25 whose tool asks the client for a ping and an
/// elicitation on the call's stream, then closes it before its answer; the
/// answer comes on the resumed stream once the ping was answered.
fn resumable(request: &Request) -> Answer {
    if request.method == "GET" {
        let pinged = REPLIES
            .lock()
            .unwrap()
            .iter()
            .any(|r| r["id"] == "p1" && r["result"] == json!({}));
        let answer = json!({"jsonrpc": "2.0", "id": 2, "result": {"content": [{"type": "text", "text": "resumed"}]}});
        return if pinged {
            sse(&format!("id: e4\ndata: {answer}\n\n"))
        } else {
            sse("id: e4\ndata: \n\n")
        };
    }
    let message: Value = serde_json::from_str(&request.body).unwrap();
    if message.get("method").is_none() {
        REPLIES.lock().unwrap().push(message);
        return Answer::status(202, "");
    }
    let id = message["id"].clone();
    match message["method"].as_str().unwrap() {
        "initialize" => json_answer(
            200,
            json!({"jsonrpc": "2.0", "id": id, "result": {"protocolVersion": "2025-11-25",
                   "capabilities": {"tools": {}}, "serverInfo": {"name": "r", "version": "1"}}}),
        ),
        "notifications/initialized" => Answer::status(202, ""),
        "tools/call" => sse(concat!(
            "id: e1\nretry: 300\ndata: \n\n",
            "id: e2\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"p1\",\"method\":\"ping\"}\n\n",
            "id: e3\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"x1\",\"method\":\"elicitation/create\",\"params\":{\"message\":\"who?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}}\n\n",
        )),
        _ => json_answer(
            400,
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "Method not found"}}),
        ),
    }
}

/// A server that refuses a token as OAuth servers do, or that starts its
/// stream and never finishes it.
fn refusing(request: &Request) -> Answer {
    let message: Value = serde_json::from_str(&request.body).unwrap_or(Value::Null);
    if request.path == "/oauth" {
        return Answer {
            headers: vec![("content-type", "application/json".to_owned())],
            ..Answer::status(
                401,
                r#"{"error": "invalid_token", "error_description": "The access token expired"}"#,
            )
        };
    }
    match message["method"].as_str() {
        Some("initialize") => json_answer(
            200,
            json!({"jsonrpc": "2.0", "id": message["id"], "result": {"protocolVersion": "2025-11-25",
                   "capabilities": {}, "serverInfo": {"name": "slow", "version": "1"}}}),
        ),
        Some("notifications/initialized") => Answer::status(202, ""),
        Some("tools/call") => Answer {
            open_for: Duration::from_secs(4),
            ..sse(": working\n\n")
        },
        _ => Answer::status(404, ""),
    }
}

fn mcp_sub(db: &Db, endpoint: &str) {
    db.sub(&[
        "--types",
        "t",
        "--transport",
        "mcp",
        "--endpoint",
        endpoint,
        "--mcp-tool",
        "record_order",
    ]);
}

fn work(db: &Db) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .env_remove("OUTBOX_NOW")
        .args(["work", "--drain", "--json", "--timeout", "2s"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn the_servers_requests_are_answered_and_an_early_end_is_resumed() {
    let server = Receiver::start(resumable);
    let db = Db::sqlite();
    mcp_sub(&db, &server.url);
    db.record(common::db::NOW, "t", "s-1");
    let done = work(&db);
    assert_eq!(done[0]["delivery"]["status"], "delivered", "{done:?}");
    assert_eq!(done[0]["delivery"]["attempt"], 1);

    let replies = REPLIES.lock().unwrap().clone();
    let ping = replies
        .iter()
        .find(|r| r["id"] == "p1")
        .expect("the ping answered");
    assert_eq!(ping["result"], json!({}));
    let elicit = replies
        .iter()
        .find(|r| r["id"] == "x1")
        .expect("the elicitation answered");
    assert_eq!(elicit["error"]["code"], -32601, "{elicit}");

    let requests = server.requests();
    let calls: Vec<&Request> = requests
        .iter()
        .filter(|r| r.body.contains("\"tools/call\""))
        .collect();
    assert_eq!(calls.len(), 1, "the tool ran once");
    let resumed = requests
        .iter()
        .find(|r| r.method == "GET")
        .expect("a GET resumed the stream");
    assert_eq!(resumed.headers["last-event-id"], "e3");
    assert_eq!(resumed.headers["mcp-session-id"], "r-1");
    assert!(
        resumed.at.duration_since(calls[0].at) >= Duration::from_millis(300),
        "resumed before the retry the server asked for"
    );
}

#[test]
fn errors_name_the_http_status_and_outboxs_own_timeout() {
    let server = Receiver::start(refusing);
    let db = Db::sqlite();
    mcp_sub(&db, &format!("{}/oauth", server.url));
    db.record(common::db::NOW, "t", "s-1");
    let done = work(&db);
    let error = done[0]["delivery"]["lastError"].as_str().unwrap();
    assert!(
        error.contains("HTTP 401: ") && error.contains("invalid_token"),
        "{error}"
    );

    let db = Db::sqlite();
    mcp_sub(&db, &format!("{}/slow", server.url));
    db.record(common::db::NOW, "t", "s-1");
    let done = work(&db);
    let error = done[0]["delivery"]["lastError"].as_str().unwrap();
    assert_eq!(error, "timeout after 2s", "{done:?}");
}
