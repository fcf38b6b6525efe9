//! What ordering asks of a transaction: its lanes and the recording order.

use crate::core::records::error::Result;

/// What ordering asks of a transaction: its lanes, and the recording
/// order of events. Every [`Tx`](super::Tx) is one; each backend keeps the
/// implementation beside its lanes' statements.
pub trait Lanes {
    /// A place at the end of the lane of (`sub_id`, `subject`), the lane
    /// made if new (see [the module](self)): the lane's id and a
    /// seq after every place of earlier transactions (which take their
    /// block of places under the lane's lock, so in commit order) and,
    /// within this one, after the places given with a lower `index`, or
    /// (`None`) after every place it gave before.
    fn join_lane(&mut self, sub_id: &str, subject: &str, index: Option<i64>) -> Result<(i64, i64)>;
    /// The place in the outbox's recording order of an event this
    /// transaction records: after every event of the transactions that
    /// took theirs before, and within this one after those given a lower
    /// `index` (a batch's request index) or (`None`) after every one given.
    fn recording_seq(&mut self, index: Option<i64>) -> Result<i64>;
    /// Applies what this transaction did to lanes now (the commit does it
    /// otherwise): a claim in the transaction that completed a lane's head
    /// must find the next delivery of that lane queued.
    fn settle_lanes(&mut self) -> Result<()>;
    /// The lane's head as stored; `None` for a lane that is gone.
    fn lane_head(&mut self, lane: i64) -> Result<Option<LaneHead>>;
    /// The head at `seq` is done: when this transaction commits, its lane
    /// moves on to the next held delivery (none if `seq` is not the head).
    fn leave_head(&mut self, lane: i64, seq: i64) -> Result<()>;
    /// Marks the head at `seq` as a dead letter that holds its lane, or no
    /// longer so (a redrive).
    fn mark_dead(&mut self, lane: i64, seq: i64, dead: bool) -> Result<()>;
    /// Lifts a subscription's ordering: every held delivery of it queued,
    /// its lanes gone.
    fn drop_lanes(&mut self, sub_id: &str) -> Result<()>;
    /// The delivery a held one waits for: the latest attempt at its
    /// lane's head, if the lane has one.
    fn waits_for(&mut self, lane: i64) -> Result<Option<String>>;
    /// How many deliveries and subjects wait.
    fn waiting(&mut self) -> Result<Waiting>;
    /// Deliveries set aside while their subscription is held, by
    /// subscription (those with none left out).
    fn set_aside_by_sub(&mut self) -> Result<Vec<(String, i64)>>;
}

/// A lane's head as stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaneHead {
    /// The head's place; 0 while the lane has none.
    pub seq: i64,
    /// The head is a dead letter that holds the lane.
    pub dead: bool,
}

/// How many deliveries and subjects wait, for `stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Waiting {
    /// Deliveries held behind an earlier one of their subject.
    pub deliveries: i64,
    /// Subjects (lanes) with at least one held delivery.
    pub subjects: i64,
    /// Subjects whose head is a dead letter that holds them.
    pub held_by_dead: i64,
    /// Queued deliveries set aside while their subscription is held (its
    /// breaker open, a receiver's pause, disabled): stored held too, in no
    /// lane.
    pub set_aside: i64,
}
