//! The worker's transactions: recording what finished and claiming what
//! comes next in one write, so a worker at concurrency 1 spends one commit
//! per delivery; and renewing or giving back the leases it holds.

use super::signing;
use crate::core::OkTrue;
use crate::core::deliveries::DeliveryReply;
use crate::core::error::{Error, Result};
use crate::core::leases::{self, Claim, Complete};
use crate::core::model::{Delivery, Event, Secret, Subscription, SubscriptionStatus, Transport};
use crate::core::retries::{self, Fail, Failed};
use crate::core::storage::Tx;
use crate::core::subscriptions::{self, SubscriptionFields};
use crate::core::{Outbox, limit};
use serde::Serialize;

/// A claimed delivery with what a handler or sender needs to act on it.
#[derive(Clone, Debug)]
pub struct Claimed {
    pub delivery: Delivery,
    pub event: Option<Event>,
    pub subscription: Option<Subscription>,
    /// Signing secrets, newest first (webhooks get one on first send).
    pub secrets: Vec<Secret>,
}

/// How a finished delivery is recorded.
#[derive(Clone, Debug)]
pub enum Finish {
    Complete(Complete),
    Fail(Fail),
    /// Fail for good and disable the subscription (a receiver said 410 Gone).
    FailAndDisable(Fail),
}

/// The answer recorded for one finished delivery: what `delivery complete`
/// or `delivery fail` would have printed.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Settled {
    Completed(DeliveryReply),
    Failed(Failed),
}

/// The answer recorded for one delivery, by its id.
pub type SettledFor = (String, Result<Settled>);

impl Outbox {
    /// Records `finished` and claims up to `want` more, in one transaction,
    /// trying `claims` in turn (a sender takes webhooks, then A2A). A
    /// refusal (the lease was lost meanwhile) answers for its own delivery.
    pub fn settle_and_claim(
        &mut self,
        finished: &[(String, Finish)],
        claims: &[Claim],
        want: i64,
    ) -> Result<(Vec<SettledFor>, Vec<Claimed>)> {
        self.write(|tx, now| {
            let mut settled = Vec::with_capacity(finished.len());
            for (id, finish) in finished {
                let answer = match settle(tx, id, finish, now) {
                    Err(refused @ Error::Refused(_)) => Err(refused),
                    other => Ok(other?),
                };
                settled.push((id.clone(), answer));
            }
            let mut claimed = Vec::new();
            for claim in claims {
                let want = want - claimed.len() as i64;
                if want <= 0 {
                    break;
                }
                let page = leases::claim_batch(tx, claim, Some(limit(Some(want))), now)?;
                for delivery in page.deliveries {
                    claimed.push(with_context(tx, delivery, now)?);
                }
            }
            Ok((settled, claimed))
        })
    }
}

fn settle(tx: &mut dyn Tx, id: &str, finish: &Finish, now: i64) -> Result<Settled> {
    Ok(match finish {
        Finish::Complete(req) => Settled::Completed(DeliveryReply {
            ok: OkTrue,
            delivery: leases::complete(tx, id, req, now)?,
        }),
        Finish::Fail(req) => Settled::Failed(retries::fail(tx, id, req, now)?),
        Finish::FailAndDisable(req) => {
            let failed = retries::fail(tx, id, req, now)?;
            let disable = SubscriptionFields {
                status: Some(SubscriptionStatus::Disabled),
                ..SubscriptionFields::default()
            };
            if tx.subscription(&failed.delivery.sub_id)?.is_some() {
                subscriptions::update(tx, &failed.delivery.sub_id, &disable, now)?;
            }
            Settled::Failed(failed)
        }
    })
}

/// The event, subscription and secrets of a claimed delivery. A webhook
/// subscription without a secret gets one now: every webhook is signed.
fn with_context(tx: &mut dyn Tx, delivery: Delivery, now: i64) -> Result<Claimed> {
    let event = tx.event_unlocked(&delivery.event_id)?;
    let subscription = tx.subscription_unlocked(&delivery.sub_id)?;
    let mut secrets = tx.secrets(&delivery.sub_id)?;
    if secrets.is_empty() && subscription.is_some() && delivery.transport == Transport::Webhook {
        let secret = Secret {
            sub_id: delivery.sub_id.clone(),
            secret: signing::generate()?,
            created_at: now,
        };
        tx.put_secret(&secret)?;
        secrets.push(secret);
    }
    Ok(Claimed {
        delivery,
        event,
        subscription,
        secrets,
    })
}
