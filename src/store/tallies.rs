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

/// Changes by tally name, then labels: looked up by reference, so adding
/// to a tally already changed allocates nothing.
#[derive(Default)]
pub(crate) struct Pending {
    by_name: HashMap<String, HashMap<String, i64>>,
}

impl Pending {
    pub(crate) fn add(&mut self, name: &str, labels: &str, by: i64) {
        let by_labels = match self.by_name.get_mut(name) {
            Some(by_labels) => by_labels,
            None => self.by_name.entry(name.to_owned()).or_default(),
        };
        match by_labels.get_mut(labels) {
            Some(sum) => *sum += by,
            None => {
                by_labels.insert(labels.to_owned(), by);
            }
        }
    }

    /// The changes, in one order (so writers meeting on the same rows lock
    /// them alike and never deadlock), forgotten here: being written.
    pub(crate) fn take(&mut self) -> Vec<(String, String, i64)> {
        let mut rows: Vec<_> = self
            .by_name
            .drain()
            .flat_map(|(name, by_labels)| {
                by_labels
                    .into_iter()
                    .filter(|(_, by)| *by != 0)
                    .map(move |(labels, by)| (name.clone(), labels, by))
            })
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

#[cfg(test)]
mod tests {
    use super::Pending;

    #[test]
    fn changes_to_one_row_are_summed_and_taken_in_order() {
        let mut pending = Pending::default();
        pending.add("b", "{}", 2);
        pending.add("a", r#"{"x":"2"}"#, 1);
        pending.add("a", r#"{"x":"1"}"#, 5);
        pending.add("b", "{}", 3);
        pending.add("a", r#"{"x":"2"}"#, -1);
        assert_eq!(
            pending.take(),
            [
                ("a".to_owned(), r#"{"x":"1"}"#.to_owned(), 5),
                ("b".to_owned(), "{}".to_owned(), 5),
            ]
        );
        assert!(pending.take().is_empty(), "taken once");
    }
}
