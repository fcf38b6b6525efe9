//! The health of a subscription's endpoint, as the worker sees it: how its
//! attempts went (consecutive failures, failing since, last success), its
//! circuit breaker (closed; open until a time; probing with one delivery),
//! a pause a receiver asked for with `Retry-After`, whether it was disabled
//! for failing too long, and the recent claims its rate limit counts. Kept
//! in a table of its own, apart from the subscription, so an attempt never
//! rewrites the subscription; [`Gate`] is what it lets a claim take.

pub mod claims;
pub mod report;

use super::protection::{Protection, Rate};
use crate::core::error::Result;
use serde::Serialize;

/// The first cool-down of a breaker; each trip in a row doubles it.
pub const COOL_DOWN: i64 = 60;
/// The longest cool-down.
pub const MAX_COOL_DOWN: i64 = 3600;
/// How soon a claim looks again at a subscription at its in-flight cap.
const IN_FLIGHT_RECHECK_MS: i64 = 100;
/// The rate window keeps at most this many entries; older ones merge.
const WINDOW_ENTRIES: usize = 128;

/// One subscription's health row. Times are unix seconds, 0 for none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Health {
    pub sub_id: String,
    /// The subscription has a rate or an in-flight cap: every claim reads
    /// this row. Kept in step with its meta by `sub create|update`.
    pub limited: bool,
    /// The failures in a row that open its breaker (0: none), kept in
    /// step with its meta: until a first success, and while it fails, no
    /// more go out at once than would open it.
    pub breaker: i64,
    /// Failed attempts since the last success.
    pub failures: i64,
    pub failing_since: i64,
    pub last_success_at: i64,
    pub last_failure_at: i64,
    pub last_error: String,
    /// Trips in a row without a success: the next cool-down doubles.
    pub trips: i64,
    /// Nonzero: the breaker is open until then, and probing after.
    pub open_until: i64,
    /// The probe out while probing, and when its lease ends.
    pub probe: String,
    pub probe_until: i64,
    /// A receiver's `Retry-After`: nothing is claimed before it.
    pub paused_until: i64,
    pub disabled_at: i64,
    pub disabled_reason: String,
    /// Claims the rate counts, as (unix ms, how many), oldest first.
    pub window: Vec<(i64, i64)>,
}

/// How one attempt the worker recorded went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    Succeeded,
    Failed {
        error: String,
        /// A 429 or 503 said `Retry-After`: the whole subscription waits.
        pause_until: Option<i64>,
        /// The receiver is gone for good (410): disabled at once.
        gone: bool,
    },
}

/// What a claim may take of one subscription's deliveries right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    /// Nothing holds it back.
    Open,
    /// None now; `until` (unix ms) when that may change by itself.
    /// `paced`: held by its rate or in-flight cap, which give room again
    /// soon (a draining worker waits for it); not by its breaker, a pause
    /// or being disabled.
    Shut { until: Option<i64>, paced: bool },
    /// At most `room`; `probe`: the one is the breaker's probe.
    Room { room: i64, probe: bool },
}

/// The breaker as `sub health` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BreakerState {
    Closed,
    Open,
    Probing,
    Off,
}

impl Health {
    pub fn new(sub_id: &str) -> Health {
        Health {
            sub_id: sub_id.to_owned(),
            ..Health::default()
        }
    }

    /// Whether a claim must read this row: it limits, or holds back.
    pub fn guards(&self) -> bool {
        self.limited || self.sets_aside() || self.unproven()
    }

    /// Its breaker is on and the endpoint has not answered yet, or fails.
    fn unproven(&self) -> bool {
        self.breaker > 0 && (self.failures > 0 || self.last_success_at == 0)
    }

    /// In a state whose shut gate sets its deliveries aside (breaker
    /// tripped, a pause, disabled): only such a row has any to queue again.
    pub fn sets_aside(&self) -> bool {
        self.open_until > 0 || self.paused_until > 0 || self.disabled_at > 0
    }

    /// Nothing worth keeping: no row needed.
    pub fn is_blank(&self) -> bool {
        *self == Health::new(&self.sub_id)
    }

    pub fn breaker(&self, protection: &Protection, now: i64) -> BreakerState {
        if protection.breaker.is_none() {
            BreakerState::Off
        } else if self.open_until == 0 {
            BreakerState::Closed
        } else if now < self.open_until {
            BreakerState::Open
        } else {
            BreakerState::Probing
        }
    }

