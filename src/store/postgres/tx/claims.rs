//! What a claim and a sweep read on PostgreSQL: due queued deliveries and
//! expired leases in claim order, how many a claim could take, and the
//! expired leases a sweep hands back to the queue.

use super::super::ledger;
use super::super::rows::{Query, delivery_row, delivery_with_meta};
use super::{LEASE_EXPIRED, PostgresTx, QUEUED_DUE};
use crate::core::records::error::Result;
use crate::core::records::model::Delivery;
use crate::core::storage::DeliveryFilter;
use crate::store::counts as kept;
use crate::store::first_in_claim_order;
use crate::store::sql::DELIVERY_COLUMNS;

impl PostgresTx<'_> {
    /// Due queued deliveries and expired leases, in claim order, merged
    /// from two index ranges; `suffix` may lock the rows.
    pub(super) fn claim_order(
        &mut self,
        filter: &DeliveryFilter,
        now: i64,
        limit: i64,
        suffix: &str,
    ) -> Result<Vec<Delivery>> {
        let found = self.in_order(|tx| {
            let mut found = Vec::new();
            for lapsed in [false, true] {
                let q = ledger::claim_range(filter, lapsed, now, limit, suffix);
                found.extend(tx.run(q, delivery_with_meta)?);
            }
            Ok(found)
        })?;
        // A claim's rows are locked for it: their metas are what it keeps.
        let found = if suffix.is_empty() {
            found.into_iter().map(|(d, _)| d).collect()
        } else {
            found
                .into_iter()
                .map(|read| self.read_to_write(read))
                .collect()
        };
        Ok(first_in_claim_order(found, limit))
    }

    /// How many deliveries a claim of `filter` could take at `now`: from
    /// the kept counts where they can tell, otherwise counted from the rows.
    pub(super) fn claimable_count(&mut self, filter: &DeliveryFilter, now: i64) -> Result<i64> {
        if kept::kept_counts_serve(filter) {
            return self.claimable_from_kept(filter, now);
        }
        let filter = filter.without_status();
        let mut q = Query::with_now(now).deliveries(&filter);
        q.sql = format!(
            "SELECT (SELECT count(*) FROM deliveries WHERE {QUEUED_DUE}{w}) \
                  + (SELECT count(*) FROM deliveries WHERE {LEASE_EXPIRED}{w})",
            w = q.sql
        );
        self.count(q)
    }

    /// Up to `limit` claims of `filter` whose lease expired by `now`,
    /// soonest expired first.
    pub(super) fn lapsed_leases(
        &mut self,
        filter: &DeliveryFilter,
        now: i64,
        limit: i64,
    ) -> Result<Vec<Delivery>> {
        let filter = filter.without_status();
        let mut q = Query::with_now(now).deliveries(&filter);
        let limit = q.bind(limit);
        // A sweep re-checks each row once it holds it, and leaves rows a
        // worker is completing right now to that worker.
        let lock = if self.write {
            " FOR UPDATE SKIP LOCKED"
        } else {
            ""
        };
        q.sql = format!(
            "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE {LEASE_EXPIRED}{} \
             ORDER BY lease_expires_at, delivery_id LIMIT {limit}{lock}",
            q.sql
        );
        self.run(q, delivery_row)
    }
}
