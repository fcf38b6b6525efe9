//! The worker side of deliveries: claiming under a lease, and every way a
//! claim ends (complete, fail with retry, release, cancel, renew, sweep).

use super::OkTrue;
use super::deliveries::{
    DeliveryList, DeliveryPage, DeliveryUpdate, NewDelivery, Schedule, create_delivery, get,
    lease_deadline, update,
};
use super::json::Object;
use super::model::{Delivery, DeliveryStatus, Transport};
use super::policy::RetryPolicy;
use crate::error::{Refusal, Result};
use crate::store::{DeliveryFilter, Tx};
use serde::Serialize;

/// Retries stop after this many attempts unless told otherwise.
pub const DEFAULT_MAX_ATTEMPTS: i64 = 3;
/// Highest `maxAttempts` the reference accepts.
pub const MAX_MAX_ATTEMPTS: i64 = 100;

/// `claimNext` / `claimBatch` payload.
#[derive(Clone, Debug, Default)]
pub struct Claim {
    pub filter: DeliveryFilter,
    pub worker: Option<String>,
    pub lease_seconds: Option<i64>,
}

/// `completeDelivery` payload.
#[derive(Clone, Debug, Default)]
pub struct Complete {
    pub worker: Option<String>,
    pub delivered_at: Option<i64>,
    pub last_error: Option<String>,
    pub meta: Option<Object>,
}

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

/// `cancelDelivery` payload.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    pub worker: Option<String>,
    pub reason: Option<String>,
    pub meta: Option<Object>,
}

/// `renewLease` payload.
#[derive(Clone, Debug, Default)]
pub struct Renew {
    pub worker: Option<String>,
    pub lease_seconds: Option<i64>,
}

/// `releaseDelivery` payload.
#[derive(Clone, Debug, Default)]
pub struct Release {
    pub worker: Option<String>,
    pub last_error: Option<String>,
    pub schedule: Schedule,
    pub meta: Option<Object>,
}

