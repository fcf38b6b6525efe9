//! The lanes of ordered subscriptions in PostgreSQL: the statements behind
//! [`LaneRows`], and the rest of what `Tx` asks of lanes. A lane's row is
//! locked by the first statement of a transaction that adds to it or moves
//! its head, and stays locked to the commit.

use super::PostgresTx;
use crate::core::records::error::Result;
use crate::core::records::model::Transport;
use crate::store::counts::CountChanges;
use crate::store::lanes::{LaneChanges, LaneHolder, LaneRows, Recording};
use crate::store::postgres::rows::{Query, parsed};

/// Deliveries held in no lane (set aside while their subscription is
/// held), by subscription: read off the index of held deliveries.
pub(in crate::store::postgres) const SET_ASIDE_BY_SUB: &str = "SELECT sub_id, count(*) FROM deliveries \
     WHERE status = 'held' AND lane = 0 GROUP BY sub_id ORDER BY sub_id";
pub(in crate::store::postgres) const TAKE_BLOCK: &str = "INSERT INTO lanes (sub_id, subject, blocks) VALUES ($1, $2, 1) \
     ON CONFLICT (sub_id, subject) DO UPDATE SET blocks = lanes.blocks + 1 RETURNING lane_id, blocks";
pub(in crate::store::postgres) const HEAD: &str = "SELECT head, dead FROM lanes WHERE lane_id = $1";
/// Clears the heads left, `lane_id = ANY($1)` keeping the planner on the
/// key whatever it guesses of the arrays.
pub(in crate::store::postgres) const CLEAR_HEADS: &str = "UPDATE lanes SET head = 0, dead = FALSE \
     FROM unnest($1::bigint[], $2::bigint[]) AS l(lane, seq) \
     WHERE lanes.lane_id = ANY($1) AND lanes.lane_id = l.lane AND lanes.head = l.seq RETURNING lanes.lane_id";
pub(in crate::store::postgres) const SET_DEAD: &str =
    "UPDATE lanes SET dead = $3 WHERE lane_id = $1 AND head = $2";
/// For every lane of `$1` with no head, in one statement (run after the
/// lanes are locked, so it sees what their other writers committed): the
/// lowest held place is queued and made the head.
pub(in crate::store::postgres) const QUEUE_FIRST_HELD: &str = "WITH next AS ( \
       SELECT lanes.lane_id AS lane, \
              (SELECT min(d.lane_seq) FROM deliveries AS d WHERE d.status = 'held' AND d.lane = lanes.lane_id) AS seq \
       FROM lanes WHERE lanes.lane_id = ANY($1) AND lanes.head = 0), \
     heads AS (UPDATE lanes SET head = next.seq FROM next \
               WHERE lanes.lane_id = ANY($1) AND lanes.lane_id = next.lane AND next.seq IS NOT NULL) \
     UPDATE deliveries AS d SET status = 'queued' FROM next \
     WHERE d.status = 'held' AND d.lane = ANY($1) AND d.lane = next.lane AND d.lane_seq = next.seq \
     RETURNING d.transport, d.client_id";
pub(in crate::store::postgres) const RELEASE_HELD: &str = "UPDATE deliveries SET status = 'queued' \
     WHERE sub_id = $1 AND status = 'held' RETURNING transport, client_id";
pub(in crate::store::postgres) const TAKE_RECORDING_BLOCK: &str =
    "SELECT nextval('recording_blocks')";
pub(in crate::store::postgres) const DROP_LANES: &str = "DELETE FROM lanes WHERE sub_id = $1";
pub(in crate::store::postgres) const WAITS_FOR: &str = "SELECT d.delivery_id FROM lanes \
     JOIN deliveries AS d ON d.lane = lanes.lane_id AND d.lane_seq = lanes.head AND d.lane > 0 \
     WHERE lanes.lane_id = $1 AND lanes.head > 0 ORDER BY d.attempt DESC LIMIT 1";
