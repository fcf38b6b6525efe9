//! Failing a delivery and what follows: the next attempt queued after a
//! backoff (the subscription's retry policy, the command's flags, or the
//! reference's rule) until the attempts run out, and `delivery retry`.

use crate::core::ledger::deliveries::{
    DeliveryUpdate, NewDelivery, Schedule, get, new_delivery, update,
};
use crate::core::ledger::leases::{check_owner, refuse};
use crate::core::ledger::tallies::{self, Observed, Outcome};
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, DeliveryStatus, Transport};
use crate::core::reference::OkTrue;
use crate::core::reference::json::Object;
use crate::core::settings::policy::RetryPolicy;
use crate::core::settings::policy::{MAX_DELAY_SECONDS, MAX_MAX_ATTEMPTS};
use crate::core::storage::Tx;
use serde::Serialize;

/// Retries stop after this many attempts unless told otherwise.
pub const DEFAULT_MAX_ATTEMPTS: i64 = 3;

/// `failDelivery` payload.
#[derive(Clone, Debug)]
pub struct Fail {
    pub worker: Option<String>,
    pub last_error: Option<String>,
    /// `false` fails for good, without scheduling another attempt.
    pub retry: bool,
    pub max_attempts: Option<i64>,
    pub schedule: Schedule,
    pub meta: Option<Object>,
    /// Meta for the next attempt, merged over the failed one's.
    pub retry_meta: Option<Object>,
    /// The next attempt waits at least this many seconds (a receiver's
    /// `Retry-After`), whatever the schedule says.
    pub not_before: Option<i64>,
    /// The schedule for a subscription whose policy has none (`outbox
    /// work`'s default backoff); `None` keeps the reference's rule.
    pub fallback: Option<RetryPolicy>,
    /// What the worker measured of the attempt, for the tallies.
    pub observed: Observed,
}

impl Default for Fail {
    fn default() -> Self {
        Fail {
            worker: None,
            last_error: None,
            retry: true,
            max_attempts: None,
            schedule: Schedule::default(),
            meta: None,
            retry_meta: None,
            not_before: None,
            fallback: None,
            observed: Observed::default(),
        }
    }
}

/// `retryDelivery`'s answer: the reference's object, and for people
/// whether the attempt existed already (and so nothing was queued).
#[derive(Clone, Debug, Serialize)]
pub struct Retried {
    pub ok: OkTrue,
    pub delivery: Delivery,
    #[serde(skip)]
    pub existed: bool,
}

/// `retryDelivery` payload.
#[derive(Clone, Debug, Default)]
pub struct Retry {
    pub client_id: Option<String>,
    pub transport: Option<Transport>,
    pub endpoint: Option<String>,
    pub attempt: Option<i64>,
    pub schedule: Schedule,
    pub meta: Option<Object>,
}

/// `failDelivery`'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct Failed {
    pub ok: OkTrue,
    pub delivery: Delivery,
    pub retry: RetryOutcome,
}

/// Whether failing scheduled another attempt, and if not, why.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum RetryOutcome {
    Scheduled {
        scheduled: bool,
        delivery: Box<Delivery>,
        #[serde(rename = "maxAttempts")]
        max_attempts: i64,
    },
    Exhausted {
        scheduled: bool,
        reason: &'static str,
        #[serde(rename = "maxAttempts")]
        max_attempts: i64,
    },
    Disabled {
        scheduled: bool,
        reason: &'static str,
    },
}

