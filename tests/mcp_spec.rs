//! `outbox mcp` where the MCP transport and JSON-RPC say what a server
//! must do, through the binary: a foreign Origin gets 403, an unknown tool
//! is a protocol error (-32602), malformed input gets -32700 or -32600 as
//! JSON (HTTP 400; a reply over stdio too), 2025-03-26 and its batches are
//! not offered, and the process stops cleanly on signals, says when it
//! cannot listen (exit 4), and checks its database first.

mod common;

use common::db::{Db, NOW};
use common::mcp::{call, handshake, lines_over_stdio, over_http, over_http_with};
use serde_json::{Value, json};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A POST of `body` to the server; its status and the JSON-RPC answer
/// (from a JSON body or an SSE stream's data lines), and its session.
fn post(url: &str, body: &str, headers: &[(&str, &str)]) -> (u16, Value, Option<String>) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(10)))
        .build()
        .into();
    let mut request = agent
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let mut response = request.send(body).unwrap();
    let status = response.status().as_u16();
    let session = response
        .headers()
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let text = response.body_mut().read_to_string().unwrap_or_default();
    let answer = text
        .lines()
        .map(|l| l.strip_prefix("data:").map_or(l, str::trim))
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|v| v.get("jsonrpc").is_some())
        .unwrap_or(Value::Null);
    (status, answer, session)
}

fn initialize(version: &str) -> String {
    json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": version, "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"}}})
    .to_string()
}

#[test]
fn a_foreign_origin_is_refused_and_the_servers_own_or_an_allowed_one_taken() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    let http = over_http_with(&db, None, &["--allow-origin", "https://agent.example.com"]);
    let hello = initialize("2025-11-25");
    let (status, _, session) = post(&http.url, &hello, &[("origin", "http://evil.example.com")]);
    assert_eq!((status, session), (403, None));
    let own = format!("http://localhost:{}", http.port);
    for origin in [own.as_str(), "https://agent.example.com"] {
        let (status, answer, _) = post(&http.url, &hello, &[("origin", origin)]);
        assert_eq!(status, 200, "{origin}: {answer}");
        assert_eq!(answer["result"]["serverInfo"]["name"], "outbox", "{origin}");
    }
    // No Origin at all: not a browser, taken.
    let (status, _, _) = post(&http.url, &hello, &[]);
    assert_eq!(status, 200);
}

#[test]
fn an_unknown_tool_is_a_protocol_error_on_every_transport() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    let mut messages: Vec<(String, bool)> = handshake()
        .iter()
        .map(|m| (m.to_string(), m.get("id").is_some()))
        .collect();
    messages.push((call(2, "nosuch", json!({})).to_string(), true));
    let answers = lines_over_stdio(&db, &[], &messages);
    assert_eq!(answers[1]["error"]["code"], -32602, "{}", answers[1]);
    assert!(
        answers[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("nosuch")
    );

    let http = over_http(&db, None);
    let (_, _, session) = post(&http.url, &initialize("2025-11-25"), &[]);
    let session = session.expect("a session");
    let headers = [
        ("mcp-session-id", session.as_str()),
        ("mcp-protocol-version", "2025-11-25"),
    ];
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    post(&http.url, &initialized.to_string(), &headers);
    let (status, answer, _) = post(
        &http.url,
        &call(2, "nosuch", json!({})).to_string(),
        &headers,
    );
    assert_eq!(status, 200);
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    // A tool it has still answers, and a tool's own failure stays a result.
    let (_, answer, _) = post(
        &http.url,
        &call(3, "get_delivery", json!({"id": "delv_missing"})).to_string(),
        &headers,
    );
    assert_eq!(answer["result"]["isError"], true, "{answer}");
}

#[test]
fn malformed_input_is_answered_with_json_rpc_errors() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    let http = over_http(&db, None);
    for (body, code) in [
        (r#"{"jsonrpc":"#, -32700),
        (r#"{"foo":1}"#, -32600),
        (r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, -32600),
    ] {
        let (status, answer, _) = post(&http.url, body, &[]);
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(answer["error"]["code"], code, "{body}: {answer}");
        assert_eq!(answer["id"], Value::Null);
    }
    let mut lines: Vec<(String, bool)> = handshake()
        .iter()
        .map(|m| (m.to_string(), m.get("id").is_some()))
        .collect();
    lines.extend([
        (r#"{"jsonrpc":"#.to_owned(), true),
        (r#"{"foo":1}"#.to_owned(), true),
        (
            json!({"jsonrpc": "2.0", "id": 5, "method": "ping"}).to_string(),
            true,
        ),
    ]);
    let answers = lines_over_stdio(&db, &[], &lines);
    assert_eq!(answers[1]["error"]["code"], -32700, "{}", answers[1]);
    assert_eq!(answers[2]["error"]["code"], -32600, "{}", answers[2]);
    assert_eq!(answers[3]["id"], 5, "the server goes on: {}", answers[3]);
}

#[test]
fn the_revision_with_batches_is_not_offered() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    let http = over_http(&db, None);
    let (_, answer, _) = post(&http.url, &initialize("2025-03-26"), &[]);
    let agreed = answer["result"]["protocolVersion"].as_str().unwrap();
    assert_ne!(agreed, "2025-03-26", "{answer}");
    assert!(agreed > "2025-03-26", "{answer}");
    // Revisions after it are agreed as asked.
    let (_, answer, _) = post(&http.url, &initialize("2025-06-18"), &[]);
    assert_eq!(answer["result"]["protocolVersion"], "2025-06-18");
}

#[test]
fn signals_stop_it_cleanly_a_taken_port_is_exit_4_and_a_missing_db_exit_3() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    for (signal, code) in [(libc::SIGTERM, 0), (libc::SIGINT, 130)] {
        let port = common::mcp::free_port();
        let mut child = Command::new(env!("CARGO_BIN_EXE_outbox"))
            .env("OUTBOX_DB", &db.target)
            .args(["mcp", "--http", &format!("127.0.0.1:{port}")])
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        common::mcp::wait_listening(port);
        // SAFETY: kill(2) on a child this test started and has not reaped.
        assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
        assert_eq!(child.wait().unwrap().code(), Some(code), "signal {signal}");
    }
    let http = over_http(&db, None);
    let taken = Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .args([
            "mcp",
            "--http",
            &format!("127.0.0.1:{}", http.port),
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(taken.status.code(), Some(4), "{taken:?}");
    assert!(String::from_utf8_lossy(&taken.stdout).contains("listen:inUse"));

    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("typo.db");
    let started = Instant::now();
    let missing = Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &typo)
        .env("OUTBOX_NOW", NOW.to_string())
        .args(["mcp", "--http", "127.0.0.1:0"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(3), "{missing:?}");
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(!typo.exists());
}
