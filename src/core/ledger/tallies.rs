//! Tallies: counters that only grow, kept in the outbox beside the ledger
//! so that they outlive every process and every prune: events recorded,
//! attempts by outcome, dead letters, spans the OpenTelemetry export
//! dropped, and two histograms (time from an
//! event's recording to its delivery, and each attempt's duration). Each
//! is added to in the transaction that makes the change it counts;
//! `stats --format prometheus` reads them as Prometheus counters and
//! histograms, which `rate()` can read across restarts and prunes.

use crate::core::records::error::Result;
use crate::core::records::model::Delivery;
use crate::core::storage::Tx;
use std::sync::LazyLock;

pub const EVENTS_RECORDED: &str = "outbox_events_recorded_total";
pub const ATTEMPTS: &str = "outbox_delivery_attempts_total";
pub const DEAD: &str = "outbox_deliveries_dead_total";
pub const LATENCY: &str = "outbox_delivery_latency_seconds";
pub const DURATION: &str = "outbox_attempt_duration_seconds";
pub const SPANS_DROPPED: &str = "outbox_spans_dropped_total";

/// The upper bounds (seconds) of the buckets of time from recording to
/// delivery: queues drain in seconds, retries take minutes to a day.
pub const LATENCY_BUCKETS: [f64; 12] = [
    1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0, 900.0, 3600.0, 21600.0, 86400.0, 604800.0,
];
/// The upper bounds (seconds) of the buckets of an attempt's duration:
/// Prometheus' defaults, which suit a webhook, and three longer ones for
/// handlers that work for a while.
pub const DURATION_BUCKETS: [f64; 14] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0,
];

/// A histogram's observation is kept as two tallies of its name with
/// these suffixes: the bucket it falls in (not yet cumulative: a `le`
/// label of the bucket's bound, or `+Inf`) and the sum in milliseconds.
pub const BUCKET: &str = "_bucket";
pub const SUM_MS: &str = "_sum_ms";

/// The tallies of the two histograms, named once (a worker adds to them
/// with every delivery): `[name + BUCKET, name + SUM_MS]`.
const LATENCY_TALLIES: [&str; 2] = [
    "outbox_delivery_latency_seconds_bucket",
    "outbox_delivery_latency_seconds_sum_ms",
];
const DURATION_TALLIES: [&str; 2] = [
    "outbox_attempt_duration_seconds_bucket",
    "outbox_attempt_duration_seconds_sum_ms",
];

/// Labels as kept: a JSON object of the pairs, sorted by key, so one label
/// set is always one row.
pub fn labels(pairs: &[(&str, &str)]) -> String {
    // Callers mostly name their pairs in key order already: then nothing
    // is copied to sort them (a worker writes a few label sets a delivery).
    if pairs.is_sorted() {
        return labels_in_order(pairs);
    }
    let mut sorted = pairs.to_vec();
    sorted.sort_unstable();
    labels_in_order(&sorted)
}

/// [`labels`] of pairs sorted by key, written by hand as serde_json writes
/// an object: compact, each string escaped.
fn labels_in_order(pairs: &[(&str, &str)]) -> String {
    let mut text = String::with_capacity(64);
    text.push('{');
    for (n, (key, value)) in pairs.iter().enumerate() {
        if n > 0 {
            text.push(',');
        }
        push_quoted(&mut text, key);
        text.push(':');
        push_quoted(&mut text, value);
    }
    text.push('}');
    text
}

/// `s` as a JSON string. Labels are nearly always plain words, which JSON
/// writes as they are; anything else is escaped by serde_json.
fn push_quoted(text: &mut String, s: &str) {
    let plain = s
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"+-._:/ ".contains(&b));
    if plain {
        text.push('"');
        text.push_str(s);
        text.push('"');
    } else {
        text.push_str(&serde_json::to_string(s).expect("a string serialises"));
    }
}

/// The bound of the bucket `ms` falls in, as its `le` label.
pub fn bucket_of(ms: i64, bounds: &[f64]) -> String {
    bucket_index(ms, bounds).map_or_else(|| "+Inf".to_owned(), |n| bounds[n].to_string())
}

/// Which bucket of `bounds` `ms` falls in; `None` past the last one.
fn bucket_index(ms: i64, bounds: &[f64]) -> Option<usize> {
    let seconds = ms.max(0) as f64 / 1000.0;
    bounds.iter().position(|bound| seconds <= *bound)
}

