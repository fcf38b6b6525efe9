//! Sends a rate limit counts go out at the time the claim set for them
//! (their slot), not as soon as the claim commits. At the subscription's
//! pace a worker claims a send its lead (how long its claims take to
//! become sends, learnt from its own recent claims) and up to 100 ms before
//! the slot, and the send waits for it: a slow commit delays no request
//! past its slot, and the receiver sees the pace the slots keep.

use crate::core::Clock;
use std::collections::VecDeque;
use std::time::Duration;

/// The lead before this worker has measured two claims.
const FIRST_LEAD_MS: i64 = 100;
/// How many recent claims the lead is learnt from.
const SAMPLES: usize = 32;
/// Bounds of the lead. Slots never go back, so one worker's lead delays
/// every worker's next sends of the subscription: a lead is never long.
const MIN_LEAD_MS: i64 = 2;
const MAX_LEAD_MS: i64 = 250;

/// How long this worker's claims take to become sends, lately.
#[derive(Debug)]
pub struct Lead {
    clock: Clock,
    recent: VecDeque<i64>,
}

impl Lead {
    pub fn new(clock: Clock) -> Lead {
        Lead {
            clock,
            recent: VecDeque::with_capacity(SAMPLES),
        }
    }

    /// How long this worker's claims take to become sends (ms): the slowest
    /// of the recent claims but one (a lone stall, such as a first commit
    /// on a cold disk, is not worth holding every send for), and a quarter
    /// more; none on a fixed clock, where nothing waits.
    pub fn ms(&self) -> i64 {
        if self.clock != Clock::System {
            return 0;
        }
        let mut recent: Vec<i64> = self.recent.iter().copied().collect();
        recent.sort_unstable();
        match recent.len() {
            0 | 1 => FIRST_LEAD_MS,
            n => {
                let slow = recent[n - 2];
                (slow + slow / 4).clamp(MIN_LEAD_MS, MAX_LEAD_MS)
            }
        }
    }

    /// A claim made at `claimed_at_ms` has been handed over now.
    pub fn handed_over(&mut self, claimed_at_ms: i64) {
        if self.clock != Clock::System {
            return;
        }
        if self.recent.len() == SAMPLES {
            self.recent.pop_front();
        }
        self.recent
            .push_back((self.clock.now_ms() - claimed_at_ms).max(0));
    }
}

/// Waits until `send_at` (unix ms on the system clock), when the rate
/// counted the send; at once on a fixed clock or without one.
pub fn hold_until(send_at: Option<i64>, clock: Clock) {
    if let Some(wait) = wait_for(send_at, clock) {
        std::thread::sleep(wait);
    }
}

/// How long a send must wait for `send_at`; `None` for not at all.
pub fn wait_for(send_at: Option<i64>, clock: Clock) -> Option<Duration> {
    let at = send_at.filter(|_| clock == Clock::System)?;
    let wait = at - clock.now_ms();
    (wait > 0).then(|| Duration::from_millis(wait.unsigned_abs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lead_follows_the_slow_recent_claims_but_not_a_lone_stall() {
        let mut lead = Lead::new(Clock::System);
        assert_eq!(lead.ms(), FIRST_LEAD_MS);
        let now = Clock::System.now_ms();
        lead.handed_over(now - 900);
        assert_eq!(lead.ms(), FIRST_LEAD_MS, "one stall leads nothing");
        lead.handed_over(now - 40);
        assert!((50..60).contains(&lead.ms()), "{}", lead.ms());
        lead.handed_over(now - 600);
        assert_eq!(lead.ms(), MAX_LEAD_MS, "two slow ones lead, at most so far");
        // Slow ones lead until enough quicker ones have come after them.
        for _ in 0..SAMPLES - 2 {
            lead.handed_over(Clock::System.now_ms());
        }
        assert!(lead.ms() >= 50, "{}", lead.ms());
        lead.handed_over(Clock::System.now_ms());
        assert!(lead.ms() < 20, "{}", lead.ms());
    }

    #[test]
    fn a_fixed_clock_neither_leads_nor_waits() {
        let mut lead = Lead::new(Clock::Fixed(1_000));
        lead.handed_over(0);
        assert_eq!(lead.ms(), 0);
        let start = std::time::Instant::now();
        hold_until(Some(i64::MAX), Clock::Fixed(1_000));
        assert!(start.elapsed() < Duration::from_secs(1));
    }
}
