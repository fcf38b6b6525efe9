//! The claims a worker tries each turn: a sender has one per transport,
//! each turn starting one further so no transport waits behind another.
//! A claim that found nothing ready is left out of the turns that follow
//! until the next poll, or until new deliveries are announced: a worker
//! busy with one transport would otherwise ask again for every other on
//! every turn (on PostgreSQL, round trips that took more time than the
//! deliveries it sent).

use crate::core::ledger::leases::Claim;
use std::time::{Duration, Instant};

pub(super) struct Rotation {
    claims: Vec<Claim>,
    /// Per claim: left out of turns until then (it found nothing).
    dry_until: Vec<Option<Instant>>,
    /// How long a claim that found nothing is left out.
    rest: Duration,
}

/// The claims of one turn.
pub(super) struct Trying {
    pub claims: Vec<Claim>,
    /// Where each of `claims` sits in the rotation.
    at: Vec<usize>,
    /// Some claim was left out: finding nothing does not mean nothing is
    /// ready.
    pub left_out: bool,
}

impl Rotation {
    pub(super) fn new(claims: Vec<Claim>, rest: Duration) -> Self {
        let dry_until = vec![None; claims.len()];
        Rotation {
            claims,
            dry_until,
            rest,
        }
    }

    /// The claims to try at `now`, in turn.
    pub(super) fn trying(&self, now: Instant) -> Trying {
        let at: Vec<usize> = (0..self.claims.len())
            .filter(|&n| self.dry_until[n].is_none_or(|until| until <= now))
            .collect();
        Trying {
            claims: at.iter().map(|&n| self.claims[n].clone()).collect(),
            left_out: at.len() < self.claims.len(),
            at,
        }
    }

    /// After a turn that tried `trying`: the claims in `dry` (positions in
    /// `trying.claims`) found nothing and rest; the next turn starts one
    /// further.
    pub(super) fn turned(&mut self, trying: &Trying, dry: &[usize], now: Instant) {
        for &n in dry {
            if let Some(&at) = trying.at.get(n) {
                self.dry_until[at] = Some(now + self.rest);
            }
        }
        if !self.claims.is_empty() {
            self.claims.rotate_left(1);
            self.dry_until.rotate_left(1);
        }
    }

    /// Deliveries may be ready for any claim again.
    pub(super) fn wake(&mut self) {
        self.dry_until.fill(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::records::model::Transport;

    fn claim(transport: Transport) -> Claim {
        let mut claim = Claim::default();
        claim.filter.transport = Some(transport);
        claim
    }

    fn transports(trying: &Trying) -> Vec<Transport> {
        trying
            .claims
            .iter()
            .map(|c| c.filter.transport.unwrap())
            .collect()
    }

    #[test]
    fn a_claim_that_found_nothing_rests_until_woken_or_its_rest_is_over() {
        use Transport::{A2a, Redis, Webhook};
        let rest = Duration::from_millis(100);
        let mut rotation = Rotation::new(vec![claim(Webhook), claim(A2a), claim(Redis)], rest);
        let start = Instant::now();
        let first = rotation.trying(start);
        assert_eq!(transports(&first), [Webhook, A2a, Redis]);
        assert!(!first.left_out);
        // Webhooks and A2A found nothing, Redis filled the turn.
        rotation.turned(&first, &[0, 1], start);
        let second = rotation.trying(start);
        assert_eq!(transports(&second), [Redis]);
        assert!(second.left_out);
        // Redis found nothing either.
        rotation.turned(&second, &[0], start);
        assert!(rotation.trying(start).claims.is_empty());
        // Each rests until its own rest is over.
        let later = start + rest;
        assert_eq!(transports(&rotation.trying(later)).len(), 3);
        rotation.wake();
        let woken = rotation.trying(start);
        assert!(!woken.left_out);
        // Two turns went by: the third starts two further.
        assert_eq!(transports(&woken), [Redis, Webhook, A2a]);
    }
}
