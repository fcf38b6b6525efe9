//! Tallies added to in a transaction (see `core::tallies`), summed so
//! that each row is written once, just before the commit, whatever the
//! number of changes that added to it: a worker's turn of 500 completions
//! writes a few rows, not 500.

use std::collections::HashMap;

/// SQLite's statement for each changed tally: the row made, or added to.
pub(crate) const ADD: &str = "INSERT INTO tallies (name, labels, value) VALUES ($1, $2, $3) \
     ON CONFLICT (name, labels) DO UPDATE SET value = tallies.value + excluded.value";

/// PostgreSQL's, for every changed tally at once, in the transaction's
/// slot (`$4`).
pub(crate) const ADD_IN_SLOT: &str = "INSERT INTO tallies (name, labels, slot, value) \
     SELECT n, l, $4, v FROM unnest($1::text[], $2::text[], $3::bigint[]) AS t (n, l, v) \
     ON CONFLICT (name, labels, slot) DO UPDATE SET value = tallies.value + excluded.value";

/// Every tally, its slots added up, for `stats --format prometheus`.
pub(crate) const ALL: &str = "SELECT name, labels, CAST(sum(value) AS BIGINT) FROM tallies \
     GROUP BY name, labels ORDER BY name, labels";

#[derive(Default)]
pub(crate) struct Pending {
    by_row: HashMap<(String, String), i64>,
}

impl Pending {
    pub(crate) fn add(&mut self, name: String, labels: String, by: i64) {
        *self.by_row.entry((name, labels)).or_default() += by;
    }

    /// The changes, in one order (so writers meeting on the same rows lock
    /// them alike and never deadlock), forgotten here: being written.
    pub(crate) fn take(&mut self) -> Vec<(String, String, i64)> {
        let mut rows: Vec<_> = self
            .by_row
            .drain()
            .filter(|(_, by)| *by != 0)
            .map(|((name, labels), by)| (name, labels, by))
            .collect();
        rows.sort_unstable();
        rows
    }
}

/// Attempts finished per minute since `$2` (delivered by when they were
/// delivered, failed by when they failed), among the attempts created
/// since `$1`: read by creation time from `$1` on, so a chart costs the
/// window's attempts, not the ledger's.
pub(crate) const FINISHED_PER_MINUTE: &str = "SELECT minute, CAST(sum(delivered) AS BIGINT), \
     CAST(sum(failed) AS BIGINT) FROM ( \
     SELECT delivered_at / 60 AS minute, 1 AS delivered, 0 AS failed FROM deliveries \
     WHERE status = 'delivered' AND created_at >= $1 AND delivered_at >= $2 \
     UNION ALL \
     SELECT updated_at / 60, 0, 1 FROM deliveries \
     WHERE status = 'failed' AND created_at >= $1 AND updated_at >= $2 \
     ) AS finished GROUP BY minute ORDER BY minute";
