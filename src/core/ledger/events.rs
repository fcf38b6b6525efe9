//! Events: recording (with matching and fan-out into deliveries), reading,
//! listing and acking, as the reference's `EventBook` does them.

use crate::core::ledger::deliveries::{self, NewDelivery, new_delivery};
use crate::core::ledger::matching::matching;
use crate::core::ordering::{Ordering, place_new};
use crate::core::records::error::{Error, Refusal, Result};
use crate::core::records::model::{Delivery, Event, EventStatus, Subscription};
use crate::core::records::trace;
use crate::core::reference::OkTrue;
use crate::core::reference::coerce::{py_int, py_str, str_or, truthy};
use crate::core::reference::ids;
use crate::core::reference::json::Object;
use crate::core::storage::{EventFilter, Tx};
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;

/// The default `source` of an event, as in the reference.
pub const DEFAULT_SOURCE: &str = "picux";

/// The keys an event's JSON may have (`event` is the reference's alias of `type`).
const KNOWN_KEYS: [&str; 14] = [
    "type",
    "event",
    "eventId",
    "subject",
    "source",
    "target",
    "payload",
    "status",
    "ack",
    "createdAt",
    "updatedAt",
    "ackAt",
    "traceparent",
    "tracestate",
];

/// What `recordEvent` reads from its payload. `None` is a key not given.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordEvent {
    pub event_type: String,
    pub event_id: Option<String>,
    pub subject: Option<String>,
    pub source: Option<String>,
    pub target: Option<String>,
    pub payload: Option<Object>,
    pub status: Option<EventStatus>,
    pub ack: Option<Object>,
    pub created_at: Option<i64>,
    pub updated_at: Option<i64>,
    pub ack_at: Option<i64>,
    /// W3C trace context the event carries on to its receivers.
    pub traceparent: Option<String>,
    pub tracestate: Option<String>,
    /// Lets an `outbox.` type through (see [`announce`](super::announce)):
    /// outbox's own events, and `--allow-reserved` for tests.
    pub allow_reserved: bool,
}

impl RecordEvent {
    /// Reads a reference payload object (one NDJSON line), with Python's
    /// coercions for scalars. Values the reference would silently replace
    /// (a non-object `payload`, an unknown `status`) are refused instead.
    pub fn from_json(object: &Object, default_source: Option<&str>) -> Result<Self> {
        // A misspelt key (`paylaod`) is refused, as a misspelt flag is:
        // silently dropping it would record an event without its payload.
        if let Some(unknown) = object.keys().find(|k| !KNOWN_KEYS.contains(&k.as_str())) {
            return Err(Error::input(
                "invalid:key",
                format!("unknown key {unknown:?} (known: {})", KNOWN_KEYS.join(", ")),
            ));
        }
        for key in ["subject", "source", "target", "traceparent", "tracestate"] {
            if let Some(value) = object.get(key).filter(|v| !v.is_null() && !v.is_string()) {
                return Err(Error::input(
                    format!("invalid:{key}"),
                    format!("{key} must be a string, not {}", kind_of(value)),
                ));
            }
        }
        // The reference takes `str()` of whatever it is given. For a number
        // that is what `--type 5` gives too, so numbers stay (`5` is type
        // "5"); a boolean, an array or an object would become a Python repr
        // (`True`, `{'type': 't'}`) no flag can give, so they are refused.
        for key in ["type", "event", "eventId", "status"] {
            if let Some(value) = object.get(key) {
                let takes = match value {
                    Value::Null | Value::String(_) => true,
                    Value::Number(_) => key != "status",
                    _ => false,
                };
                if !takes {
                    let code = if key == "event" { "type" } else { key };
                    let kinds = if key == "status" {
                        "a string"
                    } else {
                        "a string or a number"
                    };
                    return Err(Error::input(
                        format!("invalid:{code}"),
                        format!("{key} must be {kinds}, not {}", kind_of(value)),
                    ));
                }
            }
        }
        let event_type = str_or(object.get("type").or_else(|| object.get("event")), "")
            .trim()
            .to_owned();
        let text = |key: &str| object.get(key).map(|v| str_or(Some(v), ""));
        // Python's int() of a string or a number (`"+5"` is 5, as `--created-at
        // +5` is); a boolean would be 0 or 1, never what was meant.
        let int = |key: &str| -> Result<Option<i64>> {
            match object.get(key) {
                Some(v @ Value::Bool(_)) => Err(Error::input(
                    format!("invalid:{key}"),
                    format!("{key} must be an integer, not {}", kind_of(v)),
                )),
                Some(v) if truthy(v) => py_int(v)
                    .ok_or_else(|| {
                        Error::input(
                            format!("invalid:{key}"),
                            format!("{key} must be an integer, not {v}"),
                        )
                    })
                    .and_then(|unix| {
                        crate::core::records::model::unix_in_range(
                            key,
                            &format!("invalid:{key}"),
                            unix,
                        )
                    })
                    .map(Some),
                _ => Ok(None),
            }
        };
        // Present and not null "sets" a field; falsy values mean the reference's default.
        let status = match object.get("status") {
            None | Some(Value::Null) => None,
            Some(v) if !truthy(v) => Some(EventStatus::Queued),
            Some(v) => Some(
                py_str(v)
                    .parse()
                    .map_err(|e: String| Error::input("invalid:status", e))?,
            ),
        };
        let ack_at = match object.get("ackAt") {
            None | Some(Value::Null) => None,
            Some(_) => Some(int("ackAt")?.unwrap_or(0)),
        };
        Ok(RecordEvent {
            event_type,
            event_id: text("eventId"),
            subject: text("subject"),
            source: text("source").or_else(|| default_source.map(str::to_owned)),
            target: text("target"),
            payload: object_field(object, "payload")?,
            status,
            ack: object_field(object, "ack")?,
            created_at: int("createdAt")?,
            updated_at: int("updatedAt")?,
            ack_at,
            traceparent: text("traceparent"),
            tracestate: text("tracestate"),
            allow_reserved: false,
        })
    }
}

