//! The library's one error type. Every failure has a stable machine code
//! (`missing:type`, `invalid:claimOwner`, `deliveryNotFound`, `storage:locked`)
//! and a kind that decides the exit status.

use crate::core::records::model::{Delivery, Subscription};
use crate::core::records::prefix::{IdKind, not_found_hint};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use std::fmt;

/// What went wrong, coarsely: this decides the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The reference answered `{"ok": false, ...}`: not found, nothing to
    /// claim, a refused transition, a validation error.
    Refused,
    /// The input could not be used: malformed JSON, a value of the wrong kind,
    /// an unknown status or transport.
    Input,
    /// The database could not be used.
    Storage,
    /// An address outbox was to serve on could not be had (in use, not
    /// permitted): neither bad input nor the database.
    Unavailable,
}

/// A failure the reference itself reports, serialised as its failure object.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// `recordEvent` without a type.
    MissingType,
    EventNotFound {
        event_id: String,
    },
    SubscriptionNotFound {
        sub_id: String,
    },
    DeliveryNotFound {
        delivery_id: String,
    },
    /// `claim` found nothing claimable; `filters` holds the non-empty filters.
    NothingToClaim {
        filters: Vec<(&'static str, String)>,
    },
    /// A subscription failed validation (`missing:clientId`, ...).
    InvalidSubscription {
        errors: Vec<&'static str>,
        subscription: Box<Subscription>,
    },
    /// A delivery failed validation (`missing:eventId`, ...).
    InvalidDelivery {
        errors: Vec<&'static str>,
        delivery: Box<Delivery>,
    },
    /// A subscription that must be active for the asked change is not
    /// (`sub backfill` of a paused subscription).
    SubscriptionStatus {
        code: &'static str,
        subscription: Box<Subscription>,
    },
    /// A transition the delivery's state or owner does not allow
    /// (`invalid:claimOwner`, `invalid:completeStatus`, ...).
    Transition {
        code: &'static str,
        delivery: Box<Delivery>,
    },
}

impl Refusal {
    /// The machine code; for validation failures, the first of the errors.
    pub fn code(&self) -> &str {
        match self {
            Refusal::MissingType => "missing:type",
            Refusal::EventNotFound { .. } => "eventNotFound",
            Refusal::SubscriptionNotFound { .. } => "subscriptionNotFound",
            Refusal::DeliveryNotFound { .. } | Refusal::NothingToClaim { .. } => "deliveryNotFound",
            Refusal::InvalidSubscription { errors, .. }
            | Refusal::InvalidDelivery { errors, .. } => {
                errors.first().copied().unwrap_or("invalid")
            }
            Refusal::Transition { code, .. } | Refusal::SubscriptionStatus { code, .. } => code,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::MissingType => f.write_str("an event needs a type"),
            Refusal::EventNotFound { event_id } => not_found(f, IdKind::Event, event_id),
            Refusal::SubscriptionNotFound { sub_id } => not_found(f, IdKind::Subscription, sub_id),
            Refusal::DeliveryNotFound { delivery_id } => {
                not_found(f, IdKind::Delivery, delivery_id)
            }
            Refusal::NothingToClaim { .. } => f.write_str("no delivery is ready to claim"),
            Refusal::InvalidSubscription { errors, .. } => {
                write!(f, "invalid subscription: {}", explained(errors))
            }
            Refusal::InvalidDelivery { errors, .. } => {
                write!(f, "invalid delivery: {}", explained(errors))
            }
            Refusal::SubscriptionStatus { code, subscription } => write!(
                f,
                "{code}: subscription {} is {}; resume it first",
                subscription.sub_id, subscription.status
            ),
            Refusal::Transition { code, delivery } => {
                let why = match *code {
                    "invalid:claimOwner" | "invalid:leaseOwner" => {
                        format!("it is claimed by {:?}", delivery.claimed_by)
                    }
                    "invalid:redriveStatus" => format!(
                        "it is {}, not a dead letter (a failed attempt that no later attempt follows); outbox delivery list --dead lists them",
                        delivery.status
                    ),
                    _ => format!("it is {}", delivery.status),
                };
                write!(
                    f,
                    "{code}: delivery {} refused, {why}",
                    delivery.delivery_id
                )
            }
        }
    }
}

