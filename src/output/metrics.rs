//! The stats in the Prometheus text format, for node_exporter's textfile
//! collector (or anything that scrapes that format), and the frames of
//! `stats --watch`.

use super::{Report, View};
use outbox::core::health::BreakerState;
use outbox::core::health::report::{Guards, SubscriptionHealth};
use outbox::core::ledger::tallies;
use outbox::core::records::model::Tally;
use outbox::core::storage::DeliveryCounts;
use outbox::core::storage::lanes::Waiting;
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
    /// The counters and histograms kept (see `core::tallies`).
    pub tallies: Vec<Tally>,
    /// Each subscription's health, and its deliveries set aside.
    pub subscriptions: Vec<SubscriptionHealth>,
    pub set_aside_by_sub: Vec<(String, i64)>,
}

/// A label value as the format wants it: backslash, quote and newline escaped.
fn label(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

fn family(out: &mut String, name: &str, help: &str) {
    family_of(out, name, help, "gauge");
}

fn family_of(out: &mut String, name: &str, help: &str, kind: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

/// Kept labels (a JSON object) as the format writes them, `extra` last.
fn label_text(kept: &str, extra: Option<(&str, &str)>) -> String {
    let map: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(kept).unwrap_or_default();
    let pairs = map
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str().unwrap_or_default()))
        .chain(extra)
        .map(|(k, v)| format!("{k}=\"{}\"", label(v)))
        .collect::<Vec<_>>();
    if pairs.is_empty() {
        String::new()
    } else {
        format!("{{{}}}", pairs.join(","))
    }
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
        self.counters(&mut out);
        self.histogram(
            &mut out,
            tallies::LATENCY,
            "Time from an event's recording to the delivery of each attempt that delivered it, by transport.",
            &tallies::LATENCY_BUCKETS,
        );
        self.histogram(
            &mut out,
            tallies::DURATION,
            "How long each attempt took, by transport (measured by outbox work; otherwise from its claim, in whole seconds).",
            &tallies::DURATION_BUCKETS,
        );
        self.per_subscription(&mut out);
        out
    }

    fn kept(&self, name: &str) -> impl Iterator<Item = &Tally> {
        self.tallies.iter().filter(move |t| t.name == name)
    }

    fn counters(&self, out: &mut String) {
        for (name, help) in [
            (
                tallies::EVENTS_RECORDED,
                "Events recorded, ever (kept in the outbox: prune and restarts leave it).",
            ),
            (
                tallies::ATTEMPTS,
                "Attempts recorded, ever, by transport, client and outcome (delivered, failed).",
            ),
            (
                tallies::DEAD,
                "Deliveries that became dead letters, ever, by transport and client.",
            ),
            (
                tallies::SPANS_DROPPED,
                "Spans the OpenTelemetry export dropped (its queue full, the collector slow or down), ever.",
            ),
        ] {
            family_of(out, name, help, "counter");
            let mut any = false;
            for tally in self.kept(name) {
                any = true;
                let _ = writeln!(
                    out,
                    "{name}{} {}",
                    label_text(&tally.labels, None),
                    tally.value
                );
            }
            if !any && name == tallies::EVENTS_RECORDED {
                let _ = writeln!(out, "{name} 0");
            }
        }
    }

    /// A histogram from its kept buckets (each counted apart) and sums:
    /// buckets made cumulative, with `+Inf`, `_sum` and `_count`.
    fn histogram(&self, out: &mut String, name: &str, help: &str, bounds: &[f64]) {
        family_of(out, name, help, "histogram");
        let buckets = format!("{name}{}", tallies::BUCKET);
        let sums = format!("{name}{}", tallies::SUM_MS);
        // By label set (without `le`): each bucket's own count.
        let mut series: BTreeMap<String, BTreeMap<String, i64>> = BTreeMap::new();
        for tally in self.kept(&buckets) {
            let mut labels: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&tally.labels).unwrap_or_default();
            let le = labels
                .remove("le")
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            let key = serde_json::Value::Object(labels).to_string();
            *series.entry(key).or_default().entry(le).or_default() += tally.value;
        }
        for (labels, counts) in &series {
            let mut total = 0;
            let les = bounds.iter().map(f64::to_string).chain(["+Inf".to_owned()]);
            for le in les {
                total += counts.get(&le).copied().unwrap_or(0);
                let _ = writeln!(
                    out,
                    "{buckets}{} {total}",
                    label_text(labels, Some(("le", &le)))
                );
            }
            let sum_ms = self
                .kept(&sums)
                .filter(|t| &t.labels == labels)
                .map(|t| t.value)
                .sum::<i64>();
            let shown = label_text(labels, None);
            let _ = writeln!(out, "{name}_sum{shown} {}", sum_ms as f64 / 1000.0);
            let _ = writeln!(out, "{name}_count{shown} {total}");
        }
    }

    fn per_subscription(&self, out: &mut String) {
        let labels = |h: &SubscriptionHealth| {
            format!(
                "{{subscription=\"{}\",client=\"{}\"}}",
                label(&h.sub_id),
                label(&h.client_id)
            )
        };
        family(
            out,
            "outbox_subscription_breaker_state",
            "Each subscription's circuit breaker: 0 closed, 1 open, 2 probing after its cool-down (subscriptions without a breaker left out).",
        );
        for h in &self.subscriptions {
            let state = match h.breaker.state {
                BreakerState::Closed => 0,
                BreakerState::Open => 1,
                BreakerState::Probing => 2,
                BreakerState::Off => continue,
            };
            let _ = writeln!(
                out,
                "outbox_subscription_breaker_state{} {state}",
                labels(h)
            );
        }
        family(
            out,
            "outbox_subscription_consecutive_failures",
            "Each subscription's failed attempts in a row since its last success.",
        );
        for h in &self.subscriptions {
            let _ = writeln!(
                out,
                "outbox_subscription_consecutive_failures{} {}",
                labels(h),
                h.consecutive_failures
            );
        }
        family(
            out,
            "outbox_subscription_set_aside",
            "Each subscription's queued deliveries set aside while it is held (breaker open, a receiver's pause, disabled).",
        );
        let set_aside: std::collections::HashMap<&str, i64> = self
            .set_aside_by_sub
            .iter()
            .map(|(sub_id, n)| (sub_id.as_str(), *n))
            .collect();
        for h in &self.subscriptions {
            let n = set_aside.get(h.sub_id.as_str()).copied().unwrap_or(0);
            let _ = writeln!(out, "outbox_subscription_set_aside{} {n}", labels(h));
        }
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

/// `stats --history`: attempts finished per step, as JSON and as two
/// sparklines with their totals.
#[derive(serde::Serialize)]
pub struct HistoryReply {
    ok: outbox::core::reference::OkTrue,
    history: outbox::core::ledger::tallies::History,
}

impl HistoryReply {
    pub fn new(history: outbox::core::ledger::tallies::History) -> Self {
        HistoryReply {
            ok: outbox::core::reference::OkTrue,
            history,
        }
    }
}

impl super::Human for HistoryReply {
    fn human(&self, _view: &View) -> String {
        let h = &self.history;
        let minutes = h.step / 60;
        let total = |v: &[i64]| v.iter().sum::<i64>();
        format!(
            "attempts finished since {}, {minutes}m a bar\ndelivered  {}  {}\nfailed     {}  {}",
            super::timestamp(h.since),
            sparkline(&h.delivered),
            total(&h.delivered),
            sparkline(&h.failed),
            total(&h.failed),
        )
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
