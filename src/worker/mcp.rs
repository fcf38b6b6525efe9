//! The `mcp` sender: a delivery is a `tools/call` to the subscription's MCP
//! server over Streamable HTTP. It speaks the current revision (2026-07-28:
//! one self-contained POST per call, its protocol fields in the request's
//! `_meta` and mirrored in headers) and falls back to the earlier ones
//! (`initialize`, `notifications/initialized`, then the call, in a session
//! the server names) when a server does not speak it, remembering per
//! endpoint which one it does. Answers come as JSON or as an SSE stream.

use super::Outcome;
mod answer;
mod stream;

use super::send::{Sender, webhook_body};
use crate::core::records::model::{Delivery, Event};
use crate::core::reference::json::Object;
use answer::{Answer, outcome, rpc_text, speaks_current};
use base64::Engine as _;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::Read;
use std::sync::Mutex;
use std::time::Instant;
use stream::Streamed;

/// The revision spoken first.
pub const CURRENT: &str = "2026-07-28";
/// The revision offered in `initialize` to a server that does not speak
/// the current one (it may answer with an earlier one, e.g. 2025-06-18).
pub const EARLIER: &str = "2025-11-25";
/// The key of a subscription's `meta` that holds its tool.
pub const META_KEY: &str = "mcp";
/// The most of an SSE stream read while looking for the answer.
pub(super) const STREAM_LIMIT: u64 = 16 * 1024 * 1024;

/// What an MCP subscription calls: its tool and how its arguments are made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct McpTool {
    pub tool: String,
    /// `true`: the event's payload is the arguments; `false`: `{"event": BODY}`.
    pub payload_as_arguments: bool,
}

impl McpTool {
    pub fn from_meta(meta: &Object) -> Option<McpTool> {
        let mcp = meta.get(META_KEY)?.as_object()?;
        let tool = mcp.get("tool")?.as_str()?.to_owned();
        let payload_as_arguments = mcp.get("arguments").and_then(Value::as_str) == Some("payload");
        Some(McpTool {
            tool,
            payload_as_arguments,
        })
    }

    pub fn to_json(&self) -> Value {
        json!({
            "tool": self.tool,
            "arguments": if self.payload_as_arguments { "payload" } else { "event" },
        })
    }
}

/// What the sender knows of each endpoint: the revision it speaks and,
/// for earlier revisions, the session it gave.
#[derive(Default)]
pub struct Endpoints {
    known: Mutex<HashMap<String, Known>>,
}

#[derive(Clone, Debug)]
enum Known {
    Current,
    /// An earlier revision: the version agreed and the session, if any.
    Earlier {
        version: String,
        session: Option<String>,
    },
}

/// A failure of the exchange itself (no answer to read).
enum Exchange {
    Answered(Answer),
    Failed(Outcome),
}

fn header_value(name: &str) -> String {
    if name.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        name.to_owned()
    } else {
        format!(
            "=?base64?{}?=",
            base64::engine::general_purpose::STANDARD.encode(name)
        )
    }
}

impl Sender {
    /// POSTs `message` to `endpoint` with `headers`, taking a JSON or an
    /// SSE answer.
    fn post(
        &self,
        endpoint: &str,
        message: &Value,
        headers: &[(&str, String)],
    ) -> Result<ureq::http::Response<ureq::Body>, ureq::Error> {
        let mut request = self
            .agent
            .post(endpoint)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream");
        for (name, value) in headers {
            request = request.header(*name, value);
        }
        request.send(message.to_string().as_str())
    }

