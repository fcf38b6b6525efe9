//! The built-in senders: a webhook signed as the Standard Webhooks
//! specification says, or an A2A message over JSON-RPC (and, in `mcp.rs`,
//! a tool call to an MCP server). Each answer is
//! read as an outcome: 2xx delivered; 410 gone for good; anything else
//! retried by the subscription's policy, no sooner than a `Retry-After`.

use super::envelope::{CloudEvent, DATA_CONTENT_TYPE, STRUCTURED_CONTENT_TYPE};
use super::mcp::McpTool;
use super::settle::Claimed;
use super::signing::{key_of, signature_header};
use super::{Outcome, clip_tail, duration_text};
use crate::core::ledger::subscriptions::unsendable;
use crate::core::records::model::{Event, SubscriptionStatus, Transport};
use crate::core::reference::json::Object;
use crate::core::settings::endpoint::{Envelope, webhook_envelope};
use crate::lifecycle::when::{parse_http_date, rfc3339};
use serde_json::{Value, json};
use std::io::Read;
use std::time::{Duration, Instant};

/// The transports outbox sends itself, claimed in turn by a worker
/// without a handler: every one but `poll`, whose clients claim their own.
pub const SENT: &[Transport] = &[
    Transport::Webhook,
    Transport::A2a,
    Transport::Mcp,
    Transport::Nats,
    Transport::Amqp,
    Transport::Mqtt,
    Transport::Redis,
];

/// How much of a response body a delivery keeps in `meta.response`.
pub(super) const BODY_KEPT: usize = 4096;
/// The longest wait a `Retry-After` can impose: a day.
const MAX_RETRY_AFTER: i64 = 86_400;

/// Sends deliveries over HTTP; one per worker, shared by its threads.
pub struct Sender {
    pub(super) agent: ureq::Agent,
    timeout: Duration,
    /// What each MCP endpoint speaks, learnt from its answers.
    mcp: super::mcp::Endpoints,
    /// Connections to message brokers, made as deliveries need them.
    pub(super) brokers: Box<super::brokers::Brokers>,
}

