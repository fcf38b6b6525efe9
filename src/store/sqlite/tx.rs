//! The SQL of every read and write, inside one SQLite transaction.
//! Statements are prepared once per connection (`prepare_cached`).

mod counts;
mod health;
mod lanes;
mod subscriptions;

use super::bulk;
use super::held::Holding;
use super::ledger;
use super::queries::{self, DELIVERY_COLUMNS, EVENT_COLUMNS, Query, SUBSCRIPTION_COLUMNS};
use super::rows::{
    self, OnConflict, delivery_row, event_row, first, from_json, json_text, parsed,
    subscription_row,
};
use super::sql_error;
use crate::core::ledger::subscriptions::type_keys;
use crate::core::records::error::Result;
use crate::core::records::model::Tally;
use crate::core::records::model::{Delivery, Event, Secret, Stage, Subscription};
use crate::core::records::prefix::{IdKind, range_end};
use crate::core::reference::json::Object;
use crate::core::storage::lanes::Lanes as _;
use crate::core::storage::{
    Cursor, DeliveryCounts, DeliveryFilter, EventFilter, EventWindow, Matches, SubscriptionFilter,
    Tx,
};
use crate::store::counts::{self as kept, CountChanges};
use crate::store::lanes::{LaneChanges, Recording};
use crate::store::sql::{RARE_TYPE_EVENTS, rare_type_probe};
use crate::store::tallies::{self, Pending};
use crate::store::{first_in_claim_order, not_as_read};
use rusqlite::types::Value as SqlValue;
use rusqlite::{Row, Transaction, params, params_from_iter};
use std::collections::HashMap;
use std::sync::LazyLock;

pub(super) struct SqliteTx<'c> {
    tx: Transaction<'c>,
    /// Matching subscriptions by event type: a batch asks for the same few
    /// types again and again, and subscriptions only change through this
    /// transaction while it lasts.
    matches: Matches,
    /// Changes to the kept delivery counts, written before the commit.
    counts: CountChanges,
    /// Indexes a large batch set aside, to be built again when it is written.
    set_aside: Vec<String>,
    /// What this transaction did to lanes, settled before the commit.
    lanes: LaneChanges,
    /// Its block of the recording order, once it records an event.
    recording: Recording,
    /// Tallies added to, written before the commit.
    tallies: Pending,
    /// The claimed deliveries this connection wrote, on a worker's.
    holding: Option<Holding<'c>>,
}

impl<'c> SqliteTx<'c> {
    pub(super) fn new(tx: Transaction<'c>, holding: Option<Holding<'c>>) -> Self {
        SqliteTx {
            tx,
            matches: Matches::default(),
            counts: CountChanges::default(),
            set_aside: Vec::new(),
            lanes: LaneChanges::default(),
            recording: Recording::default(),
            tallies: Pending::default(),
            holding,
        }
    }