impl RecordEvent {
    /// One NDJSON line of `event record --batch`: a JSON object read as
    /// [`RecordEvent::from_json`] reads it.
    pub fn from_line(line: &str, default_source: Option<&str>) -> Result<Self> {
        match crate::core::reference::json::parse(line) {
            Ok(Value::Object(object)) => RecordEvent::from_json(&object, default_source),
            Ok(other) => Err(Error::input(
                "invalid:line",
                format!("expected a JSON object, found {}", kind_of(&other)),
            )),
            Err(e) => Err(Error::input("invalid:json", format!("not valid JSON: {e}"))),
        }
    }
}

/// A JSON field that must hold an object when present; `null` counts as absent.
fn object_field(object: &Object, key: &str) -> Result<Option<Object>> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(map)) => {
            crate::core::reference::json::check_depth(key, map)
                .map_err(|e| Error::input(format!("invalid:{key}"), e))?;
            Ok(Some(map.clone()))
        }
        Some(other) => Err(Error::input(
            format!("invalid:{key}"),
            format!("{key} must be a JSON object, not {}", kind_of(other)),
        )),
    }
}

/// How a JSON value's kind is named in messages.
pub fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// `recordEvent`'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct EventRecorded {
    pub ok: OkTrue,
    pub event: Event,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deliveries: Vec<Delivery>,
}

/// One event.
#[derive(Clone, Debug, Serialize)]
pub struct EventReply {
    pub ok: OkTrue,
    pub event: Event,
}

/// `listEvents`'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct EventList {
    pub ok: OkTrue,
    pub events: Vec<Event>,
    pub count: usize,
}

/// `ackEvent`'s payload.
#[derive(Clone, Debug, Default)]
pub struct AckEvent {
    pub ack: Object,
    pub ack_at: Option<i64>,
}

pub(crate) fn record(tx: &mut dyn Tx, req: &RecordEvent, clock_now: i64) -> Result<EventRecorded> {
    let prepared = prepare(tx, req, clock_now)?;
    let mut recorded = write(tx, vec![prepared], clock_now)?;
    Ok(recorded.pop().expect("one answer per event written"))
}

/// An event made from a request, not yet written: the event as it would
/// be if new, the subscriptions it reaches, and which of its fields an
/// existing event with the same id keeps.
pub(crate) struct Prepared {
    pub(crate) event: Event,
    subscriptions: Vec<Arc<Subscription>>,
    keeps_status: bool,
    keeps_ack: bool,
    keeps_ack_at: bool,
    /// Where the event stands in its transaction's recording order (a
    /// batch's request index), which orders its deliveries in their lanes;
    /// `None`: after those recorded before it.
    pub(crate) order: Option<i64>,
}

