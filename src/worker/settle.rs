//! The worker's transactions: recording what finished and claiming what
//! comes next in one write, so a worker at concurrency 1 spends one commit
//! per delivery; and renewing or giving back the leases it holds.

use super::signing;
use crate::core::health::claims::{self, Change, Recorded};
use crate::core::health::{Attempt, ClaimTime};
use crate::core::ledger::deliveries::DeliveryReply;
use crate::core::ledger::leases::{self, Claim, Complete, Release};
use crate::core::ledger::retries::{self, Fail, Failed};
use crate::core::records::error::{Error, Result};
use crate::core::records::model::{Delivery, Event, Secret, Subscription, Transport};
use crate::core::reference::OkTrue;
use crate::core::reference::limit;
use crate::core::storage::Tx;
use crate::core::{Clock, Outbox};
use serde::Serialize;
use std::collections::HashMap;

/// A claimed delivery with what a handler or sender needs to act on it.
#[derive(Clone, Debug)]
pub struct Claimed {
    pub delivery: Delivery,
    pub event: Option<Event>,
    pub subscription: Option<Subscription>,
    /// Signing secrets, newest first (webhooks get one on first send).
    pub secrets: Vec<Secret>,
    /// Its subscription's rate counts it sent then (unix ms): it must not
    /// go out earlier.
    pub send_at: Option<i64>,
}

/// How a finished delivery is recorded.
#[derive(Clone, Debug)]
pub enum Finish {
    Complete(Complete),
    Fail(Fail),
    /// Fail for good and disable the subscription (a receiver said 410 Gone).
    FailAndDisable(Fail),
    /// Back to the queue, its attempt unspent, and the subscription paused
    /// this many seconds (its broker could not be reached).
    GiveBack(Release, i64),
}

/// The answer recorded for one finished delivery: what `delivery complete`,
/// `delivery fail` or `delivery release` would have printed.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Settled {
    Completed(DeliveryReply),
    Failed(Failed),
    Released(DeliveryReply),
}

impl Settled {
    /// The delivery as it was left.
    pub fn delivery(&self) -> &Delivery {
        match self {
            Settled::Completed(reply) | Settled::Released(reply) => &reply.delivery,
            Settled::Failed(failed) => &failed.delivery,
        }
    }
}

/// The answer recorded for one delivery, by its id.
pub type SettledFor = (String, Result<Settled>);

/// What one turn of the worker's loop wrote and took.
#[derive(Debug, Default)]
pub struct Turn {
    pub settled: Vec<SettledFor>,
    pub claimed: Vec<Claimed>,
    /// What changed of subscriptions' protection: breakers, pauses,
    /// probes, disabled (each with its subscription).
    pub changes: Vec<(String, Change)>,
    /// When a subscription the claims left out may have room again by
    /// itself (unix ms).
    pub wake_at: Option<i64>,
    /// A subscription was held back only by its rate or in-flight cap: its
    /// deliveries are ready, only paced (a draining worker waits for them).
    pub paced: bool,
    /// When the claims were made (unix ms).
    pub claimed_at_ms: i64,
    /// The claims (by position) that found nothing: nothing ready, none
    /// paced, no subscription waiting for room.
    pub dry: Vec<usize>,
}

/// Where the events of a turn's claims are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Events {
    /// In the turn: each claimed delivery comes with its event.
    InTurn,
    /// Apart, by whoever sends it (see `worker::loader`): the turn leaves
    /// `Claimed::event` empty, and the worker's one thread that records
    /// every outcome spends nothing on them.
    Apart,
}

impl Outbox {
    /// Records `finished` (and what it says of each endpoint's health)
    /// and claims up to `want` more, in one transaction, trying `claims`
    /// in turn (a sender takes webhooks, then A2A), each subscription
    /// within what its protection lets through; rate-limited sends are
    /// counted `lead_ms` or more after the claim (see [`ClaimTime`]). A
    /// refusal (the lease was lost meanwhile) answers for its own delivery.
    pub fn settle_and_claim(
        &mut self,
        finished: &[(String, Finish)],
        claims: &[Claim],
        want: i64,
        lead_ms: i64,
        events: Events,
    ) -> Result<Turn> {
        let clock = self.clock;
        self.write(|tx, now| {
            let mut turn = Turn::default();
            let mut recorded = Vec::with_capacity(finished.len());
            let now_ms = clock.now_ms().max(now * 1000);
            // Read at once where a lookup is a round trip to a server.
            let ids: Vec<String> = finished.iter().map(|(id, _)| id.clone()).collect();
            tx.prefetch_deliveries(&ids)?;
            for (id, finish) in finished {
                let answer = match settle(tx, id, finish, now) {
                    Err(refused @ Error::Refused(_)) => Err(refused),
                    other => Ok(other?),
                };
                if let Ok(settled) = &answer {
                    recorded.push(attempt_of(settled, finish, now_ms));
                }
                turn.settled.push((id.clone(), answer));
            }
            turn.changes = claims::record(tx, &recorded, now)?;
            // Read once the write lock is held, as `now` is.
            let at = match clock {
                Clock::Fixed(_) => ClaimTime::at(now),
                Clock::System => ClaimTime {
                    now,
                    now_ms: clock.now_ms(),
                    lead_ms,
                },
            };
            turn.claimed_at_ms = at.now_ms;
            // A turn claims many deliveries of few subscriptions: each
            // subscription and its secrets are read once, the events of
            // all its claims together.
            let mut contexts = Contexts::new();
            let mut paced_claims = Vec::new();
            for (n, claim) in claims.iter().enumerate() {
                let want = want - paced_claims.len() as i64;
                if want <= 0 {
                    break;
                }
                let guarded = claims::claim(tx, claim, limit(Some(want)), at)?;
                if guarded.deliveries.is_empty()
                    && guarded.probes.is_empty()
                    && !guarded.paced
                    && guarded.wake_at.is_none()
                {
                    turn.dry.push(n);
                }
                turn.paced |= guarded.paced;
                turn.changes.extend(
                    guarded
                        .probes
                        .into_iter()
                        .map(|(sub_id, delivery_id)| (sub_id, Change::Probing { delivery_id })),
                );
                turn.wake_at = match (turn.wake_at, guarded.wake_at) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                paced_claims.extend(guarded.deliveries);
            }
            let events = match events {
                Events::InTurn => {
                    let ids: Vec<String> = paced_claims
                        .iter()
                        .map(|paced| paced.delivery.event_id.clone())
                        .collect();
                    each_event(tx.events_unlocked(&ids)?, &ids)
                }
                Events::Apart => vec![None; paced_claims.len()],
            };
            for (paced, event) in paced_claims.into_iter().zip(events) {
                let mut claimed = with_context(tx, &mut contexts, paced.delivery, event, now)?;
                claimed.send_at = paced.send_at;
                turn.claimed.push(claimed);
            }
            Ok(turn)
        })
    }
}

