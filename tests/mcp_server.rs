//! `outbox mcp` through the binary: JSON-RPC over stdio (an earlier
//! revision's handshake) and Streamable HTTP (the current revision, one
//! POST per call): the tools are listed with schemas, a read answers what
//! `--json` answers, a claim and completion round trip, `--read-only`
//! serves no write tool and refuses one by name, bad arguments are refused
//! as tool errors without ending the server, and a bearer token is checked.
//! (`dev/check_mcp.py` drives it with the official Python SDK's client.)

mod common;

use common::db::{Db, NOW};
use common::mcp::{Http, call, handshake, over_http, over_stdio};
use serde_json::{Value, json};
use std::process::Command;

/// The tools listed, by name.
fn tool_names(answer: &Value) -> Vec<String> {
    answer["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_owned())
        .collect()
}

fn seeded() -> (Db, String) {
    let db = Db::sqlite();
    let sub = db.sub(&["--types", "order.*"]);
    db.record(NOW, "order.created", "order-1");
    (db, sub)
}

#[test]
fn tools_over_stdio_answer_as_json_does_and_a_claim_round_trips() {
    let (db, sub) = seeded();
    // What --json answers before the session claims anything.
    let (stats, subscription) = (
        db.json(NOW, &["stats"]),
        db.json(NOW, &["sub", "get", &sub]),
    );
    let mut messages = handshake();
    messages.push(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}));
    messages.push(call(2, "stats", json!({})));
    messages.push(call(3, "get_subscription", json!({"sub_id": sub})));
    messages.push(call(
        4,
        "claim_deliveries",
        json!({"worker": "agent-1", "lease": "2m"}),
    ));
    messages.push(call(5, "get_delivery", json!({"delivery_id": 42})));
    messages.push(call(
        6,
        "claim_deliveries",
        json!({"worker": "agent-1", "batch": "many"}),
    ));
    messages.push(call(7, "no_such_tool", json!({})));
    let answers = over_stdio(&db, &[], &messages);

    let tools = tool_names(&answers[1]);
    for name in [
        "stats",
        "subscription_health",
        "list_deliveries",
        "get_delivery",
        "record_event",
        "claim_deliveries",
        "complete_delivery",
        "redrive_deliveries",
    ] {
        assert!(tools.contains(&name.to_owned()), "{name} in {tools:?}");
    }
    let claim = answers[1]["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "claim_deliveries")
        .unwrap();
    assert_eq!(claim["inputSchema"]["required"], json!(["worker"]));
    assert_eq!(
        claim["inputSchema"]["properties"]["batch"]["type"],
        "integer"
    );

    // A read answers exactly what the command's --json answers.
    assert_eq!(answers[2]["result"]["structuredContent"], stats);
    assert_eq!(answers[3]["result"]["structuredContent"], subscription);

    let claimed = &answers[4]["result"]["structuredContent"];
    assert_eq!(claimed["ok"], true, "{claimed}");
    let delivery = &claimed["deliveries"][0];
    assert_eq!(delivery["status"], "claimed");
    assert_eq!(delivery["claimedBy"], "agent-1");
    assert_eq!(delivery["leaseExpiresAt"], NOW + 120);
    assert_eq!(
        claimed["events"][0]["subject"], "order-1",
        "with its event: {claimed}"
    );

    // Refusals are tool errors with the outbox's code; the server goes on.
    assert_eq!(answers[5]["result"]["isError"], true);
    assert_eq!(
        answers[5]["result"]["structuredContent"]["error"],
        "deliveryNotFound"
    );
    assert_eq!(answers[6]["result"]["isError"], true);
    assert_eq!(
        answers[6]["result"]["structuredContent"]["error"],
        "invalid:arguments"
    );
    // An unknown tool is a protocol error, its code in the error's data.
    assert_eq!(answers[7]["error"]["code"], -32602);
    assert_eq!(answers[7]["error"]["data"]["error"], "invalid:tool");

    let id = delivery["deliveryId"].as_str().unwrap();
    let mut messages = handshake();
    messages.push(call(
        1,
        "complete_delivery",
        json!({"delivery_id": id, "worker": "agent-2"}),
    ));
    messages.push(call(
        2,
        "complete_delivery",
        json!({"delivery_id": id, "worker": "agent-1"}),
    ));
    let answers = over_stdio(&db, &[], &messages);
    assert_eq!(
        answers[1]["result"]["structuredContent"]["error"],
        "invalid:claimOwner"
    );
    assert_eq!(
        answers[2]["result"]["structuredContent"]["delivery"]["status"],
        "delivered"
    );
    assert_eq!(
        db.json(NOW, &["delivery", "get", id])["delivery"]["status"],
        "delivered"
    );
}