/// A histogram: its two tallies, the bounds of its buckets and their `le`
/// labels, written once rather than for every observation.
struct Histogram {
    tallies: [&'static str; 2],
    bounds: &'static [f64],
    les: LazyLock<Vec<String>>,
}

static LATENCY_HISTOGRAM: Histogram = Histogram {
    tallies: LATENCY_TALLIES,
    bounds: &LATENCY_BUCKETS,
    les: LazyLock::new(|| LATENCY_BUCKETS.iter().map(f64::to_string).collect()),
};
static DURATION_HISTOGRAM: Histogram = Histogram {
    tallies: DURATION_TALLIES,
    bounds: &DURATION_BUCKETS,
    les: LazyLock::new(|| DURATION_BUCKETS.iter().map(f64::to_string).collect()),
};

impl Histogram {
    /// The `le` label of the bucket `ms` falls in, as [`bucket_of`].
    fn le(&self, ms: i64) -> &str {
        bucket_index(ms, self.bounds).map_or("+Inf", |n| self.les[n].as_str())
    }

    /// Adds an observation of `ms` for `transport` (whose labels alone
    /// are `by_transport`), by the histogram's two tallies.
    fn observe(&self, tx: &mut dyn Tx, transport: &str, by_transport: &str, ms: i64) {
        let [bucket, sum] = self.tallies;
        let with_le = labels_in_order(&[("le", self.le(ms)), ("transport", transport)]);
        tx.tally(bucket, &with_le, 1);
        tx.tally(sum, by_transport, ms.max(0));
    }
}

/// How an attempt ended, as its tally's `outcome` label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Delivered,
    Failed,
}

/// What is known of an attempt as it is recorded: how long it took
/// (milliseconds, where the worker measured it; otherwise from its claim
/// to now, in whole seconds) and when its event was recorded (unix
/// seconds, where the worker has the event at hand; otherwise read).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Observed {
    pub duration_ms: Option<i64>,
    pub recorded_at: Option<i64>,
}

/// Tallies an attempt of `delivery` that ended as `outcome` at `now`; a
/// delivered one adds its time from recording to the latency histogram,
/// a dead one to the dead letters.
pub(crate) fn attempt(
    tx: &mut dyn Tx,
    delivery: &Delivery,
    outcome: Outcome,
    dead: bool,
    observed: Observed,
    now: i64,
) -> Result<()> {
    let transport = delivery.transport.as_str();
    let client = delivery.client_id.as_str();
    let word = match outcome {
        Outcome::Delivered => "delivered",
        Outcome::Failed => "failed",
    };
    // Pairs named in key order: see `labels`.
    tx.tally(
        ATTEMPTS,
        &labels(&[
            ("client", client),
            ("outcome", word),
            ("transport", transport),
        ]),
        1,
    );
    let by_transport = labels(&[("transport", transport)]);
    let duration_ms = observed.duration_ms.unwrap_or_else(|| {
        let claimed_at = if delivery.claimed_at > 0 {
            delivery.claimed_at
        } else {
            now
        };
        (now - claimed_at).max(0).saturating_mul(1000)
    });
    DURATION_HISTOGRAM.observe(tx, transport, &by_transport, duration_ms);
    if dead {
        tx.tally(
            DEAD,
            &labels(&[("client", client), ("transport", transport)]),
            1,
        );
    }
    if outcome == Outcome::Delivered {
        let recorded_at = match observed.recorded_at {
            Some(at) => Some(at),
            None => tx.event_recorded_at(&delivery.event_id)?,
        };
        if let Some(recorded_at) = recorded_at {
            let delivered_at = if delivery.delivered_at > 0 {
                delivery.delivered_at
            } else {
                now
            };
            let ms = (delivered_at - recorded_at).max(0).saturating_mul(1000);
            LATENCY_HISTOGRAM.observe(tx, transport, &by_transport, ms);
        }
    }
    Ok(())
}

/// Tallies `n` events recorded.
pub(crate) fn recorded(tx: &mut dyn Tx, n: usize) {
    if n > 0 {
        tx.tally(EVENTS_RECORDED, &labels(&[]), n as i64);
    }
}

/// Tallies `n` spans the OpenTelemetry export dropped.
pub(crate) fn spans_dropped(tx: &mut dyn Tx, n: u64) {
    tx.tally(
        SPANS_DROPPED,
        &labels(&[]),
        i64::try_from(n).unwrap_or(i64::MAX),
    );
}