/// The event of each of `ids`, in their order, from `events` read for
/// them: one that several ask for (an event claimed for several
/// subscriptions) is copied for all but the last of them.
pub(super) fn each_event(mut events: HashMap<String, Event>, ids: &[String]) -> Vec<Option<Event>> {
    let last_use: HashMap<&str, usize> = ids
        .iter()
        .enumerate()
        .map(|(n, id)| (id.as_str(), n))
        .collect();
    ids.iter()
        .enumerate()
        .map(|(n, id)| {
            if last_use.get(id.as_str()) == Some(&n) {
                events.remove(id)
            } else {
                events.get(id).cloned()
            }
        })
        .collect()
}

fn settle(tx: &mut dyn Tx, id: &str, finish: &Finish, now: i64) -> Result<Settled> {
    Ok(match finish {
        Finish::Complete(req) => Settled::Completed(DeliveryReply {
            ok: OkTrue,
            delivery: leases::complete(tx, id, req, now)?,
        }),
        Finish::Fail(req) | Finish::FailAndDisable(req) => {
            Settled::Failed(retries::fail(tx, id, req, now)?)
        }
        Finish::GiveBack(req, _) => Settled::Released(DeliveryReply {
            ok: OkTrue,
            delivery: leases::release(tx, id, req, now)?,
        }),
    })
}

/// What a recorded outcome tells of its endpoint's health. A pause asked
/// for (`Retry-After`) ends on the first whole second at or after `now_ms`
/// plus the wait: never early, whatever part of a second has gone.
fn attempt_of(settled: &Settled, finish: &Finish, now_ms: i64) -> Recorded {
    let delivery = settled.delivery();
    let pause_until = |wait: i64| {
        now_ms
            .saturating_add(wait.saturating_mul(1000))
            .saturating_add(999)
            / 1000
    };
    let attempt = match finish {
        Finish::Complete(_) => Attempt::Succeeded,
        Finish::Fail(req) | Finish::FailAndDisable(req) => Attempt::Failed {
            error: req.last_error.clone().unwrap_or_default(),
            pause_until: req.not_before.map(pause_until),
            gone: matches!(finish, Finish::FailAndDisable(_)),
        },
        Finish::GiveBack(req, pause) => Attempt::Failed {
            error: req.last_error.clone().unwrap_or_default(),
            pause_until: Some(pause_until(*pause)),
            gone: false,
        },
    };
    Recorded {
        sub_id: delivery.sub_id.clone(),
        delivery_id: delivery.delivery_id.clone(),
        attempt,
    }
}

/// Each subscription's record and secrets, as read in this turn.
type Contexts = HashMap<String, (Option<Subscription>, Vec<Secret>)>;

/// A claimed delivery with its event, subscription and secrets. A webhook
/// subscription without a secret gets one now: every webhook is signed.
fn with_context(
    tx: &mut dyn Tx,
    contexts: &mut Contexts,
    delivery: Delivery,
    event: Option<Event>,
    now: i64,
) -> Result<Claimed> {
    if !contexts.contains_key(&delivery.sub_id) {
        let read = (
            tx.subscription_unlocked(&delivery.sub_id)?,
            tx.secrets(&delivery.sub_id)?,
        );
        contexts.insert(delivery.sub_id.clone(), read);
    }
    let (subscription, secrets) = contexts.get_mut(&delivery.sub_id).expect("read above");
    if secrets.is_empty() && subscription.is_some() && delivery.transport == Transport::Webhook {
        let secret = Secret {
            sub_id: delivery.sub_id.clone(),
            secret: signing::generate()?,
            created_at: now,
        };
        tx.put_secret(&secret)?;
        secrets.push(secret);
    }
    let (subscription, secrets) = (subscription.clone(), secrets.clone());
    Ok(Claimed {
        delivery,
        event,
        subscription,
        secrets,
        send_at: None,
    })
}
