//! The lanes of ordered subscriptions as both backends keep them (see
//! [`crate::core::ordering`]): the places a transaction gives out, and what
//! its commit does to the lanes it touched. Each backend supplies the
//! statements ([`LaneRows`]); the order of the work is here, once.

use super::counts::{CountChanges, KeptCounts};
use crate::core::records::error::Result;
use crate::core::records::model::{DeliveryStatus, Stage, Transport};
use crate::core::storage::DeliveryFilter;
use crate::core::storage::lanes::{LaneHead, Lanes, Waiting};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Places are `block << BLOCK_SHIFT | index`: a transaction's block of a
/// lane, then its own order within the block.
const BLOCK_SHIFT: u32 = 32;

/// A transaction's place `index` in its `block`.
pub(crate) fn in_block(block: i64, index: i64) -> i64 {
    (block << BLOCK_SHIFT) | index
}

/// A transaction's block of the recording order and the next index it
/// gives without one (see `Tx::recording_seq`).
#[derive(Default)]
pub(crate) struct Recording(Option<(i64, i64)>);

impl Recording {
    /// The seq of `index` (`None`: after every one given before), the
    /// block taken by `take` the first time.
    pub(crate) fn seq(
        &mut self,
        index: Option<i64>,
        take: impl FnOnce() -> Result<i64>,
    ) -> Result<i64> {
        let (block, next) = match &mut self.0 {
            Some(taken) => taken,
            None => self.0.insert((take()?, 0)),
        };
        let index = index.unwrap_or(*next);
        *next = (*next).max(index + 1);
        Ok(in_block(*block, index))
    }
}

/// What a transaction has done to lanes so far, applied at its commit.
#[derive(Default)]
pub(crate) struct LaneChanges {
    /// Lanes joined: by (subscription, subject), the lane's id, this
    /// transaction's block and the next index to give without one.
    joined: HashMap<(String, String), (i64, i64, i64)>,
    /// Heads done, by lane: the lane moves on if its head is still this.
    left: BTreeMap<i64, i64>,
    /// Heads marked dead (or no longer), by lane.
    dead: BTreeMap<i64, (i64, bool)>,
}

/// The statements behind lanes, one backend's.
pub(crate) trait LaneRows {
    /// Takes the next block of the lane of (sub, subject), made if new,
    /// holding the lane's lock to the end of the transaction: its id and
    /// the block.
    fn take_block(&mut self, sub_id: &str, subject: &str) -> Result<(i64, i64)>;
    /// Head and dead flag of a lane.
    fn head(&mut self, lane: i64) -> Result<Option<(i64, bool)>>;
    fn set_dead(&mut self, lane: i64, seq: i64, dead: bool) -> Result<()>;
    /// Moves lanes on: each lane of `left` (lane, seq; in lane order)
    /// whose head is still `seq`, and each of `joined` (locked by this
    /// transaction) that has no head, gets the lowest place of its held
    /// deliveries queued and made its head (none left: no head). Answers
    /// the (transport, client) of each delivery queued.
    fn move_on(&mut self, left: &[(i64, i64)], joined: &[i64]) -> Result<Vec<(Transport, String)>>;
}

/// A backend's transaction, which keeps its lane and count changes and
/// answers the few questions whose statements are its own; [`Lanes`] is
/// then the same for every backend (below).
pub(crate) trait LaneHolder: LaneRows + KeptCounts + Sized {
    fn lane_changes(&mut self) -> &mut LaneChanges;
    fn count_changes(&mut self) -> &mut CountChanges;
    fn recording(&mut self) -> &mut Recording;
    /// The next block of the recording order, once per recording
    /// transaction.
    fn take_recording_block(&mut self) -> Result<i64>;
    /// Queues every held delivery of the subscription and deletes its
    /// lanes: the (transport, client) of each delivery queued.
    fn release_lanes(&mut self, sub_id: &str) -> Result<Vec<(Transport, String)>>;
    /// The latest attempt at the lane's head, if it has one.
    fn head_delivery(&mut self, lane: i64) -> Result<Option<String>>;
    /// Lanes with held deliveries, lanes held by a dead head, and held
    /// deliveries in no lane (set aside while their subscription is held).
    fn lanes_waiting(&mut self) -> Result<(i64, i64, i64)>;
    /// [`Lanes::set_aside_by_sub`].
    fn set_aside_by_sub(&mut self) -> Result<Vec<(String, i64)>>;
    /// Lanes moving on queued deliveries in this transaction (PostgreSQL
    /// tells waiting workers at the commit).
    fn queued_some(&mut self) {}
}

impl<T: LaneHolder> Lanes for T {
    fn join_lane(&mut self, sub_id: &str, subject: &str, index: Option<i64>) -> Result<(i64, i64)> {
        let mut lanes = std::mem::take(self.lane_changes());
        let joined = lanes.join(self, sub_id, subject, index);
        *self.lane_changes() = lanes;
        joined
    }