/// `sweepExpiredLeases` payload.
#[derive(Clone, Debug, Default)]
pub struct Sweep {
    pub filter: DeliveryFilter,
    pub limit: Option<i64>,
    pub last_error: Option<String>,
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

fn refuse(code: &'static str, delivery: Delivery) -> crate::error::Error {
    Refusal::Transition {
        code,
        delivery: Box::new(delivery),
    }
    .into()
}

/// A worker named in the payload must be the one holding the claim, when
/// the delivery is claimed by anyone at all.
fn check_owner(delivery: Delivery, worker: Option<&str>) -> Result<Delivery> {
    match worker {
        Some(w) if !w.is_empty() && !delivery.claimed_by.is_empty() && w != delivery.claimed_by => {
            Err(refuse("invalid:claimOwner", delivery))
        }
        _ => Ok(delivery),
    }
}

fn claim_one(tx: &mut dyn Tx, delivery: Delivery, claim: &Claim, now: i64) -> Result<Delivery> {
    let change = DeliveryUpdate {
        status: Some(DeliveryStatus::Claimed),
        claimed_by: Some(claim.worker.clone().unwrap_or_default()),
        lease_expires_at: Some(lease_deadline(claim.lease_seconds, now)),
        ..DeliveryUpdate::default()
    };
    update(tx, delivery, change, now)
}

pub(crate) fn claim_next(tx: &mut dyn Tx, claim: &Claim, now: i64) -> Result<Delivery> {
    let filter = &claim.filter;
    match tx.claim_candidates(filter, now, 1)?.into_iter().next() {
        Some(delivery) => claim_one(tx, delivery, claim, now),
        None => {
            let f = &claim.filter;
            let filters = [
                ("eventId", f.event_id.clone()),
                ("subId", f.sub_id.clone()),
                ("clientId", f.client_id.clone()),
                ("transport", f.transport.map(|t| t.as_str().to_owned())),
            ];
            let filters = filters
                .into_iter()
                .filter_map(|(key, value)| value.filter(|v| !v.is_empty()).map(|v| (key, v)))
                .collect();
            Err(Refusal::NothingToClaim { filters }.into())
        }
    }
}

pub(crate) fn claim_batch(
    tx: &mut dyn Tx,
    claim: &Claim,
    limit: Option<i64>,
    now: i64,
) -> Result<DeliveryPage> {
    let filter = &claim.filter;
    let total = tx.count_claimable(filter, now)?;
    let found = tx.claim_candidates(filter, now, super::limit(limit.or(Some(10))))?;
    let mut deliveries = Vec::with_capacity(found.len());
    for delivery in found {
        deliveries.push(claim_one(tx, delivery, claim, now)?);
    }
    Ok(DeliveryPage {
        ok: OkTrue,
        count: deliveries.len(),
        deliveries,
        total,
    })
}

pub(crate) fn complete(
    tx: &mut dyn Tx,
    delivery_id: &str,
    req: &Complete,
    now: i64,
) -> Result<Delivery> {
    let delivery = get(tx, delivery_id)?;
    match delivery.status {
        DeliveryStatus::Delivered => return Ok(delivery),
        DeliveryStatus::Claimed => {}
        _ => return Err(refuse("invalid:completeStatus", delivery)),
    }
    let delivery = check_owner(delivery, req.worker.as_deref())?;
    let change = DeliveryUpdate {
        status: Some(DeliveryStatus::Delivered),
        delivered_at: req.delivered_at,
        last_error: req.last_error.clone(),
        meta: req.meta.clone(),
        ..DeliveryUpdate::default()
    };
    update(tx, delivery, change, now)
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
    let failed = if delivery.status == DeliveryStatus::Failed {
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
        tx.subscription_meta(&failed.sub_id)?
            .as_ref()
            .and_then(RetryPolicy::from_meta)
    };
    let max_attempts = req
        .max_attempts
        .map(|n| n.clamp(1, MAX_MAX_ATTEMPTS))
        .or_else(|| policy.as_ref().and_then(RetryPolicy::max_attempts))
        .unwrap_or(DEFAULT_MAX_ATTEMPTS);
    if failed.attempt >= max_attempts {
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
        let earliest = now + wait.min(super::deliveries::MAX_DELAY_SECONDS);
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
    let next_id = super::ids::delivery_id(&delivery.event_id, &delivery.sub_id, attempt);
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
    let next_id = super::ids::delivery_id(&delivery.event_id, &delivery.sub_id, attempt);
    if let Some(existing) = tx.delivery(&next_id)? {
        return Ok(existing);
    }
    let mut meta = delivery.meta;
    if let Some(extra) = &req.meta {
        meta.extend(extra.clone());
    }
    meta.insert("parentDeliveryId".to_owned(), delivery.delivery_id.into());
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
    create_delivery(tx, &new, now)
}

pub(crate) fn cancel(
    tx: &mut dyn Tx,
    delivery_id: &str,
    req: &Cancel,
    now: i64,
) -> Result<Delivery> {
    let delivery = get(tx, delivery_id)?;
    match delivery.status {
        DeliveryStatus::Canceled => return Ok(delivery),
        DeliveryStatus::Delivered => return Err(refuse("invalid:cancelStatus", delivery)),
        _ => {}
    }
    let delivery = if delivery.status == DeliveryStatus::Claimed {
        check_owner(delivery, req.worker.as_deref())?
    } else {
        delivery
    };
    let change = DeliveryUpdate {
        status: Some(DeliveryStatus::Canceled),
        last_error: req.reason.clone(),
        meta: req.meta.clone(),
        ..DeliveryUpdate::default()
    };
    update(tx, delivery, change, now)
}

pub(crate) fn renew(tx: &mut dyn Tx, delivery_id: &str, req: &Renew, now: i64) -> Result<Delivery> {
    let delivery = get(tx, delivery_id)?;
    if delivery.status != DeliveryStatus::Claimed {
        return Err(refuse("invalid:leaseStatus", delivery));
    }
    // Stricter than the claim-owner check: naming a worker on an unowned claim fails too.
    if let Some(worker) = req.worker.as_deref().filter(|w| !w.is_empty())
        && worker != delivery.claimed_by
    {
        return Err(refuse("invalid:leaseOwner", delivery));
    }
    let change = DeliveryUpdate {
        lease_expires_at: Some(lease_deadline(req.lease_seconds, now)),
        ..DeliveryUpdate::default()
    };
    update(tx, delivery, change, now)
}

pub(crate) fn release(
    tx: &mut dyn Tx,
    delivery_id: &str,
    req: &Release,
    now: i64,
) -> Result<Delivery> {
    let delivery = get(tx, delivery_id)?;
    if delivery.status != DeliveryStatus::Claimed {
        return Err(refuse("invalid:releaseStatus", delivery));
    }
    let delivery = check_owner(delivery, req.worker.as_deref())?;
    let change = DeliveryUpdate {
        status: Some(DeliveryStatus::Queued),
        claimed_by: Some(String::new()),
        claimed_at: Some(0),
        lease_expires_at: Some(0),
        last_error: req.last_error.clone().filter(|e| !e.is_empty()),
        meta: req.meta.clone(),
        next_attempt_at: req.schedule.is_set().then(|| req.schedule.due_at(now)),
        ..DeliveryUpdate::default()
    };
    update(tx, delivery, change, now)
}

pub(crate) fn sweep(tx: &mut dyn Tx, req: &Sweep, now: i64) -> Result<DeliveryList> {
    let filter = &req.filter;
    let expired = tx.expired_leases(filter, now, super::limit(req.limit))?;
    let mut deliveries = Vec::with_capacity(expired.len());
    for delivery in expired {
        let last_error = req
            .last_error
            .clone()
            .unwrap_or_else(|| delivery.last_error.clone());
        let release = Release {
            last_error: Some(last_error),
            ..Release::default()
        };
        deliveries.push(self::release(
            tx,
            &delivery.delivery_id.clone(),
            &release,
            now,
        )?);
    }
    Ok(DeliveryList {
        ok: OkTrue,
        count: deliveries.len(),
        deliveries,
    })
}

/// `sweep --as-failure`'s answer: the expired attempts, now failed, and
/// the next attempts their policies queued. Those that got none are dead.
#[derive(Clone, Debug, Serialize)]
pub struct SweptAsFailed {
    pub ok: OkTrue,
    pub deliveries: Vec<Delivery>,
    pub count: usize,
    pub retries: Vec<Delivery>,
    pub dead: usize,
}

/// Fails every expired lease through its subscription's retry policy, so a
/// delivery that crashes its worker every time ends dead after
/// `maxAttempts` instead of going round for ever.
pub(crate) fn sweep_as_failed(tx: &mut dyn Tx, req: &Sweep, now: i64) -> Result<SweptAsFailed> {
    let expired = tx.expired_leases(&req.filter, now, super::limit(req.limit))?;
    let fail_req = Fail {
        last_error: Some(
            req.last_error
                .clone()
                .unwrap_or_else(|| "lease expired".to_owned()),
        ),
        ..Fail::default()
    };
    let mut swept = SweptAsFailed {
        ok: OkTrue,
        deliveries: Vec::with_capacity(expired.len()),
        count: 0,
        retries: Vec::new(),
        dead: 0,
    };
    for delivery in expired {
        let failed = fail(tx, &delivery.delivery_id, &fail_req, now)?;
        match failed.retry {
            RetryOutcome::Scheduled { delivery, .. } => swept.retries.push(*delivery),
            _ => swept.dead += 1,
        }
        swept.deliveries.push(failed.delivery);
    }
    swept.count = swept.deliveries.len();
    Ok(swept)
}
