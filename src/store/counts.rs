//! Kept delivery counts, as both backends keep them: the changes a
//! transaction makes, added up so that each count is written once before
//! the commit, and the answers of `stats` and of a claim's `total` made from
//! the kept counts plus the two counts that depend on the time (deliveries
//! due later, leases run out), each read from a small index of its own.

use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, DeliveryStatus, Stage, Transport};
use crate::core::storage::{DeliveryCounts, DeliveryFilter};
use std::collections::HashMap;

/// Count changes not yet written. A claim of 500 deliveries of one client
/// moves two counts by 500 each: two row writes at the end instead of a
/// thousand along the way.
#[derive(Default)]
pub(crate) struct CountChanges {
    /// By client first, so the common case (a group already seen) looks up
    /// by `&str` without allocating a key.
    pending: HashMap<String, HashMap<(Stage, Transport), i64>>,
}

/// One group's change: stage, transport, client, by how many.
pub(crate) type CountChange = (Stage, Transport, String, i64);

impl CountChanges {
    /// One delivery more (`by` = 1) or fewer (`by` = -1) in this group.
    pub(crate) fn add(&mut self, status: Stage, transport: Transport, client_id: &str, by: i64) {
        let groups = match self.pending.get_mut(client_id) {
            Some(groups) => groups,
            None => self.pending.entry(client_id.to_owned()).or_default(),
        };
        *groups.entry((status, transport)).or_default() += by;
    }

    /// A delivery that was at stage `was` is now `d`.
    pub(crate) fn moved(&mut self, was: Stage, d: &Delivery) {
        self.add(was, d.transport, &d.client_id, -1);
        self.add(d.stage(), d.transport, &d.client_id, 1);
    }

    /// One delivery more, as `d` is.
    pub(crate) fn added(&mut self, d: &Delivery) {
        self.add(d.stage(), d.transport, &d.client_id, 1);
    }

    /// `d` is written in place of the delivery `old` describes, if any.
    pub(crate) fn replaced(&mut self, old: Option<(Stage, Transport, String)>, d: &Delivery) {
        if let Some((status, transport, client_id)) = old {
            self.add(status, transport, &client_id, -1);
        }
        self.added(d);
    }

    /// The changes that move a count, in one order (by status name,
    /// transport name, client), so that writers meeting on the same count
    /// rows lock them in the same order and never deadlock.
    pub(crate) fn changes(&self) -> Vec<CountChange> {
        let mut changes: Vec<CountChange> = self
            .pending
            .iter()
            .flat_map(|(client, groups)| {
                groups
                    .iter()
                    .filter(|(_, n)| **n != 0)
                    .map(|(&(status, transport), &n)| (status, transport, client.clone(), n))
            })
            .collect();
        changes.sort_by(|a, b| {
            (a.0.as_str(), a.1.as_str(), &a.2).cmp(&(b.0.as_str(), b.1.as_str(), &b.2))
        });
        changes
    }

    /// [`CountChanges::changes`], forgetting them: they are being written.
    pub(crate) fn take(&mut self) -> Vec<CountChange> {
        let changes = self.changes();
        self.pending.clear();
        changes
    }

    /// Forgets the changes: the counts are being rebuilt from the rows.
    pub(crate) fn clear(&mut self) {
        self.pending.clear();
    }
}

/// Whether counts for `filter` can come from the kept counts, which are
/// kept per (status, transport, client) and know nothing of events or
/// subscriptions.
pub(crate) fn kept_counts_serve(filter: &DeliveryFilter) -> bool {
    let given = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.is_empty());
    !given(&filter.event_id)
        && !given(&filter.sub_id)
        && !given(&filter.event_type)
        && !given(&filter.subject)
        && filter.since.is_none()
        && filter.until.is_none()
}

/// A store that keeps counts, as [`delivery_counts`] and
/// [`claimable_count`] read it.
pub(crate) trait KeptCounts {
    /// The kept counts of the groups `filter` selects, this transaction's
    /// own changes included: status, transport, client, n.
    fn kept(&mut self, filter: &DeliveryFilter) -> Result<Vec<(String, String, String, i64)>>;
    /// Queued deliveries `filter` selects that are due after `now`.
    fn scheduled(&mut self, filter: &DeliveryFilter, now: i64) -> Result<i64>;
    /// Claimed deliveries `filter` selects whose lease ran out by `now`.
    fn expired(&mut self, filter: &DeliveryFilter, now: i64) -> Result<i64>;
}

/// `stats` from the kept counts, for a filter they serve.
pub(crate) fn delivery_counts(
    store: &mut dyn KeptCounts,
    filter: &DeliveryFilter,
    now: i64,
) -> Result<DeliveryCounts> {
    let mut counts = DeliveryCounts::default();
    let (mut queued, mut claimed) = (0, 0);
    for (status, transport, client, n) in store.kept(filter)? {
        counts.total += n;
        match status.as_str() {
            "queued" => queued += n,
            "claimed" => claimed += n,
            "held" => counts.waiting += n,
            _ => {}
        }
        counts.add_group(status, transport, client, n);
    }
    // Held deliveries are neither due nor claimed.
    let wants = |status| !filter.waiting && filter.status.is_none_or(|s| s == status);
    if wants(DeliveryStatus::Queued) {
        counts.scheduled = store.scheduled(filter, now)?;
    }
    if wants(DeliveryStatus::Claimed) {
        counts.expired = store.expired(filter, now)?;
    }
    counts.ready = queued - counts.scheduled;
    counts.active_claims = claimed - counts.expired;
    Ok(counts)
}

/// How many deliveries a claim could take at `now`, from the kept counts,
/// for a filter they serve: the due queued ones (all queued, less those due
/// later) and the lapsed leases.
pub(crate) fn claimable_count(
    store: &mut dyn KeptCounts,
    filter: &DeliveryFilter,
    now: i64,
) -> Result<i64> {
    // The queued groups alone: the held ones are not claimable.
    let queued: i64 = store
        .kept(&filter.without_status())?
        .iter()
        .filter(|(status, _, _, _)| status == "queued")
        .map(|(_, _, _, n)| n)
        .sum();
    let scheduled = store.scheduled(filter, now)?;
    let expired = store.expired(filter, now)?;
    Ok(queued - scheduled + expired)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_that_cancel_out_are_not_written_and_the_rest_come_in_one_order() {
        let mut changes = CountChanges::default();
        let [queued, claimed] = [DeliveryStatus::Queued, DeliveryStatus::Claimed].map(Stage::Is);
        changes.add(queued, Transport::Webhook, "b", -1);
        changes.add(claimed, Transport::Webhook, "b", 1);
        changes.add(queued, Transport::Webhook, "a", 1);
        changes.add(queued, Transport::Webhook, "a", -1);
        changes.add(Stage::Held, Transport::Webhook, "c", 2);
        let names: Vec<_> = changes
            .take()
            .into_iter()
            .map(|(s, _, c, n)| (s.as_str(), c, n))
            .collect();
        assert_eq!(
            names,
            [
                ("claimed", "b".to_owned(), 1),
                ("held", "c".to_owned(), 2),
                ("queued", "b".to_owned(), -1)
            ]
        );
        assert!(changes.take().is_empty());
    }
}
