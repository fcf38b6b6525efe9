//! The stats in the Prometheus text format, for node_exporter's textfile
//! collector (or anything that scrapes that format), and the frames of
//! `stats --watch`.

use super::{Report, View};
use outbox::core::health::report::Guards;
use outbox::core::ordering::Waiting;
use outbox::core::storage::DeliveryCounts;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// `stats --format prometheus`.
pub struct Metrics {
    pub stats: DeliveryCounts,
    pub dead: i64,
    /// Seconds the oldest ready delivery has been ready; 0 when none is.
    pub oldest_ready_age: i64,
    pub waiting: Waiting,
    pub guards: Guards,
}

/// A label value as the format wants it: backslash, quote and newline escaped.
fn label(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

fn family(out: &mut String, name: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} gauge");
}

fn by(out: &mut String, name: &str, help: &str, key: &str, counts: &BTreeMap<String, i64>) {
    family(out, name, help);
    for (value, n) in counts {
        let _ = writeln!(out, "{name}{{{key}=\"{}\"}} {n}", label(value));
    }
}

impl Metrics {
    pub fn text(&self) -> String {
        let s = &self.stats;
        let mut out = String::new();
        by(
            &mut out,
            "outbox_deliveries",
            "Deliveries kept, by status.",
            "status",
            &s.by_status,
        );
        by(
            &mut out,
            "outbox_deliveries_by_transport",
            "Deliveries kept, by transport.",
            "transport",
            &s.by_transport,
        );
        by(
            &mut out,
            "outbox_deliveries_by_client",
            "Deliveries kept, by client.",
            "client",
            &s.by_client,
        );
        for (name, help, n) in [
            (
                "outbox_ready",
                "Deliveries a worker could claim now.",
                s.ready,
            ),
            (
                "outbox_scheduled",
                "Queued deliveries due later.",
                s.scheduled,
            ),
            (
                "outbox_expired_leases",
                "Claimed deliveries whose lease ran out.",
                s.expired,
            ),
            (
                "outbox_active_claims",
                "Claimed deliveries under a live lease.",
                s.active_claims,
            ),
            (
                "outbox_dead_letters",
                "Failed deliveries with no attempt to come.",
                self.dead,
            ),
            (
                "outbox_oldest_ready_age_seconds",
                "How long the delivery at the head of the queue has been claimable (0: none is).",
                self.oldest_ready_age,
            ),
            (
                "outbox_waiting",
                "Queued deliveries of ordered subscriptions held behind an earlier one of their subject.",
                self.waiting.deliveries,
            ),
            (
                "outbox_subjects_waiting",
                "Subjects of ordered subscriptions with deliveries held behind their head.",
                self.waiting.subjects,
            ),
            (
                "outbox_subjects_held_by_dead_letter",
                "Subjects of ordered subscriptions held by a dead letter at their head (onDead: block).",
                self.waiting.held_by_dead,
            ),
            (
                "outbox_set_aside",
                "Queued deliveries set aside while their subscription is held (breaker open, a receiver's pause, disabled).",
                self.waiting.set_aside,
            ),
            (
                "outbox_breakers_open",
                "Subscriptions whose circuit breaker is open (or probing after its cool-down).",
                self.guards.breakers_open,
            ),
            (
                "outbox_subscriptions_paused",
                "Subscriptions held until the time a receiver's Retry-After gave.",
                self.guards.paused,
            ),
            (
                "outbox_subscriptions_disabled",
                "Subscriptions disabled (for failing too long, a 410 Gone, or by hand).",
                self.guards.disabled,
            ),
        ] {
            family(&mut out, name, help);
            let _ = writeln!(out, "{name} {n}");
        }
        out
    }
}

impl Report for Metrics {
    fn json(&self) -> serde_json::Value {
        serde_json::Value::String(self.text())
    }
    fn json_text(&self) -> String {
        self.text()
    }
    fn human(&self, _view: &View) -> String {
        self.text()
    }
}

/// Eight heights of a bar, lowest first.
const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// A one-line chart of `values`, scaled to their largest.
pub fn sparkline(values: &[i64]) -> String {
    let top = values.iter().copied().max().unwrap_or(0).max(1);
    values
        .iter()
        .map(|v| BARS[((v.max(&0) * 7) / top) as usize])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_escaped_and_sparklines_scale() {
        assert_eq!(label("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
        assert_eq!(sparkline(&[0, 7, 14]), "▁▄█");
        assert_eq!(sparkline(&[0, 0]), "▁▁");
    }
}