/// Checks a request and makes its event, reading only subscriptions.
pub(crate) fn prepare(tx: &mut dyn Tx, req: &RecordEvent, clock_now: i64) -> Result<Prepared> {
    if req.event_type.is_empty() {
        return Err(Refusal::MissingType.into());
    }
    if let Some(traceparent) = req.traceparent.as_deref().filter(|t| !t.is_empty()) {
        trace::check_traceparent(traceparent)?;
    }
    if let Some(tracestate) = req.tracestate.as_deref().filter(|t| !t.is_empty()) {
        trace::check_tracestate(tracestate)?;
    }
    if super::announce::is_reserved(&req.event_type) && !req.allow_reserved {
        return Err(Error::input(
            "invalid:reservedType",
            format!(
                "{:?}: types starting with {:?} are outbox's own (operational events); --allow-reserved records one anyway, for tests",
                req.event_type,
                super::announce::RESERVED
            ),
        ));
    }
    let now = nonzero(req.created_at).unwrap_or(clock_now);
    let subject = req.subject.clone().unwrap_or_default();
    let source = req
        .source
        .clone()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| DEFAULT_SOURCE.to_owned());
    let target = req.target.clone().unwrap_or_default();
    let payload = req.payload.clone().unwrap_or_default();
    let event_id = match req.event_id.as_deref() {
        Some(id) if !id.is_empty() => id.to_owned(),
        _ => ids::event_id(&req.event_type, &subject, &source, &target, &payload, now),
    };
    let subscriptions = matching(tx, &req.event_type, &source, &subject, &target)?;
    let event = Event {
        event_id,
        event_type: req.event_type.clone(),
        subject,
        source,
        target,
        status: req.status.unwrap_or(EventStatus::Queued),
        payload,
        subscriptions: subscriptions.iter().map(|s| s.sub_id.clone()).collect(),
        ack: req.ack.clone().unwrap_or_default(),
        created_at: now,
        updated_at: nonzero(req.updated_at).unwrap_or(now),
        ack_at: req.ack_at.unwrap_or(0),
        seq: 0,
        traceparent: req.traceparent.clone().unwrap_or_default(),
        tracestate: req.tracestate.clone().unwrap_or_default(),
    };
    Ok(Prepared {
        event,
        subscriptions,
        keeps_status: req.status.is_none(),
        keeps_ack: req.ack.is_none(),
        keeps_ack_at: req.ack_at.is_none(),
        order: None,
    })
}

impl Prepared {
    /// The event for `sub` alone (`sub test --record`), whatever else it
    /// would match.
    pub(crate) fn only_for(&mut self, sub: Subscription) {
        self.event.subscriptions = vec![sub.sub_id.clone()];
        self.subscriptions = vec![Arc::new(sub)];
    }

    /// What a batch holds of a prepared event while it sorts the batch:
    /// the event and which of its fields an existing event keeps.
    pub(crate) fn held(&self) -> (&Event, [bool; 3]) {
        (
            &self.event,
            [self.keeps_status, self.keeps_ack, self.keeps_ack_at],
        )
    }

    /// A held event prepared again: its subscriptions matched anew.
    pub(crate) fn again(tx: &mut dyn Tx, event: Event, keeps: [bool; 3]) -> Result<Self> {
        let subscriptions = matching(
            tx,
            &event.event_type,
            &event.source,
            &event.subject,
            &event.target,
        )?;
        let [keeps_status, keeps_ack, keeps_ack_at] = keeps;
        Ok(Prepared {
            event,
            subscriptions,
            keeps_status,
            keeps_ack,
            keeps_ack_at,
            order: None,
        })
    }
}

/// Writes prepared events, whose ids must all differ, and their first
/// deliveries: the events in one call to the store, then the deliveries
/// in one, so a server sees two statements rather than one per row.
/// Answers come in the order given.
pub(crate) fn write(
    tx: &mut dyn Tx,
    prepared: Vec<Prepared>,
    clock_now: i64,
) -> Result<Vec<EventRecorded>> {
    write_with(tx, prepared, clock_now, &mut insert_firsts)
}

/// Inserts first attempts, answering each as inserted or, where its id
/// exists, as stored.
fn insert_firsts(tx: &mut dyn Tx, firsts: Vec<Delivery>) -> Result<Vec<Delivery>> {
    let inserted = tx.insert_deliveries(&firsts)?;
    firsts
        .into_iter()
        .zip(inserted)
        .map(|(delivery, inserted)| {
            if inserted {
                Ok(delivery)
            } else {
                deliveries::get(tx, &delivery.delivery_id)
            }
        })
        .collect()
}

