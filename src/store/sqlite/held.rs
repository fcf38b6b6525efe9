//! The claimed deliveries a worker's connection last wrote, kept so that
//! recording an outcome need not read its delivery back: the worker
//! claimed it in an earlier transaction of this same connection, and
//! unless another connection has committed since, the row is as it was
//! written. SQLite says whether one has (`PRAGMA data_version` changes
//! only for other connections' commits); the check is made once each
//! write transaction holds the write lock, so nothing can change between
//! it and the reads it vouches for.
//!
//! Only a worker's connection keeps them (see `Store::working`): every
//! write it makes to a claimed row goes through `update_delivery`,
//! `put_delivery` or `delete_deliveries`, which keep this in step; the
//! statements that change many rows at once touch only queued and held
//! ones.

use crate::core::records::model::{Delivery, DeliveryStatus};
use std::collections::HashMap;

/// Past this many rows everything is forgotten: a worker holds leases on
/// a few hundred at a time.
const MOST: usize = 100_000;

#[derive(Debug, Default)]
pub(super) struct Held {
    rows: HashMap<String, Delivery>,
    /// `PRAGMA data_version` at the start of the last write transaction.
    version: Option<i64>,
}

impl Held {
    /// A write transaction starts, with `version` the data version it
    /// read: what this connection kept stays trusted only if no other
    /// connection committed since the last one started.
    pub(super) fn begin(&mut self, version: i64) -> Holding<'_> {
        if self.version != Some(version) {
            self.rows.clear();
            self.version = Some(version);
        }
        Holding {
            held: self,
            staged: HashMap::new(),
        }
    }
}

/// One write transaction's view: what it wrote is staged until it commits.
#[derive(Debug)]
pub(super) struct Holding<'h> {
    held: &'h mut Held,
    /// Rows written in this transaction: kept (claimed) or forgotten.
    staged: HashMap<String, Option<Delivery>>,
}

impl Holding<'_> {
    /// The delivery as this connection last wrote it, if known. A kept
    /// row is handed over, not copied: it is read to be written (a claim
    /// ends, a lease is renewed), and the write keeps it again if it stays
    /// claimed; one read and not written is read from the file next time.
    pub(super) fn take(&mut self, delivery_id: &str) -> Option<Delivery> {
        match self.staged.get(delivery_id) {
            Some(staged) => staged.clone(),
            None => self.held.rows.remove(delivery_id),
        }
    }

    /// `delivery` was written as it is: kept while claimed.
    pub(super) fn wrote(&mut self, delivery: &Delivery) {
        let kept = (delivery.status == DeliveryStatus::Claimed).then(|| delivery.clone());
        self.staged.insert(delivery.delivery_id.clone(), kept);
    }

    /// The row of `delivery_id` was written some other way, or deleted.
    pub(super) fn forget(&mut self, delivery_id: &str) {
        self.staged.insert(delivery_id.to_owned(), None);
    }

    /// The transaction committed: what it wrote is what the file holds.
    pub(super) fn committed(self) {
        let rows = &mut self.held.rows;
        for (id, staged) in self.staged {
            match staged {
                Some(delivery) => rows.insert(id, delivery),
                None => rows.remove(&id),
            };
        }
        if rows.len() > MOST {
            rows.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{delivery, store};
    use crate::core::records::model::{DeliveryStatus, Stage};
    use crate::core::storage::Store as _;

    /// A claimed delivery written by the store's own connection, read
    /// back inside a later write transaction.
    fn claim(store: &mut super::super::SqliteStore, id: &str) {
        let mut tx = store.write().unwrap();
        tx.put_delivery(&delivery(id, DeliveryStatus::Queued, 1))
            .unwrap();
        let mut claimed = delivery(id, DeliveryStatus::Claimed, 1);
        claimed.claimed_by = "w".into();
        tx.update_delivery(Stage::Is(DeliveryStatus::Queued), &claimed)
            .unwrap();
        tx.commit().unwrap();
    }

    #[test]
    fn a_kept_delivery_reads_back_as_the_file_holds_it() {
        let (_dir, mut store) = store();
        store.working();
        claim(&mut store, "d1");
        assert!(store.held.as_ref().unwrap().rows.contains_key("d1"));
        let kept = store.write().unwrap().delivery("d1").unwrap();
        assert!(
            !store.held.as_ref().unwrap().rows.contains_key("d1"),
            "handed over, to be written again"
        );
        let read = store.read().unwrap().delivery("d1").unwrap();
        assert_eq!(kept, read);
        assert_eq!(kept.unwrap().claimed_by, "w");
    }

    #[test]
    fn another_connections_commit_makes_it_read_the_file_again() {
        let (dir, mut store) = store();
        store.working();
        claim(&mut store, "d1");
        let other = rusqlite::Connection::open(dir.path().join("outbox.db")).unwrap();
        other
            .execute(
                "UPDATE deliveries SET claimed_by = 'thief' WHERE delivery_id = 'd1'",
                [],
            )
            .unwrap();
        let read = store.write().unwrap().delivery("d1").unwrap().unwrap();
        assert_eq!(read.claimed_by, "thief");
    }

    #[test]
    fn a_rolled_back_write_is_not_kept() {
        let (_dir, mut store) = store();
        store.working();
        claim(&mut store, "d1");
        {
            let mut tx = store.write().unwrap();
            let mut done = delivery("d1", DeliveryStatus::Delivered, 1);
            done.claimed_by = "w".into();
            tx.update_delivery(Stage::Is(DeliveryStatus::Claimed), &done)
                .unwrap();
            assert_eq!(
                tx.delivery("d1").unwrap().unwrap().status,
                DeliveryStatus::Delivered,
                "read from the file: written, no longer kept"
            );
            // Dropped without a commit: rolled back.
        }
        let read = store.write().unwrap().delivery("d1").unwrap().unwrap();
        assert_eq!(read.status, DeliveryStatus::Claimed);
        assert_eq!(read.claimed_by, "w");
    }
}
