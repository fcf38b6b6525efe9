//! The planner settings each statement of a transaction runs under. Without
//! table statistics (right after an import, autovacuum off) the planner
//! guesses row counts that would make it read whole tables or whole
//! indexes; the reads that must walk an index in its order, or find rows
//! by a small index, set it up for that first, and the rest run under the
//! defaults. Settings change only between statements that need others.

use super::PostgresTx;
use crate::core::records::error::Result;
use crate::store::postgres::pg_error;

/// Set in a transaction before it reads a page in an index's order (a
/// claim, a list). Without table statistics (right after an import,
/// autovacuum off) the planner guesses that few rows are queued, and would
/// fetch them all through a bitmap of any index of queued rows and sort
/// them: a claim, or a list of queued deliveries, would read the whole
/// queue. Without bitmaps it reads the first rows of the index in the
/// page's order and stops. Whole-table scans are off too: guessing that
/// few rows are delivered, it would read every row and sort them rather
/// than walk the deliveries newest first until the page is full.
pub const ORDER_PLANNER: &str = "SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off";
/// Set again once the page is read.
const PLANNER_DEFAULTS: &str = "SET LOCAL enable_bitmapscan = on; SET LOCAL enable_seqscan = on";
/// For a statement that must read its key or a small partial index:
/// without table statistics (a table grown since it was last analysed,
/// autovacuum off) the planner may read the whole table instead.
pub const INDEX_PLANNER: &str = "SET LOCAL enable_bitmapscan = on; SET LOCAL enable_seqscan = off";

/// The planner settings a statement runs under. Set only when a statement
/// needs others than the last one ran under: a worker's turn runs several
/// reads by key in a row, each of which set and reset them, two round
/// trips, before this.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Planner {
    Defaults,
    /// [`INDEX_PLANNER`].
    Index,
    /// [`ORDER_PLANNER`].
    Order,
}

impl Planner {
    /// The settings that take a transaction from any other to this one.
    fn settings(self) -> &'static str {
        match self {
            Planner::Defaults => PLANNER_DEFAULTS,
            Planner::Index => INDEX_PLANNER,
            Planner::Order => ORDER_PLANNER,
        }
    }
}

impl PostgresTx<'_> {
    /// Brings the planner settings to what the next statement needs, if
    /// they are not already.
    pub(super) fn plan_as_wanted(&mut self) -> Result<()> {
        if let Some(wanted) = self.planner_wanted
            && wanted != self.planner
        {
            self.tx
                .batch_execute(wanted.settings())
                .map_err(|e| pg_error(&e, "cannot set the planner"))?;
            self.planner = wanted;
        }
        Ok(())
    }

    /// `read` under `planner` (`None`: those in force); the statements
    /// after it under those wanted before (the defaults, outside any
    /// other), set when the next one is prepared.
    fn planned<T>(
        &mut self,
        planner: Option<Planner>,
        read: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let outside = std::mem::replace(&mut self.planner_wanted, planner);
        let found = self.plan_as_wanted().and_then(|()| read(self));
        self.planner_wanted = outside;
        found
    }

    /// `read` of rows by their key, which every planner setting reads
    /// through it: it runs under the settings in force.
    pub(super) fn keyed<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        self.planned(None, read)
    }

    /// `read` with the planner kept off whole-table scans ([`Planner::Index`]).
    pub(super) fn by_index<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        self.planned(Some(Planner::Index), read)
    }

    /// `read` by keys, with the planner kept off whole-table scans: under
    /// [`Planner::Order`] if that is in force (which keeps it off them
    /// too, and finds rows by a key as well), else [`Planner::Index`]. A
    /// claim's transitions follow its reads in order: they need not set
    /// the planner again, a round trip of every claim.
    pub(super) fn off_table_scans<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let planner = match self.planner {
            Planner::Order => Planner::Order,
            _ => Planner::Index,
        };
        self.planned(Some(planner), read)
    }

    /// `read` with the planner reading pages in an index's order
    /// ([`Planner::Order`]); the pending writes go first.
    pub(super) fn in_order<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        self.flush()?;
        self.planned(Some(Planner::Order), read)
    }
}

#[cfg(test)]
mod tests {
    use super::PostgresTx;
    use crate::store::postgres::test_schema;
    use postgres::{Client, NoTls};
    use std::collections::HashMap;

    /// (enable_seqscan, enable_bitmapscan) as the next statement sees them.
    fn settings(tx: &mut PostgresTx<'_>) -> (String, String) {
        let sql = "SELECT current_setting('enable_seqscan'), current_setting('enable_bitmapscan')";
        let found = tx.rows_beside_pending(sql, &[], |row| Ok((row.get(0), row.get(1))));
        found.unwrap().remove(0)
    }

    fn pair(seqscan: &str, bitmapscan: &str) -> (String, String) {
        (seqscan.to_owned(), bitmapscan.to_owned())
    }

    #[test]
    #[cfg_attr(
        not(outbox_test_pg),
        ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
    )]
    fn each_read_runs_under_the_planner_it_asks_for_and_the_rest_under_the_defaults() {
        let Some((mut admin, schema, url)) = test_schema("outbox_planner") else {
            return;
        };
        let mut client = Client::connect(&url, NoTls).unwrap();
        let mut statements = HashMap::new();
        let mut tx = PostgresTx::new(client.transaction().unwrap(), &mut statements, true);
        let defaults = pair("on", "on");
        let by_index = pair("off", "on");
        let in_order = pair("off", "off");
        assert_eq!(settings(&mut tx), defaults);
        assert_eq!(tx.by_index(|tx| Ok(settings(tx))).unwrap(), by_index);
        // A read by key keeps what is in force, inside another or not.
        assert_eq!(tx.keyed(|tx| Ok(settings(tx))).unwrap(), by_index);
        let inside = tx.in_order(|tx| Ok((settings(tx), tx.keyed(|tx| Ok(settings(tx)))?)));
        assert_eq!(inside.unwrap(), (in_order.clone(), in_order));
        // A read by key inside a read by index leaves the rest of it by index.
        let nested = tx.by_index(|tx| tx.keyed(|tx| Ok(settings(tx))).map(|_| settings(tx)));
        assert_eq!(nested.unwrap(), by_index);
        assert_eq!(settings(&mut tx), defaults);
        drop(tx);
        admin
            .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
            .unwrap();
    }
}
