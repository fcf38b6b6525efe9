//! How a transaction's statements run: prepared once per connection, each
//! read preceded by the writes waiting in the transaction, and the row
//! reads and writes the trait's methods share.

use super::super::pg_error;
use super::super::rows::{
    DeliveryTexts, EventTexts, Query, delivery_values, event_row, event_values, subscription_row,
};
use super::PostgresTx;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, Event, Subscription};
use crate::core::storage::DeliveryFilter;
use crate::store::sql::{
    DELIVERY_COLUMNS, EVENT_COLUMNS, RARE_TYPE_EVENTS, SUBSCRIPTION_COLUMNS, rare_type_probe,
};
use postgres::types::ToSql;
use postgres::{Row, Statement};
use std::sync::LazyLock;

impl PostgresTx<'_> {
    /// `sql` prepared (once per connection), to run next: the planner
    /// settings it needs are set first.
    pub(super) fn statement(&mut self, sql: &str) -> Result<Statement> {
        self.plan_as_wanted()?;
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self
            .tx
            .prepare(sql)
            .map_err(|e| pg_error(&e, "cannot prepare a statement"))?;
        self.statements.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }

    pub(super) fn rows<T>(
        &mut self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
        map: fn(&Row) -> Result<T>,
    ) -> Result<Vec<T>> {
        self.flush()?;
        self.rows_beside_pending(sql, params, map)
    }

    /// [`Self::rows`] of a query that cannot see the pending transitions
    /// (they change only `deliveries`, which it does not read): they stay
    /// pending, so a completion of 500 that reads each one's event is
    /// still one `UPDATE`, not 500.
    pub(super) fn rows_beside_pending<T>(
        &mut self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
        map: fn(&Row) -> Result<T>,
    ) -> Result<Vec<T>> {
        let statement = self.statement(sql)?;
        let rows = self
            .tx
            .query(&statement, params)
            .map_err(|e| pg_error(&e, "query failed"))?;
        rows.iter().map(map).collect()
    }

    pub(super) fn run<T>(&mut self, query: Query, map: fn(&Row) -> Result<T>) -> Result<Vec<T>> {
        let params: Vec<&(dyn ToSql + Sync)> = query.params.iter().map(|p| p.as_ref()).collect();
        self.rows(&query.sql, &params, map)
    }

    pub(super) fn execute(&mut self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<u64> {
        self.flush()?;
        let statement = self.statement(sql)?;
        self.tx
            .execute(&statement, params)
            .map_err(|e| pg_error(&e, "write failed"))
    }

    pub(super) fn count(&mut self, query: Query) -> Result<i64> {
        Ok(self
            .run(query, |row| Ok(row.get::<_, i64>(0)))?
            .into_iter()
            .next()
            .unwrap_or(0))
    }

    /// Whether `filter`'s event type, if any, has few enough events to find
    /// its deliveries through them (see [`RARE_TYPE_EVENTS`]).
    pub(super) fn type_is_rare(&mut self, filter: &DeliveryFilter) -> Result<bool> {
        static PROBE: LazyLock<String> = LazyLock::new(|| rare_type_probe("$1"));
        match filter.event_type.as_deref().filter(|t| !t.is_empty()) {
            None => Ok(false),
            Some(event_type) => {
                let found = self.rows(&PROBE, &[&event_type], |row| Ok(row.get::<_, i64>(0)))?;
                Ok(found.first().copied().unwrap_or(0) <= RARE_TYPE_EVENTS)
            }
        }
    }

    /// A delivery read with its meta's text (see
    /// [`super::super::rows::delivery_with_meta`]); in a writing
    /// transaction, whose reads lock the rows they will change, the meta
    /// is kept until the row is written.
    pub(super) fn read_to_write(&mut self, (d, meta): (Delivery, String)) -> Delivery {
        if self.write {
            self.meta_read.insert(d.delivery_id.clone(), meta);
        }
        d
    }

    /// `delivery_id`'s row is written otherwise than by a transition: what
    /// was read of it ahead no longer holds.
    pub(super) fn row_written(&mut self, delivery_id: &str) {
        self.prefetched.remove(delivery_id);
        self.meta_read.remove(delivery_id);
    }

    /// ` FOR UPDATE` in a writing transaction.
    pub(super) fn lock(&self) -> &'static str {
        if self.write { " FOR UPDATE" } else { "" }
    }

    pub(super) fn event_with(&mut self, event_id: &str, lock: &str) -> Result<Option<Event>> {
        let sql = format!("SELECT {EVENT_COLUMNS} FROM events WHERE event_id = $1{lock}");
        Ok(self
            .rows_beside_pending(&sql, &[&event_id], event_row)?
            .into_iter()
            .next())
    }

    pub(super) fn subscription_with(
        &mut self,
        sub_id: &str,
        lock: &str,
    ) -> Result<Option<Subscription>> {
        let sql =
            format!("SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE sub_id = $1{lock}");
        Ok(self
            .rows_beside_pending(&sql, &[&sub_id], subscription_row)?
            .into_iter()
            .next())
    }

    pub(super) fn write_event(&mut self, e: &Event, conflict: &str) -> Result<u64> {
        self.load.met_event(&e.event_id);
        let sql = format!(
            "INSERT INTO events ({EVENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) {conflict}"
        );
        let texts = EventTexts::of(e);
        self.execute(&sql, &event_values(e, &texts))
    }

    pub(super) fn write_delivery(&mut self, d: &Delivery, conflict: &str) -> Result<u64> {
        self.load.met_delivery(&d.delivery_id);
        let sql = format!(
            "INSERT INTO deliveries ({DELIVERY_COLUMNS}) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) {conflict}"
        );
        let texts = DeliveryTexts::of(d);
        self.execute(&sql, &delivery_values(d, &texts))
    }
}
