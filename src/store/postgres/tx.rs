//! The SQL of every read and write on PostgreSQL, inside one transaction.
//! In a writing transaction every row it reads to change is locked first
//! (`FOR UPDATE`), and claims skip rows other claimers hold.

mod bulk;
mod claims;
mod counts;
pub(super) mod health;
mod inserts;
pub(super) mod lanes;
mod load;
mod pending;
mod planner;
mod statements;
mod subscriptions;
mod walks;

#[cfg(test)]
pub(super) use counts::{claimable_query, counts_sql, time_count};
#[cfg(test)]
pub(super) use inserts::{EVENTS_RECORDED_AT, events_by_id_sql, prefetch_sql};
pub use pending::{Shape, update_deliveries};
#[cfg(test)]
pub(super) use planner::INDEX_PLANNER;
pub use planner::ORDER_PLANNER;
use planner::Planner;

use super::ledger;
use super::pg_error;
use super::rows::{delivery_row, delivery_with_meta, event_row, parsed};
use crate::core::records::app_rows::{AppRow, FoundTable, Rejected};
use crate::core::records::error::Result;
use crate::core::records::model::Tally;
use crate::core::records::model::{Delivery, DeliveryStatus, Event, Secret, Stage, Subscription};
use crate::core::records::prefix::IdKind;
use crate::core::reference::json::Object;
use crate::core::storage::lanes::Lanes as _;
use crate::core::storage::{
    Cursor, DeliveryCounts, DeliveryFilter, EventFilter, EventWindow, Matches, SubscriptionFilter,
    Tx,
};
use crate::store::counts::{self as kept, CountChanges};
use crate::store::lanes::{LaneChanges, Recording};
use crate::store::sql::{DELIVERY_COLUMNS, DELIVERY_REPLACE, EVENT_REPLACE};
use crate::store::tallies::{self, Pending};
use postgres::{Statement, Transaction};
use std::collections::HashMap;

pub(super) const QUEUED_DUE: &str = "status = 'queued' AND next_attempt_at <= $1";
pub(super) const LEASE_EXPIRED: &str =
    "status = 'claimed' AND lease_expires_at > 0 AND lease_expires_at <= $1";

pub(super) struct PostgresTx<'c> {
    tx: Transaction<'c>,
    statements: &'c mut HashMap<String, Statement>,
    /// Rows read to be changed are locked, and claims skip locked rows.
    write: bool,
    matches: Matches,
    /// Subscriptions' meta as read in this transaction, until it writes a
    /// subscription: failing a batch asks for it twice per delivery.
    metas: HashMap<String, Option<Object>>,
    /// Deliveries read (and locked) ahead of their lookups, each handed out
    /// once: a command on 500 ids makes one query instead of 500.
    /// Deliveries read ahead by id, and ids read ahead and found absent.
    prefetched: HashMap<String, Option<Delivery>>,
    /// Each delivery's meta as this writing transaction read it from its
    /// row (locked), until the transaction changes the row: a transition
    /// that leaves it so does not write it again (see `pending`).
    meta_read: HashMap<String, String>,
    /// When events were recorded, read for the deliveries of a batch at its
    /// first completion's latency tally (see `Tx::event_recorded_at`).
    recorded_at: HashMap<String, i64>,
    /// Transitions not yet written, each with the status it was read in:
    /// written together before the next statement or the commit, so a
    /// claim or completion of 500 is one round trip, not 500.
    pending: pending::Transitions,
    /// Changes to the kept delivery counts, written just before the commit
    /// to the count rows of `slot`.
    counts: CountChanges,
    slot: i16,
    /// A delivery became queued: waiting workers are told at the commit.
    made_ready: bool,
    /// The definitions of the indexes a large batch set aside, to build
    /// them again once it is written.
    set_aside: Vec<String>,
    /// What this transaction did to lanes, settled before the commit.
    lanes: LaneChanges,
    /// Its block of the recording order, once it records an event.
    recording: Recording,
    /// The rows of an application's table taken by the relay and not yet
    /// read (see `Tx::take_app_rows`).
    app_rows: Option<postgres::Portal>,
    /// Tallies added to, written before the commit in `slot`.
    tallies: Pending,
    /// An initial load's ids so far, its rows copied in (see `load`).
    load: load::Load,
    /// The planner settings in force, and those the next statement needs
    /// (`None`: a read by key, which any serve).
    planner: Planner,
    planner_wanted: Option<Planner>,
}

