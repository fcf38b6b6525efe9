//! The kept delivery counts on PostgreSQL (`delivery_counts`): a
//! transaction's changes written in one statement to the rows of one slot,
//! read back summed over the slots with the changes not yet written, and
//! counted again from the rows on request; and counted from the rows where
//! a filter asks more than the kept counts can tell.

use super::super::rows::Query;
use super::pending::Params;
use super::{LEASE_EXPIRED, PostgresTx};
use crate::core::records::error::Result;
use crate::core::storage::{DeliveryCounts, DeliveryFilter};
use crate::store::counts::{CountChange, KeptCounts};
use std::hash::{BuildHasher, Hasher};

/// How many rows each count is spread over.
const SLOTS: u64 = 16;

/// Adds a transaction's changes to the rows of slot `$5`, in the order
/// given (the same order in every transaction, so none deadlock).
const ADD_COUNTS: &str = "INSERT INTO delivery_counts (status, transport, client_id, slot, n) \
     SELECT status, transport, client_id, $5, n \
     FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS c(status, transport, client_id, n) \
     ON CONFLICT (status, transport, client_id, slot) DO UPDATE SET n = delivery_counts.n + excluded.n";

/// The counts that depend on the time, each served by an index of its own.
pub(in crate::store::postgres) mod counts_sql {
    /// Queued deliveries due after `$1`, from the index of scheduled ones.
    pub const SCHEDULED: &str = "SELECT count(*) FROM deliveries \
         WHERE status = 'queued' AND next_attempt_at > 0 AND next_attempt_at > $1";

    /// Claimed deliveries whose lease ran out by `$1`, from the index of leases.
    pub const EXPIRED: &str = "SELECT count(*) FROM deliveries \
         WHERE status = 'claimed' AND lease_expires_at > 0 AND lease_expires_at <= $1";
}

/// A count that depends on the time (`sql`, with `$1` the time) of the
/// deliveries a filter the kept counts serve selects (client, transport):
/// its small index serves it, not the larger ones on client or transport,
/// which would read every queued delivery of that client.
pub(in crate::store::postgres) fn time_count(
    sql: &str,
    filter: &DeliveryFilter,
    now: i64,
) -> Query {
    debug_assert!(crate::store::counts::kept_counts_serve(filter));
    let mut q = Query::with_now(now).unindexed(filter);
    q.sql = format!("{sql}{}", q.sql);
    q
}

/// A slot for this transaction's count changes, picked at random.
pub(super) fn random_slot() -> i16 {
    let random = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    (random % SLOTS) as i16
}

/// The four columns of count changes, as arrays.
fn columns(changes: &[CountChange]) -> (Vec<String>, Vec<String>, Vec<String>, Vec<i64>) {
    let text = |f: fn(&CountChange) -> String| changes.iter().map(f).collect();
    (
        text(|c| c.0.as_str().to_owned()),
        text(|c| c.1.as_str().to_owned()),
        text(|c| c.2.clone()),
        changes.iter().map(|c| c.3).collect(),
    )
}

impl PostgresTx<'_> {
    /// The statement adding this transaction's count changes, and its
    /// parameters; `None` when nothing changed. Part of the statement that
    /// closes the transaction, so that the count rows stay locked for as
    /// short a time as the commit takes.
    pub(super) fn count_params(&mut self) -> Option<(&'static str, Params)> {
        let changes = self.counts.take();
        if changes.is_empty() {
            return None;
        }
        let (status, transport, client, n) = columns(&changes);
        Some((
            ADD_COUNTS,
            vec![
                Box::new(status),
                Box::new(transport),
                Box::new(client),
                Box::new(n),
                Box::new(self.slot),
            ],
        ))
    }

    /// The statement adding to the tallies this transaction added to, and
    /// its parameters; `None` when it added to none.
    pub(super) fn tally_params(&mut self) -> Option<(&'static str, Params)> {
        let rows = self.tallies.take();
        if rows.is_empty() {
            return None;
        }
        let by: Vec<i64> = rows.iter().map(|r| r.2).collect();
        let (names, labels): (Vec<String>, Vec<String>) = rows
            .into_iter()
            .map(|(name, labels, _)| (name, labels))
            .unzip();
        Some((
            crate::store::tallies::ADD_IN_SLOT,
            vec![
                Box::new(names),
                Box::new(labels),
                Box::new(by),
                Box::new(self.slot),
            ],
        ))
    }

    /// Counts every delivery again. Writers that change counts meanwhile
    /// wait for it (the table lock), so none is lost or counted twice.
    pub(super) fn recount(&mut self) -> Result<()> {
        self.counts.clear();
        for sql in [
            "LOCK TABLE delivery_counts IN SHARE ROW EXCLUSIVE MODE",
            "DELETE FROM delivery_counts",
            "INSERT INTO delivery_counts (status, transport, client_id, slot, n) \
             SELECT status, transport, client_id, 0, count(*) FROM deliveries \
             GROUP BY status, transport, client_id",
        ] {
            self.execute(sql, &[])?;
        }
        Ok(())
    }

    fn count_where(&mut self, sql: &str, filter: &DeliveryFilter, now: i64) -> Result<i64> {
        self.count(time_count(sql, filter, now))
    }
}