    /// One POST of `message` to `endpoint` with `headers`, read as JSON or
    /// as an SSE stream.
    fn exchange(&self, endpoint: &str, message: &Value, headers: &[(&str, String)]) -> Exchange {
        let mut response = match self.post(endpoint, message, headers) {
            Ok(response) => response,
            Err(e) => return Exchange::Failed(Outcome::failed(self.transport_error(&e), true)),
        };
        let status = response.status().as_u16();
        let get = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        let (session, retry_after, kind) = (
            get("mcp-session-id"),
            get("retry-after"),
            get("content-type").unwrap_or_default(),
        );
        let id = message.get("id").cloned().unwrap_or(Value::Null);
        let (response, text) = if kind.starts_with("text/event-stream") {
            // Replies to the server's own requests, and resumptions, go in
            // the session the stream belongs to.
            let mut headers = headers.to_vec();
            if let Some(session) = &session
                && !headers.iter().any(|(name, _)| *name == "mcp-session-id")
            {
                headers.push(("mcp-session-id", session.clone()));
            }
            let reader = response.body_mut().as_reader();
            match self.follow_stream(endpoint, reader, &id, &headers) {
                Ok(Some(answer)) => {
                    let text = answer.to_string();
                    (Some(answer), text)
                }
                Ok(None) if (200..300).contains(&status) => {
                    return Exchange::Failed(Outcome::failed(
                        "the MCP server's stream ended before its answer".to_owned(),
                        true,
                    ));
                }
                Ok(None) => (None, String::new()),
                Err(failed) => return Exchange::Failed(failed),
            }
        } else {
            let mut kept = Vec::new();
            let _ = response
                .body_mut()
                .as_reader()
                .take(STREAM_LIMIT)
                .read_to_end(&mut kept);
            let text = String::from_utf8_lossy(&kept).into_owned();
            // A JSON-RPC response, not any JSON (`{"error": "invalid_token"}`
            // of a 401 is the HTTP answer's body).
            let answer = serde_json::from_str::<Value>(&text).ok().filter(|v| {
                v.get("jsonrpc").is_some()
                    && (v.get("result").is_some() || v.get("error").is_some_and(Value::is_object))
            });
            (answer, text)
        };
        Exchange::Answered(Answer {
            status,
            session,
            response,
            retry_after,
            text,
        })
    }

    /// Reads an SSE stream for the answer to `id`, answering the server's
    /// requests on it, and resuming it (`GET` with `Last-Event-ID`, after
    /// the server's `retry`) when it ends early having named its events.
    fn follow_stream(
        &self,
        endpoint: &str,
        first: impl Read,
        id: &Value,
        headers: &[(&str, String)],
    ) -> Result<Option<Value>, Outcome> {
        let mut respond = |reply: Value| {
            // The server's answer to a reply (202) says nothing more.
            let _ = self.post(endpoint, &reply, headers);
        };
        let mut streamed = stream::read(first, id, STREAM_LIMIT, &mut respond);
        for _ in 0..stream::RESUMPTIONS {
            let Some((last_event_id, wait)) = streamed.resume_after() else {
                break;
            };
            std::thread::sleep(wait);
            let mut request = self
                .agent
                .get(endpoint)
                .header("accept", "text/event-stream")
                .header("last-event-id", &last_event_id);
            for (name, value) in headers {
                request = request.header(*name, value);
            }
            let mut response = match request.call() {
                Ok(response) if response.status().is_success() => response,
                Ok(_) => break,
                Err(e) => return Err(Outcome::failed(self.transport_error(&e), true)),
            };
            streamed = stream::read(
                response.body_mut().as_reader(),
                id,
                STREAM_LIMIT,
                &mut respond,
            );
        }
        match streamed {
            Streamed::Answer(answer) => Ok(Some(answer)),
            Streamed::Ended {
                error: Some(error), ..
            } => Err(Outcome::failed(self.read_error(&error), true)),
            Streamed::Ended { .. } => Ok(None),
        }
    }

