//! Subscription health rows in PostgreSQL. A claim takes a limited
//! subscription's room under its row's lock, skipping a row another
//! claimer holds; recording outcomes waits for it.

use super::PostgresTx;
use crate::core::records::error::Result;
use crate::core::records::health::Health;
use crate::core::storage::healths::Healths;
use crate::store::health::{HEALTH_COLUMNS, HEALTH_REPLACE, moved, window_of, window_text};
use crate::store::postgres::rows::parsed;

fn transport_client(
    row: &postgres::Row,
) -> Result<(crate::core::records::model::Transport, String)> {
    Ok((parsed(row, 0)?, row.get(1)))
}

pub(in crate::store::postgres) const INSERT: &str = "INSERT INTO subscription_health (sub_id, limited, \
     failures, failing_since, last_success_at, last_failure_at, last_error, trips, open_until, probe, \
     probe_until, paused_until, disabled_at, disabled_reason, rate_window, guards, breaker) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)";
pub(in crate::store::postgres) const PARK: &str = "UPDATE deliveries SET status = 'held' \
     WHERE sub_id = $1 AND status = 'queued' AND lane = 0 RETURNING transport, client_id";
pub(in crate::store::postgres) const UNPARK: &str = "UPDATE deliveries SET status = 'queued' \
     WHERE sub_id = $1 AND status = 'held' AND lane = 0 RETURNING transport, client_id";
pub(in crate::store::postgres) const DELETE: &str =
    "DELETE FROM subscription_health WHERE sub_id = $1";
pub(in crate::store::postgres) const IN_FLIGHT: &str = "SELECT count(*) FROM deliveries \
     WHERE sub_id = $1 AND status = 'claimed' AND (lease_expires_at = 0 OR lease_expires_at > $2)";

pub(in crate::store::postgres) fn select(condition: &str) -> String {
    format!("SELECT {HEALTH_COLUMNS} FROM subscription_health WHERE {condition}")
}

fn health_row(row: &postgres::Row) -> Result<Health> {
    Ok(Health {
        sub_id: row.get(0),
        limited: row.get(1),
        failures: row.get(2),
        failing_since: row.get(3),
        last_success_at: row.get(4),
        last_failure_at: row.get(5),
        last_error: row.get(6),
        trips: row.get(7),
        open_until: row.get(8),
        probe: row.get(9),
        probe_until: row.get(10),
        paused_until: row.get(11),
        disabled_at: row.get(12),
        disabled_reason: row.get(13),
        window: window_of(row.get(14)),
        breaker: row.get(16),
    })
}

impl Healths for PostgresTx<'_> {
    fn health(&mut self, sub_id: &str) -> Result<Option<Health>> {
        let found = self.keyed(|tx| tx.rows(&select("sub_id = $1"), &[&sub_id], health_row))?;
        Ok(found.into_iter().next())
    }

    fn healths(&mut self) -> Result<Vec<Health>> {
        self.rows(&select("TRUE ORDER BY sub_id"), &[], health_row)
    }

    fn guarding_healths(&mut self) -> Result<Vec<Health>> {
        // Few rows of many: read off their partial index, which without
        // statistics the planner passes over.
        self.by_index(|tx| tx.rows(&select("guards"), &[], health_row))
    }

    fn lock_health(&mut self, sub_id: &str, wait: bool) -> Result<Option<Health>> {
        if !self.write {
            return self.health(sub_id);
        }
        let sql = if wait {
            select("sub_id = $1 FOR UPDATE")
        } else {
            select("sub_id = $1 FOR UPDATE SKIP LOCKED")
        };
        let found = self.keyed(|tx| tx.rows(&sql, &[&sub_id], health_row))?;
        Ok(found.into_iter().next())
    }

    fn put_health(&mut self, h: &Health) -> Result<()> {
        if h.is_blank() {
            return self.execute(DELETE, &[&h.sub_id]).map(drop);
        }
        let window = window_text(h);
        let guards = h.guards();
        self.execute(
            &format!("{INSERT} {HEALTH_REPLACE}"),
            &[
                &h.sub_id,
                &h.limited,
                &h.failures,
                &h.failing_since,
                &h.last_success_at,
                &h.last_failure_at,
                &h.last_error,
                &h.trips,
                &h.open_until,
                &h.probe,
                &h.probe_until,
                &h.paused_until,
                &h.disabled_at,
                &h.disabled_reason,
                &window,
                &guards,
                &h.breaker,
            ],
        )
        .map(drop)
    }

    fn in_flight(&mut self, sub_id: &str, now: i64) -> Result<i64> {
        Ok(self
            .rows(IN_FLIGHT, &[&sub_id, &now], |row| Ok(row.get::<_, i64>(0)))?
            .into_iter()
            .next()
            .unwrap_or(0))
    }

    fn park(&mut self, sub_id: &str) -> Result<usize> {
        let rows = self.rows(PARK, &[&sub_id], transport_client)?;
        moved(&mut self.counts, &rows, true);
        Ok(rows.len())
    }

    fn unpark(&mut self, sub_id: &str) -> Result<usize> {
        let rows = self.rows(UNPARK, &[&sub_id], transport_client)?;
        moved(&mut self.counts, &rows, false);
        if !rows.is_empty() {
            // Workers waiting on a notice hear of them at the commit.
            self.made_ready = true;
        }
        Ok(rows.len())
    }
}
