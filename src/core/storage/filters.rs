//! What a list, count, claim or sweep selects: the filters of events,
//! subscriptions and deliveries, the window of time replay, backfill and
//! pruning walk, and the cursor a page continues from.

use crate::core::records::model::{
    DeliveryStatus, EventStatus, Stage, SubscriptionStatus, Transport,
};

/// Filters of `event list`; `None` means "any".
#[derive(Clone, Debug, Default)]
pub struct EventFilter {
    pub event_type: Option<String>,
    pub source: Option<String>,
    pub target: Option<String>,
    pub subject: Option<String>,
    pub status: Option<EventStatus>,
    /// Recorded at or after this time (unix seconds).
    pub since: Option<i64>,
    /// Recorded before this time (unix seconds).
    pub until: Option<i64>,
    /// The page after this row, in list order (newest first).
    pub before: Option<Cursor>,
}

/// Filters of `sub list`. `event_type` also matches `"*"` subscriptions.
#[derive(Clone, Debug, Default)]
pub struct SubscriptionFilter {
    pub client_id: Option<String>,
    pub event_type: Option<String>,
    pub status: Option<SubscriptionStatus>,
    pub transport: Option<Transport>,
    /// The page after this row, in list order (newest first).
    pub before: Option<Cursor>,
}

/// Filters shared by the delivery commands; `None` means "any".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeliveryFilter {
    pub event_id: Option<String>,
    pub sub_id: Option<String>,
    pub client_id: Option<String>,
    pub transport: Option<Transport>,
    pub status: Option<DeliveryStatus>,
    /// Only queued deliveries held behind an earlier one of their subject
    /// (`delivery list --waiting`). A `status` of queued, alone, selects
    /// those a worker may claim: the held ones are kept apart.
    pub waiting: bool,
    /// With `waiting`: only those in a lane, not those set aside while
    /// their subscription is held (stored held too).
    pub in_lanes: bool,
    /// Only deliveries of events of this type (`outbox work --type`): read
    /// from each candidate's event, so it narrows a range, never finds one.
    pub event_type: Option<String>,
    /// Lists and counts only: deliveries of events about this subject,
    /// found through the subject's events (few, as a subject names one
    /// thing) and each event's deliveries.
    pub subject: Option<String>,
    /// Lists only: the page after this row, in the list's order (newest
    /// first; for `ready`, claim order). Claims never set it; counts and
    /// sweeps ignore it.
    pub before: Option<Cursor>,
    /// Claims only: none of these subscriptions' deliveries (the worker
    /// claims them apart, within what their health lets through).
    pub except_subs: Vec<String>,
    /// Lists and counts only: created at or after this time, and before
    /// `until` (unix seconds).
    pub since: Option<i64>,
    pub until: Option<i64>,
}

impl DeliveryFilter {
    /// The stage the filter selects, if one: held when `waiting`.
    pub fn stage(&self) -> Option<Stage> {
        if self.waiting {
            Some(Stage::Held)
        } else {
            self.status.map(Stage::Is)
        }
    }

    /// The same filter on any status: claims, ready lists and sweeps pick
    /// the states themselves.
    pub fn without_status(&self) -> Self {
        DeliveryFilter {
            status: None,
            waiting: false,
            ..self.clone()
        }
    }

    /// The same filter on the held deliveries only.
    pub fn held(&self) -> Self {
        DeliveryFilter {
            status: None,
            waiting: true,
            ..self.clone()
        }
    }
}

/// Where a page continues: the `(createdAt, id)` of the last row already
/// read. Keyset, not offset, so the thousandth page costs what the first does.
pub type Cursor = (i64, String);

/// Events recorded in a window of time, optionally of one type: what
/// replay, backfill and pruning walk, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventWindow {
    pub event_type: Option<String>,
    /// Recorded at or after this time.
    pub since: Option<i64>,
    /// Recorded before this time.
    pub until: Option<i64>,
}