impl Sender {
    pub fn new(timeout: Duration) -> Self {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(timeout))
            .http_status_as_error(false)
            .max_redirects(0)
            .user_agent(concat!("outbox/", env!("CARGO_PKG_VERSION")))
            .build()
            .new_agent();
        Sender {
            agent,
            timeout,
            mcp: super::mcp::Endpoints::default(),
            brokers: Box::new(super::brokers::Brokers::new(timeout)),
        }
    }

    /// Sends one claimed delivery at `now` (unix seconds).
    pub fn send(&self, claimed: &Claimed, now: i64) -> Outcome {
        let d = &claimed.delivery;
        // A broker's sender makes the same checks itself.
        if crate::core::settings::endpoint::is_broker(d.transport) {
            return self.brokers.send(claimed);
        }
        if let Some(refused) = unsent(claimed) {
            return refused;
        }
        let Some(event) = &claimed.event else {
            unreachable!("unsent() refuses a delivery without its event")
        };
        if d.transport == Transport::Mcp {
            let tool = claimed
                .subscription
                .as_ref()
                .and_then(|s| McpTool::from_meta(&s.meta));
            let token = claimed.secrets.first().map(|s| s.secret.as_str());
            return self.send_mcp(&self.mcp, tool, event, d, token, now);
        }
        let envelope = claimed
            .subscription
            .as_ref()
            .filter(|_| d.transport == Transport::Webhook)
            .and_then(|s| webhook_envelope(&s.meta));
        let cloud_event = CloudEvent::of(event, d);
        let (body, content_type) = match envelope {
            None => (webhook_body(event).to_string(), DATA_CONTENT_TYPE),
            Some(Envelope::Binary) => (
                String::from_utf8(cloud_event.data_bytes()).expect("JSON is UTF-8"),
                DATA_CONTENT_TYPE,
            ),
            Some(Envelope::Structured) => (
                String::from_utf8(cloud_event.structured()).expect("JSON is UTF-8"),
                STRUCTURED_CONTENT_TYPE,
            ),
        };
        let mut request = self
            .agent
            .post(&d.endpoint)
            .header("content-type", content_type);
        // W3C trace context: the receiver's span is a child of this
        // attempt's.
        for name in ["traceparent", "tracestate"] {
            if let Some(value) = cloud_event.attribute(name) {
                request = request.header(name, value);
            }
        }
        let (request, body) = match d.transport {
            Transport::Webhook => {
                let keys: Vec<Vec<u8>> = claimed
                    .secrets
                    .iter()
                    .filter_map(|s| key_of(&s.secret).ok())
                    .collect();
                let signature = signature_header(&keys, &event.event_id, now, &body);
                // The subscription's own headers first: what outbox sets
                // is set after them and wins.
                let mut request = request;
                if let Some(sub) = &claimed.subscription {
                    for (name, value) in crate::core::settings::headers::of(&sub.meta) {
                        request = request.header(name, value);
                    }
                }
                // A binary-mode CloudEvent's attributes, beside the
                // signature (HTTP binding: ce- headers).
                if envelope == Some(Envelope::Binary) {
                    for (name, value) in &cloud_event.attributes {
                        request = request.header(format!("ce-{name}"), value);
                    }
                }
                let request = request
                    .header("webhook-id", &event.event_id)
                    .header("webhook-timestamp", now.to_string())
                    .header("webhook-signature", signature);
                (request, body)
            }
            Transport::A2a => {
                let version = claimed
                    .subscription
                    .as_ref()
                    .and_then(|s| s.meta.get("a2aVersion"))
                    .and_then(Value::as_str)
                    .unwrap_or("1.0");
                let mut request =
                    request.header("A2A-Version", if version == "0.3" { "0.3" } else { "1.0" });
                if let Some(token) = claimed.secrets.first() {
                    request = request.header("authorization", format!("Bearer {}", token.secret));
                }
                (
                    request,
                    a2a_request(event, webhook_body(event), version).to_string(),
                )
            }
            other => {
                return Outcome::failed(
                    format!("outbox does not send {other} deliveries itself"),
                    false,
                );
            }
        };
        let started = Instant::now();
        let sent = request.send(body.as_str());
        let took = started.elapsed();
        let mut response = match sent {
            Ok(response) => response,
            Err(e) => return Outcome::failed(self.transport_error(&e), true),
        };
        let status = response.status().as_u16();
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        let retry_after = header("retry-after");
        let mut kept = Vec::new();
        let _ = response
            .body_mut()
            .as_reader()
            .take(BODY_KEPT as u64)
            .read_to_end(&mut kept);
        let text = String::from_utf8_lossy(&kept).into_owned();
        let mut meta = Object::new();
        meta.insert(
            "response".to_owned(),
            json!({"status": status, "durationMs": took.as_millis() as u64, "body": text}),
        );
        let meta = Some(meta);
        let short = || http_status_line(status, &text);
        match status {
            200..=299 => match (d.transport, rpc_error(&text)) {
                (Transport::A2a, Some(error)) => Outcome::Failed {
                    error: format!("A2A error {error}"),
                    retry: true,
                    not_before: None,
                    meta,
                    disable: false,
                },
                _ => Outcome::Delivered { meta },
            },
            410 => Outcome::Failed {
                error: format!("{} (subscription disabled)", short()),
                retry: false,
                not_before: None,
                meta,
                disable: true,
            },
            _ => Outcome::Failed {
                error: short(),
                retry: true,
                not_before: match status {
                    429 | 503 => retry_after.and_then(|v| wait_of(&v, now)),
                    _ => None,
                },
                meta,
                disable: false,
            },
        }
    }

    /// A body that could not be read to its end: a timeout says so.
    pub(super) fn read_error(&self, e: &std::io::Error) -> String {
        let timed_out = e.kind() == std::io::ErrorKind::TimedOut
            || e.get_ref()
                .and_then(|inner| inner.downcast_ref::<ureq::Error>())
                .is_some_and(|inner| matches!(inner, ureq::Error::Timeout(_)));
        if timed_out {
            format!("timeout after {}", duration_text(self.timeout))
        } else {
            format!("the answer could not be read: {e}")
        }
    }

    pub(super) fn transport_error(&self, e: &ureq::Error) -> String {
        match e {
            ureq::Error::Timeout(_) => format!("timeout after {}", duration_text(self.timeout)),
            ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => {
                "connection refused".to_owned()
            }
            ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => {
                format!("timeout after {}", duration_text(self.timeout))
            }
            other => other.to_string(),
        }
    }
}

