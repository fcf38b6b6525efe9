//! The SQL of every read and write on PostgreSQL, inside one transaction.
//! In a writing transaction every row it reads to change is locked first
//! (`FOR UPDATE`), and claims skip rows other claimers hold.

mod bulk;
mod counts;
pub(super) mod health;
mod inserts;
pub(super) mod lanes;
mod load;
mod pending;
mod planner;
mod statements;
mod subscriptions;

#[cfg(test)]
pub(super) use counts::{claimable_query, counts_sql, time_count};
#[cfg(test)]
pub(super) use inserts::{EVENTS_RECORDED_AT, events_by_id_sql, prefetch_sql};
pub use pending::update_deliveries;
#[cfg(test)]
pub(super) use planner::INDEX_PLANNER;
pub use planner::ORDER_PLANNER;
use planner::Planner;

use super::ledger;
use super::pg_error;
use super::rows::{Query, delivery_row, event_row, from_json, parsed, subscription_row};
use crate::core::ledger::subscriptions::type_keys;
use crate::core::records::app_rows::{AppRow, FoundTable, Rejected};
use crate::core::records::error::Result;
use crate::core::records::model::Tally;
use crate::core::records::model::{Delivery, DeliveryStatus, Event, Secret, Stage, Subscription};
use crate::core::records::prefix::{IdKind, range_end};
use crate::core::reference::json::Object;
use crate::core::storage::lanes::Lanes as _;
use crate::core::storage::{
    Cursor, DeliveryCounts, DeliveryFilter, EventFilter, EventWindow, Matches, SubscriptionFilter,
    Tx,
};
use crate::store::counts::{self as kept, CountChanges};
use crate::store::lanes::{LaneChanges, Recording};
use crate::store::sql::{
    DELIVERY_COLUMNS, DELIVERY_REPLACE, EVENT_COLUMNS, EVENT_REPLACE, SUBSCRIPTION_COLUMNS,
};
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
        self.set_aside = self.set_indexes_aside(events)?;
        // Holding the tables, empty of events: only this load's own rows
        // are there to meet (see `load`).
        if !self.set_aside.is_empty() {
            self.load.events = Some(load::Written::default());
            let none: bool =
                self.rows("SELECT NOT EXISTS (SELECT 1 FROM deliveries)", &[], |row| {
                    Ok(row.get(0))
                })?[0];
            if none {
                self.load.deliveries = Some(load::Written::default());
            }
        }
        Ok(())
    }

    fn batch_written(&mut self) -> Result<()> {
        self.load = load::Load::default();
        let definitions = std::mem::take(&mut self.set_aside);
        self.build_again(&definitions)
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
        if let Some(meta) = self.metas.get(sub_id) {
            return Ok(meta.clone());
        }
        // Beside the transitions not yet written: they change no subscription.
        let found = self
            .rows_beside_pending(
                "SELECT meta FROM subscriptions WHERE sub_id = $1",
                &[&sub_id],
                |row| from_json::<Object>(row, 0),
            )?
            .into_iter()
            .next();
        self.metas.insert(sub_id.to_owned(), found.clone());
        Ok(found)
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
        let mut q = ledger::subscription_conditions(filter);
        ledger::after_cursor(&mut q, "sub_id", "<", filter.before.as_ref());
        let limit = q.bind(limit);
        q.sql = format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE TRUE{} \
             ORDER BY created_at DESC, sub_id DESC LIMIT {limit}",
            q.sql
        );
        self.run(q, subscription_row)
    }

    fn matches(&mut self) -> &mut Matches {
        &mut self.matches
    }

    fn subscriptions_of_type(
        &mut self,
        event_type: &str,
        active_only: bool,
    ) -> Result<Vec<Subscription>> {
        let status = if active_only {
            " AND status = 'active'"
        } else {
            ""
        };
        let sql = format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions \
             WHERE sub_id IN (SELECT sub_id FROM subscription_types WHERE event_type = ANY($1)){status} \
             ORDER BY sub_id"
        );
        let keys = type_keys(event_type);
        self.rows(&sql, &[&keys], subscription_row)
    }

    fn delivery(&mut self, delivery_id: &str) -> Result<Option<Delivery>> {
        if let Some(found) = self.prefetched.remove(delivery_id) {
            return Ok(found);
        }
        let sql = format!(
            "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE delivery_id = $1{}",
            self.lock()
        );
        Ok(self
            .rows(&sql, &[&delivery_id], delivery_row)?
            .into_iter()
            .next())
    }

    fn prefetch_deliveries(&mut self, delivery_ids: &[String]) -> Result<()> {
        self.prefetch_rows(delivery_ids)
    }

    fn put_delivery(&mut self, d: &Delivery) -> Result<()> {
        self.prefetched.remove(&d.delivery_id);
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
        self.prefetched.remove(&d.delivery_id);
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
        self.pending.push(was, d);
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

    fn expired_leases(
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
        let (table, column) = crate::store::id_column(kind);
        let sql = format!(
            "SELECT {column} FROM {table} WHERE {column} >= $1 AND {column} < $2 ORDER BY {column} LIMIT {limit}"
        );
        let end = range_end(prefix);
        self.rows(&sql, &[&prefix, &end], |row| Ok(row.get(0)))
    }

    fn events_after(&mut self, after: &str, limit: i64) -> Result<Vec<Event>> {
        let sql = format!(
            "SELECT {EVENT_COLUMNS} FROM events WHERE event_id > $1 ORDER BY event_id LIMIT $2"
        );
        self.rows(&sql, &[&after, &limit], event_row)
    }

    fn subscriptions_after(&mut self, after: &str, limit: i64) -> Result<Vec<Subscription>> {
        let sql = format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE sub_id > $1 ORDER BY sub_id LIMIT $2"
        );
        self.rows(&sql, &[&after, &limit], subscription_row)
    }

    fn deliveries_after(&mut self, after: &str, limit: i64) -> Result<Vec<Delivery>> {
        let sql = format!(
            "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE delivery_id > $1 ORDER BY delivery_id LIMIT $2"
        );
        self.rows(&sql, &[&after, &limit], delivery_row)
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
