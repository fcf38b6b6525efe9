//! Content-derived ids, byte-identical to the reference: the first 24 hex
//! digits of sha256 over the canonical JSON of a few fields.

use crate::core::reference::json::{Object, canonical, write_ascii_string, write_canonical_object};
use serde_json::json;
use sha2::{Digest, Sha256};
use std::fmt::Write;

fn digest_id(prefix: &str, canonical: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let digest = Sha256::digest(canonical.as_bytes());
    let mut id = String::with_capacity(prefix.len() + 24);
    id.push_str(prefix);
    for byte in &digest[..12] {
        id.push(char::from(HEX[usize::from(byte >> 4)]));
        id.push(char::from(HEX[usize::from(byte & 0xf)]));
    }
    id
}

/// The canonical text of an object written field by field, keys in sorted
/// order: what [`canonical`] writes for it, without building the object
/// (and copying a payload into it) first. Every event and delivery of a
/// batch gets its id this way.
struct Fields {
    text: String,
    last_key: &'static str,
}

impl Fields {
    fn new() -> Self {
        Fields {
            text: String::from("{"),
            last_key: "",
        }
    }

    fn key(&mut self, key: &'static str) -> &mut String {
        debug_assert!(key > self.last_key, "keys are written in sorted order");
        self.last_key = key;
        if self.text.len() > 1 {
            self.text.push_str(", ");
        }
        write_ascii_string(&mut self.text, key);
        self.text.push_str(": ");
        &mut self.text
    }

    fn text(mut self, key: &'static str, value: &str) -> Self {
        write_ascii_string(self.key(key), value);
        self
    }

    fn int(mut self, key: &'static str, value: i64) -> Self {
        let _ = write!(self.key(key), "{value}");
        self
    }

    fn object(mut self, key: &'static str, value: &Object) -> Self {
        write_canonical_object(self.key(key), value);
        self
    }

    fn id(mut self, prefix: &str) -> String {
        self.text.push('}');
        digest_id(prefix, &self.text)
    }
}

/// The id of an event recorded without an explicit one.
pub fn event_id(
    event_type: &str,
    subject: &str,
    source: &str,
    target: &str,
    payload: &Object,
    created_at: i64,
) -> String {
    Fields::new()
        .int("createdAt", created_at)
        .object("payload", payload)
        .text("source", source)
        .text("subject", subject)
        .text("target", target)
        .text("type", event_type)
        .id("evt_")
}

/// The id of a subscription created without an explicit one.
pub fn subscription_id(
    client_id: &str,
    event_types: &[String],
    target: &str,
    transport: &str,
    endpoint: &str,
) -> String {
    let base = json!({
        "clientId": client_id,
        "eventTypes": event_types,
        "target": target,
        "transport": transport,
        "endpoint": endpoint,
    });
    digest_id("sub_", &canonical(&base))
}

/// The id of attempt `attempt` of delivering `event_id` to `sub_id`.
pub fn delivery_id(event_id: &str, sub_id: &str, attempt: i64) -> String {
    Fields::new()
        .int("attempt", attempt)
        .text("eventId", event_id)
        .text("subId", sub_id)
        .id("delv_")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ids as the objects they digest, built whole and written by
    /// `canonical`: the field-by-field text must be the same bytes.
    #[test]
    fn fields_write_what_canonical_writes_for_the_whole_object() {
        let payload: Object = serde_json::from_str(
            r#"{"z": [1, 2.50, {"b": null, "a": "é\n"}], "a": 1e16, "m": -0.0, "k": 5e-324}"#,
        )
        .unwrap();
        let whole = json!({
            "type": "order.created", "subject": "o-\u{1F600}", "source": "", "target": "t\"",
            "payload": payload, "createdAt": -17,
        });
        assert_eq!(
            event_id("order.created", "o-\u{1F600}", "", "t\"", &payload, -17),
            digest_id("evt_", &canonical(&whole))
        );
        let whole = json!({"eventId": "evt_1", "subId": "sub_\\2", "attempt": 3});
        assert_eq!(
            delivery_id("evt_1", "sub_\\2", 3),
            digest_id("delv_", &canonical(&whole))
        );
    }
}
