//! Rows read in key order on PostgreSQL: the walks an export takes through
//! every table, and the ids that start with a prefix a command was given.

use super::super::rows::{delivery_row, event_row, subscription_row};
use super::PostgresTx;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, Event, Subscription};
use crate::core::records::prefix::{IdKind, range_end};
use crate::store::sql::{DELIVERY_COLUMNS, EVENT_COLUMNS, SUBSCRIPTION_COLUMNS};

impl PostgresTx<'_> {
    /// Up to `limit` ids of `kind` starting with `prefix`, in order.
    pub(super) fn ids_with_prefix(
        &mut self,
        kind: IdKind,
        prefix: &str,
        limit: i64,
    ) -> Result<Vec<String>> {
        let (table, column) = crate::store::id_column(kind);
        let sql = format!(
            "SELECT {column} FROM {table} WHERE {column} >= $1 AND {column} < $2 ORDER BY {column} LIMIT {limit}"
        );
        let end = range_end(prefix);
        self.rows(&sql, &[&prefix, &end], |row| Ok(row.get(0)))
    }

    pub(super) fn event_walk(&mut self, after: &str, limit: i64) -> Result<Vec<Event>> {
        let sql = format!(
            "SELECT {EVENT_COLUMNS} FROM events WHERE event_id > $1 ORDER BY event_id LIMIT $2"
        );
        self.rows(&sql, &[&after, &limit], event_row)
    }

    pub(super) fn subscription_walk(
        &mut self,
        after: &str,
        limit: i64,
    ) -> Result<Vec<Subscription>> {
        let sql = format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE sub_id > $1 ORDER BY sub_id LIMIT $2"
        );
        self.rows(&sql, &[&after, &limit], subscription_row)
    }

    pub(super) fn delivery_walk(&mut self, after: &str, limit: i64) -> Result<Vec<Delivery>> {
        let sql = format!(
            "SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE delivery_id > $1 ORDER BY delivery_id LIMIT $2"
        );
        self.rows(&sql, &[&after, &limit], delivery_row)
    }
}
