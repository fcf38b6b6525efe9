//! Operational events: outbox records events about itself (types under
//! `outbox.`, source `outbox`) in the transaction of the change that causes
//! them, as ordinary events that subscriptions take like any other. Only a
//! subscription type that itself starts with `outbox.` takes one (`*` never
//! does), and none is recorded unless an active subscription takes it: an
//! outbox that asks for none behaves as if this did not exist.

use super::events::{self, RecordEvent};
use crate::core::records::app_rows::Rejected;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, Subscription, mask};
use crate::core::reference::json::Object;
use crate::core::storage::{EventFilter, Tx};
use serde_json::{Value, json};

/// The prefix of outbox's own event types.
pub const RESERVED: &str = "outbox.";
/// The `source` of outbox's own events.
pub const SOURCE: &str = "outbox";

/// A chain's last attempt failed: attempts exhausted, or failed for good.
pub const DELIVERY_DEAD: &str = "outbox.delivery.dead";
/// An attempt failed and a retry is queued (subscriptions that opt in).
pub const DELIVERY_RETRYING: &str = "outbox.delivery.retrying";
pub const SUBSCRIPTION_DISABLED: &str = "outbox.subscription.disabled";
pub const SUBSCRIPTION_ENABLED: &str = "outbox.subscription.enabled";
/// Consecutive failures reached a share of the disable rule's time.
pub const SUBSCRIPTION_FAILING: &str = "outbox.subscription.failing";
pub const BREAKER_OPENED: &str = "outbox.breaker.opened";
pub const BREAKER_CLOSED: &str = "outbox.breaker.closed";
/// The relay set a row of an application's table aside.
pub const RELAY_REJECTED: &str = "outbox.relay.rejected";
/// Every operational event type, for `outbox.*` help and docs.
pub const TYPES: [&str; 8] = [
    DELIVERY_DEAD,
    DELIVERY_RETRYING,
    SUBSCRIPTION_DISABLED,
    SUBSCRIPTION_ENABLED,
    SUBSCRIPTION_FAILING,
    BREAKER_OPENED,
    BREAKER_CLOSED,
    RELAY_REJECTED,
];

/// The `meta` key of a subscription that asks for `outbox.delivery.retrying`
/// about its own deliveries (`sub create|update --announce-retries`).
pub const ANNOUNCE_RETRIES: &str = "announceRetries";

/// Whether `event_type` is one of outbox's own.
pub fn is_reserved(event_type: &str) -> bool {
    event_type.starts_with(RESERVED)
}

/// Whether `sub` takes outbox's own events: what happens to it is never
/// announced, so an alert endpoint that fails cannot feed itself.
pub fn takes_operational(sub: &Subscription) -> bool {
    sub.event_types.iter().any(|t| is_reserved(t))
}

/// Records the operational event `event_type` about `subject` when an
/// active subscription takes it; whether it did.
pub(crate) fn announce(
    tx: &mut dyn Tx,
    event_type: &str,
    subject: &str,
    payload: Value,
    now: i64,
) -> Result<bool> {
    if !wanted(tx, event_type)? {
        return Ok(false);
    }
    record(tx, event_type, subject, payload, now)?;
    Ok(true)
}

/// Records `event_type` about `subject`, the caller having found it
/// [`wanted`].
pub(crate) fn record(
    tx: &mut dyn Tx,
    event_type: &str,
    subject: &str,
    payload: Value,
    now: i64,
) -> Result<()> {
    let payload: Object = match payload {
        Value::Object(map) => map,
        _ => unreachable!("operational payloads are objects"),
    };
    let req = RecordEvent {
        event_type: event_type.to_owned(),
        subject: Some(subject.to_owned()),
        source: Some(SOURCE.to_owned()),
        payload: Some(payload),
        allow_reserved: true,
        ..RecordEvent::default()
    };
    events::record(tx, &req, now)?;
    Ok(())
}