pub(in crate::store::postgres) const SUBJECTS_WAITING: &str =
    "SELECT count(DISTINCT lane) FROM deliveries WHERE status = 'held' AND lane > 0";
/// Held in no lane: set aside while their subscription is held.
pub(in crate::store::postgres) const SET_ASIDE: &str =
    "SELECT count(*) FROM deliveries WHERE status = 'held' AND lane = 0";
pub(in crate::store::postgres) const HELD_BY_DEAD: &str = "SELECT count(*) FROM lanes WHERE dead";

fn transport_client(row: &postgres::Row) -> Result<(Transport, String)> {
    Ok((parsed(row, 0)?, row.get(1)))
}

impl LaneHolder for PostgresTx<'_> {
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
        let block = self.rows(TAKE_RECORDING_BLOCK, &[], |row| Ok(row.get(0)))?;
        Ok(block[0])
    }

    fn release_lanes(&mut self, sub_id: &str) -> Result<Vec<(Transport, String)>> {
        let queued = self.rows(RELEASE_HELD, &[&sub_id], transport_client)?;
        self.execute(DROP_LANES, &[&sub_id])?;
        Ok(queued)
    }

    fn head_delivery(&mut self, lane: i64) -> Result<Option<String>> {
        Ok(self
            .rows(WAITS_FOR, &[&lane], |row| Ok(row.get(0)))?
            .into_iter()
            .next())
    }

    fn set_aside_by_sub(&mut self) -> Result<Vec<(String, i64)>> {
        self.rows(SET_ASIDE_BY_SUB, &[], |row| Ok((row.get(0), row.get(1))))
    }

    fn lanes_waiting(&mut self) -> Result<(i64, i64, i64)> {
        let count = |tx: &mut Self, sql: &str| {
            tx.count(Query {
                sql: sql.to_owned(),
                ..Query::default()
            })
        };
        // The lanes held by a dead head are few of many: read off their
        // partial index, which without statistics the planner passes over.
        let subjects = count(self, SUBJECTS_WAITING)?;
        let held_by_dead = self.by_index(|tx| count(tx, HELD_BY_DEAD))?;
        let set_aside = count(self, SET_ASIDE)?;
        Ok((subjects, held_by_dead, set_aside))
    }

    fn queued_some(&mut self) {
        self.made_ready = true;
    }
}

impl LaneRows for PostgresTx<'_> {
    fn take_block(&mut self, sub_id: &str, subject: &str) -> Result<(i64, i64)> {
        let taken = self.rows(TAKE_BLOCK, &[&sub_id, &subject], |row| {
            Ok((row.get(0), row.get(1)))
        })?;
        Ok(taken[0])
    }

    fn head(&mut self, lane: i64) -> Result<Option<(i64, bool)>> {
        Ok(self
            .rows(HEAD, &[&lane], |row| Ok((row.get(0), row.get(1))))?
            .into_iter()
            .next())
    }

    fn set_dead(&mut self, lane: i64, seq: i64, dead: bool) -> Result<()> {
        self.execute(SET_DEAD, &[&lane, &seq, &dead]).map(drop)
    }

    fn move_on(&mut self, left: &[(i64, i64)], joined: &[i64]) -> Result<Vec<(Transport, String)>> {
        // Two statements whatever the number of lanes: the heads left are
        // cleared (locking their lanes), then every headless lane takes its
        // next, in a statement that sees what other writers committed.
        let mut lanes = joined.to_vec();
        if !left.is_empty() {
            let ids: Vec<i64> = left.iter().map(|(lane, _)| *lane).collect();
            let seqs: Vec<i64> = left.iter().map(|(_, seq)| *seq).collect();
            let cleared: Vec<i64> = self.rows(CLEAR_HEADS, &[&ids, &seqs], |row| Ok(row.get(0)))?;
            lanes.extend(cleared);
        }
        if lanes.is_empty() {
            return Ok(Vec::new());
        }
        self.rows(QUEUE_FIRST_HELD, &[&lanes], transport_client)
    }
}
