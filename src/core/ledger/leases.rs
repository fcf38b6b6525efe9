//! The worker side of deliveries: claiming under a lease, and every way a
//! claim ends (complete, release, cancel, renew, sweep; failing, with its
//! retries, is in [`crate::core::ledger::retries`]).

use crate::core::ledger::deliveries::{
    DeliveryList, DeliveryPage, DeliveryUpdate, Schedule, get, lease_deadline, update,
};
use crate::core::ledger::retries::{Fail, RetryOutcome, fail};
use crate::core::ledger::tallies::{self, Observed, Outcome};
use crate::core::records::error::{Refusal, Result};
use crate::core::records::model::{Delivery, DeliveryStatus};
use crate::core::reference::OkTrue;
use crate::core::reference::json::Object;
use crate::core::storage::{DeliveryFilter, Tx};
use serde::Serialize;

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
    /// What the worker measured of the attempt, for the tallies.
    pub observed: Observed,
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

pub(super) fn refuse(code: &'static str, delivery: Delivery) -> crate::core::records::error::Error {
    Refusal::Transition {
        code,
        delivery: Box::new(delivery),
    }
    .into()
}

/// A worker named in the payload must be the one holding the claim, when
/// the delivery is claimed by anyone at all.
pub(super) fn check_owner(delivery: Delivery, worker: Option<&str>) -> Result<Delivery> {
    match worker {
        Some(w) if !w.is_empty() && !delivery.claimed_by.is_empty() && w != delivery.claimed_by => {
            Err(refuse("invalid:claimOwner", delivery))
        }
        _ => Ok(delivery),
    }
}

pub(crate) fn claim_one(
    tx: &mut dyn Tx,
    delivery: Delivery,
    claim: &Claim,
    now: i64,
) -> Result<Delivery> {
    let mut delivery = delivery;
    delivery.claims += 1;
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
    tx.settle_lanes()?;
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
    // What this transaction finished may have queued the next of a lane.
    tx.settle_lanes()?;
    let total = tx.count_claimable(filter, now)?;
    let found = tx.claim_candidates(
        filter,
        now,
        crate::core::reference::limit(limit.or(Some(10))),
    )?;
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
    let delivered = update(tx, delivery, change, now)?;
    tallies::attempt(tx, &delivered, Outcome::Delivered, false, req.observed, now)?;
    Ok(delivered)
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
    let expired = tx.expired_leases(filter, now, crate::core::reference::limit(req.limit))?;
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
    let expired = tx.expired_leases(&req.filter, now, crate::core::reference::limit(req.limit))?;
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
