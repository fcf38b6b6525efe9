//! The three records of the outbox (event, subscription, delivery) and their
//! status vocabularies, serialised with the reference's keys; beside them the
//! signing secrets of subscriptions, kept apart from their JSON.

use crate::core::records::error::{Error, Result};
use crate::core::reference::calendar::LAST_UNIX_SECOND;
use crate::core::reference::json::Object;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A closed set of names (statuses, transports), as the reference spells them.
pub trait Vocabulary: Copy + FromStr<Err = String> + 'static {
    /// Every value, in the reference's order.
    const ALL: &'static [Self];
    /// The name the reference uses.
    fn as_str(self) -> &'static str;
}

/// Declares a status enum whose wire names are the reference's strings.
macro_rules! vocabulary {
    ($(#[$doc:meta])* $name:ident, $what:literal { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $text)] $variant),+
        }

        impl Vocabulary for $name {
            const ALL: &'static [$name] = &[$($name::$variant),+];
            fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl $name {
            /// The name the reference uses.
            pub fn as_str(self) -> &'static str {
                Vocabulary::as_str(self)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                match s {
                    $($text => Ok($name::$variant),)+
                    _ => Err(format!(
                        "unknown {} {s:?} (expected one of: {})",
                        $what,
                        [$($text),+].join(", ")
                    )),
                }
            }
        }
    };
}

vocabulary!(
    /// Where an event stands with its producer.
    EventStatus, "event status" {
        Queued => "queued", Acked => "acked", Failed => "failed", Canceled => "canceled",
    }
);
vocabulary!(
    /// Whether a subscription receives new deliveries.
    SubscriptionStatus, "subscription status" {
        Active => "active", Paused => "paused", Disabled => "disabled",
    }
);
vocabulary!(
    /// How a client wants its deliveries.
    Transport, "transport" {
        Poll => "poll", Webhook => "webhook", A2a => "a2a", Mcp => "mcp",
        Nats => "nats", Amqp => "amqp", Mqtt => "mqtt", Redis => "redis",
    }
);
vocabulary!(
    /// Where a delivery stands in its lifecycle.
    DeliveryStatus, "delivery status" {
        Queued => "queued", Claimed => "claimed", Delivered => "delivered",
        Failed => "failed", Canceled => "canceled",
    }
);

/// A recorded integration event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    pub event_id: String,
    #[serde(rename = "type")]
    pub event_type: String,
    pub subject: String,
    pub source: String,
    pub target: String,
    pub status: EventStatus,
    pub payload: Object,
    /// Ids of the subscriptions the event matched when it was recorded.
    pub subscriptions: Vec<String>,
    pub ack: Object,
    pub created_at: i64,
    pub updated_at: i64,
    pub ack_at: i64,
    /// Where it stands in the order the outbox recorded events (a higher
    /// one was recorded later; 0 for events of a schema before it was
    /// kept), set as it is first written; kept beside the reference's
    /// record.
    #[serde(skip)]
    pub seq: i64,
    /// The W3C trace context it was recorded with (`traceparent`), which
    /// every sender carries on; keys beside the reference's, shown only
    /// when given.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub traceparent: String,
    /// Its `tracestate`, carried on with it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tracestate: String,
}

/// A client's interest in some event types.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    pub sub_id: String,
    pub client_id: String,
    /// Event types, `"*"` meaning every type.
    pub event_types: Vec<String>,
    /// Only events with this target match; empty matches any target.
    pub target: String,
    pub transport: Transport,
    /// Shown with its password masked; an export writes it whole.
    #[serde(serialize_with = "crate::core::records::model::shown")]
    pub endpoint: String,
    pub status: SubscriptionStatus,
    /// `source` and `subject` narrow which events match.
    pub filters: Object,
    pub meta: Object,
    pub created_at: i64,
    pub updated_at: i64,
}

/// One attempt at handing one event to one subscription.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub delivery_id: String,
    pub event_id: String,
    pub sub_id: String,
    pub client_id: String,
    pub transport: Transport,
    /// Shown with its password masked; an export writes it whole.
    #[serde(serialize_with = "crate::core::records::model::shown")]
    pub endpoint: String,
    pub status: DeliveryStatus,
    pub attempt: i64,
    pub claimed_by: String,
    pub last_error: String,
    pub meta: Object,
    pub created_at: i64,
    pub updated_at: i64,
    /// When a queued delivery becomes due; 0 means now.
    pub next_attempt_at: i64,
    pub claimed_at: i64,
    /// When the current claim lapses; 0 when not claimed.
    pub lease_expires_at: i64,
    pub delivered_at: i64,
    /// Its place in the order of its subject, for an ordered subscription
    /// (see [`crate::core::ordering`]); kept beside the reference's record.
    #[serde(skip)]
    pub place: Place,
    /// How many times this attempt has been claimed: above 1 once a lapsed
    /// lease was claimed again (`OUTBOX_CLAIMS`); kept beside the record.
    #[serde(skip)]
    pub claims: i64,
}

