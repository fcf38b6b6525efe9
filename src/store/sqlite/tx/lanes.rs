//! The lanes of ordered subscriptions in the SQLite file: the statements
//! behind [`LaneRows`], and the rest of what `Tx` asks of lanes.

use super::SqliteTx;
use crate::core::records::error::Result;
use crate::core::records::model::Transport;
use crate::store::counts::CountChanges;
use crate::store::lanes::{LaneChanges, LaneHolder, LaneRows, Recording};
use crate::store::sqlite::rows::parsed;
use crate::store::sqlite::sql_error;
use rusqlite::{OptionalExtension, params};

pub(super) const TAKE_BLOCK: &str = "INSERT INTO lanes (sub_id, subject, blocks) VALUES (?1, ?2, 1) \
     ON CONFLICT (sub_id, subject) DO UPDATE SET blocks = blocks + 1 RETURNING lane_id, blocks";
pub(super) const HEAD: &str = "SELECT head, dead FROM lanes WHERE lane_id = ?1";
pub(super) const MOVE_HEAD: &str =
    "UPDATE lanes SET head = ?3, dead = 0 WHERE lane_id = ?1 AND head = ?2";
pub(super) const SET_DEAD: &str = "UPDATE lanes SET dead = ?3 WHERE lane_id = ?1 AND head = ?2";
/// `+?1`, not `?1`: with a bare parameter SQLite plans these again on every
/// bind, to see whether the lane it names meets the condition of
/// `deliveries_in_lane` (`lane > 0`); an expression it cannot know ahead.
/// Held rows are read by lane (`deliveries_held`), not through the index of
/// held, failed and canceled rows by time, which holds them too.
pub(super) const FIRST_HELD: &str = "SELECT lane_seq FROM deliveries INDEXED BY deliveries_held \
     WHERE status = 'held' AND lane = +?1 ORDER BY lane_seq LIMIT 1";
pub(super) const PROMOTE: &str = "UPDATE deliveries INDEXED BY deliveries_held SET status = 'queued' \
     WHERE status = 'held' AND lane = +?1 AND lane_seq = ?2 RETURNING transport, client_id";
pub(super) const SET_HEAD: &str = "UPDATE lanes SET head = ?2 WHERE lane_id = ?1";
pub(super) const RELEASE_HELD: &str = "UPDATE deliveries SET status = 'queued' \
     WHERE sub_id = ?1 AND status = 'held' RETURNING transport, client_id";
pub(super) const TAKE_RECORDING_BLOCK: &str =
    "UPDATE recording_blocks SET n = n + 1 WHERE id = 1 RETURNING n";
pub(super) const DROP_LANES: &str = "DELETE FROM lanes WHERE sub_id = ?1";
/// The attempts at the head's place, its latest the one waited for. The
/// place is read first (joined, SQLite walked the lane's whole history),
/// and the few attempts are compared here (sorted there, the statement
/// was planned again on every bind).
pub(super) const WAITS_FOR: &str = "SELECT delivery_id, attempt FROM deliveries \
     WHERE lane = ?1 AND lane > 0 AND lane_seq = (SELECT head FROM lanes WHERE lane_id = ?1 AND head > 0)";
pub(super) const SUBJECTS_WAITING: &str = "SELECT count(DISTINCT lane) FROM deliveries \
     INDEXED BY deliveries_held WHERE status = 'held' AND lane > 0";
/// Held in no lane: set aside while their subscription is held.
pub(super) const SET_ASIDE: &str =
    "SELECT count(*) FROM deliveries INDEXED BY deliveries_held WHERE status = 'held' AND lane = 0";
/// Deliveries held in no lane (set aside while their subscription is
/// held), by subscription.
pub(super) const SET_ASIDE_BY_SUB: &str = "SELECT sub_id, count(*) FROM deliveries INDEXED BY deliveries_held \
     WHERE status = 'held' AND lane = 0 GROUP BY sub_id ORDER BY sub_id";
pub(super) const HELD_BY_DEAD: &str = "SELECT count(*) FROM lanes WHERE dead = 1";

