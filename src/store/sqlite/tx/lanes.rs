//! The lanes of ordered subscriptions in the SQLite file: the statements
//! behind [`LaneRows`], and the rest of what `Tx` asks of lanes.

use super::SqliteTx;
use crate::core::error::Result;
use crate::core::model::Transport;
use crate::core::ordering::Waiting;
use crate::core::storage::DeliveryFilter;
use crate::store::counts::CountChanges;
use crate::store::counts::KeptCounts;
use crate::store::lanes::{LaneChanges, LaneHolder, LaneRows, released};
use crate::store::sqlite::rows::parsed;
use crate::store::sqlite::sql_error;
use rusqlite::{OptionalExtension, params};

pub(super) const TAKE_BLOCK: &str = "INSERT INTO lanes (sub_id, subject, blocks) VALUES (?1, ?2, 1) \
     ON CONFLICT (sub_id, subject) DO UPDATE SET blocks = blocks + 1 RETURNING lane_id, blocks";
pub(super) const HEAD: &str = "SELECT head, dead FROM lanes WHERE lane_id = ?1";
pub(super) const CLEAR_HEAD: &str =
    "UPDATE lanes SET head = 0, dead = 0 WHERE lane_id = ?1 AND head = ?2";
pub(super) const SET_DEAD: &str = "UPDATE lanes SET dead = ?3 WHERE lane_id = ?1 AND head = ?2";
pub(super) const FIRST_HELD: &str = "SELECT lane_seq FROM deliveries \
     WHERE status = 'held' AND lane = ?1 ORDER BY lane_seq LIMIT 1";
pub(super) const PROMOTE: &str = "UPDATE deliveries SET status = 'queued' \
     WHERE status = 'held' AND lane = ?1 AND lane_seq = ?2 RETURNING transport, client_id";
pub(super) const SET_HEAD: &str = "UPDATE lanes SET head = ?2 WHERE lane_id = ?1";
pub(super) const RELEASE_HELD: &str = "UPDATE deliveries SET status = 'queued' \
     WHERE sub_id = ?1 AND status = 'held' RETURNING transport, client_id";
pub(super) const DROP_LANES: &str = "DELETE FROM lanes WHERE sub_id = ?1";
pub(super) const WAITS_FOR: &str = "SELECT d.delivery_id FROM lanes \
     JOIN deliveries AS d ON d.lane = lanes.lane_id AND d.lane_seq = lanes.head AND d.lane > 0 \
     WHERE lanes.lane_id = ?1 AND lanes.head > 0 ORDER BY d.attempt DESC LIMIT 1";
pub(super) const SUBJECTS_WAITING: &str =
    "SELECT count(DISTINCT lane) FROM deliveries WHERE status = 'held'";
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
    fn queued_rows(
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

    fn clear_head(&mut self, lane: i64, seq: i64) -> Result<bool> {
        Ok(self.execute(CLEAR_HEAD, params![lane, seq])? == 1)
    }

    fn set_dead(&mut self, lane: i64, seq: i64, dead: bool) -> Result<()> {
        self.execute(SET_DEAD, params![lane, seq, dead]).map(drop)
    }

    fn first_held(&mut self, lane: i64) -> Result<Option<i64>> {
        self.one(FIRST_HELD, params![lane], |row| row.get(0))
    }

    fn promote(&mut self, lane: i64, seq: i64) -> Result<Vec<(Transport, String)>> {
        let queued = self.queued_rows(PROMOTE, params![lane, seq])?;
        self.execute(SET_HEAD, params![lane, seq])?;
        Ok(queued)
    }
}

pub(super) fn drop_all(tx: &mut SqliteTx<'_>, sub_id: &str) -> Result<()> {
    let queued = tx.queued_rows(RELEASE_HELD, params![sub_id])?;
    released(&mut tx.counts, &queued);
    tx.execute(DROP_LANES, params![sub_id]).map(drop)
}

pub(super) fn waits_for(tx: &mut SqliteTx<'_>, lane: i64) -> Result<Option<String>> {
    tx.one(WAITS_FOR, params![lane], |row| row.get(0))
}

pub(super) fn waiting(tx: &mut SqliteTx<'_>) -> Result<Waiting> {
    let held: i64 = tx
        .kept(&DeliveryFilter::default().held())?
        .iter()
        .map(|(_, _, _, n)| n)
        .sum();
    Ok(Waiting {
        deliveries: held,
        subjects: tx.count(SUBJECTS_WAITING, &[])?,
        held_by_dead: tx.count(HELD_BY_DEAD, &[])?,
    })
}
