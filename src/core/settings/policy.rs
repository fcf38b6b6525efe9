//! A subscription's retry policy: when each next attempt becomes due and
//! how many attempts a delivery gets. Kept in the subscription's `meta`
//! under `retry`, so the subscription's JSON keeps the reference's shape.

use crate::core::reference::json::Object;
use serde_json::{Value, json};

/// Longest delay the reference accepts before a retry: 30 days.
pub const MAX_DELAY_SECONDS: i64 = 2_592_000;
/// Highest `maxAttempts` the reference accepts.
pub const MAX_MAX_ATTEMPTS: i64 = 100;

/// The key of a subscription's `meta` that holds its policy.
pub const META_KEY: &str = "retry";

/// `{"schedule": [seconds...], "jitter": 0.2, "maxAttempts": N}`; any part
/// may be absent, and an absent part falls back to the reference's rule.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RetryPolicy {
    /// Delays before attempt 2, 3, ...; the last one repeats.
    pub schedule: Vec<i64>,
    /// Each delay moves by a random amount within this fraction (0 to 1).
    pub jitter: Option<f64>,
    pub max_attempts: Option<i64>,
}

impl RetryPolicy {
    /// The policy a subscription's meta holds, if any. Parts of the wrong
    /// kind (an edit by hand) are ignored rather than failing every retry.
    pub fn from_meta(meta: &Object) -> Option<RetryPolicy> {
        let retry = meta.get(META_KEY)?.as_object()?;
        let schedule = retry
            .get("schedule")
            .and_then(Value::as_array)
            .map(|delays| delays.iter().filter_map(Value::as_i64).collect())
            .unwrap_or_default();
        let policy = RetryPolicy {
            schedule,
            jitter: retry.get("jitter").and_then(Value::as_f64),
            max_attempts: retry.get("maxAttempts").and_then(Value::as_i64),
        };
        (!policy.is_empty()).then_some(policy)
    }

    pub fn is_empty(&self) -> bool {
        self.schedule.is_empty() && self.jitter.is_none() && self.max_attempts.is_none()
    }

    /// The object stored under `meta.retry`, with only the parts set.
    pub fn to_json(&self) -> Value {
        let mut retry = Object::new();
        if !self.schedule.is_empty() {
            retry.insert("schedule".to_owned(), json!(self.schedule));
        }
        if let Some(jitter) = self.jitter {
            retry.insert("jitter".to_owned(), json!(jitter));
        }
        if let Some(max) = self.max_attempts {
            retry.insert("maxAttempts".to_owned(), json!(max));
        }
        Value::Object(retry)
    }

    /// Seconds to wait before `attempt` (2 for the first retry), or `None`
    /// without a schedule. `unit` is a random number in `[0, 1)`: it picks
    /// where within the jitter band the delay lands, so retries of many
    /// deliveries spread out instead of arriving in waves.
    pub fn delay_before(&self, attempt: i64, unit: f64) -> Option<i64> {
        let index = usize::try_from(attempt - 2).unwrap_or(0);
        let base = *self.schedule.get(index).or(self.schedule.last())?;
        let jitter = self.jitter.unwrap_or(0.0).clamp(0.0, 1.0);
        let factor = 1.0 + jitter * (2.0 * unit.clamp(0.0, 1.0) - 1.0);
        let delay = (base as f64 * factor).round() as i64;
        Some(delay.clamp(1, MAX_DELAY_SECONDS))
    }

    /// The backoff `outbox work` follows for a subscription whose policy
    /// has no schedule: 10 s, 1 min, then 10 min, each ±20%, so a receiver
    /// that is down is not spent in milliseconds. (`delivery fail` by hand
    /// keeps the reference's rule: due at once.)
    pub fn worker_default() -> RetryPolicy {
        RetryPolicy {
            schedule: vec![10, 60, 600],
            jitter: Some(0.2),
            max_attempts: None,
        }
    }

    /// This policy with the schedule (and its jitter) of `fallback` when it
    /// has none of its own; its attempts stay its own.
    pub fn or_schedule_of(self, fallback: &RetryPolicy) -> RetryPolicy {
        if !self.schedule.is_empty() {
            return self;
        }
        RetryPolicy {
            schedule: fallback.schedule.clone(),
            jitter: self.jitter.or(fallback.jitter),
            max_attempts: self.max_attempts,
        }
    }

