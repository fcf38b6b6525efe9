//! Subscriptions as read and written, with the rows that match them by
//! event type, and their signing secrets.

use super::super::ledger;
use super::PostgresTx;
use crate::core::ledger::subscriptions::type_keys;
use crate::core::records::error::Result;
use crate::core::records::model::{Secret, Subscription};
use crate::core::reference::json::Object;
use crate::core::storage::SubscriptionFilter;
use crate::store::postgres::rows::json_text;
use crate::store::postgres::rows::{from_json, subscription_row};
use crate::store::sql::{SUBSCRIPTION_COLUMNS, SUBSCRIPTION_REPLACE, SUBSCRIPTION_TABLES};

impl PostgresTx<'_> {
    /// A subscription's meta, read once per transaction until it writes
    /// a subscription.
    pub(super) fn subscription_meta_read(&mut self, sub_id: &str) -> Result<Option<Object>> {
        if let Some(meta) = self.metas.get(sub_id) {
            return Ok(meta.clone());
        }
        // Beside the transitions not yet written: they change no subscription.
        let found = self
            .rows_beside_pending(
                "SELECT meta FROM subscriptions WHERE sub_id = $1",
                &[&sub_id],
                |row| from_json::<Object>(row, 0),
            )?
            .into_iter()
            .next();
        self.metas.insert(sub_id.to_owned(), found.clone());
        Ok(found)
    }

    /// A page of subscriptions, newest first.
    pub(super) fn subscription_list(
        &mut self,
        filter: &SubscriptionFilter,
        limit: i64,
    ) -> Result<Vec<Subscription>> {
        let mut q = ledger::subscription_conditions(filter);
        ledger::after_cursor(&mut q, "sub_id", "<", filter.before.as_ref());
        let limit = q.bind(limit);
        q.sql = format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE TRUE{} \
             ORDER BY created_at DESC, sub_id DESC LIMIT {limit}",
            q.sql
        );
        self.run(q, subscription_row)
    }

    /// The subscriptions whose types match `event_type`, by id.
    pub(super) fn subscriptions_typed(
        &mut self,
        event_type: &str,
        active_only: bool,
    ) -> Result<Vec<Subscription>> {
        let status = if active_only {
            " AND status = 'active'"
        } else {
            ""
        };
        let sql = format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions \
             WHERE sub_id IN (SELECT sub_id FROM subscription_types WHERE event_type = ANY($1)){status} \
             ORDER BY sub_id"
        );
        let keys = type_keys(event_type);
        self.rows(&sql, &[&keys], subscription_row)
    }

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