    /// Records one attempt; answers the reason when it disables the
    /// subscription.
    pub fn record(
        &mut self,
        protection: &Protection,
        delivery_id: &str,
        attempt: &Attempt,
        now: i64,
    ) -> Option<String> {
        let (error, pause_until, gone) = match attempt {
            Attempt::Succeeded => {
                // Any success closes the breaker: the endpoint answers.
                *self = Health {
                    sub_id: std::mem::take(&mut self.sub_id),
                    limited: self.limited,
                    breaker: self.breaker,
                    last_success_at: now,
                    window: std::mem::take(&mut self.window),
                    ..Health::default()
                };
                return None;
            }
            Attempt::Failed {
                error,
                pause_until,
                gone,
            } => (error, *pause_until, *gone),
        };
        self.failures += 1;
        if self.failing_since == 0 {
            self.failing_since = now;
        }
        self.last_failure_at = now;
        self.last_error = error.clone();
        if let Some(until) = pause_until {
            self.paused_until = self.paused_until.max(until);
        }
        if let Some(threshold) = protection.breaker {
            let probe_failed = self.open_until > 0 && self.probe == delivery_id;
            if probe_failed || (self.open_until == 0 && self.failures >= i64::from(threshold)) {
                self.trips += 1;
                self.open_until = now + cool_down(self.trips);
                self.probe.clear();
                self.probe_until = 0;
            }
        }
        let reason = if gone {
            Some(format!("the receiver answered 410 Gone: {error}"))
        } else if self.disabled_at > 0 {
            None
        } else {
            protection
                .disable_after
                .filter(|after| now - self.failing_since >= *after)
                .map(|after| {
                    format!(
                        "every attempt failed for {} (since {}), the last: {error}",
                        span(after),
                        self.failing_since
                    )
                })
        };
        if let Some(reason) = &reason {
            self.disabled_at = now;
            self.disabled_reason = reason.clone();
        }
        reason
    }

    /// What a claim at `now` (seconds; `now_ms` for the rate) may take.
    /// `in_flight` counts the subscription's live claims, asked only when
    /// it has a cap.
    pub fn gate(
        &self,
        protection: &Protection,
        disabled: bool,
        now: i64,
        now_ms: i64,
        in_flight: &mut dyn FnMut() -> Result<i64>,
    ) -> Result<Gate> {
        let held = |until: i64| Gate::Shut {
            until: Some(until * 1000),
            paced: false,
        };
        if disabled && self.disabled_at > 0 {
            return Ok(Gate::Shut {
                until: None,
                paced: false,
            });
        }
        if self.paused_until > now {
            return Ok(held(self.paused_until));
        }
        let mut room: Option<i64> = None;
        let mut probe = false;
        if protection.breaker.is_some() && self.open_until > 0 {
            if now < self.open_until {
                return Ok(held(self.open_until));
            }
            if !self.probe.is_empty() && self.probe_until > now {
                return Ok(held(self.probe_until));
            }
            room = Some(1);
            probe = true;
        }
        if let Some(rate) = protection.rate {
            let used = self.used(rate, now_ms);
            let left = i64::from(rate.limit) - used;
            if left <= 0 {
                return Ok(Gate::Shut {
                    until: self.frees_at(rate, now_ms),
                    paced: true,
                });
            }
            room = Some(room.map_or(left, |r| r.min(left)));
        }
        // A slow start, and a slowing down: until the endpoint first
        // answers, and while it fails, at most what would open the breaker
        // is out at once, so a receiver that is down gets that many, not
        // every worker's whole concurrency.
        let starting = match protection.breaker {
            Some(threshold)
                if self.open_until == 0 && (self.failures > 0 || self.last_success_at == 0) =>
            {
                Some(i64::from(threshold) - self.failures)
            }
            _ => None,
        };
        let cap = match (protection.max_in_flight.map(i64::from), starting) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if let Some(cap) = cap {
            let left = cap - in_flight()?;
            if left <= 0 {
                // Room comes back as claims end, here or on another host.
                return Ok(Gate::Shut {
                    until: Some(now_ms + IN_FLIGHT_RECHECK_MS),
                    paced: true,
                });
            }
            room = Some(room.map_or(left, |r| r.min(left)));
        }
        Ok(match room {
            Some(room) => Gate::Room { room, probe },
            None => Gate::Open,
        })
    }

