//! Signing secrets of subscriptions: kept in a table of their own, never in
//! a subscription's JSON. `sub secret` shows one (making it on first use),
//! sets one, or rotates: while a secret is being rotated, deliveries carry a
//! signature under each, so a receiver can move to the new one at its pace.

use super::signing::{self, key_of};
use crate::core::Outbox;
use crate::core::ledger::subscriptions::get as get_subscription;
use crate::core::records::error::Result;
use crate::core::records::model::Secret;
use crate::core::reference::OkTrue;
use serde::Serialize;

/// What `sub secret` does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SecretChange {
    /// Show the secrets, making one when there is none.
    #[default]
    Show,
    /// Replace every secret with this one.
    Set(String),
    /// Add a new secret; the old ones keep signing until `ExpireOld`.
    Rotate,
    /// Keep only the newest secret.
    ExpireOld,
}

/// `{"ok": true, "subId": ..., "secret": newest, "secrets": [newest first]}`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Secrets {
    pub ok: OkTrue,
    pub sub_id: String,
    pub secret: String,
    pub secrets: Vec<String>,
}

impl Outbox {
    /// The subscription's signing secrets after `change`, newest first.
    pub fn subscription_secret(&mut self, sub_id: &str, change: &SecretChange) -> Result<Secrets> {
        if let SecretChange::Set(secret) = change {
            key_of(secret)?;
        }
        self.write(|tx, now| {
            get_subscription(tx, sub_id)?;
            let mut stored = tx.secrets(sub_id)?;
            let add = |secret: String| Secret {
                sub_id: sub_id.to_owned(),
                secret,
                created_at: now,
            };
            match change {
                SecretChange::Show if stored.is_empty() => {
                    let secret = add(signing::generate()?);
                    tx.put_secret(&secret)?;
                    stored.insert(0, secret);
                }
                SecretChange::Show => {}
                SecretChange::Set(secret) => {
                    tx.delete_secrets(sub_id, None)?;
                    let secret = add(secret.clone());
                    tx.put_secret(&secret)?;
                    stored = vec![secret];
                }
                SecretChange::Rotate => {
                    let secret = add(signing::generate()?);
                    tx.put_secret(&secret)?;
                    stored.insert(0, secret);
                }
                SecretChange::ExpireOld => {
                    if let Some(newest) = stored.first().cloned() {
                        tx.delete_secrets(sub_id, Some(&newest.secret))?;
                        stored = vec![newest];
                    }
                }
            }
            let secrets: Vec<String> = stored.into_iter().map(|s| s.secret).collect();
            Ok(Secrets {
                ok: OkTrue,
                sub_id: sub_id.to_owned(),
                secret: secrets.first().cloned().unwrap_or_default(),
                secrets,
            })
        })
    }
}