impl SqliteTx<'_> {
    fn one<T>(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
        map: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Option<T>> {
        let mut stmt = self.tx.prepare_cached(sql).map_err(|e| sql_error(&e))?;
        stmt.query_row(params, map)
            .optional()
            .map_err(|e| sql_error(&e))
    }

    /// Runs an update that answers the (transport, client) of each row.
    pub(super) fn queued_rows(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
    ) -> Result<Vec<(Transport, String)>> {
        let mut stmt = self.tx.prepare_cached(sql).map_err(|e| sql_error(&e))?;
        let rows = stmt
            .query_map(params, |row| Ok((parsed(row, 0)?, row.get(1)?)))
            .map_err(|e| sql_error(&e))?;
        rows.collect::<rusqlite::Result<_>>()
            .map_err(|e| sql_error(&e))
    }
}

impl LaneHolder for SqliteTx<'_> {
    fn lane_changes(&mut self) -> &mut LaneChanges {
        &mut self.lanes
    }

    fn count_changes(&mut self) -> &mut CountChanges {
        &mut self.counts
    }

    fn recording(&mut self) -> &mut Recording {
        &mut self.recording
    }

    fn take_recording_block(&mut self) -> Result<i64> {
        let block = self.one(TAKE_RECORDING_BLOCK, [], |row| row.get(0))?;
        Ok(block.expect("recording_blocks holds its one row"))
    }

    fn release_lanes(&mut self, sub_id: &str) -> Result<Vec<(Transport, String)>> {
        let queued = self.queued_rows(RELEASE_HELD, params![sub_id])?;
        self.execute(DROP_LANES, params![sub_id])?;
        Ok(queued)
    }

    fn head_delivery(&mut self, lane: i64) -> Result<Option<String>> {
        let mut stmt = self
            .tx
            .prepare_cached(WAITS_FOR)
            .map_err(|e| sql_error(&e))?;
        let attempts = stmt
            .query_map(params![lane], |row| {
                Ok((row.get::<_, i64>(1)?, row.get::<_, String>(0)?))
            })
            .map_err(|e| sql_error(&e))?;
        let attempts: Vec<(i64, String)> = attempts
            .collect::<rusqlite::Result<_>>()
            .map_err(|e| sql_error(&e))?;
        Ok(attempts.into_iter().max().map(|(_, id)| id))
    }

    fn set_aside_by_sub(&mut self) -> Result<Vec<(String, i64)>> {
        self.query(SET_ASIDE_BY_SUB, &[], |row| Ok((row.get(0)?, row.get(1)?)))
    }

    fn lanes_waiting(&mut self) -> Result<(i64, i64, i64)> {
        Ok((
            self.count(SUBJECTS_WAITING, &[])?,
            self.count(HELD_BY_DEAD, &[])?,
            self.count(SET_ASIDE, &[])?,
        ))
    }
}

