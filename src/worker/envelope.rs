//! The CloudEvents 1.0 envelope of every broker message: one event's
//! attributes, which each sender writes as its protocol binding says
//! (binary mode), or the whole CloudEvent as one JSON body (structured).

use crate::core::records::model::{Delivery, Event};
use crate::core::reference::json::Object;
use crate::lifecycle::when::rfc3339;
use serde_json::{Value, json};

/// `datacontenttype` of every event: its payload is a JSON object.
pub const DATA_CONTENT_TYPE: &str = "application/json";
/// The content type of a structured-mode message.
pub const STRUCTURED_CONTENT_TYPE: &str = "application/cloudevents+json";

/// One delivery's CloudEvent.
#[derive(Clone, Debug)]
pub struct CloudEvent<'a> {
    /// Every attribute but `data` and `datacontenttype`, in the order the
    /// specification lists them, the extensions last.
    pub attributes: Vec<(&'static str, String)>,
    pub data: &'a Object,
    pub attempt: i64,
}

impl<'a> CloudEvent<'a> {
    /// The event as delivery `delivery` sends it: `id` is the event's id,
    /// the same for every attempt (receivers drop a repeat by it).
    pub fn of(event: &'a Event, delivery: &Delivery) -> Self {
        let mut attributes = vec![
            ("specversion", "1.0".to_owned()),
            ("id", event.event_id.clone()),
            // `source` may not be empty; an event recorded without one
            // comes from outbox's own ledger.
            (
                "source",
                if event.source.is_empty() {
                    "outbox".to_owned()
                } else {
                    event.source.clone()
                },
            ),
            ("type", event.event_type.clone()),
        ];
        if !event.subject.is_empty() {
            attributes.push(("subject", event.subject.clone()));
        }
        attributes.push(("time", rfc3339(event.created_at)));
        attributes.push(("outboxdelivery", delivery.delivery_id.clone()));
        attributes.push(("outboxattempt", delivery.attempt.to_string()));
        // The distributed tracing extension: the event's trace, under a
        // span of this attempt's own.
        if let Some(traceparent) = crate::core::records::trace::for_attempt(
            &event.traceparent,
            &delivery.delivery_id,
            delivery.claims,
        ) {
            attributes.push(("traceparent", traceparent));
            if !event.tracestate.is_empty() {
                attributes.push(("tracestate", event.tracestate.clone()));
            }
        }
        CloudEvent {
            attributes,
            data: &event.payload,
            attempt: delivery.attempt,
        }
    }

    /// The value of one attribute, if it has it.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body of a binary-mode message: the payload alone.
    pub fn data_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(self.data).expect("payloads serialise")
    }

    /// The body of a structured-mode message: the whole CloudEvent.
    pub fn structured(&self) -> Vec<u8> {
        let mut object = Object::new();
        for (name, value) in &self.attributes {
            let value = match *name {
                "outboxattempt" => json!(self.attempt),
                _ => Value::String(value.clone()),
            };
            object.insert((*name).to_owned(), value);
        }
        object.insert("datacontenttype".to_owned(), json!(DATA_CONTENT_TYPE));
        object.insert("data".to_owned(), Value::Object(self.data.clone()));
        serde_json::to_vec(&object).expect("events serialise")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::records::model::{EventStatus, Transport};

    #[test]
    fn attributes_and_both_modes() {
        let mut payload = Object::new();
        payload.insert("sku".into(), json!("A-1"));
        let event = Event {
            event_id: "evt_1".into(),
            event_type: "order.paid".into(),
            subject: String::new(),
            source: String::new(),
            target: String::new(),
            status: EventStatus::Queued,
            payload,
            subscriptions: Vec::new(),
            ack: Object::new(),
            created_at: 1_700_000_000,
            updated_at: 0,
            ack_at: 0,
            seq: 0,
            traceparent: String::new(),
            tracestate: String::new(),
        };
        let delivery = Delivery {
            event_id: "evt_1".into(),
            transport: Transport::Nats,
            attempt: 2,
            ..Delivery::claimed_for_test("delv_1", "sub_1")
        };
        let ce = CloudEvent::of(&event, &delivery);
        let names: Vec<&str> = ce.attributes.iter().map(|(n, _)| *n).collect();
        // No subject: an empty one is left out, as the specification asks.
        assert_eq!(
            names,
            [
                "specversion",
                "id",
                "source",
                "type",
                "time",
                "outboxdelivery",
                "outboxattempt"
            ]
        );
        assert_eq!(ce.attributes[2].1, "outbox");
        assert_eq!(ce.attributes[4].1, "2023-11-14T22:13:20Z");
        assert_eq!(ce.data_bytes(), br#"{"sku":"A-1"}"#);
        let whole: Value = serde_json::from_slice(&ce.structured()).unwrap();
        assert_eq!(whole["data"]["sku"], "A-1");
        assert_eq!(whole["outboxattempt"], 2);
        assert_eq!(whole["datacontenttype"], DATA_CONTENT_TYPE);
    }
}