impl Serialize for Refusal {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("ok", &false)?;
        match self {
            Refusal::MissingType => map.serialize_entry("error", self.code())?,
            Refusal::EventNotFound { event_id } => {
                map.serialize_entry("error", self.code())?;
                map.serialize_entry("eventId", event_id)?;
            }
            Refusal::SubscriptionNotFound { sub_id } => {
                map.serialize_entry("error", self.code())?;
                map.serialize_entry("subId", sub_id)?;
            }
            Refusal::DeliveryNotFound { delivery_id } => {
                map.serialize_entry("error", self.code())?;
                map.serialize_entry("deliveryId", delivery_id)?;
            }
            Refusal::NothingToClaim { filters } => {
                map.serialize_entry("error", self.code())?;
                let filters: serde_json::Map<_, _> = filters
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), v.clone().into()))
                    .collect();
                map.serialize_entry("filters", &filters)?;
            }
            Refusal::InvalidSubscription {
                errors,
                subscription,
            } => {
                map.serialize_entry("errors", errors)?;
                map.serialize_entry("subscription", subscription)?;
            }
            Refusal::InvalidDelivery { errors, delivery } => {
                map.serialize_entry("errors", errors)?;
                map.serialize_entry("delivery", delivery)?;
            }
            Refusal::Transition { code, delivery } => {
                map.serialize_entry("error", code)?;
                map.serialize_entry("delivery", delivery)?;
            }
            Refusal::SubscriptionStatus { code, subscription } => {
                map.serialize_entry("error", code)?;
                map.serialize_entry("subscription", subscription)?;
            }
        }
        map.end()
    }
}

/// Why the database could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageCode {
    /// The file or server could not be opened or created.
    Open,
    /// No outbox file at the path, for a command that only uses one.
    Missing,
    /// A database that belongs to something else.
    NotOutbox,
    /// An outbox database written by a newer version of this tool.
    Newer,
    /// Another process held the write lock past the busy timeout.
    Locked,
    /// The file is damaged or not a database at all.
    Corrupt,
    /// The disk is full.
    Full,
    /// The file or folder is not writable.
    ReadOnly,
    /// Any other failure of the storage engine.
    Other,
}

impl StorageCode {
    pub fn as_str(self) -> &'static str {
        match self {
            StorageCode::Open => "storage:open",
            StorageCode::Missing => "storage:missing",
            StorageCode::NotOutbox => "storage:notOutbox",
            StorageCode::Newer => "storage:newer",
            StorageCode::Locked => "storage:locked",
            StorageCode::Corrupt => "storage:corrupt",
            StorageCode::Full => "storage:full",
            StorageCode::ReadOnly => "storage:readonly",
            StorageCode::Other => "storage:error",
        }
    }
}

/// Every failure the library reports.
#[derive(Debug)]
pub enum Error {
    /// The reference's own `{"ok": false}` answer.
    Refused(Box<Refusal>),
    /// Unusable input; `code` is e.g. `invalid:json` or `invalid:payload`.
    Input { code: String, message: String },
    /// The database could not be used.
    Storage { code: StorageCode, message: String },
    /// A failure at one line of a batch; kind and code are the inner error's.
    AtLine { line: usize, error: Box<Error> },
    /// An address to serve on could not be had; `code` is e.g. `listen:inUse`.
    Unavailable { code: String, message: String },
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn input(code: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Input {
            code: code.into(),
            message: message.into(),
        }
    }

    pub fn unavailable(code: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Unavailable {
            code: code.into(),
            message: message.into(),
        }
    }

    pub fn storage(code: StorageCode, message: impl Into<String>) -> Self {
        Error::Storage {
            code,
            message: message.into(),
        }
    }

    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Refused(_) => ErrorKind::Refused,
            Error::Input { .. } => ErrorKind::Input,
            Error::Storage { .. } => ErrorKind::Storage,
            Error::Unavailable { .. } => ErrorKind::Unavailable,
            Error::AtLine { error, .. } => error.kind(),
        }
    }

    /// The stable machine code.
    pub fn code(&self) -> &str {
        match self {
            Error::Refused(refusal) => refusal.code(),
            Error::Input { code, .. } => code,
            Error::Storage { code, .. } => code.as_str(),
            Error::Unavailable { code, .. } => code,
            Error::AtLine { error, .. } => error.code(),
        }
    }

    /// The JSON object printed for this failure with `--json`: the reference's
    /// failure object, or `{"ok": false, "error", "message"}` for the rest.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Error::Refused(refusal) => serde_json::to_value(refusal).expect("refusals serialise"),
            Error::AtLine { line, error } => {
                let mut value = error.to_json();
                value["line"] = (*line).into();
                if let Some(message) = value.get_mut("message") {
                    *message = self.to_string().into();
                }
                value
            }
            other => {
                serde_json::json!({"ok": false, "error": other.code(), "message": other.to_string()})
            }
        }
    }
}