    fn recording_seq(&mut self, index: Option<i64>) -> Result<i64> {
        let mut recording = std::mem::take(self.recording());
        let seq = recording.seq(index, || self.take_recording_block());
        *self.recording() = recording;
        seq
    }

    fn settle_lanes(&mut self) -> Result<()> {
        let mut lanes = std::mem::take(self.lane_changes());
        let mut counts = std::mem::take(self.count_changes());
        let settled = lanes.settle(self, &mut counts);
        *self.count_changes() = counts;
        if settled? {
            self.queued_some();
        }
        Ok(())
    }

    fn lane_head(&mut self, lane: i64) -> Result<Option<LaneHead>> {
        Ok(self.head(lane)?.map(|(seq, dead)| LaneHead { seq, dead }))
    }

    fn leave_head(&mut self, lane: i64, seq: i64) -> Result<()> {
        self.lane_changes().leave(lane, seq);
        Ok(())
    }

    fn mark_dead(&mut self, lane: i64, seq: i64, dead: bool) -> Result<()> {
        self.lane_changes().mark_dead(lane, seq, dead);
        Ok(())
    }

    fn drop_lanes(&mut self, sub_id: &str) -> Result<()> {
        let queued = self.release_lanes(sub_id)?;
        released(self.count_changes(), &queued);
        if !queued.is_empty() {
            self.queued_some();
        }
        Ok(())
    }

    fn waits_for(&mut self, lane: i64) -> Result<Option<String>> {
        self.head_delivery(lane)
    }

    fn set_aside_by_sub(&mut self) -> Result<Vec<(String, i64)>> {
        LaneHolder::set_aside_by_sub(self)
    }

    fn waiting(&mut self) -> Result<Waiting> {
        let held: i64 = self
            .kept(&DeliveryFilter::default().held())?
            .iter()
            .map(|(_, _, _, n)| n)
            .sum();
        let (subjects, held_by_dead, set_aside) = self.lanes_waiting()?;
        Ok(Waiting {
            deliveries: held - set_aside,
            subjects,
            held_by_dead,
            set_aside,
        })
    }
}

/// Counts the deliveries of `released` (transport, client) as queued, no
/// longer held.
pub(crate) fn released(counts: &mut CountChanges, released: &[(Transport, String)]) {
    for (transport, client) in released {
        counts.add(Stage::Held, *transport, client, -1);
        counts.add(Stage::Is(DeliveryStatus::Queued), *transport, client, 1);
    }
}

impl LaneChanges {
    /// A place in the lane of (sub, subject); see `Tx::join_lane`.
    pub(crate) fn join(
        &mut self,
        rows: &mut dyn LaneRows,
        sub_id: &str,
        subject: &str,
        index: Option<i64>,
    ) -> Result<(i64, i64)> {
        let key = (sub_id.to_owned(), subject.to_owned());
        let (lane, block, next) = match self.joined.get_mut(&key) {
            Some(joined) => joined,
            None => {
                let (lane, block) = rows.take_block(sub_id, subject)?;
                self.joined.entry(key).or_insert((lane, block, 0))
            }
        };
        let index = index.unwrap_or(*next);
        *next = (*next).max(index + 1);
        Ok((*lane, in_block(*block, index)))
    }

    pub(crate) fn leave(&mut self, lane: i64, seq: i64) {
        self.left.insert(lane, seq);
        self.dead.remove(&lane);
    }

    pub(crate) fn mark_dead(&mut self, lane: i64, seq: i64, dead: bool) {
        self.dead.insert(lane, (seq, dead));
    }

    /// Before the commit: heads done are left, dead marks written, and each
    /// lane touched that has no head gets its first held delivery queued.
    /// Lanes are taken in id order, so two commits never wait on each
    /// other's lanes in opposite orders.
    pub(crate) fn settle(
        &mut self,
        rows: &mut dyn LaneRows,
        counts: &mut CountChanges,
    ) -> Result<bool> {
        for (&lane, &(seq, dead)) in &self.dead {
            rows.set_dead(lane, seq, dead)?;
        }
        let left: Vec<(i64, i64)> = self.left.iter().map(|(l, s)| (*l, *s)).collect();
        let joined: BTreeSet<i64> = self
            .joined
            .values()
            .map(|(lane, _, _)| *lane)
            .filter(|lane| !self.left.contains_key(lane))
            .collect();
        let mut queued_any = false;
        if !left.is_empty() || !joined.is_empty() {
            let joined: Vec<i64> = joined.into_iter().collect();
            let queued = rows.move_on(&left, &joined)?;
            released(counts, &queued);
            queued_any = !queued.is_empty();
        }
        *self = LaneChanges::default();
        Ok(queued_any)
    }
}