/// The kept counts of the groups `filter` selects, with `changes` (not yet
/// written) added, as `$1..$4`: status, transport, client, n. Without
/// changes, the rows alone: quicker for a new server process (a command
/// of its own) to plan, and a claim asks it first thing, before it has
/// changed anything.
fn kept_query(changes: &[CountChange], filter: &DeliveryFilter) -> Query {
    let groups = |rows: &str, filter: &str| {
        format!(
            "SELECT status, transport, client_id, sum(n)::bigint AS n FROM {rows} WHERE TRUE{filter} \
             GROUP BY status, transport, client_id HAVING sum(n) > 0"
        )
    };
    if changes.is_empty() {
        let mut q = Query::default().deliveries(filter);
        q.sql = groups("delivery_counts", &q.sql);
        return q;
    }
    let (status, transport, client, n) = columns(changes);
    let mut q = Query {
        params: vec![
            Box::new(status),
            Box::new(transport),
            Box::new(client),
            Box::new(n),
        ],
        ..Query::default()
    }
    .deliveries(filter);
    q.sql = groups(
        "( \
             SELECT status, transport, client_id, n FROM delivery_counts \
             UNION ALL \
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) \
         ) AS c(status, transport, client_id, n)",
        &q.sql,
    );
    q
}

/// [`crate::store::counts::claimable_count`] as one statement: the queued
/// groups of the kept counts, less those due after `now`, plus the lapsed
/// leases, each count read as [`time_count`] reads it. A claim asks for it
/// before every batch; three statements were three round trips.
pub(in crate::store::postgres) fn claimable_query(
    changes: &[CountChange],
    filter: &DeliveryFilter,
    now: i64,
) -> Query {
    debug_assert!(crate::store::counts::kept_counts_serve(filter));
    let mut q = kept_query(changes, &filter.without_status());
    let kept = std::mem::take(&mut q.sql);
    let now = q.bind(now);
    let mut q = q.unindexed(filter);
    let [scheduled, expired] = [counts_sql::SCHEDULED, counts_sql::EXPIRED]
        .map(|sql| format!("{}{}", sql.replace("$1", &now), q.sql));
    q.sql = format!(
        "SELECT coalesce((SELECT sum(k.n) FROM ({kept}) AS k WHERE k.status = 'queued'), 0)::bigint \
              - ({scheduled}) + ({expired})"
    );
    q
}

impl PostgresTx<'_> {
    /// How many deliveries a claim could take at `now`, for a filter the
    /// kept counts serve (see [`claimable_query`]).
    pub(super) fn claimable_from_kept(&mut self, filter: &DeliveryFilter, now: i64) -> Result<i64> {
        let changes = self.counts.changes();
        self.count(claimable_query(&changes, filter, now))
    }
}

impl KeptCounts for PostgresTx<'_> {
    fn kept(&mut self, filter: &DeliveryFilter) -> Result<Vec<(String, String, String, i64)>> {
        // The changes not yet written are added in the query rather than
        // written first: writing them would lock count rows for the rest
        // of the transaction.
        let changes = self.counts.changes();
        self.run(kept_query(&changes, filter), |row| {
            Ok((row.get(0), row.get(1), row.get(2), row.get(3)))
        })
    }

    fn scheduled(&mut self, filter: &DeliveryFilter, now: i64) -> Result<i64> {
        self.count_where(counts_sql::SCHEDULED, filter, now)
    }

    fn expired(&mut self, filter: &DeliveryFilter, now: i64) -> Result<i64> {
        self.count_where(counts_sql::EXPIRED, filter, now)
    }
}

impl PostgresTx<'_> {
    /// Counts by reading the deliveries a filter selects, for the filters
    /// the kept counts cannot serve.
    pub(super) fn counted_from_rows(
        &mut self,
        filter: &DeliveryFilter,
        now: i64,
    ) -> Result<DeliveryCounts> {
        let rare_type = self.type_is_rare(filter)?;
        let mut q = Query {
            rare_type,
            ..Query::with_now(now)
        }
        .deliveries(filter);
        q.sql = format!(
            "SELECT status, transport, client_id, count(*), \
                    count(*) FILTER (WHERE status = 'queued' AND (next_attempt_at <= 0 OR next_attempt_at <= $1)), \
                    count(*) FILTER (WHERE status = 'queued' AND next_attempt_at > 0 AND next_attempt_at > $1), \
                    count(*) FILTER (WHERE {LEASE_EXPIRED}), \
                    count(*) FILTER (WHERE status = 'claimed' AND (lease_expires_at <= 0 OR lease_expires_at > $1)) \
             FROM deliveries WHERE TRUE{} GROUP BY status, transport, client_id",
            q.sql
        );
        type Group = (String, String, String, [i64; 5]);
        let groups: Vec<Group> = self.run(q, |row| {
            Ok((
                row.get(0),
                row.get(1),
                row.get(2),
                [row.get(3), row.get(4), row.get(5), row.get(6), row.get(7)],
            ))
        })?;
        Ok(DeliveryCounts::from_groups(groups))
    }
}