impl From<Refusal> for Error {
    fn from(refusal: Refusal) -> Self {
        Error::Refused(Box::new(refusal))
    }
}

/// The reference's validation codes, each with the flag that fixes it.
fn explained(errors: &[&str]) -> String {
    let flag = |code: &str| match code {
        "missing:clientId" => Some("give --client"),
        "missing:eventTypes" => Some("give --types"),
        "missing:eventId" => Some("give --event"),
        "missing:subId" => Some("give --sub"),
        "invalid:attempt" => Some("--attempt counts from 1"),
        _ => None,
    };
    errors
        .iter()
        .map(|code| match flag(code) {
            Some(fix) => format!("{code} ({fix})"),
            None => (*code).to_owned(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "no delivery X", and why X cannot be one when that is plain from it.
fn not_found(f: &mut fmt::Formatter<'_>, kind: IdKind, id: &str) -> fmt::Result {
    let noun = match kind {
        IdKind::Event => "event",
        IdKind::Subscription => "subscription",
        IdKind::Delivery => "delivery",
    };
    let shown = crate::core::records::prefix::shown(id);
    match not_found_hint(kind, id) {
        Some(hint) => write!(f, "no {noun} {shown} ({hint})"),
        None => write!(f, "no {noun} {shown}"),
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Refused(refusal) => refusal.fmt(f),
            Error::Input { message, .. }
            | Error::Storage { message, .. }
            | Error::Unavailable { message, .. } => f.write_str(message),
            Error::AtLine { line, error } => write!(f, "line {line}: {error}"),
        }
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_kinds_are_stable() {
        let cases: Vec<(Error, &str, ErrorKind)> = vec![
            (
                Refusal::MissingType.into(),
                "missing:type",
                ErrorKind::Refused,
            ),
            (
                Refusal::DeliveryNotFound {
                    delivery_id: "d".into(),
                }
                .into(),
                "deliveryNotFound",
                ErrorKind::Refused,
            ),
            (
                Refusal::NothingToClaim { filters: vec![] }.into(),
                "deliveryNotFound",
                ErrorKind::Refused,
            ),
            (
                Error::input("invalid:json", "x"),
                "invalid:json",
                ErrorKind::Input,
            ),
            (
                Error::storage(StorageCode::Locked, "x"),
                "storage:locked",
                ErrorKind::Storage,
            ),
            (
                Error::storage(StorageCode::Missing, "x"),
                "storage:missing",
                ErrorKind::Storage,
            ),
            (
                Error::storage(StorageCode::Newer, "x"),
                "storage:newer",
                ErrorKind::Storage,
            ),
            (
                Error::AtLine {
                    line: 3,
                    error: Box::new(Error::input("invalid:line", "x")),
                },
                "invalid:line",
                ErrorKind::Input,
            ),
        ];
        for (error, code, kind) in cases {
            assert_eq!((error.code(), error.kind()), (code, kind), "{error}");
        }
    }

    #[test]
    fn failure_objects_have_the_reference_shape() {
        let refused: Error = Refusal::EventNotFound {
            event_id: "evt_x".into(),
        }
        .into();
        assert_eq!(
            refused.to_json(),
            serde_json::json!({"ok": false, "error": "eventNotFound", "eventId": "evt_x"})
        );
        let claim: Error = Refusal::NothingToClaim {
            filters: vec![("clientId", "c".into())],
        }
        .into();
        assert_eq!(
            claim.to_json(),
            serde_json::json!({"ok": false, "error": "deliveryNotFound", "filters": {"clientId": "c"}})
        );
        let input = Error::AtLine {
            line: 2,
            error: Box::new(Error::input("invalid:json", "not valid JSON")),
        };
        assert_eq!(
            input.to_json(),
            serde_json::json!({"ok": false, "error": "invalid:json", "message": "line 2: not valid JSON", "line": 2})
        );
    }
}
