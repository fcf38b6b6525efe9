//! What endpoint protection asks of a backend: the health rows.

use crate::core::records::error::Result;
use crate::core::records::health::Health;

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
