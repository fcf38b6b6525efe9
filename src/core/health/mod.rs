//! The health of a subscription's endpoint, as the worker sees it: how its
//! attempts went (consecutive failures, failing since, last success), its
//! circuit breaker (closed; open until a time; probing with one delivery),
//! a pause a receiver asked for with `Retry-After`, whether it was disabled
//! for failing too long, and the sends its rate limit counts. Kept in a
//! table of its own, apart from the subscription, so an attempt never
//! rewrites the subscription; [`Gate`] is what it lets a claim take.

pub mod announce;
pub mod claims;
pub mod report;

pub use crate::core::records::health::Health;

use crate::core::records::error::Result;
use crate::core::settings::protection::{Protection, Rate};
use serde::Serialize;

/// How soon a claim looks again at a subscription at its in-flight cap.
const IN_FLIGHT_RECHECK_MS: i64 = 100;
/// The rate window keeps at most this many entries; older ones merge.
const WINDOW_ENTRIES: usize = 128;
/// A claim takes the sends whose slots come within this long of the
/// soonest they could go (ms): a few at a time at high rates, one at low
/// ones, none held for long while it waits.
const SLOTS_AHEAD_MS: i64 = 100;
/// The most one claim takes (see [`crate::core::reference::limit`]).
const MOST_A_CLAIM: i64 = 500;

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

/// When a claim is made, and how long its worker takes from then until a
/// send can start (its commit, handing the delivery over).
///
/// A rate limit is kept at the receiver, not at the claim. Each send gets
/// a time of its own to go out (a slot), evenly spaced from the one before,
/// and the worker holds it until then; at the subscription's pace a claim
/// takes the slots that come within `lead_ms` and 100 ms of it, so the
/// claim is made well before its sends, and the first sends after a quiet
/// window go out `lead_ms` after their claim. Counted at the claim and
/// sent as soon as it commits, a send whose commit was slow reached the
/// receiver among sends claimed a second after it (56 requests within one
/// second at `--rate 50/s`, on a busy machine); evenly spaced slots leave
/// each send room for tens of milliseconds of delay on its way without two
/// seconds' worth meeting in one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClaimTime {
    /// Unix seconds, as every write reads them.
    pub now: i64,
    /// Unix ms, for what counts within a second.
    pub now_ms: i64,
    pub lead_ms: i64,
}

impl ClaimTime {
    /// A claim at `now` whose sends may go out at once (a fixed clock).
    pub fn at(now: i64) -> ClaimTime {
        ClaimTime {
            now,
            now_ms: now.saturating_mul(1000),
            lead_ms: 0,
        }
    }

