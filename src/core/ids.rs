//! Content-derived ids, byte-identical to the reference: the first 24 hex
//! digits of sha256 over the canonical JSON of a few fields.

use super::json::{Object, canonical};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

fn digest_id(prefix: &str, base: &Value) -> String {
    let digest = Sha256::digest(canonical(base).as_bytes());
    let mut id = String::with_capacity(prefix.len() + 24);
    id.push_str(prefix);
    for byte in &digest[..12] {
        id.push_str(&format!("{byte:02x}"));
    }
    id
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
    let base = json!({
        "type": event_type,
        "subject": subject,
        "source": source,
        "target": target,
        "payload": payload,
        "createdAt": created_at,
    });
    digest_id("evt_", &base)
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
    digest_id("sub_", &base)
}

/// The id of attempt `attempt` of delivering `event_id` to `sub_id`.
pub fn delivery_id(event_id: &str, sub_id: &str, attempt: i64) -> String {
    digest_id(
        "delv_",
        &json!({"eventId": event_id, "subId": sub_id, "attempt": attempt}),
    )
}
