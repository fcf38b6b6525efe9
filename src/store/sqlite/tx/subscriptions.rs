//! Subscriptions as written, with the rows that match them by event type,
//! and their signing secrets.

use super::SqliteTx;
use crate::core::records::error::Result;
use crate::core::records::model::{Secret, Subscription};
use crate::store::sql::{SUBSCRIPTION_REPLACE, SUBSCRIPTION_TABLES};
use crate::store::sqlite::queries::SUBSCRIPTION_COLUMNS;
use crate::store::sqlite::rows::json_text;
use rusqlite::params;
use rusqlite::types::Value as SqlValue;

impl SqliteTx<'_> {
    /// Removes the subscription and what is kept for it but its deliveries.
    pub(super) fn remove_subscription(&mut self, sub_id: &str) -> Result<()> {
        self.matches.clear();
        for table in SUBSCRIPTION_TABLES {
            self.execute(
                &format!("DELETE FROM {table} WHERE sub_id = ?1"),
                params![sub_id],
            )?;
        }
        Ok(())
    }

    /// Writes the subscription and the rows that match it by event type.
    pub(super) fn write_subscription(&mut self, s: &Subscription) -> Result<()> {
        self.matches.clear();
        let run = |sql: &str, values: &[&dyn rusqlite::ToSql]| self.execute(sql, values).map(drop);
        run(
            &format!(
                "INSERT INTO subscriptions ({SUBSCRIPTION_COLUMNS}) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) {SUBSCRIPTION_REPLACE}"
            ),
            params![
                s.sub_id,
                s.client_id,
                json_text(&s.event_types),
                s.target,
                s.transport.as_str(),
                s.endpoint,
                s.status.as_str(),
                json_text(&s.filters),
                json_text(&s.meta),
                s.created_at,
                s.updated_at,
            ],
        )?;
        run(
            "DELETE FROM subscription_types WHERE sub_id = ?1",
            params![s.sub_id],
        )?;
        for event_type in &s.event_types {
            run(
                "INSERT INTO subscription_types (event_type, sub_id) VALUES (?1, ?2)",
                params![event_type, s.sub_id],
            )?;
        }
        Ok(())
    }

    /// The subscription's signing secrets, newest first.
    pub(super) fn secret_rows(&mut self, sub_id: &str) -> Result<Vec<Secret>> {
        self.query(
            "SELECT sub_id, secret, created_at FROM subscription_secrets WHERE sub_id = ?1 \
             ORDER BY seq DESC",
            &[SqlValue::Text(sub_id.to_owned())],
            |row| {
                Ok(Secret {
                    sub_id: row.get(0)?,
                    secret: row.get(1)?,
                    created_at: row.get(2)?,
                })
            },
        )
    }

    /// Adds a secret, or makes a known one the newest again.
    pub(super) fn write_secret(&mut self, secret: &Secret) -> Result<()> {
        self.execute(
            "INSERT INTO subscription_secrets (sub_id, secret, created_at, seq) \
             VALUES (?1, ?2, ?3, (SELECT coalesce(max(seq), 0) + 1 FROM subscription_secrets WHERE sub_id = ?1)) \
             ON CONFLICT DO UPDATE SET created_at = excluded.created_at, seq = excluded.seq",
            params![secret.sub_id, secret.secret, secret.created_at],
        )
        .map(drop)
    }

    /// Removes the subscription's secrets but `keep`, if any.
    pub(super) fn delete_secrets_except(&mut self, sub_id: &str, keep: Option<&str>) -> Result<()> {
        self.execute(
            "DELETE FROM subscription_secrets WHERE sub_id = ?1 AND secret IS NOT ?2",
            params![sub_id, keep],
        )
        .map(drop)
    }
}