    /// Sends one delivery as a `tools/call`.
    pub(super) fn send_mcp(
        &self,
        endpoints: &Endpoints,
        tool: Option<McpTool>,
        event: &Event,
        delivery: &Delivery,
        token: Option<&str>,
        now: i64,
    ) -> Outcome {
        let endpoint = delivery.endpoint.as_str();
        let Some(tool) = tool else {
            return Outcome::failed(
                "not sent: the mcp subscription names no tool; outbox sub update SUB_ID --mcp-tool NAME sets one".to_owned(),
                false,
            );
        };
        let arguments = if tool.payload_as_arguments {
            Value::Object(event.payload.clone())
        } else {
            json!({"event": webhook_body(event)})
        };
        let mut headers = Vec::new();
        if let Some(token) = token {
            headers.push(("authorization", format!("Bearer {token}")));
        }
        // W3C trace context, on every request of this attempt.
        if let Some(traceparent) = crate::core::records::trace::for_attempt(
            &event.traceparent,
            &delivery.delivery_id,
            delivery.claims,
        ) {
            headers.push(("traceparent", traceparent));
            if !event.tracestate.is_empty() {
                headers.push(("tracestate", event.tracestate.clone()));
            }
        }
        let known = endpoints
            .known
            .lock()
            .expect("not poisoned")
            .get(endpoint)
            .cloned();
        let started = Instant::now();
        // A new endpoint is asked what it speaks first, as the official
        // SDKs' clients ask: `server/discover` at the current revision;
        // anything but a list naming it means an earlier revision, spoken
        // after `initialize`.
        let known = match known {
            Some(known) => Some(known),
            None => match self.discover(endpoint, &headers) {
                Ok(true) => Some(Known::Current),
                Ok(false) => Some(Known::Earlier {
                    version: EARLIER.to_owned(),
                    session: None,
                }),
                Err(failed) => return failed,
            },
        };
        let (answer, version) = match known {
            Some(Known::Earlier { version, session }) => {
                match self.call_earlier(
                    endpoints, endpoint, &tool, &arguments, event, &headers, version, session,
                ) {
                    Ok(done) => done,
                    Err(failed) => return failed,
                }
            }
            _ => {
                let answer = match self.call_current(&tool, &arguments, event, endpoint, &headers) {
                    Exchange::Answered(answer) => answer,
                    Exchange::Failed(failed) => return failed,
                };
                if speaks_current(&answer) {
                    endpoints
                        .known
                        .lock()
                        .expect("not poisoned")
                        .insert(endpoint.to_owned(), Known::Current);
                    (answer, CURRENT.to_owned())
                } else {
                    match self.call_earlier(
                        endpoints,
                        endpoint,
                        &tool,
                        &arguments,
                        event,
                        &headers,
                        EARLIER.to_owned(),
                        None,
                    ) {
                        Ok(done) => done,
                        Err(failed) => return failed,
                    }
                }
            }
        };
        outcome(answer, &version, started.elapsed().as_millis() as u64, now)
    }

