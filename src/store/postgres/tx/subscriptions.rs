//! Subscriptions as written, with the rows that match them by event type,
//! and their signing secrets.

use super::PostgresTx;
use crate::core::records::error::Result;
use crate::core::records::model::{Secret, Subscription};
use crate::store::postgres::rows::json_text;
use crate::store::sql::{SUBSCRIPTION_COLUMNS, SUBSCRIPTION_REPLACE, SUBSCRIPTION_TABLES};

impl PostgresTx<'_> {
    /// Writes the subscription and the rows that match it by event type.
    pub(super) fn write_subscription(&mut self, s: &Subscription) -> Result<()> {
        self.matches.clear();
        self.metas.clear();
        let sql = format!(
            "INSERT INTO subscriptions ({SUBSCRIPTION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) {SUBSCRIPTION_REPLACE}"
        );
        self.execute(
            &sql,
            &[
                &s.sub_id,
                &s.client_id,
                &json_text(&s.event_types),
                &s.target,
                &s.transport.as_str(),
                &s.endpoint,
                &s.status.as_str(),
                &json_text(&s.filters),
                &json_text(&s.meta),
                &s.created_at,
                &s.updated_at,
            ],
        )?;
        self.execute(
            "DELETE FROM subscription_types WHERE sub_id = $1",
            &[&s.sub_id],
        )?;
        for event_type in &s.event_types {
            self.execute(
                "INSERT INTO subscription_types (event_type, sub_id) VALUES ($1, $2)",
                &[event_type, &s.sub_id],
            )?;
        }
        Ok(())
    }

    /// Removes the subscription and what is kept for it but its deliveries
    /// (its event types go by ON DELETE CASCADE).
    pub(super) fn remove_subscription(&mut self, sub_id: &str) -> Result<()> {
        self.matches.clear();
        self.metas.clear();
        for table in SUBSCRIPTION_TABLES {
            self.execute(
                &format!("DELETE FROM {table} WHERE sub_id = $1"),
                &[&sub_id],
            )?;
        }
        Ok(())
    }

    /// Newest first.
    pub(super) fn secret_rows(&mut self, sub_id: &str) -> Result<Vec<Secret>> {
        self.rows(
            "SELECT sub_id, secret, created_at FROM subscription_secrets WHERE sub_id = $1 \
             ORDER BY seq DESC",
            &[&sub_id],
            |row| {
                Ok(Secret {
                    sub_id: row.get(0),
                    secret: row.get(1),
                    created_at: row.get(2),
                })
            },
        )
    }

    pub(super) fn write_secret(&mut self, secret: &Secret) -> Result<()> {
        self.execute(
            "INSERT INTO subscription_secrets (sub_id, secret, created_at, seq) \
             VALUES ($1, $2, $3, (SELECT coalesce(max(seq), 0) + 1 FROM subscription_secrets WHERE sub_id = $1)) \
             ON CONFLICT (sub_id, secret) DO UPDATE SET created_at = excluded.created_at, seq = excluded.seq",
            &[&secret.sub_id, &secret.secret, &secret.created_at],
        )
        .map(drop)
    }

    pub(super) fn delete_secrets_except(&mut self, sub_id: &str, keep: Option<&str>) -> Result<()> {
        self.execute(
            "DELETE FROM subscription_secrets WHERE sub_id = $1 AND secret IS DISTINCT FROM $2",
            &[&sub_id, &keep],
        )
        .map(drop)
    }
}