/// Attempts finished per step over a window ending now (`stats
/// --history`, the dashboard's charts): `delivered[i]` and `failed[i]`
/// count the step starting at `since + i * step`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct History {
    pub since: i64,
    pub step: i64,
    pub delivered: Vec<i64>,
    pub failed: Vec<i64>,
}

/// How far before a window an attempt that finishes in it may have been
/// created (queued, or scheduled as a retry) and still be counted.
pub const HISTORY_LEAD: i64 = 3600;

/// The history of the `window` seconds before `now`, in steps of `step`
/// seconds (a multiple of 60), from the attempts created at most
/// [`HISTORY_LEAD`] before the window.
pub(crate) fn history(tx: &mut dyn Tx, now: i64, window: i64, step: i64) -> Result<History> {
    let step = (step.max(60) / 60) * 60;
    let steps = usize::try_from((window / step).max(1)).unwrap_or(1);
    // The window ends with the step that holds now.
    let end = (now / step + 1) * step;
    let since = end - step * steps as i64;
    let mut history = History {
        since,
        step,
        delivered: vec![0; steps],
        failed: vec![0; steps],
    };
    for (minute, delivered, failed) in tx.finished_per_minute(since - HISTORY_LEAD, since)? {
        let Ok(at) = usize::try_from((minute * 60 - since) / step) else {
            continue;
        };
        if at < steps {
            history.delivered[at] += delivered;
            history.failed[at] += failed;
        }
    }
    Ok(history)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Labels as serde_json writes the object of their pairs, sorted.
    fn as_serde_json_writes(pairs: &[(&str, &str)]) -> String {
        let mut sorted = pairs.to_vec();
        sorted.sort();
        let object: serde_json::Map<String, serde_json::Value> = sorted
            .iter()
            .map(|(k, v)| (k.to_string(), serde_json::Value::from(*v)))
            .collect();
        serde_json::Value::Object(object).to_string()
    }

    #[test]
    fn labels_are_the_json_object_of_their_pairs() {
        // Escaped (quotes, backslashes, control characters) and not.
        for pairs in [
            [
                ("transport", "web\"hook"),
                ("client", "b\\c\n"),
                ("outcome", "é"),
            ],
            [
                ("transport", "webhook"),
                ("client", "billing-eu.2/a:b c"),
                ("le", "+Inf"),
            ],
        ] {
            assert_eq!(labels(&pairs), as_serde_json_writes(&pairs));
        }
    }

    #[test]
    fn the_histograms_tallies_are_their_names_with_the_suffixes() {
        for (name, tallies) in [(LATENCY, LATENCY_TALLIES), (DURATION, DURATION_TALLIES)] {
            assert_eq!(
                tallies,
                [name.to_owned() + BUCKET, name.to_owned() + SUM_MS]
            );
        }
    }

    #[test]
    fn labels_are_one_text_whatever_their_order() {
        assert_eq!(
            labels(&[("transport", "webhook"), ("client", "a\"b")]),
            labels(&[("client", "a\"b"), ("transport", "webhook")])
        );
        assert_eq!(labels(&[]), "{}");
    }

    #[test]
    fn an_observation_falls_in_the_first_bucket_that_holds_it() {
        assert_eq!(bucket_of(0, &DURATION_BUCKETS), "0.005");
        assert_eq!(bucket_of(5, &DURATION_BUCKETS), "0.005");
        assert_eq!(bucket_of(6, &DURATION_BUCKETS), "0.01");
        assert_eq!(bucket_of(1000, &DURATION_BUCKETS), "1");
        assert_eq!(bucket_of(300_001, &DURATION_BUCKETS), "+Inf");
        assert_eq!(bucket_of(-5, &LATENCY_BUCKETS), "1");
        // The labels written once are those written for each observation.
        for ms in [
            -5,
            0,
            5,
            6,
            999,
            1000,
            1001,
            59_999,
            300_001,
            604_800_000,
            i64::MAX,
        ] {
            assert_eq!(LATENCY_HISTOGRAM.le(ms), bucket_of(ms, &LATENCY_BUCKETS));
            assert_eq!(DURATION_HISTOGRAM.le(ms), bucket_of(ms, &DURATION_BUCKETS));
        }
    }
}