impl<'c> PostgresTx<'c> {
    pub(super) fn new(
        tx: Transaction<'c>,
        statements: &'c mut HashMap<String, Statement>,
        write: bool,
    ) -> Self {
        PostgresTx {
            tx,
            statements,
            write,
            matches: Matches::default(),
            metas: HashMap::new(),
            prefetched: HashMap::new(),
            meta_read: HashMap::new(),
            recorded_at: HashMap::new(),
            pending: pending::Transitions::default(),
            counts: CountChanges::default(),
            slot: counts::random_slot(),
            made_ready: false,
            set_aside: Vec::new(),
            lanes: LaneChanges::default(),
            recording: Recording::default(),
            app_rows: None,
            tallies: Pending::default(),
            load: load::Load::default(),
            planner: Planner::Defaults,
            planner_wanted: Some(Planner::Defaults),
        }
    }
}

impl Tx for PostgresTx<'_> {
    fn commit(mut self: Box<Self>) -> Result<()> {
        self.settle_lanes()?;
        let notify = self.made_ready;
        self.close(notify)?;
        self.tx.commit().map_err(|e| pg_error(&e, "commit failed"))
    }

    fn tally(&mut self, name: &str, labels: &str, by: i64) {
        self.tallies.add(name, labels, by);
    }

    fn tallies(&mut self) -> Result<Vec<Tally>> {
        self.rows(tallies::ALL, &[], |row| {
            Ok(Tally {
                name: row.get(0),
                labels: row.get(1),
                value: row.get(2),
            })
        })
    }

    fn finished_per_minute(
        &mut self,
        created_since: i64,
        since: i64,
    ) -> Result<Vec<(i64, i64, i64)>> {
        // Without statistics a window's bounds look like the whole table.
        self.by_index(|tx| {
            tx.rows(
                tallies::FINISHED_PER_MINUTE,
                &[&created_since, &since],
                |row| Ok((row.get(0), row.get(1), row.get(2))),
            )
        })
    }

    fn batch_writing(&mut self, events: Option<usize>) -> Result<()> {
        self.begin_batch(events)
    }

    fn batch_written(&mut self) -> Result<()> {
        self.end_batch()
    }

    fn no_deliveries_but_ours(&mut self) -> Result<bool> {
        // Only an initial load holds the tables against every other
        // session; it found the deliveries empty or not as it began.
        Ok(self.load.deliveries.is_some())
    }

    fn event(&mut self, event_id: &str) -> Result<Option<Event>> {
        let lock = self.lock();
        self.event_with(event_id, lock)
    }

    fn event_unlocked(&mut self, event_id: &str) -> Result<Option<Event>> {
        self.event_with(event_id, "")
    }

    fn events_unlocked(&mut self, event_ids: &[String]) -> Result<HashMap<String, Event>> {
        // A turn that claimed nothing asks nothing of the server.
        if event_ids.is_empty() {
            return Ok(HashMap::new());
        }
        // By the key's index: without statistics the planner may read
        // every event for a few hundred ids.
        let found = self.by_index(|tx| {
            tx.rows_beside_pending(inserts::events_by_id_sql(), &[&event_ids], event_row)
        })?;
        Ok(found.into_iter().map(|e| (e.event_id.clone(), e)).collect())
    }

    fn event_recorded_at(&mut self, event_id: &str) -> Result<Option<i64>> {
        if let Some(at) = self.recorded_at.get(event_id) {
            return Ok(Some(*at));
        }
        self.read_recorded_at(event_id)?;
        Ok(self.recorded_at.get(event_id).copied())
    }

    fn put_event(&mut self, event: &Event) -> Result<()> {
        self.write_event(event, EVENT_REPLACE).map(drop)
    }

    fn insert_event(&mut self, event: &Event) -> Result<bool> {
        self.write_event(event, "ON CONFLICT (event_id) DO NOTHING")
            .map(|n| n == 1)
    }

    fn insert_events(&mut self, events: &[&Event]) -> Result<Vec<bool>> {
        self.insert_event_rows(events)
    }

    fn put_events(&mut self, events: &[&Event]) -> Result<()> {
        self.put_event_rows(events)
    }

    fn events(&mut self, filter: &EventFilter, limit: i64) -> Result<Vec<Event>> {
        self.in_order(|tx| tx.run(ledger::event_list(filter, limit), event_row))
    }

    fn subscription(&mut self, sub_id: &str) -> Result<Option<Subscription>> {
        let lock = self.lock();
        self.keyed(|tx| tx.subscription_with(sub_id, lock))
    }

    fn subscription_unlocked(&mut self, sub_id: &str) -> Result<Option<Subscription>> {
        self.keyed(|tx| tx.subscription_with(sub_id, ""))
    }

    fn subscription_meta(&mut self, sub_id: &str) -> Result<Option<Object>> {
        self.subscription_meta_read(sub_id)
    }

    fn put_subscription(&mut self, s: &Subscription) -> Result<()> {
        self.write_subscription(s)
    }

    fn delete_subscription(&mut self, sub_id: &str) -> Result<()> {
        self.remove_subscription(sub_id)
    }

    fn subscriptions(
        &mut self,
        filter: &SubscriptionFilter,
        limit: i64,
    ) -> Result<Vec<Subscription>> {
        self.subscription_list(filter, limit)
    }

    fn matches(&mut self) -> &mut Matches {
        &mut self.matches
    }

    fn subscriptions_of_type(
        &mut self,
        event_type: &str,
        active_only: bool,
    ) -> Result<Vec<Subscription>> {
        self.subscriptions_typed(event_type, active_only)
    }

    fn delivery(&mut self, delivery_id: &str) -> Result<Option<Delivery>> {
        if let Some(found) = self.prefetched.remove(delivery_id) {
            return Ok(found);
        }
        let sql = format!(
            "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE delivery_id = $1{}",
            self.lock()
        );
        let read = self.rows(&sql, &[&delivery_id], delivery_with_meta)?;
        Ok(read.into_iter().next().map(|read| self.read_to_write(read)))
    }

    fn prefetch_deliveries(&mut self, delivery_ids: &[String]) -> Result<()> {
        self.prefetch_rows(delivery_ids)
    }

    fn put_delivery(&mut self, d: &Delivery) -> Result<()> {
        self.row_written(&d.delivery_id);
        let replaced = self.rows(
            "SELECT status, transport, client_id FROM deliveries WHERE delivery_id = $1 FOR UPDATE",
            &[&d.delivery_id],
            |row| Ok((parsed(row, 0)?, parsed(row, 1)?, row.get::<_, String>(2))),
        )?;
        self.write_delivery(d, DELIVERY_REPLACE)?;
        self.made_ready |= d.stage() == Stage::Is(DeliveryStatus::Queued);
        self.counts.replaced(replaced.into_iter().next(), d);
        Ok(())
    }

    fn insert_delivery(&mut self, d: &Delivery) -> Result<bool> {
        self.row_written(&d.delivery_id);
        let inserted = self.write_delivery(d, "ON CONFLICT (delivery_id) DO NOTHING")? == 1;
        if inserted {
            self.counts.added(d);
            self.made_ready |= d.stage() == Stage::Is(DeliveryStatus::Queued);
        }
        Ok(inserted)
    }

    fn insert_deliveries(&mut self, deliveries: &[Delivery]) -> Result<Vec<bool>> {
        self.insert_delivery_rows(deliveries)
    }

    fn insert_delivery_stream(&mut self, each: crate::core::storage::DeliveryStream) -> Result<()> {
        self.stream_deliveries(each)
    }

    fn put_deliveries(&mut self, deliveries: &[Delivery]) -> Result<()> {
        self.put_delivery_rows(deliveries)
    }

    fn update_delivery(&mut self, was: Stage, d: &Delivery) -> Result<()> {
        self.prefetched.remove(&d.delivery_id);
        // Written with the others before the next statement or the commit;
        // a second change of the same delivery first writes the one before.
        if self.pending.holds(&d.delivery_id) {
            self.flush()?;
        }
        let meta_read = self.meta_read.remove(&d.delivery_id);
        self.pending.push(was, d, meta_read.as_deref());
        self.made_ready |= d.stage() == Stage::Is(DeliveryStatus::Queued);
        self.counts.moved(was, d);
        Ok(())
    }

    fn count_events(&mut self, filter: &EventFilter) -> Result<i64> {
        let mut q = ledger::event_conditions(filter);
        q.sql = format!("SELECT count(*) FROM events WHERE TRUE{}", q.sql);
        self.count(q)
    }

    fn count_subscriptions(&mut self, filter: &SubscriptionFilter) -> Result<i64> {
        let mut q = ledger::subscription_conditions(filter);
        q.sql = format!("SELECT count(*) FROM subscriptions WHERE TRUE{}", q.sql);
        self.count(q)
    }

    fn deliveries(&mut self, filter: &DeliveryFilter, limit: i64) -> Result<Vec<Delivery>> {
        let rare = self.type_is_rare(filter)?;
        self.in_order(|tx| tx.run(ledger::delivery_list(filter, rare, limit), delivery_row))
    }

    fn claimable(
        &mut self,
        filter: &DeliveryFilter,
        now: i64,
        limit: i64,
    ) -> Result<Vec<Delivery>> {
        self.claim_order(filter, now, limit, "")
    }

    fn claim_candidates(
        &mut self,
        filter: &DeliveryFilter,
        now: i64,
        limit: i64,
    ) -> Result<Vec<Delivery>> {
        self.claim_order(filter, now, limit, " FOR UPDATE SKIP LOCKED")
    }

    fn count_claimable(&mut self, filter: &DeliveryFilter, now: i64) -> Result<i64> {
        self.claimable_count(filter, now)
    }

    fn expired_leases(
        &mut self,
        filter: &DeliveryFilter,
        now: i64,
        limit: i64,
    ) -> Result<Vec<Delivery>> {
        self.lapsed_leases(filter, now, limit)
    }

    fn attempts(&mut self, event_id: &str, sub_id: &str) -> Result<Vec<Delivery>> {
        self.rows(ledger::attempts(), &[&event_id, &sub_id], delivery_row)
    }

    fn event_deliveries(&mut self, event_id: &str) -> Result<Vec<Delivery>> {
        self.rows(ledger::event_deliveries(), &[&event_id], delivery_row)
    }

    fn dead_letters(
        &mut self,
        filter: &DeliveryFilter,
        before: Option<&Cursor>,
        limit: i64,
    ) -> Result<Vec<Delivery>> {
        let rare = self.type_is_rare(filter)?;
        self.in_order(|tx| {
            tx.run(
                ledger::dead_letters(filter, rare, before, limit),
                delivery_row,
            )
        })
    }

    fn count_dead(&mut self, filter: &DeliveryFilter) -> Result<i64> {
        let rare = self.type_is_rare(filter)?;
        self.count(ledger::count_dead(filter, rare))
    }

    fn delete_deliveries(&mut self, deliveries: &[Delivery]) -> Result<()> {
        let ids: Vec<&str> = deliveries.iter().map(|d| d.delivery_id.as_str()).collect();
        let deleted = self.rows(
            "DELETE FROM deliveries WHERE delivery_id = ANY($1) RETURNING status, transport, client_id",
            &[&ids],
            |row| Ok((parsed(row, 0)?, parsed(row, 1)?, row.get::<_, String>(2))),
        )?;
        for (status, transport, client_id) in deleted {
            self.counts.add(status, transport, &client_id, -1);
        }
        Ok(())
    }

    fn delete_event(&mut self, event_id: &str) -> Result<()> {
        self.execute("DELETE FROM events WHERE event_id = $1", &[&event_id])
            .map(drop)
    }

    fn events_in_window(
        &mut self,
        window: &EventWindow,
        after: Option<&Cursor>,
        limit: i64,
    ) -> Result<Vec<Event>> {
        self.run(ledger::events_in_window(window, after, limit), event_row)
    }

    fn secrets(&mut self, sub_id: &str) -> Result<Vec<Secret>> {
        self.keyed(|tx| tx.secret_rows(sub_id))
    }

    fn put_secret(&mut self, secret: &Secret) -> Result<()> {
        self.write_secret(secret)
    }

    fn delete_secrets(&mut self, sub_id: &str, keep: Option<&str>) -> Result<()> {
        self.delete_secrets_except(sub_id, keep)
    }

    fn ids_starting(&mut self, kind: IdKind, prefix: &str, limit: i64) -> Result<Vec<String>> {
        self.ids_with_prefix(kind, prefix, limit)
    }

    fn events_after(&mut self, after: &str, limit: i64) -> Result<Vec<Event>> {
        self.event_walk(after, limit)
    }

    fn subscriptions_after(&mut self, after: &str, limit: i64) -> Result<Vec<Subscription>> {
        self.subscription_walk(after, limit)
    }

    fn deliveries_after(&mut self, after: &str, limit: i64) -> Result<Vec<Delivery>> {
        self.delivery_walk(after, limit)
    }

    fn recount_deliveries(&mut self) -> Result<()> {
        self.recount()
    }

    fn delivery_counts(&mut self, filter: &DeliveryFilter, now: i64) -> Result<DeliveryCounts> {
        if kept::kept_counts_serve(filter) {
            return kept::delivery_counts(self, filter, now);
        }
        self.counted_from_rows(filter, now)
    }

    fn take_app_rows(
        &mut self,
        table: &FoundTable,
        limit: i64,
        first: usize,
    ) -> Result<Option<Vec<AppRow>>> {
        self.flush()?;
        let portal = super::app_table::take(&mut self.tx, table, limit)?;
        self.app_rows = Some(portal);
        self.more_app_rows(first).map(Some)
    }

    fn more_app_rows(&mut self, max: usize) -> Result<Vec<AppRow>> {
        let Some(portal) = self.app_rows.take() else {
            return Ok(Vec::new());
        };
        self.flush()?;
        let rows = super::app_table::more(&mut self.tx, &portal, max)?;
        if rows.len() == max {
            self.app_rows = Some(portal);
        }
        Ok(rows)
    }

    fn put_rejected_rows(&mut self, table: &FoundTable, rows: &[Rejected], now: i64) -> Result<()> {
        super::app_table::reject(&mut self.tx, table, rows, now)
    }
}
