//! Driving `outbox mcp` in tests: over stdio a line at a time, and over
//! Streamable HTTP on a free port.

use super::db::{Db, NOW};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `outbox mcp` on stdio, fed `messages`; its answers by id.
pub fn over_stdio(db: &Db, extra: &[&str], messages: &[Value]) -> Vec<Value> {
    let lines: Vec<(String, bool)> = messages
        .iter()
        .map(|m| (m.to_string(), m.get("id").is_some()))
        .collect();
    lines_over_stdio(db, extra, &lines)
}

/// `outbox mcp` on stdio fed raw lines, each with whether it is answered;
/// the answers in order. Each answered line waits for its answer.
pub fn lines_over_stdio(db: &Db, extra: &[&str], lines: &[(String, bool)]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .env("OUTBOX_NOW", NOW.to_string())
        .arg("mcp")
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut answers = Vec::new();
    for (message, answered) in lines {
        writeln!(stdin, "{message}").unwrap();
        stdin.flush().unwrap();
        if !answered {
            continue;
        }
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        answers
            .push(serde_json::from_str::<Value>(&line).unwrap_or_else(|e| panic!("{e}: {line:?}")));
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    answers
}

pub fn handshake() -> Vec<Value> {
    vec![
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    ]
}

pub fn call(id: i64, tool: &str, arguments: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": arguments}})
}

pub struct Http {
    pub child: Child,
    pub url: String,
    pub port: u16,
}

impl Drop for Http {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Waits (up to ten seconds) until something listens on `port`.
pub fn wait_listening(port: u16) {
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "outbox mcp --http did not listen"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

pub fn over_http(db: &Db, token: Option<&str>) -> Http {
    over_http_with(db, token, &[])
}

/// `outbox mcp --http` on a free port with `extra` flags, once it listens.
pub fn over_http_with(db: &Db, token: Option<&str>, extra: &[&str]) -> Http {
    let port = free_port();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_outbox"));
    cmd.env("OUTBOX_DB", &db.target)
        .env("OUTBOX_NOW", NOW.to_string())
        .args(["mcp", "--http", &format!("127.0.0.1:{port}")])
        .args(extra)
        .stderr(Stdio::null());
    if let Some(token) = token {
        cmd.env("OUTBOX_MCP_TOKEN", token);
    }
    let child = cmd.spawn().unwrap();
    wait_listening(port);
    Http {
        child,
        url: format!("http://127.0.0.1:{port}/mcp"),
        port,
    }
}