    /// The latest a send claimed now waits for its slot.
    fn horizon(self) -> i64 {
        self.now_ms + self.lead_ms + SLOTS_AHEAD_MS
    }
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
            Attempt::Succeeded if self.open_until > 0 && self.probe != delivery_id => {
                // A request sent before the breaker opened (while it is
                // open only its probe goes): it closes nothing.
                self.last_success_at = now;
                return None;
            }
            Attempt::Succeeded => {
                // A success closes the breaker: the endpoint answers. A
                // pause the receiver asked for holds until its time,
                // whatever finishes meanwhile (a request already in flight).
                let paused_until = if self.paused_until > now {
                    self.paused_until
                } else {
                    0
                };
                *self = Health {
                    sub_id: std::mem::take(&mut self.sub_id),
                    limited: self.limited,
                    breaker: self.breaker,
                    last_success_at: now,
                    paused_until,
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
                self.open_until = now.saturating_add(protection.cool_down_after(self.trips));
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
                        crate::core::reference::calendar::rfc3339(self.failing_since)
                    )
                })
        };
        if let Some(reason) = &reason {
            self.disabled_at = now;
            self.disabled_reason = reason.clone();
        }
        reason
    }

    /// What a claim at `at` may take. `in_flight` counts the
    /// subscription's live claims, asked only when it has a cap.
    pub fn gate(
        &self,
        protection: &Protection,
        disabled: bool,
        at: ClaimTime,
        in_flight: &mut dyn FnMut() -> Result<i64>,
    ) -> Result<Gate> {
        let ClaimTime {
            now,
            now_ms,
            lead_ms,
        } = at;
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
            let (fit, next) = self.slots(rate, at, MOST_A_CLAIM);
            if fit == 0 {
                // The claim that gives the next slot its lead.
                return Ok(Gate::Shut {
                    until: Some((next - lead_ms - SLOTS_AHEAD_MS).max(now_ms)),
                    paced: true,
                });
            }
            room = Some(room.map_or(fit, |r| r.min(fit)));
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

    /// Records `count` claims made at `at`, answering the slot of each
    /// (unix ms, none without a rate); `probe` (with the end of its lease)
    /// when one is the breaker's probe.
    pub fn claimed(
        &mut self,
        protection: &Protection,
        count: i64,
        at: ClaimTime,
        probe: Option<(&str, i64)>,
    ) -> Vec<i64> {
        if let Some((id, until)) = probe {
            self.probe = id.to_owned();
            self.probe_until = until;
        }
        let Some(rate) = protection.rate else {
            return Vec::new();
        };
        let slots = (0..count)
            .map(|_| count_send(&mut self.window, rate, at))
            .collect();
        while self.window.len() > WINDOW_ENTRIES {
            // Older runs only tell how much of the window is used: the
            // oldest folds into the next, counted there for longer.
            let (_, sent) = self.window.remove(0);
            self.window[0].1 += sent;
        }
        slots
    }

    /// How many sends claimed at `at`, at most `most`, have a slot within
    /// its horizon, and the first slot.
    fn slots(&self, rate: Rate, at: ClaimTime, most: i64) -> (i64, i64) {
        let mut run: Vec<(i64, i64)> = self.window.last().copied().into_iter().collect();
        let first = next_slot(&run, rate, at);
        let mut fit = 0;
        while fit < most && next_slot(&run, rate, at) <= at.horizon() {
            count_send(&mut run, rate, at);
            fit += 1;
        }
        (fit, first)
    }

    /// Sends the rate counts at `at_ms`: those of its last window, and any
    /// claimed to go out later.
    pub fn used(&self, rate: Rate, at_ms: i64) -> i64 {
        let since = at_ms - rate.window_ms();
        let limit = rate.sends();
        self.window
            .iter()
            .map(|&(first, sent)| {
                // Sends n with first + ceil(n * window / limit) <= since
                // have left the window.
                let gone = match since - first {
                    passed if passed < 0 => 0,
                    passed => (passed * limit / rate.window_ms() + 1).min(sent),
                };
                sent - gone
            })
            .sum()
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

/// The slot of a send claimed at `at`: next in the last run, or, when
/// that has passed (the subscription sends below its pace), a new run from
/// now. A new run starts later than the last would have gone on, so across
/// runs as within one no window holds more than the limit. At the pace the
/// claim's lead moves the claim, not the slot (see [`Health::gate`]): each
/// send is claimed its lead and more before its slot, and waits for it.
/// After a window with no send, the first ones wait out the lead too, so a
/// slow first commit cannot bunch them with those claimed after; below the
/// pace otherwise nothing waits.
fn next_slot(window: &[(i64, i64)], rate: Rate, at: ClaimTime) -> i64 {
    let Some(&(first, sent)) = window.last() else {
        return at.now_ms + at.lead_ms;
    };
    let planned = rate.nth_send(first, sent);
    if planned >= at.now_ms {
        planned
    } else if rate.nth_send(first, sent - 1) <= at.now_ms - rate.window_ms() {
        at.now_ms + at.lead_ms
    } else {
        at.now_ms
    }
}

/// Counts one send at its slot and answers the slot, forgetting the runs
/// whose sends all left the window.
fn count_send(window: &mut Vec<(i64, i64)>, rate: Rate, at: ClaimTime) -> i64 {
    let slot = next_slot(window, rate, at);
    match window.last_mut() {
        Some((first, sent)) if rate.nth_send(*first, *sent) == slot => {
            *sent += 1;
            if *sent > 2 * rate.sends() {
                // The same run a window on: its numbers stay small.
                *first += rate.window_ms();
                *sent -= rate.sends();
            }
        }
        _ => window.push((slot, 1)),
    }
    window.retain(|&(first, sent)| rate.nth_send(first, sent - 1) > slot - rate.window_ms());
    slot
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

#[cfg(test)]
mod tests;
