//! Subscription health rows in the SQLite file. The write transaction is
//! the whole file's, so a row read in it is already held.

use super::SqliteTx;
use crate::core::records::error::Result;
use crate::core::records::health::Health;
use crate::core::storage::healths::Healths;
use crate::store::health::{HEALTH_COLUMNS, HEALTH_REPLACE, moved, window_of, window_text};
use rusqlite::types::Value as SqlValue;
use rusqlite::{Row, params};

fn select(condition: &str) -> String {
    format!("SELECT {HEALTH_COLUMNS} FROM subscription_health WHERE {condition}")
}

pub(super) const INSERT: &str = "INSERT INTO subscription_health (sub_id, limited, failures, failing_since, \
     last_success_at, last_failure_at, last_error, trips, open_until, probe, probe_until, paused_until, \
     disabled_at, disabled_reason, rate_window, guards, breaker) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)";
pub(super) const PARK: &str = "UPDATE deliveries SET status = 'held' \
     WHERE sub_id = ?1 AND status = 'queued' AND lane = 0 RETURNING transport, client_id";
pub(super) const UNPARK: &str = "UPDATE deliveries SET status = 'queued' \
     WHERE sub_id = ?1 AND status = 'held' AND lane = 0 RETURNING transport, client_id";
pub(super) const DELETE: &str = "DELETE FROM subscription_health WHERE sub_id = ?1";
pub(super) const IN_FLIGHT: &str = "SELECT count(*) FROM deliveries WHERE sub_id = ?1 AND status = 'claimed' \
     AND (lease_expires_at = 0 OR lease_expires_at > ?2)";

fn health_row(row: &Row<'_>) -> rusqlite::Result<Health> {
    Ok(Health {
        sub_id: row.get(0)?,
        limited: row.get(1)?,
        failures: row.get(2)?,
        failing_since: row.get(3)?,
        last_success_at: row.get(4)?,
        last_failure_at: row.get(5)?,
        last_error: row.get(6)?,
        trips: row.get(7)?,
        open_until: row.get(8)?,
        probe: row.get(9)?,
        probe_until: row.get(10)?,
        paused_until: row.get(11)?,
        disabled_at: row.get(12)?,
        disabled_reason: row.get(13)?,
        window: window_of(&row.get::<_, String>(14)?),
        breaker: row.get(16)?,
    })
}

impl Healths for SqliteTx<'_> {
    fn health(&mut self, sub_id: &str) -> Result<Option<Health>> {
        let sql = select("sub_id = ?1");
        let found = self.query(&sql, &[SqlValue::Text(sub_id.to_owned())], health_row)?;
        Ok(found.into_iter().next())
    }

    fn healths(&mut self) -> Result<Vec<Health>> {
        self.query(&select("1 ORDER BY sub_id"), &[], health_row)
    }

    fn guarding_healths(&mut self) -> Result<Vec<Health>> {
        self.query(&select("guards = 1"), &[], health_row)
    }

    fn lock_health(&mut self, sub_id: &str, _wait: bool) -> Result<Option<Health>> {
        self.health(sub_id)
    }

    fn put_health(&mut self, h: &Health) -> Result<()> {
        if h.is_blank() {
            return self.execute(DELETE, params![h.sub_id]).map(drop);
        }
        self.execute(
            &format!("{INSERT} {HEALTH_REPLACE}"),
            params![
                h.sub_id,
                h.limited,
                h.failures,
                h.failing_since,
                h.last_success_at,
                h.last_failure_at,
                h.last_error,
                h.trips,
                h.open_until,
                h.probe,
                h.probe_until,
                h.paused_until,
                h.disabled_at,
                h.disabled_reason,
                window_text(h),
                h.guards(),
                h.breaker,
            ],
        )
        .map(drop)
    }

    fn in_flight(&mut self, sub_id: &str, now: i64) -> Result<i64> {
        self.count(
            IN_FLIGHT,
            &[SqlValue::Text(sub_id.to_owned()), SqlValue::Integer(now)],
        )
    }

    fn park(&mut self, sub_id: &str) -> Result<usize> {
        let rows = self.queued_rows(PARK, params![sub_id])?;
        moved(&mut self.counts, &rows, true);
        Ok(rows.len())
    }

    fn unpark(&mut self, sub_id: &str) -> Result<usize> {
        let rows = self.queued_rows(UNPARK, params![sub_id])?;
        moved(&mut self.counts, &rows, false);
        Ok(rows.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::storage::DeliveryFilter;
    use crate::store::sqlite::plans::{assert_indexed, database, plan};
    use crate::store::sqlite::queries::{Query, queued_due};

    #[test]
    fn health_statements_read_their_index() {
        let conn = database();
        let guarding = Query {
            sql: select("guards = 1"),
            params: Vec::new(),
        };
        let found = plan(&conn, &guarding);
        assert!(found.contains("subscription_health_guarding"), "{found}");
        let in_flight = Query {
            sql: IN_FLIGHT.to_owned(),
            params: vec![SqlValue::Text("sub_a".into()), SqlValue::Integer(100)],
        };
        let found = plan(&conn, &in_flight);
        // Claimed deliveries are the few in flight: all of them, by lease.
        assert!(found.contains("deliveries_by_lease"), "{found}");
        assert_indexed(&conn, "in flight", &in_flight, false);
        // A claim that leaves subscriptions out still reads the queue in
        // claim order, one statement whatever their number.
        let except = DeliveryFilter {
            except_subs: vec!["sub_a".into(), "sub_b".into()],
            ..DeliveryFilter::default()
        };
        let claim = queued_due(&except, 100, 10);
        assert_indexed(&conn, "claim leaving some out", &claim, true);
        let three = DeliveryFilter {
            except_subs: vec!["a".into(), "b".into(), "c".into()],
            ..DeliveryFilter::default()
        };
        assert_eq!(queued_due(&three, 100, 10).sql, claim.sql);
    }
}
