//! What both backends share of health rows: the column list, and the rate
//! window kept as JSON text.

use crate::core::records::health::Health;
use crate::core::records::model::{DeliveryStatus, Stage, Transport};
use crate::store::counts::CountChanges;

/// Kept counts of deliveries set aside (`parked`) or queued again.
pub(crate) fn moved(counts: &mut CountChanges, rows: &[(Transport, String)], parked: bool) {
    let (from, to) = if parked {
        (Stage::Is(DeliveryStatus::Queued), Stage::Held)
    } else {
        (Stage::Held, Stage::Is(DeliveryStatus::Queued))
    };
    for (transport, client) in rows {
        counts.add(from, *transport, client, -1);
        counts.add(to, *transport, client, 1);
    }
}

pub(crate) const HEALTH_COLUMNS: &str = "sub_id, limited, failures, failing_since, last_success_at, \
     last_failure_at, last_error, trips, open_until, probe, probe_until, paused_until, disabled_at, \
     disabled_reason, rate_window, guards, breaker";

/// Appended to a health row's INSERT: replace the row of the same
/// subscription.
pub(crate) const HEALTH_REPLACE: &str = "ON CONFLICT (sub_id) DO UPDATE SET limited = excluded.limited, \
     failures = excluded.failures, failing_since = excluded.failing_since, \
     last_success_at = excluded.last_success_at, last_failure_at = excluded.last_failure_at, \
     last_error = excluded.last_error, trips = excluded.trips, open_until = excluded.open_until, \
     probe = excluded.probe, probe_until = excluded.probe_until, paused_until = excluded.paused_until, \
     disabled_at = excluded.disabled_at, disabled_reason = excluded.disabled_reason, \
     rate_window = excluded.rate_window, guards = excluded.guards, breaker = excluded.breaker";

/// `[[unix ms, claims], ...]`.
pub(crate) fn window_text(health: &Health) -> String {
    serde_json::to_string(&health.window).expect("pairs of numbers serialise")
}

/// A window that does not read (an edit by hand) counts nothing.
pub(crate) fn window_of(text: &str) -> Vec<(i64, i64)> {
    serde_json::from_str(text).unwrap_or_default()
}
