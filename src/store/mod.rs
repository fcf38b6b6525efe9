//! Storage: the only place that speaks SQL. Each backend implements the
//! core's [`Store`](crate::core::storage::Store) and
//! [`Tx`](crate::core::storage::Tx); it only stores and fetches, it never
//! decides.

mod counts;
mod health;
mod lanes;
pub mod pool;
pub mod postgres;
mod sql;
pub mod sqlite;
mod tallies;

use crate::core::records::error::{Error, Result, StorageCode};
use crate::core::records::model::{Delivery, Stage};
use crate::core::records::prefix::IdKind;

/// How hard a commit works to survive power loss.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Durability {
    /// Every commit reaches the disk before the command reports success.
    #[default]
    Full,
    /// Commits reach the disk at checkpoints: never corrupt, but a power cut
    /// can lose the last commits that reported success.
    Normal,
}

impl Durability {
    pub const NAMES: [&'static str; 2] = ["full", "normal"];
}

impl std::str::FromStr for Durability {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "full" => Ok(Durability::Full),
            "normal" => Ok(Durability::Normal),
            _ => Err(format!(
                "unknown durability {s:?} (expected full or normal)"
            )),
        }
    }
}

/// The table and id column of each kind of record.
pub(crate) fn id_column(kind: IdKind) -> (&'static str, &'static str) {
    match kind {
        IdKind::Event => ("events", "event_id"),
        IdKind::Subscription => ("subscriptions", "sub_id"),
        IdKind::Delivery => ("deliveries", "delivery_id"),
    }
}

/// A write found a delivery other than the transaction had read it: a
/// store's bug or a change by hand mid-transaction, never a worker's race
/// (writes hold the write lock or the row).
pub(crate) fn not_as_read(delivery_id: &str, was: Stage) -> Error {
    Error::storage(
        StorageCode::Other,
        format!(
            "delivery {delivery_id} is no longer {} as this transaction read it",
            was.as_str()
        ),
    )
}

/// The first `limit` of `found` in claim order, `(createdAt, deliveryId)`:
/// claims read due queued deliveries and lapsed leases as two ranges, each
/// already cut to the limit and in that order.
pub(crate) fn first_in_claim_order(mut found: Vec<Delivery>, limit: i64) -> Vec<Delivery> {
    found.sort_by(|a, b| (a.created_at, &a.delivery_id).cmp(&(b.created_at, &b.delivery_id)));
    found.truncate(usize::try_from(limit).unwrap_or(0));
    found
}

/// A delivery of the given id, status and time, for tests of either backend.
#[cfg(test)]
pub(crate) fn test_delivery(
    id: &str,
    status: crate::core::records::model::DeliveryStatus,
    created_at: i64,
) -> Delivery {
    Delivery {
        delivery_id: id.into(),
        event_id: "e".into(),
        sub_id: "s".into(),
        client_id: "c".into(),
        transport: crate::core::records::model::Transport::Poll,
        endpoint: String::new(),
        status,
        attempt: 1,
        claimed_by: String::new(),
        last_error: String::new(),
        meta: Default::default(),
        created_at,
        updated_at: created_at,
        next_attempt_at: 0,
        claimed_at: 0,
        lease_expires_at: 0,
        delivered_at: 0,
        place: Default::default(),
        claims: 0,
    }
}
