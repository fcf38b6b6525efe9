//! The reference's own forms: its JSON (objects, canonical text, Python's
//! float and string forms), the coercions it applies to input, the ids it
//! makes, its `"ok": true` and its limits, and the calendar arithmetic
//! behind its times. Depends on nothing else in the core.

pub mod calendar;
pub mod coerce;
pub mod ids;
pub mod json;

use serde::{Serialize, Serializer};

/// The `"ok": true` every successful answer starts with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OkTrue;

impl Serialize for OkTrue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(true)
    }
}

/// The reference's `_limit`: 100 when not given, clamped to `1..=500`.
pub fn limit(limit: Option<i64>) -> i64 {
    limit.map_or(100, |n| n.clamp(1, 500))
}