#[test]
fn read_only_serves_no_write_tool_and_refuses_one_by_name() {
    let (db, _) = seeded();
    let before = db.state();
    let mut messages = handshake();
    messages.push(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}));
    messages.push(call(2, "claim_deliveries", json!({"worker": "w"})));
    messages.push(call(3, "record_event", json!({"type": "order.created"})));
    messages.push(call(4, "list_deliveries", json!({"status": "queued"})));
    let answers = over_stdio(&db, &["--read-only"], &messages);
    let tools = tool_names(&answers[1]);
    for write in [
        "record_event",
        "claim_deliveries",
        "complete_delivery",
        "fail_delivery",
        "release_delivery",
        "renew_delivery",
        "redrive_deliveries",
        "pause_subscription",
        "resume_subscription",
    ] {
        assert!(
            !tools.contains(&write.to_owned()),
            "{write} served read-only"
        );
    }
    assert!(tools.contains(&"list_deliveries".to_owned()));
    // Not listed, so unknown: a protocol error, not a tool's failure.
    for refused in &answers[2..4] {
        assert_eq!(refused["error"]["code"], -32602, "{refused}");
        let text = refused["error"]["message"].as_str().unwrap();
        assert!(text.contains("read-only"), "{text}");
    }
    assert_eq!(answers[4]["result"]["structuredContent"]["count"], 1);
    assert_eq!(db.state(), before, "nothing written");
}

/// One call of the current revision: self-contained, no session.
fn post(http: &Http, tool: &str, arguments: Value, token: Option<&str>) -> (u16, Value) {
    let message = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {
        "name": tool, "arguments": arguments, "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {}}}});
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut request = agent
        .post(&http.url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", "tools/call")
        .header("mcp-name", tool);
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let mut response = request.send(message.to_string().as_str()).unwrap();
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().unwrap();
    // A JSON answer, or the data line of an SSE stream's answer.
    let body = text
        .lines()
        .filter_map(|l| l.strip_prefix("data:").map(str::trim).or(Some(l)))
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|v| v.get("id") == Some(&json!(9)))
        .unwrap_or(Value::Null);
    (status, body)
}

#[test]
fn tools_over_http_of_the_current_revision_and_a_bearer_token() {
    let (db, _) = seeded();
    let http = over_http(&db, None);
    let (status, answer) = post(&http, "list_deliveries", json!({}), None);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["result"]["structuredContent"],
        db.json(NOW, &["delivery", "list"])
    );
    let (_, recorded) = post(
        &http,
        "record_event",
        json!({"type": "order.paid", "subject": "order-1", "payload": {"total": 42.5}}),
        None,
    );
    let event = &recorded["result"]["structuredContent"]["event"];
    assert_eq!(event["payload"], json!({"total": 42.5}), "{recorded}");
    assert_eq!(db.json(NOW, &["event", "list"])["count"], 2);
    drop(http);

    let http = over_http(&db, Some("t0ken"));
    let (status, _) = post(&http, "stats", json!({}), None);
    assert_eq!(status, 401, "no token");
    let (status, _) = post(&http, "stats", json!({}), Some("wrong"));
    assert_eq!(status, 401, "a wrong token");
    let (status, answer) = post(&http, "stats", json!({}), Some("t0ken"));
    assert_eq!(status, 200);
    assert_eq!(answer["result"]["structuredContent"]["count"], 2);
}

#[test]
fn http_beyond_loopback_needs_a_token() {
    let db = Db::sqlite();
    db.sub(&["--types", "t"]);
    let out = Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .env_remove("OUTBOX_MCP_TOKEN")
        .args(["mcp", "--http", "0.0.0.0:0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("OUTBOX_MCP_TOKEN"));
}

#[test]
fn subscription_health_answers_as_sub_health_does_and_is_served_read_only() {
    let db = Db::sqlite();
    let limited = db.sub(&[
        "--types",
        "order.*",
        "--transport",
        "webhook",
        "--endpoint",
        "http://127.0.0.1:9/hook",
        "--rate",
        "5/s",
        "--max-in-flight",
        "2",
    ]);
    db.sub(&["--types", "order.*"]);
    let one = db.json(NOW, &["sub", "health", &limited]);
    let all = db.json(NOW, &["sub", "health"]);
    assert_eq!(one["subscriptions"][0]["rate"]["limit"], 5, "{one}");
    assert_eq!(all["count"], 2, "{all}");
    let mut messages = handshake();
    messages.push(call(
        1,
        "subscription_health",
        json!({"sub_id": &limited[..12]}),
    ));
    messages.push(call(2, "subscription_health", json!({})));
    messages.push(call(
        3,
        "subscription_health",
        json!({"sub_id": "sub_000000000000000000000000"}),
    ));
    let answers = over_stdio(&db, &["--read-only"], &messages);
    assert_eq!(answers[1]["result"]["structuredContent"], one);
    assert_eq!(answers[2]["result"]["structuredContent"], all);
    assert_eq!(answers[3]["result"]["isError"], true, "{}", answers[3]);
    assert_eq!(
        answers[3]["result"]["structuredContent"]["error"],
        "subscriptionNotFound"
    );
}
