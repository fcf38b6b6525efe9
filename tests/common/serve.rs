//! `outbox serve` on a free port for tests that call its API over HTTP.

use super::db::{Db, NOW};
use super::mcp::{free_port, wait_listening};
use serde_json::Value;
use std::process::{Child, Command, Stdio};

pub struct Served {
    pub child: Child,
    /// `http://127.0.0.1:PORT` and the base path.
    pub base: String,
    agent: ureq::Agent,
    token: Option<String>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `outbox serve` on `db` with `extra` flags (and `OUTBOX_SERVE_TOKEN` when
/// a token is given), once it listens.
pub fn serve(db: &Db, token: Option<&str>, extra: &[&str]) -> Served {
    let port = free_port();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_outbox"));
    cmd.env("OUTBOX_DB", &db.target)
        .env("OUTBOX_NOW", NOW.to_string())
        .env_remove("OUTBOX_SERVE_TOKEN")
        .env_remove("OUTBOX_SOURCE")
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .args(extra)
        .stderr(Stdio::null());
    if let Some(token) = token {
        cmd.env("OUTBOX_SERVE_TOKEN", token);
    }
    let child = cmd.spawn().unwrap();
    wait_listening(port);
    let prefix = extra
        .iter()
        .position(|a| *a == "--base-path")
        .map_or("", |at| extra[at + 1].trim_end_matches('/'));
    Served {
        child,
        base: format!("http://127.0.0.1:{port}{prefix}"),
        agent: ureq::Agent::config_builder()
            .http_status_as_error(false)
            // A redirect is an answer to look at, not to follow.
            .max_redirects(0)
            .timeout_global(Some(std::time::Duration::from_secs(30)))
            .build()
            .into(),
        token: token.map(str::to_owned),
    }
}

/// An answer: its status and body.
pub struct Reply {
    pub status: u16,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {} {}", self.status, self.body))
    }
}

impl Served {
    /// A request to `path` (under the base), with a body of `content_type`
    /// when one is given, and the headers given.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<(&str, &str)>,
        headers: &[(&str, &str)],
    ) -> Reply {
        let url = format!("{}{path}", self.base);
        let mut request = ureq::http::Request::builder().method(method).uri(&url);
        if let Some(token) = &self.token {
            request = request.header("authorization", format!("Bearer {token}"));
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = match body {
            Some((content_type, body)) => self.agent.run(
                request
                    .header("content-type", content_type)
                    .body(body.as_bytes().to_vec())
                    .unwrap(),
            ),
            None => self.agent.run(request.body(Vec::new()).unwrap()),
        }
        .unwrap_or_else(|e| panic!("{method} {url}: {e}"));
        let status = response.status().as_u16();
        let body = response.into_body().read_to_string().unwrap();
        Reply { status, body }
    }

    pub fn get(&self, path: &str) -> Reply {
        self.request("GET", path, None, &[])
    }

    /// A JSON body to `path`.
    pub fn send(&self, method: &str, path: &str, body: &Value) -> Reply {
        self.request(
            method,
            path,
            Some(("application/json", &body.to_string())),
            &[],
        )
    }

    /// An NDJSON body of events to record.
    pub fn ndjson(&self, lines: &str) -> Reply {
        self.request(
            "POST",
            "/api/v1/events",
            Some(("application/x-ndjson", lines)),
            &[],
        )
    }

    /// The JSON answer of a read that must succeed.
    pub fn read(&self, path: &str) -> Value {
        let reply = self.get(path);
        assert_eq!(reply.status, 200, "GET {path}: {}", reply.body);
        reply.json()
    }
}