    /// Attempts allowed, when the policy says.
    pub fn max_attempts(&self) -> Option<i64> {
        self.max_attempts.map(|n| n.clamp(1, MAX_MAX_ATTEMPTS))
    }
}

/// A change to a subscription's policy, as `sub create` and `sub update`
/// flags give it. `None` leaves a part as it is.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PolicyChange {
    /// `Some(vec![])` clears the whole policy (`--retry-schedule none`).
    pub schedule: Option<Vec<i64>>,
    pub jitter: Option<f64>,
    pub max_attempts: Option<i64>,
}

impl PolicyChange {
    pub fn is_empty(&self) -> bool {
        self.schedule.is_none() && self.jitter.is_none() && self.max_attempts.is_none()
    }

    /// Applies the change to the policy `meta` holds, writing the result
    /// back (or removing the key when nothing is left).
    pub fn apply(&self, meta: &mut Object) {
        if self.is_empty() {
            return;
        }
        let mut policy = match &self.schedule {
            Some(schedule) if schedule.is_empty() => RetryPolicy::default(),
            _ => RetryPolicy::from_meta(meta).unwrap_or_default(),
        };
        if let Some(schedule) = self.schedule.as_ref().filter(|s| !s.is_empty()) {
            policy.schedule = schedule.clone();
        }
        if let Some(jitter) = self.jitter {
            policy.jitter = Some(jitter);
        }
        if let Some(max) = self.max_attempts {
            policy.max_attempts = Some(max);
        }
        if policy.is_empty() {
            meta.shift_remove(META_KEY);
        } else {
            meta.insert(META_KEY.to_owned(), policy.to_json());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(schedule: &[i64], jitter: Option<f64>) -> RetryPolicy {
        RetryPolicy {
            schedule: schedule.to_vec(),
            jitter,
            max_attempts: None,
        }
    }

    #[test]
    fn the_last_delay_repeats() {
        let p = policy(&[5, 300, 1800], None);
        let delays: Vec<_> = (2..=6).map(|a| p.delay_before(a, 0.5).unwrap()).collect();
        assert_eq!(delays, [5, 300, 1800, 1800, 1800]);
        assert_eq!(policy(&[], None).delay_before(2, 0.5), None);
    }

    #[test]
    fn jitter_stays_within_its_band() {
        let p = policy(&[1000], Some(0.2));
        assert_eq!(p.delay_before(2, 0.0), Some(800));
        assert_eq!(p.delay_before(2, 0.5), Some(1000));
        assert_eq!(p.delay_before(2, 0.999_999), Some(1200));
        // Never due at once, never beyond the reference's longest delay.
        assert_eq!(policy(&[1], Some(1.0)).delay_before(2, 0.0), Some(1));
        let long = policy(&[MAX_DELAY_SECONDS], Some(0.5));
        assert_eq!(long.delay_before(2, 0.99), Some(MAX_DELAY_SECONDS));
    }

    #[test]
    fn round_trips_through_meta() {
        let p = RetryPolicy {
            schedule: vec![5, 300],
            jitter: Some(0.2),
            max_attempts: Some(8),
        };
        let mut meta = Object::new();
        meta.insert(META_KEY.to_owned(), p.to_json());
        assert_eq!(RetryPolicy::from_meta(&meta), Some(p));
        assert_eq!(
            serde_json::to_string(&meta).unwrap(),
            r#"{"retry":{"schedule":[5,300],"jitter":0.2,"maxAttempts":8}}"#
        );
    }

    #[test]
    fn changes_merge_and_clear() {
        let mut meta = Object::new();
        meta.insert("owner".to_owned(), json!("ops"));
        PolicyChange {
            schedule: Some(vec![60]),
            ..PolicyChange::default()
        }
        .apply(&mut meta);
        PolicyChange {
            max_attempts: Some(4),
            ..PolicyChange::default()
        }
        .apply(&mut meta);
        assert_eq!(
            meta.get(META_KEY),
            Some(&json!({"schedule": [60], "maxAttempts": 4}))
        );
        PolicyChange {
            schedule: Some(vec![]),
            ..PolicyChange::default()
        }
        .apply(&mut meta);
        assert_eq!(meta.get(META_KEY), None);
        assert_eq!(meta.get("owner"), Some(&json!("ops")));
    }
}
