//! Deliveries a sender claimed one window ahead: held under lease, waiting
//! for a place among the running ones. A sender that holds only what it
//! runs leaves each freed place idle for a whole turn (the commit, the
//! claims' writes); with the next deliveries already claimed, a place is
//! filled the moment it frees and the turn's cost overlaps the sends.

use super::dispatch::Dispatch;
use super::settle::Claimed;
use super::{Running, Work, traced};
use crate::core::health::claims::Change;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[derive(Default)]
pub(super) struct Ahead {
    /// In claim order.
    waiting: VecDeque<Claimed>,
    /// Subscriptions with a failure the next turn records: their waiting
    /// deliveries stay until that turn says whether the subscription
    /// rests (its breaker opened, a pause, disabled).
    held_back: HashSet<String>,
}

impl Ahead {
    pub(super) fn len(&self) -> usize {
        self.waiting.len()
    }

    pub(super) fn push(&mut self, claimed: Claimed) {
        self.waiting.push_back(claimed);
    }

    /// The first waiting delivery whose subscription is not held back.
    pub(super) fn next(&mut self) -> Option<Claimed> {
        let at = self
            .waiting
            .iter()
            .position(|claimed| !self.held_back.contains(&claimed.delivery.sub_id))?;
        self.waiting.remove(at)
    }

    /// A delivery of `sub_id` failed: send no more of it until recorded.
    pub(super) fn hold_back(&mut self, sub_id: &str) {
        if !self.held_back.contains(sub_id) {
            self.held_back.insert(sub_id.to_owned());
        }
    }

    /// A turn recorded every failure held back, with these `changes`: the
    /// subscriptions that rest now have their waiting deliveries taken out
    /// (their ids returned, to be given back unsent); the others go on.
    pub(super) fn recorded(&mut self, changes: &[(String, Change)]) -> Vec<String> {
        self.held_back.clear();
        let resting: HashSet<&str> = changes
            .iter()
            .filter(|(_, change)| change.rests())
            .map(|(sub_id, _)| sub_id.as_str())
            .collect();
        self.take_where(|claimed| resting.contains(claimed.delivery.sub_id.as_str()))
    }

    /// Takes out every waiting delivery `which` names; returns their ids.
    pub(super) fn take_where(&mut self, mut which: impl FnMut(&Claimed) -> bool) -> Vec<String> {
        let mut taken = Vec::new();
        self.waiting.retain(|claimed| {
            let take = which(claimed);
            if take {
                taken.push(claimed.delivery.delivery_id.clone());
            }
            !take
        });
        taken
    }
}

/// Takes a claimed delivery's lease on, to wait for a place. One already
/// held had its lease run out under this worker (a turn stalled past it)
/// and was claimed again by it: ours once more, already sending or
/// waiting, its outcome recorded when it ends; never a second copy.
pub(super) fn hold(
    running: &mut HashMap<String, Running>,
    ahead: &mut Ahead,
    claimed: Claimed,
    renew_at: Instant,
) {
    if let Some(run) = running.get_mut(&claimed.delivery.delivery_id) {
        run.lost = false;
        run.renew_at = renew_at;
        return;
    }
    running.insert(
        claimed.delivery.delivery_id.clone(),
        Running {
            cancel: Arc::new(AtomicBool::new(false)),
            renew_at,
            lost: false,
            sub_id: claimed.delivery.sub_id.clone(),
        },
    );
    ahead.push(claimed);
}

/// Starts waiting deliveries, in claim order, while fewer than
/// `--concurrency` run.
pub(super) fn start_waiting(
    work: &Work,
    ahead: &mut Ahead,
    running: &HashMap<String, Running>,
    mut traced: Option<&mut traced::Traced>,
    dispatch: &mut Dispatch,
) {
    // Every waiting delivery holds an entry in `running`: the rest run.
    let mut started = running.len().saturating_sub(ahead.len());
    while started < work.concurrency {
        let Some(claimed) = ahead.next() else {
            break;
        };
        let Some(run) = running.get(&claimed.delivery.delivery_id) else {
            continue;
        };
        if let Some(traced) = traced.as_deref_mut() {
            traced.begin(&claimed);
        }
        dispatch.start(claimed, run.cancel.clone());
        started += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::records::model::Delivery;

    fn claimed(id: &str, sub_id: &str) -> Claimed {
        Claimed {
            delivery: Delivery::claimed_for_test(id, sub_id),
            event: None,
            subscription: None,
            secrets: Vec::new(),
            send_at: None,
        }
    }

    fn ids(ahead: &mut Ahead) -> Vec<String> {
        std::iter::from_fn(|| ahead.next())
            .map(|claimed| claimed.delivery.delivery_id)
            .collect()
    }

    #[test]
    fn waiting_deliveries_start_in_claim_order_past_those_held_back() {
        let mut ahead = Ahead::default();
        for (id, sub) in [("d1", "a"), ("d2", "b"), ("d3", "a"), ("d4", "b")] {
            ahead.push(claimed(id, sub));
        }
        ahead.hold_back("a");
        assert_eq!(ids(&mut ahead), ["d2", "d4"]);
        assert_eq!(ahead.len(), 2);
        // Recorded without the subscription resting: it goes on.
        assert!(
            ahead
                .recorded(&[("a".into(), Change::BreakerClosed)])
                .is_empty()
        );
        assert_eq!(ids(&mut ahead), ["d1", "d3"]);
    }

    #[test]
    fn a_subscription_that_rests_has_its_waiting_deliveries_taken_out() {
        for change in [
            Change::BreakerOpened {
                failures: 5,
                until: 10,
            },
            Change::Paused { until: 10 },
            Change::Disabled {
                reason: "gone".into(),
            },
        ] {
            let mut ahead = Ahead::default();
            for (id, sub) in [("d1", "a"), ("d2", "b"), ("d3", "a")] {
                ahead.push(claimed(id, sub));
            }
            ahead.hold_back("a");
            assert_eq!(ahead.recorded(&[("a".into(), change)]), ["d1", "d3"]);
            assert_eq!(ids(&mut ahead), ["d2"]);
        }
    }

    #[test]
    fn a_delivery_claimed_again_by_its_own_worker_is_held_once() {
        let (mut running, mut ahead) = (HashMap::new(), Ahead::default());
        let at = Instant::now();
        hold(&mut running, &mut ahead, claimed("d1", "s"), at);
        hold(&mut running, &mut ahead, claimed("d2", "s"), at);
        // d1 starts; its lease runs out and is refused renewal...
        assert_eq!(ahead.next().unwrap().delivery.delivery_id, "d1");
        running.get_mut("d1").unwrap().lost = true;
        // ...and a later turn claims it again, as d2 is claimed again
        // while it waits.
        hold(&mut running, &mut ahead, claimed("d1", "s"), at);
        hold(&mut running, &mut ahead, claimed("d2", "s"), at);
        assert_eq!(running.len(), 2);
        assert!(!running["d1"].lost, "ours again: its outcome counts");
        assert_eq!(ahead.len(), 1, "no second copy waits");
        assert_eq!(ahead.next().unwrap().delivery.delivery_id, "d2");
        assert!(ahead.next().is_none());
    }
}