    fn query<T>(
        &self,
        sql: &str,
        params: &[SqlValue],
        map: fn(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>> {
        let mut stmt = self.tx.prepare_cached(sql).map_err(|e| sql_error(&e))?;
        let rows = stmt
            .query_map(params_from_iter(params), map)
            .map_err(|e| sql_error(&e))?;
        rows.collect::<rusqlite::Result<Vec<T>>>()
            .map_err(|e| sql_error(&e))
    }

    fn run<T>(&self, query: Query, map: fn(&Row<'_>) -> rusqlite::Result<T>) -> Result<Vec<T>> {
        self.query(&query.sql, &query.params, map)
    }

    /// Runs one statement (prepared once per connection); rows changed.
    fn execute(&self, sql: &str, params: impl rusqlite::Params) -> Result<usize> {
        rows::execute(&self.tx, sql, params)
    }

    /// Whether `filter`'s event type, if any, has few enough events to find
    /// its deliveries through them (see [`RARE_TYPE_EVENTS`]).
    pub(super) fn type_is_rare(&self, filter: &DeliveryFilter) -> Result<bool> {
        static PROBE: LazyLock<String> = LazyLock::new(|| rare_type_probe("?1"));
        match filter.event_type.as_deref().filter(|t| !t.is_empty()) {
            None => Ok(false),
            Some(event_type) => Ok(
                self.count(&PROBE, &[SqlValue::Text(event_type.to_owned())])? <= RARE_TYPE_EVENTS,
            ),
        }
    }

    fn run_count(&self, query: Query) -> Result<i64> {
        self.count(&query.sql, &query.params)
    }

    fn count(&self, sql: &str, params: &[SqlValue]) -> Result<i64> {
        let mut stmt = self.tx.prepare_cached(sql).map_err(|e| sql_error(&e))?;
        stmt.query_row(params_from_iter(params), |row| row.get(0))
            .map_err(|e| sql_error(&e))
    }
}

impl Tx for SqliteTx<'_> {
    fn commit(mut self: Box<Self>) -> Result<()> {
        self.settle_lanes()?;
        counts::flush(&mut self.counts, &self.tx)?;
        for (name, labels, by) in self.tallies.take() {
            self.tx
                .prepare_cached(tallies::ADD)
                .and_then(|mut add| add.execute(params![name, labels, by]))
                .map_err(|e| sql_error(&e))?;
        }
        let holding = self.holding.take();
        self.tx.commit().map_err(|e| sql_error(&e))?;
        if let Some(holding) = holding {
            holding.committed();
        }
        Ok(())
    }

    fn tally(&mut self, name: &str, labels: &str, by: i64) {
        self.tallies.add(name, labels, by);
    }

    fn tallies(&mut self) -> Result<Vec<Tally>> {
        self.query(tallies::ALL, &[], |row| {
            Ok(Tally {
                name: row.get(0)?,
                labels: row.get(1)?,
                value: row.get(2)?,
            })
        })
    }

    fn finished_per_minute(
        &mut self,
        created_since: i64,
        since: i64,
    ) -> Result<Vec<(i64, i64, i64)>> {
        self.query(
            tallies::FINISHED_PER_MINUTE,
            &[SqlValue::Integer(created_since), SqlValue::Integer(since)],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )
    }

    fn batch_writing(&mut self, events: Option<usize>) -> Result<()> {
        self.set_aside = bulk::set_aside(&self.tx, events)?;
        Ok(())
    }

    fn batch_written(&mut self) -> Result<()> {
        bulk::build_again(&self.tx, &std::mem::take(&mut self.set_aside))
    }

    fn no_deliveries_but_ours(&mut self) -> Result<bool> {
        // A write transaction here is the file's only writer until it ends.
        let none = self.query("SELECT NOT EXISTS (SELECT 1 FROM deliveries)", &[], |row| {
            row.get::<_, bool>(0)
        })?;
        Ok(none[0])
    }

    fn event(&mut self, event_id: &str) -> Result<Option<Event>> {
        Ok(first(self.query(
            &queries::EVENT_BY_ID,
            &[SqlValue::Text(event_id.to_owned())],
            event_row,
        )?))
    }

    fn events_unlocked(&mut self, event_ids: &[String]) -> Result<HashMap<String, Event>> {
        let ids = serde_json::to_string(event_ids).expect("strings serialize");
        let events = self.query(&queries::EVENTS_BY_IDS, &[SqlValue::Text(ids)], event_row)?;
        Ok(events
            .into_iter()
            .map(|e| (e.event_id.clone(), e))
            .collect())
    }

    fn event_recorded_at(&mut self, event_id: &str) -> Result<Option<i64>> {
        Ok(first(self.query(
            queries::EVENT_RECORDED_AT,
            &[SqlValue::Text(event_id.to_owned())],
            |row| row.get(0),
        )?))
    }

    fn put_event(&mut self, e: &Event) -> Result<()> {
        rows::write_events(&self.tx, [e], OnConflict::Replace).map(drop)
    }

    fn insert_event(&mut self, e: &Event) -> Result<bool> {
        Ok(self.insert_events(&[e])?[0])
    }

    fn insert_events(&mut self, events: &[&Event]) -> Result<Vec<bool>> {
        let changed = rows::write_events(&self.tx, events.iter().copied(), OnConflict::Keep)?;
        Ok(changed.into_iter().map(|n| n == 1).collect())
    }

    fn events(&mut self, filter: &EventFilter, limit: i64) -> Result<Vec<Event>> {
        self.run(queries::events(filter, limit), event_row)
    }

    fn count_events(&mut self, filter: &EventFilter) -> Result<i64> {
        self.run_count(queries::count_events(filter))
    }

    fn count_subscriptions(&mut self, filter: &SubscriptionFilter) -> Result<i64> {
        self.run_count(queries::count_subscriptions(filter))
    }

    fn subscription(&mut self, sub_id: &str) -> Result<Option<Subscription>> {
        Ok(first(self.query(
            &queries::SUBSCRIPTION_BY_ID,
            &[SqlValue::Text(sub_id.to_owned())],
            subscription_row,
        )?))
    }

    fn subscription_meta(&mut self, sub_id: &str) -> Result<Option<Object>> {
        let found = self.query(
            "SELECT meta FROM subscriptions WHERE sub_id = ?1",
            &[SqlValue::Text(sub_id.to_owned())],
            |row| from_json::<Object>(row, 0),
        )?;
        Ok(first(found))
    }

    fn delete_subscription(&mut self, sub_id: &str) -> Result<()> {
        self.remove_subscription(sub_id)
    }

    fn put_subscription(&mut self, s: &Subscription) -> Result<()> {
        self.write_subscription(s)
    }

    fn subscriptions(
        &mut self,
        filter: &SubscriptionFilter,
        limit: i64,
    ) -> Result<Vec<Subscription>> {
        self.run(queries::subscriptions(filter, limit), subscription_row)
    }

    fn matches(&mut self) -> &mut Matches {
        &mut self.matches
    }

    fn subscriptions_of_type(
        &mut self,
        event_type: &str,
        active_only: bool,
    ) -> Result<Vec<Subscription>> {
        let keys: Vec<SqlValue> = type_keys(event_type)
            .into_iter()
            .map(SqlValue::Text)
            .collect();
        let sql = queries::subscriptions_of_type(keys.len(), active_only);
        self.query(&sql, &keys, subscription_row)
    }

    fn delivery(&mut self, delivery_id: &str) -> Result<Option<Delivery>> {
        if let Some(kept) = self.holding.as_mut().and_then(|h| h.take(delivery_id)) {
            return Ok(Some(kept));
        }
        Ok(first(self.query(
            &queries::DELIVERY_BY_ID,
            &[SqlValue::Text(delivery_id.to_owned())],
            delivery_row,
        )?))
    }

    fn put_delivery(&mut self, d: &Delivery) -> Result<()> {
        let replaced = self.query(
            "SELECT status, transport, client_id FROM deliveries WHERE delivery_id = ?1",
            &[SqlValue::Text(d.delivery_id.clone())],
            |row| Ok((parsed(row, 0)?, parsed(row, 1)?, row.get::<_, String>(2)?)),
        )?;
        rows::write_deliveries(&self.tx, [d], OnConflict::Replace)?;
        if let Some(holding) = &mut self.holding {
            holding.forget(&d.delivery_id);
        }
        self.counts.replaced(first(replaced), d);
        Ok(())
    }

    fn insert_delivery(&mut self, d: &Delivery) -> Result<bool> {
        Ok(self.insert_deliveries(std::slice::from_ref(d))?[0])
    }

    fn insert_deliveries(&mut self, deliveries: &[Delivery]) -> Result<Vec<bool>> {
        let changed = rows::write_deliveries(&self.tx, deliveries, OnConflict::Keep)?;
        Ok(deliveries
            .iter()
            .zip(changed)
            .map(|(d, n)| {
                if n == 1 {
                    self.counts.added(d);
                }
                n == 1
            })
            .collect())
    }

    fn update_delivery(&mut self, was: Stage, d: &Delivery) -> Result<()> {
        // Only the columns a transition changes, so indexes on the others
        // (creation time, event and attempt) are left alone. The condition
        // makes sure the row is in the group the change is counted against.
        let mut stmt = self
            .tx
            .prepare_cached(queries::TRANSITION)
            .map_err(|e| sql_error(&e))?;
        let changed = stmt
            .execute(params![
                d.delivery_id,
                d.stage().as_str(),
                d.claimed_by,
                d.last_error,
                json_text(&d.meta),
                d.updated_at,
                d.next_attempt_at,
                d.claimed_at,
                d.lease_expires_at,
                d.delivered_at,
                was.as_str(),
                d.transport.as_str(),
                d.client_id,
                d.claims,
                d.created_at,
            ])
            .map_err(|e| sql_error(&e))?;
        if changed != 1 {
            return Err(not_as_read(&d.delivery_id, was));
        }
        drop(stmt);
        if let Some(holding) = &mut self.holding {
            holding.wrote(d);
        }
        self.counts.moved(was, d);
        Ok(())
    }

    fn deliveries(&mut self, filter: &DeliveryFilter, limit: i64) -> Result<Vec<Delivery>> {
        let rare = self.type_is_rare(filter)?;
        self.run(queries::deliveries(filter, rare, limit), delivery_row)
    }

    fn claimable(
        &mut self,
        filter: &DeliveryFilter,
        now: i64,
        limit: i64,
    ) -> Result<Vec<Delivery>> {
        // Two ranges, merged here: as one compound query SQLite sorted
        // both again.
        let mut found = self.run(queries::queued_due(filter, now, limit), delivery_row)?;
        found.extend(self.run(
            queries::lapsed_in_claim_order(filter, now, limit),
            delivery_row,
        )?);
        Ok(first_in_claim_order(found, limit))
    }

    fn count_claimable(&mut self, filter: &DeliveryFilter, now: i64) -> Result<i64> {
        if kept::kept_counts_serve(filter) {
            return kept::claimable_count(self, filter, now);
        }
        self.run_count(queries::count_claimable(filter, now))
    }

    fn expired_leases(
        &mut self,
        filter: &DeliveryFilter,
        now: i64,
        limit: i64,
    ) -> Result<Vec<Delivery>> {
        self.run(queries::expired_leases(filter, now, limit), delivery_row)
    }

    fn attempts(&mut self, event_id: &str, sub_id: &str) -> Result<Vec<Delivery>> {
        let params = [
            SqlValue::Text(event_id.to_owned()),
            SqlValue::Text(sub_id.to_owned()),
        ];
        self.query(&queries::attempts(), &params, delivery_row)
    }

    fn event_deliveries(&mut self, event_id: &str) -> Result<Vec<Delivery>> {
        let params = [SqlValue::Text(event_id.to_owned())];
        self.query(&ledger::event_deliveries(), &params, delivery_row)
    }

    fn dead_letters(
        &mut self,
        filter: &DeliveryFilter,
        before: Option<&Cursor>,
        limit: i64,
    ) -> Result<Vec<Delivery>> {
        let rare = self.type_is_rare(filter)?;
        self.run(
            ledger::dead_letters(filter, rare, before, limit),
            delivery_row,
        )
    }

    fn count_dead(&mut self, filter: &DeliveryFilter) -> Result<i64> {
        let rare = self.type_is_rare(filter)?;
        self.run_count(ledger::count_dead(filter, rare))
    }

    fn delete_deliveries(&mut self, deliveries: &[Delivery]) -> Result<()> {
        let mut stmt = self
            .tx
            .prepare_cached(ledger::DELETE_DELIVERY)
            .map_err(|e| sql_error(&e))?;
        for d in deliveries {
            if let Some(holding) = &mut self.holding {
                holding.forget(&d.delivery_id);
            }
            if stmt
                .execute(params![d.delivery_id])
                .map_err(|e| sql_error(&e))?
                == 1
            {
                self.counts.add(d.stage(), d.transport, &d.client_id, -1);
            }
        }
        Ok(())
    }

    fn delete_event(&mut self, event_id: &str) -> Result<()> {
        self.execute(ledger::DELETE_EVENT, params![event_id])
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
        self.secret_rows(sub_id)
    }

    fn put_secret(&mut self, secret: &Secret) -> Result<()> {
        self.write_secret(secret)
    }

    fn delete_secrets(&mut self, sub_id: &str, keep: Option<&str>) -> Result<()> {
        self.delete_secrets_except(sub_id, keep)
    }

    fn ids_starting(&mut self, kind: IdKind, prefix: &str, limit: i64) -> Result<Vec<String>> {
        let params = [
            SqlValue::Text(prefix.to_owned()),
            SqlValue::Text(range_end(prefix)),
        ];
        self.query(&ledger::ids_starting(kind, limit), &params, |row| {
            row.get(0)
        })
    }

    fn events_after(&mut self, after: &str, limit: i64) -> Result<Vec<Event>> {
        let sql = format!(
            "SELECT {EVENT_COLUMNS} FROM events WHERE event_id > ?1 ORDER BY event_id LIMIT ?2"
        );
        self.query(
            &sql,
            &[SqlValue::Text(after.to_owned()), SqlValue::Integer(limit)],
            event_row,
        )
    }

    fn subscriptions_after(&mut self, after: &str, limit: i64) -> Result<Vec<Subscription>> {
        let sql = format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE sub_id > ?1 ORDER BY sub_id LIMIT ?2"
        );
        self.query(
            &sql,
            &[SqlValue::Text(after.to_owned()), SqlValue::Integer(limit)],
            subscription_row,
        )
    }

    fn deliveries_after(&mut self, after: &str, limit: i64) -> Result<Vec<Delivery>> {
        let sql = format!(
            "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE delivery_id > ?1 ORDER BY delivery_id LIMIT ?2"
        );
        self.query(
            &sql,
            &[SqlValue::Text(after.to_owned()), SqlValue::Integer(limit)],
            delivery_row,
        )
    }

    fn recount_deliveries(&mut self) -> Result<()> {
        // Changes not yet written would be counted twice.
        self.counts.clear();
        counts::recount(&self.tx)
    }

    fn delivery_counts(&mut self, filter: &DeliveryFilter, now: i64) -> Result<DeliveryCounts> {
        if !kept::kept_counts_serve(filter) {
            return self.counted_from_rows(filter, now);
        }
        kept::delivery_counts(self, filter, now)
    }
}