/// Whether `event_type` about `subject` was announced at or after `since`
/// (the quiet period of a flapping breaker).
pub(crate) fn announced_since(
    tx: &mut dyn Tx,
    event_type: &str,
    subject: &str,
    since: i64,
) -> Result<bool> {
    let filter = EventFilter {
        event_type: Some(event_type.to_owned()),
        subject: Some(subject.to_owned()),
        source: Some(SOURCE.to_owned()),
        since: Some(since),
        ..EventFilter::default()
    };
    Ok(!tx.events(&filter, 1)?.is_empty())
}

/// `failed` will not be tried again: `outbox.delivery.dead`, about its
/// chain (the subject is the chain's first delivery), unless it carried an
/// operational event itself (its death is logged, not announced).
pub(crate) fn dead(tx: &mut dyn Tx, failed: &Delivery, now: i64) -> Result<()> {
    if !wanted(tx, DELIVERY_DEAD)? {
        return Ok(());
    }
    if let Some(payload) = about_delivery(tx, failed)? {
        let first = payload["firstDeliveryId"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        record(tx, DELIVERY_DEAD, &first, payload, now)?;
    }
    Ok(())
}

/// `failed` gets another attempt, `next`: announced when its subscription
/// asked for it.
pub(crate) fn retrying(
    tx: &mut dyn Tx,
    failed: &Delivery,
    next: &Delivery,
    now: i64,
) -> Result<()> {
    if !wanted(tx, DELIVERY_RETRYING)? {
        return Ok(());
    }
    let asked = tx
        .subscription_meta(&failed.sub_id)?
        .is_some_and(|meta| meta.get(ANNOUNCE_RETRIES) == Some(&Value::Bool(true)));
    if !asked {
        return Ok(());
    }
    if let Some(mut payload) = about_delivery(tx, failed)? {
        payload["retryDeliveryId"] = json!(next.delivery_id);
        // 0 is the reference's "due at once".
        payload["nextAttemptAt"] = json!(next.next_attempt_at.max(now));
        let first = payload["firstDeliveryId"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        record(tx, DELIVERY_RETRYING, &first, payload, now)?;
    }
    Ok(())
}

/// The relay set `rejected` rows of `table` aside: one announcement each,
/// about the row (`TABLE:SEQ`).
pub fn rejected(tx: &mut dyn Tx, table: &str, rejected: &[Rejected], now: i64) -> Result<()> {
    if rejected.is_empty() || !wanted(tx, RELAY_REJECTED)? {
        return Ok(());
    }
    for r in rejected {
        let payload = json!({
            "table": table,
            "seq": r.row.seq,
            "reason": r.error,
        });
        record(
            tx,
            RELAY_REJECTED,
            &format!("{table}:{}", r.row.seq),
            payload,
            now,
        )?;
    }
    Ok(())
}

/// The payload of an announcement about a failed delivery; `None` when it
/// carried an operational event.
fn about_delivery(tx: &mut dyn Tx, failed: &Delivery) -> Result<Option<Value>> {
    let event_type = tx
        .event(&failed.event_id)?
        .map(|e| e.event_type)
        .unwrap_or_default();
    if is_reserved(&event_type) {
        return Ok(None);
    }
    let first = tx
        .attempts(&failed.event_id, &failed.sub_id)?
        .into_iter()
        .min_by_key(|d| d.attempt)
        .map_or_else(|| failed.delivery_id.clone(), |d| d.delivery_id);
    let status = failed
        .meta
        .get("response")
        .and_then(|r| r.get("status"))
        .cloned()
        .unwrap_or(Value::Null);
    Ok(Some(json!({
        "deliveryId": failed.delivery_id,
        "firstDeliveryId": first,
        "eventId": failed.event_id,
        "eventType": event_type,
        "subId": failed.sub_id,
        "clientId": failed.client_id,
        "transport": failed.transport.as_str(),
        "attempts": failed.attempt,
        "lastError": failed.last_error,
        "responseStatus": status,
    })))
}

/// The part of a payload that names a subscription (its endpoint's
/// password masked).
pub fn about_subscription(sub: &Subscription) -> Value {
    json!({
        "subId": sub.sub_id,
        "clientId": sub.client_id,
        "transport": sub.transport.as_str(),
        "endpoint": mask(&sub.endpoint),
    })
}

/// Whether any active subscription takes `event_type`: checked first, so
/// an outbox that asks for none reads nothing more.
pub(crate) fn wanted(tx: &mut dyn Tx, event_type: &str) -> Result<bool> {
    Ok(!tx.active_subscriptions_for(event_type)?.is_empty())
}

/// The JSON Schema (2020-12) of an operational event's payload, or `None`
/// for a type that is not one (`outbox schema events`).
pub fn payload_schema(event_type: &str) -> Option<Value> {
    /// A payload field: its name, JSON type and meaning.
    type Field = (&'static str, &'static str, &'static str);
    const S: &str = "string";
    const I: &str = "integer";
    let delivery: &[Field] = &[
        ("deliveryId", S, "the attempt that failed"),
        (
            "firstDeliveryId",
            S,
            "the chain's first attempt (the event's subject)",
        ),
        ("eventId", S, "the event it carried"),
        ("eventType", S, "that event's type"),
        ("subId", S, "its subscription"),
        ("clientId", S, "the subscription's client"),
        ("transport", S, "how it travels"),
        ("attempts", I, "attempts made"),
        ("lastError", S, "why the last one failed"),
        (
            "responseStatus",
            "integer|null",
            "the receiver's last HTTP status, if any",
        ),
    ];
    let subscription: &[Field] = &[
        ("subId", S, "the subscription (the event's subject)"),
        ("clientId", S, "its client"),
        ("transport", S, "how its deliveries travel"),
        ("endpoint", S, "where they go, a password in it masked"),
    ];
    let (when, fields, extra): (&str, &[Field], &[Field]) = match event_type {
        DELIVERY_DEAD => (
            "a chain's last attempt failed: attempts exhausted, or failed for good",
            delivery,
            &[],
        ),
        DELIVERY_RETRYING => (
            "an attempt failed and a retry is queued (subscriptions made with --announce-retries)",
            delivery,
            &[
                ("retryDeliveryId", S, "the attempt queued"),
                ("nextAttemptAt", I, "when it is due, unix seconds"),
            ],
        ),
        SUBSCRIPTION_DISABLED => (
            "disabled for failing too long, or by a 410 Gone",
            subscription,
            &[("reason", S, "why")],
        ),
        SUBSCRIPTION_ENABLED => (
            "a disabled subscription resumed",
            subscription,
            &[("reason", S, "why")],
        ),
        SUBSCRIPTION_FAILING => (
            "failures in a row reached 50%, 70% or 90% of the disable rule's time",
            subscription,
            &[
                (
                    "failingSince",
                    I,
                    "the first failure of the streak, unix seconds",
                ),
                (
                    "share",
                    I,
                    "the share of the rule reached, percent: 50, 70 or 90",
                ),
                ("disableAfter", I, "the rule's time, seconds"),
                ("failures", I, "failures in a row"),
            ],
        ),
        BREAKER_OPENED => (
            "a breaker tripped (at most once a minute per subscription)",
            subscription,
            &[
                ("failures", I, "failures in a row"),
                ("openUntil", I, "when it probes, unix seconds"),
            ],
        ),
        BREAKER_CLOSED => (
            "a breaker closed (at most once a minute per subscription)",
            subscription,
            &[],
        ),
        RELAY_REJECTED => (
            "the relay set a row of an application's table aside (subject TABLE:SEQ)",
            &[
                ("table", S, "the application's table"),
                ("seq", I, "the row's seq"),
                ("reason", S, "why it was refused"),
            ],
            &[],
        ),
        _ => return None,
    };
    let mut properties = serde_json::Map::new();
    let mut required = Vec::new();
    for (name, kind, about) in fields.iter().chain(extra) {
        // `integer|null`: either.
        let kind = match kind.split_once('|') {
            Some((one, other)) => json!([one, other]),
            None => json!(kind),
        };
        properties.insert((*name).into(), json!({"type": kind, "description": about}));
        required.push(*name);
    }
    Some(json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": event_type,
        "description": format!("The payload of {event_type}: {when}. Recorded with source \"outbox\"."),
        "type": "object",
        "required": required,
        "properties": properties,
    }))
}