pub(crate) fn fail(tx: &mut dyn Tx, delivery_id: &str, req: &Fail, now: i64) -> Result<Failed> {
    let delivery = get(tx, delivery_id)?;
    if matches!(
        delivery.status,
        DeliveryStatus::Delivered | DeliveryStatus::Canceled
    ) {
        return Err(refuse("invalid:failStatus", delivery));
    }
    let delivery = if delivery.status == DeliveryStatus::Claimed {
        check_owner(delivery, req.worker.as_deref())?
    } else {
        delivery
    };
    // Failing a failed delivery again answers as before and counts nothing.
    let newly = delivery.status != DeliveryStatus::Failed;
    let tally = |tx: &mut dyn Tx, failed: &Delivery, dead: bool| match newly {
        true => tallies::attempt(tx, failed, Outcome::Failed, dead, req.observed, now),
        false => Ok(()),
    };
    let failed = if !newly {
        delivery
    } else {
        let change = DeliveryUpdate {
            status: Some(DeliveryStatus::Failed),
            last_error: req.last_error.clone(),
            meta: req.meta.clone(),
            ..DeliveryUpdate::default()
        };
        update(tx, delivery, change, now)?
    };
    if !req.retry {
        tally(tx, &failed, true)?;
        crate::core::ordering::dead_letter(tx, &failed)?;
        if newly {
            super::announce::dead(tx, &failed, now)?;
        }
        let retry = RetryOutcome::Disabled {
            scheduled: false,
            reason: "disabled",
        };
        return Ok(Failed {
            ok: OkTrue,
            delivery: failed,
            retry,
        });
    }
    // Flags given on the command line win over the subscription's policy;
    // without either, the reference's rule applies.
    let explicit_schedule =
        req.schedule.next_attempt_at.is_some() || req.schedule.delay_seconds.is_some();
    let policy = if explicit_schedule && req.max_attempts.is_some() {
        None
    } else {
        let own = tx
            .subscription_meta(&failed.sub_id)?
            .as_ref()
            .and_then(RetryPolicy::from_meta);
        match &req.fallback {
            Some(fallback) => Some(own.unwrap_or_default().or_schedule_of(fallback)),
            None => own,
        }
    };
    let max_attempts = req
        .max_attempts
        .map(|n| n.clamp(1, MAX_MAX_ATTEMPTS))
        .or_else(|| policy.as_ref().and_then(RetryPolicy::max_attempts))
        .unwrap_or(DEFAULT_MAX_ATTEMPTS);
    if failed.attempt >= max_attempts {
        tally(tx, &failed, true)?;
        crate::core::ordering::dead_letter(tx, &failed)?;
        if newly {
            super::announce::dead(tx, &failed, now)?;
        }
        let retry = RetryOutcome::Exhausted {
            scheduled: false,
            reason: "maxAttempts",
            max_attempts,
        };
        return Ok(Failed {
            ok: OkTrue,
            delivery: failed,
            retry,
        });
    }
    tally(tx, &failed, false)?;
    let policy_delay = policy
        .filter(|_| !explicit_schedule)
        .and_then(|p| p.delay_before(failed.attempt + 1, fastrand::f64()));
    let mut schedule = match policy_delay {
        Some(delay) => Schedule {
            next_attempt_at: None,
            delay_seconds: Some(delay),
        },
        None => req.schedule,
    };
    if let Some(wait) = req.not_before.filter(|w| *w > 0) {
        let earliest = now + wait.min(MAX_DELAY_SECONDS);
        if schedule.due_at(now) < earliest {
            schedule = Schedule {
                next_attempt_at: Some(earliest),
                delay_seconds: None,
            };
        }
    }
    let next = Retry {
        schedule,
        meta: Some(req.retry_meta.clone().unwrap_or_default()),
        ..Retry::default()
    };
    let scheduled = retry_from(tx, failed.clone(), &next, now)?;
    if newly {
        super::announce::retrying(tx, &failed, &scheduled, now)?;
    }
    let retry = RetryOutcome::Scheduled {
        scheduled: true,
        delivery: Box::new(scheduled),
        max_attempts,
    };
    Ok(Failed {
        ok: OkTrue,
        delivery: failed,
        retry,
    })
}

/// `retryDelivery`; true beside the attempt when it existed already and
/// was returned unchanged (nothing was queued).
pub(crate) fn retry(
    tx: &mut dyn Tx,
    delivery_id: &str,
    req: &Retry,
    now: i64,
) -> Result<(Delivery, bool)> {
    let delivery = get(tx, delivery_id)?;
    let attempt = req.attempt.unwrap_or(delivery.attempt + 1).max(1);
    let next_id =
        crate::core::reference::ids::delivery_id(&delivery.event_id, &delivery.sub_id, attempt);
    let existed = tx.delivery(&next_id)?.is_some();
    Ok((retry_from(tx, delivery, req, now)?, existed))
}

/// Queues the next attempt after a failed or canceled one. An attempt that
/// already exists is returned unchanged, never overwritten.
fn retry_from(tx: &mut dyn Tx, delivery: Delivery, req: &Retry, now: i64) -> Result<Delivery> {
    if !matches!(
        delivery.status,
        DeliveryStatus::Failed | DeliveryStatus::Canceled
    ) {
        return Err(refuse("invalid:retryStatus", delivery));
    }
    queue_attempt(tx, delivery, req, now)
}

/// Queues the attempt after `delivery` (whatever its status), with
/// `parentDeliveryId` naming it. An attempt that already exists is returned
/// unchanged, never overwritten.
pub(crate) fn queue_attempt(
    tx: &mut dyn Tx,
    delivery: Delivery,
    req: &Retry,
    now: i64,
) -> Result<Delivery> {
    let attempt = req.attempt.unwrap_or(delivery.attempt + 1).max(1);
    let next_id =
        crate::core::reference::ids::delivery_id(&delivery.event_id, &delivery.sub_id, attempt);
    if let Some(existing) = tx.delivery(&next_id)? {
        return Ok(existing);
    }
    let mut meta = delivery.meta;
    if let Some(extra) = &req.meta {
        meta.extend(extra.clone());
    }
    meta.insert("parentDeliveryId".to_owned(), delivery.delivery_id.into());
    let parent = delivery.place;
    let new = NewDelivery {
        event_id: delivery.event_id,
        sub_id: delivery.sub_id,
        client_id: Some(req.client_id.clone().unwrap_or(delivery.client_id)),
        transport: Some(req.transport.unwrap_or(delivery.transport)),
        endpoint: Some(req.endpoint.clone().unwrap_or(delivery.endpoint)),
        attempt: Some(attempt),
        status: Some(DeliveryStatus::Queued),
        schedule: req.schedule,
        meta: Some(meta),
        delivery_id: None,
    };
    // Its id is new (looked up above), so nothing stored is overwritten.
    let mut next = new_delivery(&new, now)?;
    crate::core::ordering::place_next(tx, &mut next, parent)?;
    tx.put_delivery(&next)?;
    Ok(next)
}