impl LaneRows for SqliteTx<'_> {
    fn take_block(&mut self, sub_id: &str, subject: &str) -> Result<(i64, i64)> {
        let taken = self.one(TAKE_BLOCK, params![sub_id, subject], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?;
        Ok(taken.expect("an upsert with RETURNING answers its row"))
    }

    fn head(&mut self, lane: i64) -> Result<Option<(i64, bool)>> {
        self.one(HEAD, params![lane], |row| Ok((row.get(0)?, row.get(1)?)))
    }

    fn set_dead(&mut self, lane: i64, seq: i64, dead: bool) -> Result<()> {
        self.execute(SET_DEAD, params![lane, seq, dead]).map(drop)
    }

    fn move_on(&mut self, left: &[(i64, i64)], joined: &[i64]) -> Result<Vec<(Transport, String)>> {
        // One writer at a time: the first held place is read, then the
        // head moved to it, three statements a lane.
        let mut queued = Vec::new();
        for &(lane, seq) in left {
            let next: Option<i64> = self.one(FIRST_HELD, params![lane], |row| row.get(0))?;
            let moved = self.execute(MOVE_HEAD, params![lane, seq, next.unwrap_or(0)])? == 1;
            if let Some(next) = next.filter(|_| moved) {
                queued.extend(self.queued_rows(PROMOTE, params![lane, next])?);
            }
        }
        for &lane in joined {
            if LaneRows::head(self, lane)?.is_some_and(|(head, _)| head == 0)
                && let Some(next) =
                    self.one(FIRST_HELD, params![lane], |row| row.get::<_, i64>(0))?
            {
                queued.extend(self.queued_rows(PROMOTE, params![lane, next])?);
                self.execute(SET_HEAD, params![lane, next])?;
            }
        }
        Ok(queued)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::storage::DeliveryFilter;
    use crate::store::sqlite::plans::{assert_indexed, database, plan};
    use crate::store::sqlite::queries::{Query, queued_due};
    use rusqlite::types::Value as SqlValue;

    fn numbers(sql: &str, numbers: &[i64]) -> Query {
        Query {
            sql: sql.to_owned(),
            params: numbers.iter().map(|n| SqlValue::Integer(*n)).collect(),
        }
    }

    #[test]
    fn lane_statements_read_their_index() {
        let conn = database();
        for (name, sql, n) in [
            ("head", HEAD, 1),
            ("move head", MOVE_HEAD, 3),
            ("set dead", SET_DEAD, 3),
            ("set head", SET_HEAD, 2),
        ] {
            let found = plan(&conn, &numbers(sql, &[1, 2, 3][..n]));
            assert!(
                found.contains("SEARCH lanes USING INTEGER PRIMARY KEY"),
                "{name}:\n{found}"
            );
        }
        let found = plan(&conn, &numbers(FIRST_HELD, &[1]));
        assert!(
            found.contains("deliveries_held (lane=?)"),
            "first held:\n{found}"
        );
        assert!(!found.contains("TEMP B-TREE"), "first held:\n{found}");
        for (name, sql, n, index) in [
            (
                "promote",
                PROMOTE,
                2,
                "deliveries_held (lane=? AND lane_seq=?)",
            ),
            ("subjects waiting", SUBJECTS_WAITING, 0, "deliveries_held"),
            ("set aside", SET_ASIDE, 0, "deliveries_held"),
            (
                "set aside by subscription",
                SET_ASIDE_BY_SUB,
                0,
                "deliveries_held",
            ),
            (
                "held by a dead letter",
                HELD_BY_DEAD,
                0,
                "lanes_held_by_dead",
            ),
        ] {
            let query = numbers(sql, &[1, 2][..n]);
            let found = plan(&conn, &query);
            assert!(found.contains(index), "{name} reads {index}:\n{found}");
            assert_indexed(&conn, name, &query, true);
        }
        let waits_for = numbers(WAITS_FOR, &[1]);
        let found = plan(&conn, &waits_for);
        assert!(
            found.contains("deliveries_in_lane (lane=? AND lane_seq=?)"),
            "waits for:\n{found}"
        );
        assert_indexed(&conn, "waits for", &waits_for, true);
        let by_sub = Query {
            sql: RELEASE_HELD.to_owned(),
            params: vec![SqlValue::Text("sub_a".into())],
        };
        // Held rows of every subscription, each checked: no index by
        // subscription holds held rows.
        let found = plan(&conn, &by_sub);
        assert!(found.contains("deliveries_by_status (status=?)"), "{found}");
        let found = plan(
            &conn,
            &Query {
                sql: DROP_LANES.to_owned(),
                ..by_sub
            },
        );
        assert!(found.contains("(sub_id=?)"), "{found}");
    }

    /// The deliveries held behind their heads are outside the range a
    /// claim reads: with 10,000 of them older than the one claimable
    /// delivery, a claim steps through a handful of rows, not 10,000.
    #[test]
    fn a_claim_never_passes_over_held_deliveries() {
        let conn = database();
        let insert = |id: i64, status: &str, lane: i64| {
            conn.execute(
                "INSERT INTO deliveries VALUES (printf('delv_%024d', ?1), 'evt', 'sub_a', 'c', 'poll', '', ?2, 1, \
                 '', '', '{}', ?1, ?1, 0, 0, 0, 0, ?3, ?1, 0)",
                rusqlite::params![id, status, lane],
            )
            .unwrap();
        };
        for i in 0..10_000 {
            insert(i, "held", 1 + i % 1_000);
        }
        insert(20_000, "queued", 0);
        let claim = queued_due(&DeliveryFilter::default(), 30_000, 10);
        let mut stmt = conn.prepare(&claim.sql).unwrap();
        let found: Vec<String> = stmt
            .query_map(rusqlite::params_from_iter(&claim.params), |row| row.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(found, [format!("delv_{:024}", 20_000)]);
        let steps = stmt.get_status(rusqlite::StatementStatus::VmStep);
        assert!(steps < 200, "the claim stepped {steps} times");
    }
}
