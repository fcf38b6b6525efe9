//! What a worker tells people on stderr of its subscriptions' protection,
//! once per change: a breaker opening, probing and closing, a pause its
//! receiver asked for starting and ending, a subscription disabled. A
//! worker that falls silent while hundreds of deliveries sit set aside
//! leaves its operator guessing.

use super::say;
use crate::core::health::claims::Change;
use crate::core::reference::calendar::rfc3339;
use std::collections::HashMap;

/// The pauses this worker announced, to say when each is over.
#[derive(Default)]
pub(super) struct Told {
    pauses: HashMap<String, i64>,
}

impl Told {
    /// Says each change, and keeps the pauses to say their end.
    pub(super) fn changes(&mut self, changes: &[(String, Change)]) {
        for (sub_id, change) in changes {
            if let Change::Paused { until } = change {
                self.pauses.insert(sub_id.clone(), *until);
            }
            say(&line(sub_id, change));
        }
    }

    /// Says the end of each announced pause whose time has come.
    pub(super) fn pauses_over(&mut self, now: i64) {
        self.pauses.retain(|sub_id, until| {
            if *until > now {
                return true;
            }
            say(&format!(
                "subscription {sub_id}: the pause its receiver asked for is over; sending again"
            ));
            false
        });
    }
}

/// The line for one change.
pub(super) fn line(sub_id: &str, change: &Change) -> String {
    match change {
        Change::BreakerOpened { failures, until } => format!(
            "breaker of subscription {sub_id} opened after {failures} failures in a row: nothing goes to it until {}, then one delivery probes it",
            rfc3339(*until)
        ),
        Change::Probing { delivery_id } => {
            format!("breaker of subscription {sub_id}: probing with {delivery_id}")
        }
        Change::BreakerClosed => {
            format!("breaker of subscription {sub_id} closed: its endpoint answers again")
        }
        Change::Paused { until } => format!(
            "subscription {sub_id} paused until {}, as its receiver asked (Retry-After)",
            rfc3339(*until)
        ),
        Change::Disabled { reason } => format!("disabled subscription {sub_id}: {reason}"),
    }
}