    /// Records `count` claims made at `now_ms`; `probe` (with the end of
    /// its lease) when one is the breaker's probe.
    pub fn claimed(
        &mut self,
        protection: &Protection,
        count: i64,
        now_ms: i64,
        probe: Option<(&str, i64)>,
    ) {
        if let Some((id, until)) = probe {
            self.probe = id.to_owned();
            self.probe_until = until;
        }
        let Some(rate) = protection.rate else {
            return;
        };
        if count == 0 {
            return;
        }
        self.window
            .retain(|(at, _)| *at > now_ms - rate.window_ms());
        match self.window.last_mut() {
            Some((at, n)) if *at == now_ms => *n += count,
            _ => self.window.push((now_ms, count)),
        }
        while self.window.len() > WINDOW_ENTRIES {
            // Merging the two closest entries into the later keeps both
            // counted for longer, never shorter: the limit still holds.
            let closest = (1..self.window.len())
                .min_by_key(|&i| self.window[i].0 - self.window[i - 1].0)
                .expect("more than one entry");
            let (_, n) = self.window.remove(closest - 1);
            self.window[closest - 1].1 += n;
        }
    }

    /// Claims the rate counts at `now_ms`: those of its last window.
    pub fn used(&self, rate: Rate, now_ms: i64) -> i64 {
        let since = now_ms - rate.window_ms();
        self.window
            .iter()
            .filter(|(at, _)| *at > since)
            .map(|(_, n)| n)
            .sum()
    }

    /// When the oldest claim in the window leaves it.
    fn frees_at(&self, rate: Rate, now_ms: i64) -> Option<i64> {
        let since = now_ms - rate.window_ms();
        self.window
            .iter()
            .find(|(at, _)| *at > since)
            .map(|(at, _)| at + rate.window_ms())
    }

    /// `sub resume`: healthy again, its limits kept.
    pub fn reset(&mut self) {
        *self = Health {
            sub_id: std::mem::take(&mut self.sub_id),
            limited: self.limited,
            breaker: self.breaker,
            window: std::mem::take(&mut self.window),
            ..Health::default()
        };
    }
}

/// The cool-down after the `trips`-th trip in a row: 1 minute, doubling,
/// at most an hour.
pub fn cool_down(trips: i64) -> i64 {
    let doublings = u32::try_from(trips.saturating_sub(1))
        .unwrap_or(u32::MAX)
        .min(6);
    (COOL_DOWN << doublings).min(MAX_COOL_DOWN)
}

/// `5d`, `2h30m`, `90s`.
pub fn span(seconds: i64) -> String {
    let mut text = String::new();
    let mut rest = seconds.max(0);
    for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] {
        if rest >= size {
            text.push_str(&format!("{}{unit}", rest / size));
            rest %= size;
        }
    }
    if text.is_empty() {
        "0s".to_owned()
    } else {
        text
    }
}

/// What the core asks of a backend for health rows.
pub trait Healths {
    fn health(&mut self, sub_id: &str) -> Result<Option<Health>>;
    /// Every row, by subscription id (`sub health`).
    fn healths(&mut self) -> Result<Vec<Health>>;
    /// The rows that [`Health::guards`]: read by every worker's claim.
    fn guarding_healths(&mut self) -> Result<Vec<Health>>;
    /// The row, held by this transaction until it ends; `None` when there
    /// is none, or (`wait` false) when another transaction holds it
    /// (PostgreSQL: that claimer is taking this subscription's room now).
    fn lock_health(&mut self, sub_id: &str, wait: bool) -> Result<Option<Health>>;
    /// Stores the row, or removes it when it is blank.
    fn put_health(&mut self, health: &Health) -> Result<()>;
    /// Live claims of the subscription: claimed, the lease not run out.
    fn in_flight(&mut self, sub_id: &str, now: i64) -> Result<i64>;
    /// Sets the subscription's queued deliveries aside (stored `held`,
    /// shown queued, out of every claim's range) while its breaker is
    /// open, a receiver's pause runs or it is disabled, so claims of other
    /// subscriptions never step over them; how many. Deliveries in the
    /// lanes of an ordered subscription stay where their lanes keep them.
    fn park(&mut self, sub_id: &str) -> Result<usize>;
    /// Queues again what [`Healths::park`] set aside; how many.
    fn unpark(&mut self, sub_id: &str) -> Result<usize>;
}

#[cfg(test)]
mod tests;