/// Where a delivery of an ordered subscription stands in its lane, the
/// deliveries of one (subscription, subject) in recording order; all zero
/// for every other delivery.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The lane's id; 0 when the delivery is in none.
    pub lane: i64,
    /// Its order in the lane: a later event has a higher one.
    pub seq: i64,
    /// Queued behind an earlier delivery of its lane, so not claimable.
    pub held: bool,
}

/// A delivery's status as storage keeps it: a held delivery (queued
/// behind an earlier one of its subject) is kept apart from the queued
/// ones a worker may claim, so claims never pass over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Held,
    Is(DeliveryStatus),
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Held => "held",
            Stage::Is(status) => status.as_str(),
        }
    }

    /// The status the reference's record shows: a held delivery is queued.
    pub fn status(self) -> DeliveryStatus {
        match self {
            Stage::Held => DeliveryStatus::Queued,
            Stage::Is(status) => status,
        }
    }
}

impl FromStr for Stage {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "held" => Ok(Stage::Held),
            other => other.parse().map(Stage::Is),
        }
    }
}

impl Delivery {
    /// A first attempt, claimed, for unit tests to adjust.
    #[cfg(test)]
    pub(crate) fn claimed_for_test(delivery_id: &str, sub_id: &str) -> Delivery {
        Delivery {
            delivery_id: delivery_id.to_owned(),
            event_id: format!("evt_{delivery_id}"),
            sub_id: sub_id.to_owned(),
            client_id: "c".into(),
            transport: Transport::Webhook,
            endpoint: String::new(),
            status: DeliveryStatus::Claimed,
            attempt: 1,
            claimed_by: String::new(),
            last_error: String::new(),
            meta: Object::new(),
            created_at: 0,
            updated_at: 0,
            next_attempt_at: 0,
            claimed_at: 0,
            lease_expires_at: 0,
            delivered_at: 0,
            place: Place::default(),
            claims: 1,
        }
    }

    /// How storage keeps this delivery's status.
    pub fn stage(&self) -> Stage {
        if self.status == DeliveryStatus::Queued && self.place.held {
            Stage::Held
        } else {
            Stage::Is(self.status)
        }
    }
}

/// One signing secret of one subscription (`sub secret`, webhook signatures).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Secret {
    pub sub_id: String,
    pub secret: String,
    pub created_at: i64,
}

/// `url` with its password, if any, shown as `***`: URLs appear in
/// answers, tables, errors and log lines, and a password must not.
pub fn mask(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _password)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

/// Serialises an endpoint as [`mask`] shows it (answers, not exports).
pub fn shown<S: serde::Serializer>(endpoint: &str, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&mask(endpoint))
}

/// A time given from outside in unix seconds, checked to lie in years
/// 1970-9999; `name` is how the user wrote it (`--created-at`, `OUTBOX_NOW`).
pub fn unix_in_range(name: &str, code: &str, unix: i64) -> Result<i64> {
    if (0..=LAST_UNIX_SECOND).contains(&unix) {
        Ok(unix)
    } else {
        Err(Error::input(
            code,
            format!(
                "{name} must lie in years 1970-9999 (0 to {LAST_UNIX_SECOND} unix seconds), not {unix}"
            ),
        ))
    }
}

/// One tally as kept: its name, its labels (a JSON object, keys sorted)
/// and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub name: String,
    pub labels: String,
    pub value: i64,
}

#[cfg(test)]
impl Event {
    /// A queued event of type `t` with nothing else set, for unit tests.
    pub(crate) fn for_test(event_id: &str) -> Event {
        Event {
            event_id: event_id.to_owned(),
            event_type: "t".into(),
            subject: String::new(),
            source: String::new(),
            target: String::new(),
            status: EventStatus::Queued,
            payload: Object::new(),
            subscriptions: Vec::new(),
            ack: Object::new(),
            created_at: 0,
            updated_at: 0,
            ack_at: 0,
            seq: 0,
            traceparent: String::new(),
            tracestate: String::new(),
        }
    }
}