/// Writes first attempts (or holds them back) and answers each, in the
/// order given.
pub(crate) type Firsts<'a> = &'a mut dyn FnMut(&mut dyn Tx, Vec<Delivery>) -> Result<Vec<Delivery>>;

/// [`write()`], with `firsts` writing the first attempts.
pub(crate) fn write_with(
    tx: &mut dyn Tx,
    mut prepared: Vec<Prepared>,
    clock_now: i64,
    firsts: Firsts,
) -> Result<Vec<EventRecorded>> {
    for p in &mut prepared {
        p.event.seq = tx.recording_seq(p.order)?;
    }
    let events: Vec<&Event> = prepared.iter().map(|p| &p.event).collect();
    let inserted = tx.insert_events(&events)?;
    crate::core::ledger::tallies::recorded(tx, inserted.iter().filter(|new| **new).count());
    // Most events are new. An id that exists keeps what it has lived
    // through: status, ack and ackAt unless the request says otherwise, and
    // always its createdAt (a request's createdAt is then its updatedAt).
    for (p, inserted) in prepared.iter_mut().zip(inserted) {
        if inserted {
            continue;
        }
        let current = get(tx, &p.event.event_id)?;
        let event = &mut p.event;
        if p.keeps_status {
            event.status = current.status;
        }
        if p.keeps_ack {
            event.ack = current.ack;
        }
        if p.keeps_ack_at {
            event.ack_at = current.ack_at;
        }
        event.created_at = current.created_at;
        tx.put_event(event)?;
    }
    let mut made = Vec::new();
    for p in &prepared {
        for subscription in &p.subscriptions {
            let mut first = first_attempt(&p.event, subscription, clock_now)?;
            let ordering = Ordering::from_meta(&subscription.meta);
            place_new(tx, &mut first, ordering, &p.event.subject, p.order)?;
            made.push(first);
        }
    }
    let mut answered = firsts(tx, made)?.into_iter();
    Ok(prepared
        .into_iter()
        .map(|p| EventRecorded {
            ok: OkTrue,
            deliveries: answered.by_ref().take(p.subscriptions.len()).collect(),
            event: p.event,
        })
        .collect())
}

/// Python's `value or fallback` on an integer: zero counts as not given.
pub(crate) fn nonzero(value: Option<i64>) -> Option<i64> {
    value.filter(|n| *n != 0)
}

/// The first attempt of delivering `event` to `subscription`, created at
/// `now`, as recording the event fans it out.
pub(crate) fn first_attempt(
    event: &Event,
    subscription: &Subscription,
    now: i64,
) -> Result<Delivery> {
    let meta = [
        ("eventType", &event.event_type),
        ("subject", &event.subject),
        ("target", &event.target),
    ]
    .into_iter()
    .map(|(key, value)| (key.to_owned(), Value::String(value.clone())))
    .collect();
    let new = NewDelivery {
        event_id: event.event_id.clone(),
        sub_id: subscription.sub_id.clone(),
        client_id: Some(subscription.client_id.clone()),
        transport: Some(subscription.transport),
        endpoint: Some(subscription.endpoint.clone()),
        meta: Some(meta),
        ..NewDelivery::default()
    };
    new_delivery(&new, now)
}

pub(crate) fn get(tx: &mut dyn Tx, event_id: &str) -> Result<Event> {
    tx.event(event_id)?.ok_or_else(|| {
        Refusal::EventNotFound {
            event_id: event_id.to_owned(),
        }
        .into()
    })
}

pub(crate) fn ack(tx: &mut dyn Tx, event_id: &str, req: &AckEvent, now: i64) -> Result<Event> {
    let mut event = get(tx, event_id)?;
    event.status = EventStatus::Acked;
    event.ack = req.ack.clone();
    event.ack_at = nonzero(req.ack_at).unwrap_or(now);
    event.updated_at = now;
    tx.put_event(&event)?;
    Ok(event)
}

pub(crate) fn list(tx: &mut dyn Tx, filter: &EventFilter, limit: Option<i64>) -> Result<EventList> {
    let events = tx.events(filter, crate::core::reference::limit(limit))?;
    Ok(EventList {
        ok: OkTrue,
        count: events.len(),
        events,
    })
}
