//! A delivery's life beyond the reference: dead letters and their redrive,
//! replay of finished chains after an outage, backfill for a subscription
//! that missed events, pruning of what is finished, and any of these (or
//! a cancel) on everything a list selects. Each is built on
//! the core's rules and runs in the core's transactions; retry policies,
//! which `delivery fail` itself follows, live in the core
//! ([`crate::core::settings::policy`]).

mod bulk;
mod prune;
mod redrive;
mod replay;
pub mod when;

pub use bulk::{Act, BulkDone, Chosen, Skipped};
pub use prune::{DEFAULT_BATCH_SIZE, Deleted, Prune, Pruned};
pub use replay::Replay;

use crate::core::records::model::Delivery;
use crate::core::reference::OkTrue;
use serde::Serialize;

/// The answer of redrive, replay and backfill: the attempts they queued
/// (with `dryRun`, those they would replay or create).
#[derive(Clone, Debug, Serialize)]
pub struct Queued {
    pub ok: OkTrue,
    pub deliveries: Vec<Delivery>,
    pub count: usize,
    #[serde(rename = "dryRun", skip_serializing_if = "Option::is_none")]
    pub dry_run: Option<bool>,
}

impl Queued {
    fn new(deliveries: Vec<Delivery>, dry_run: Option<bool>) -> Self {
        Queued {
            ok: OkTrue,
            count: deliveries.len(),
            deliveries,
            dry_run,
        }
    }
}

/// Rows read per statement while walking a large range inside one
/// transaction: large enough to amortise the query, small enough to keep
/// memory flat.
const PAGE: i64 = 500;

/// Deliveries of ordered subscriptions in the order their lanes had them,
/// so the attempts queued after them join their lanes in recording order
/// (events are walked by `createdAt`, which ties within a second, and dead
/// letters newest first).
pub(crate) fn in_recording_order(
    mut deliveries: Vec<crate::core::records::model::Delivery>,
) -> Vec<crate::core::records::model::Delivery> {
    deliveries.sort_by_key(|d| (d.place.lane, d.place.seq));
    deliveries
}
