//! The span of each delivery attempt, for the OpenTelemetry export: begun
//! when the delivery is handed to its handler or sender, ended when its
//! outcome is recorded (so it says what became of the delivery: delivered,
//! queued again, dead), with the span id every sender of the attempt named.

use super::settle::{Claimed, Settled};
use crate::core::records::error::Result;
use crate::core::records::model::Transport;
use crate::core::records::trace;
use crate::core::settings::endpoint::is_broker;
use crate::telemetry::{Finished, Telemetry};
use opentelemetry::KeyValue;
use opentelemetry::trace::SpanKind;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::SystemTime;

/// One attempt under way.
struct Attempt {
    traceparent: String,
    tracestate: String,
    span_id: u64,
    name: String,
    kind: SpanKind,
    attributes: Vec<KeyValue>,
    started: SystemTime,
    ended: Option<SystemTime>,
}

/// The attempts of one worker, by delivery id.
pub(super) struct Traced {
    telemetry: Arc<Telemetry>,
    handler: bool,
    attempts: HashMap<String, Attempt>,
}

/// `messaging.system` of a broker transport, as OpenTelemetry names them.
fn messaging_system(transport: Transport) -> Option<&'static str> {
    match transport {
        Transport::Nats => Some("nats"),
        Transport::Amqp => Some("rabbitmq"),
        Transport::Mqtt => Some("mqtt"),
        Transport::Redis => Some("redis"),
        _ => None,
    }
}

impl Traced {
    pub fn new(telemetry: Arc<Telemetry>, handler: bool) -> Self {
        Traced {
            telemetry,
            handler,
            attempts: HashMap::new(),
        }
    }

    /// A claimed delivery is handed on now.
    pub fn begin(&mut self, claimed: &Claimed) {
        let d = &claimed.delivery;
        let (traceparent, tracestate, event_type) = match &claimed.event {
            Some(e) => (
                e.traceparent.clone(),
                e.tracestate.clone(),
                e.event_type.as_str(),
            ),
            None => (String::new(), String::new(), ""),
        };
        let transport = d.transport.to_string();
        let mut attributes = vec![
            KeyValue::new("outbox.delivery.id", d.delivery_id.clone()),
            KeyValue::new("outbox.event.id", d.event_id.clone()),
            KeyValue::new("outbox.event.type", event_type.to_owned()),
            KeyValue::new("outbox.subscription.id", d.sub_id.clone()),
            KeyValue::new("outbox.client.id", d.client_id.clone()),
            KeyValue::new("outbox.transport", transport.clone()),
            KeyValue::new("outbox.delivery.attempt", d.attempt),
        ];
        let kind = if self.handler {
            attributes.push(KeyValue::new("outbox.handler", true));
            SpanKind::Internal
        } else if is_broker(d.transport) {
            if let Some(system) = messaging_system(d.transport) {
                attributes.push(KeyValue::new("messaging.system", system));
                attributes.push(KeyValue::new("messaging.operation.type", "send"));
            }
            SpanKind::Producer
        } else {
            SpanKind::Client
        };
        self.attempts.insert(
            d.delivery_id.clone(),
            Attempt {
                traceparent,
                tracestate,
                span_id: trace::attempt_span_id(&d.delivery_id, d.claims),
                name: format!("deliver {event_type}"),
                kind,
                attributes,
                started: SystemTime::now(),
                ended: None,
            },
        );
    }

    /// Its work ended; what it comes to is recorded later.
    pub fn ended(&mut self, id: &str) {
        if let Some(attempt) = self.attempts.get_mut(id) {
            attempt.ended = Some(SystemTime::now());
        }
    }

    /// Nothing is recorded for it (its lease was lost, or it was stopped).
    pub fn forget(&mut self, id: &str) {
        self.attempts.remove(id);
    }

    /// Its outcome was recorded as `answer`: the span is exported.
    pub fn settled(&mut self, id: &str, answer: &Result<Settled>) {
        let Some(mut attempt) = self.attempts.remove(id) else {
            return;
        };
        let error = match answer {
            Ok(settled) => {
                let d = settled.delivery();
                attempt.attributes.push(KeyValue::new(
                    "outbox.delivery.status",
                    d.status.to_string(),
                ));
                if let Some(status) = d
                    .meta
                    .get("response")
                    .and_then(|r| r.get("status"))
                    .and_then(|s| s.as_i64())
                {
                    attempt
                        .attributes
                        .push(KeyValue::new("http.response.status_code", status));
                }
                match settled {
                    Settled::Completed(_) => None,
                    Settled::Failed(_) | Settled::Released(_) => Some(d.last_error.clone()),
                }
            }
            Err(e) => Some(e.to_string()),
        };
        if error.is_some() {
            attempt
                .attributes
                .push(KeyValue::new("error.type", "outbox.attempt_failed"));
        }
        self.telemetry.record(Finished {
            name: attempt.name,
            kind: attempt.kind,
            traceparent: &attempt.traceparent,
            tracestate: &attempt.tracestate,
            span_id: Some(attempt.span_id),
            started: attempt.started,
            ended: attempt.ended.unwrap_or_else(SystemTime::now),
            attributes: attempt.attributes,
            error,
        });
    }

    pub fn telemetry(&self) -> &Telemetry {
        &self.telemetry
    }
}