    /// `server/discover` at the current revision: whether the server lists
    /// it among the versions it speaks.
    fn discover(&self, endpoint: &str, auth: &[(&'static str, String)]) -> Result<bool, Outcome> {
        let probe = json!({
            "jsonrpc": "2.0",
            "id": 0,
            "method": "server/discover",
            "params": {"_meta": {
                "io.modelcontextprotocol/protocolVersion": CURRENT,
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": client_info(),
            }},
        });
        let mut headers = auth.to_vec();
        headers.push(("mcp-protocol-version", CURRENT.to_owned()));
        headers.push(("mcp-method", "server/discover".to_owned()));
        match self.exchange(endpoint, &probe, &headers) {
            Exchange::Answered(answer) => Ok(answer
                .response
                .as_ref()
                .and_then(|r| r.pointer("/result/supportedVersions"))
                .and_then(Value::as_array)
                .is_some_and(|versions| versions.iter().any(|v| v == CURRENT))),
            // A server that cannot be reached: this attempt fails.
            Exchange::Failed(failed) => Err(failed),
        }
    }

    fn call_current(
        &self,
        tool: &McpTool,
        arguments: &Value,
        event: &Event,
        endpoint: &str,
        auth: &[(&'static str, String)],
    ) -> Exchange {
        let call = json!({
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {
                "name": tool.tool,
                "arguments": arguments,
                "_meta": {
                    "io.modelcontextprotocol/protocolVersion": CURRENT,
                    "io.modelcontextprotocol/clientCapabilities": {},
                    "io.modelcontextprotocol/clientInfo": client_info(),
                    "eventId": event.event_id,
                },
            },
        });
        let mut headers = auth.to_vec();
        headers.push(("mcp-protocol-version", CURRENT.to_owned()));
        headers.push(("mcp-method", "tools/call".to_owned()));
        headers.push(("mcp-name", header_value(&tool.tool)));
        self.exchange(endpoint, &call, &headers)
    }

    /// The call in a session of an earlier revision: opened first when
    /// there is none, and opened again once when the server has forgotten it.
    #[allow(clippy::too_many_arguments)]
    fn call_earlier(
        &self,
        endpoints: &Endpoints,
        endpoint: &str,
        tool: &McpTool,
        arguments: &Value,
        event: &Event,
        auth: &[(&'static str, String)],
        mut version: String,
        mut session: Option<String>,
    ) -> Result<(Answer, String), Outcome> {
        let mut opened = false;
        if session.is_none() {
            (version, session) = self.initialize(endpoint, auth)?;
            opened = true;
        }
        loop {
            let mut headers = auth.to_vec();
            headers.push(("mcp-protocol-version", version.clone()));
            if let Some(session) = &session {
                headers.push(("mcp-session-id", session.clone()));
            }
            let call = json!({
                "jsonrpc": "2.0",
                "id": 2,
                "method": "tools/call",
                "params": {"name": tool.tool, "arguments": arguments, "_meta": {"eventId": event.event_id}},
            });
            let answer = match self.exchange(endpoint, &call, &headers) {
                Exchange::Answered(answer) => answer,
                Exchange::Failed(failed) => return Err(failed),
            };
            // A 404 on a session: the server forgot it; start over, once.
            if answer.status == 404 && session.is_some() && !opened {
                (version, session) = self.initialize(endpoint, auth)?;
                opened = true;
                continue;
            }
            endpoints.known.lock().expect("not poisoned").insert(
                endpoint.to_owned(),
                Known::Earlier {
                    version: version.clone(),
                    session: session.clone(),
                },
            );
            return Ok((answer, version));
        }
    }

    /// `initialize` and `notifications/initialized`: the version the server
    /// agreed to and the session it gave, if any.
    fn initialize(
        &self,
        endpoint: &str,
        auth: &[(&'static str, String)],
    ) -> Result<(String, Option<String>), Outcome> {
        let hello = json!({
            "jsonrpc": "2.0",
            "id": 0,
            "method": "initialize",
            "params": {"protocolVersion": EARLIER, "capabilities": {}, "clientInfo": client_info()},
        });
        let answer = match self.exchange(endpoint, &hello, auth) {
            Exchange::Answered(answer) => answer,
            Exchange::Failed(failed) => return Err(failed),
        };
        let version = answer
            .response
            .as_ref()
            .and_then(|r| r.pointer("/result/protocolVersion"))
            .and_then(Value::as_str)
            .map(str::to_owned);
        let Some(version) = version else {
            let error = match answer.response.as_ref().and_then(|r| r.get("error")) {
                Some(error) => format!("the MCP server refused to initialize: {}", rpc_text(error)),
                None => format!(
                    "the MCP server did not initialize: {}",
                    answer::http_error(&answer)
                ),
            };
            return Err(Outcome::failed(error, true));
        };
        let mut headers = auth.to_vec();
        headers.push(("mcp-protocol-version", version.clone()));
        if let Some(session) = &answer.session {
            headers.push(("mcp-session-id", session.clone()));
        }
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        if let Exchange::Failed(failed) = self.exchange(endpoint, &initialized, &headers) {
            return Err(failed);
        }
        Ok((version, answer.session))
    }
}

fn client_info() -> Value {
    json!({"name": "outbox", "version": env!("CARGO_PKG_VERSION")})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_outside_visible_ascii_go_as_base64() {
        assert_eq!(header_value("record_order"), "record_order");
        assert_eq!(header_value("é"), "=?base64?w6k=?=");
    }
}