/// Why a claimed delivery cannot be sent at all, whatever its transport:
/// its subscription is not active or gone, its event gone, its endpoint
/// one no attempt can reach. Each fails without retry (`sub update
/// --endpoint` and a redrive can mend an endpoint).
pub(super) fn unsent(claimed: &Claimed) -> Option<Outcome> {
    let d = &claimed.delivery;
    let refused = |why: String| Some(Outcome::failed(why, false));
    match &claimed.subscription {
        Some(s) if s.status == SubscriptionStatus::Active => {}
        Some(s) => return refused(format!("subscription {} is {}", s.sub_id, s.status)),
        None => return refused(format!("subscription {} does not exist", d.sub_id)),
    }
    if claimed.event.is_none() {
        return refused(format!("event {} does not exist", d.event_id));
    }
    unsendable(d.transport, &d.endpoint).and_then(|why| refused(format!("not sent: {why}")))
}

/// An HTTP answer in one line, as every sender records a failure:
/// `HTTP 401: {"error": "invalid_token", ...`, the body's start after it.
pub(super) fn http_status_line(status: u16, body: &str) -> String {
    let line = clip_tail(&body.replace(['\r', '\n'], " "), 200);
    if line.is_empty() {
        format!("HTTP {status}")
    } else {
        format!("HTTP {status}: {line}")
    }
}

/// The body of a webhook, and the data part of an A2A message.
pub fn webhook_body(event: &Event) -> Value {
    json!({
        "type": event.event_type,
        "timestamp": rfc3339(event.created_at),
        "data": event.payload,
        "subject": event.subject,
        "source": event.source,
        "target": event.target,
        "eventId": event.event_id,
    })
}

/// A JSON-RPC request sending `data` as an A2A message: `SendMessage` of
/// A2A 1.0, or `message/send` of 0.3.
pub fn a2a_request(event: &Event, data: Value, version: &str) -> Value {
    if version == "0.3" {
        json!({
            "jsonrpc": "2.0",
            "id": event.event_id,
            "method": "message/send",
            "params": {"message": {
                "kind": "message",
                "messageId": event.event_id,
                "role": "user",
                "parts": [{"kind": "data", "data": data}],
            }},
        })
    } else {
        json!({
            "jsonrpc": "2.0",
            "id": event.event_id,
            "method": "SendMessage",
            "params": {"message": {
                "messageId": event.event_id,
                "role": "ROLE_USER",
                "parts": [{"data": data}],
            }},
        })
    }
}

/// `code: message` of a JSON-RPC error answer.
fn rpc_error(body: &str) -> Option<String> {
    let answer: Value = serde_json::from_str(body).ok()?;
    let error = answer.get("error")?;
    Some(format!(
        "{}: {}",
        error.get("code").unwrap_or(&Value::Null),
        error.get("message").and_then(Value::as_str).unwrap_or("")
    ))
}

/// Seconds to wait from a `Retry-After` value (seconds or an HTTP date).
pub(super) fn wait_of(value: &str, now: i64) -> Option<i64> {
    let value = value.trim();
    let wait = match value.parse::<i64>() {
        Ok(seconds) => seconds,
        Err(_) => parse_http_date(value)? - now,
    };
    Some(wait.clamp(0, MAX_RETRY_AFTER))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_in_seconds_or_as_a_date_capped_at_a_day() {
        assert_eq!(wait_of("120", 0), Some(120));
        assert_eq!(wait_of("999999", 0), Some(86_400));
        let now = 784_111_777 - 30;
        assert_eq!(wait_of("Sun, 06 Nov 1994 08:49:37 GMT", now), Some(30));
        assert_eq!(wait_of("later", 0), None);
    }
}
