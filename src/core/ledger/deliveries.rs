//! Deliveries: creating attempts, reading them, and the views over the
//! ledger (list, ready, chain, stats), as the reference's `EventDeliveryBook`.

use crate::core::ledger::events::nonzero;
use crate::core::records::error::{Refusal, Result};
use crate::core::records::model::{Delivery, DeliveryStatus, Place, Transport};
use crate::core::reference::OkTrue;
use crate::core::reference::ids;
use crate::core::reference::json::Object;
use crate::core::settings::policy::MAX_DELAY_SECONDS;
use crate::core::storage::{DeliveryCounts, DeliveryFilter, Tx};
use serde::Serialize;

/// Lease length when none is asked for.
pub const DEFAULT_LEASE_SECONDS: i64 = 300;
/// Longest lease the reference grants: one day.
pub const MAX_LEASE_SECONDS: i64 = 86_400;

/// What `createDelivery` reads from its payload. `None` is a key not given.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewDelivery {
    pub event_id: String,
    pub sub_id: String,
    pub client_id: Option<String>,
    pub transport: Option<Transport>,
    pub endpoint: Option<String>,
    pub attempt: Option<i64>,
    pub status: Option<DeliveryStatus>,
    pub schedule: Schedule,
    pub meta: Option<Object>,
    pub delivery_id: Option<String>,
}

/// When a queued delivery becomes due: an explicit time wins over a delay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Schedule {
    pub next_attempt_at: Option<i64>,
    pub delay_seconds: Option<i64>,
}

impl Schedule {
    /// The reference's `_nextAttemptAt`; 0 means "due now".
    pub fn due_at(self, now: i64) -> i64 {
        if let Some(at) = nonzero(self.next_attempt_at) {
            return at;
        }
        match self.delay_seconds.unwrap_or(0).clamp(0, MAX_DELAY_SECONDS) {
            0 => 0,
            delay => now.saturating_add(delay),
        }
    }

    /// Whether the payload asked for any schedule at all (`release` keeps
    /// the old one otherwise).
    pub fn is_set(self) -> bool {
        nonzero(self.next_attempt_at).is_some() || nonzero(self.delay_seconds).is_some()
    }
}

/// The reference's `_leaseExpiresAt` for a lease length in seconds.
pub fn lease_deadline(lease_seconds: Option<i64>, now: i64) -> i64 {
    now.saturating_add(
        lease_seconds
            .unwrap_or(DEFAULT_LEASE_SECONDS)
            .clamp(1, MAX_LEASE_SECONDS),
    )
}

/// One delivery.
#[derive(Clone, Debug, Serialize)]
pub struct DeliveryReply {
    pub ok: OkTrue,
    pub delivery: Delivery,
}

/// `listDeliveries` and `sweepExpiredLeases` answers.
#[derive(Clone, Debug, Serialize)]
pub struct DeliveryList {
    pub ok: OkTrue,
    pub deliveries: Vec<Delivery>,
    pub count: usize,
}

/// `readyDeliveries` and `claimBatch` answers: `total` counts every
/// claimable delivery, not only those returned.
#[derive(Clone, Debug, Serialize)]
pub struct DeliveryPage {
    pub ok: OkTrue,
    pub deliveries: Vec<Delivery>,
    pub count: usize,
    pub total: i64,
}

/// `delivery list --waiting`: deliveries held behind an earlier one of
/// their subject, newest first, each with the delivery it waits for.
#[derive(Clone, Debug, Serialize)]
pub struct WaitingList {
    pub ok: OkTrue,
    pub deliveries: Vec<WaitingDelivery>,
    pub count: usize,
}

/// A held delivery and, beside the reference's keys, `waitingFor`: the
/// delivery at the head of its lane (empty while the lane has none, for a
/// moment within a commit).
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WaitingDelivery {
    #[serde(flatten)]
    pub delivery: Delivery,
    pub waiting_for: String,
}

/// `deliveryChain`'s answer: every attempt for one event and subscription.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Chain {
    pub ok: OkTrue,
    pub delivery_id: String,
    pub event_id: String,
    pub sub_id: String,
    pub root_delivery_id: String,
    pub latest_delivery_id: String,
    pub deliveries: Vec<Delivery>,
    pub count: usize,
    pub total: usize,
}

/// `deliveryStats`'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct StatsReply {
    pub ok: OkTrue,
    pub stats: DeliveryCounts,
    pub count: i64,
}

/// The reference's `createDelivery`: builds, validates and stores (or
/// overwrites, keeping `createdAt`) one attempt.
pub(crate) fn create_delivery(tx: &mut dyn Tx, new: &NewDelivery, now: i64) -> Result<Delivery> {
    let mut delivery = build(new, now);
    let existing = tx.delivery(&delivery.delivery_id)?;
    if let Some(existing) = &existing {
        delivery.created_at = existing.created_at;
        delivery.place = existing.place;
        delivery.place.held &= delivery.status == DeliveryStatus::Queued;
    }
    let mut delivery = validate(delivery)?;
    if existing.is_none() {
        // A new delivery of an ordered subscription joins its subject's lane.
        let ordering = crate::core::ordering::of_subscription(tx, &delivery.sub_id)?;
        if ordering.is_some()
            && let Some(event) = tx.event_unlocked(&delivery.event_id)?
        {
            crate::core::ordering::place_new(tx, &mut delivery, ordering, &event.subject, None)?;
        }
    }
    tx.put_delivery(&delivery)?;
    Ok(delivery)
}

/// Builds and validates the attempt `new` describes, created at `now`.
pub(crate) fn new_delivery(new: &NewDelivery, now: i64) -> Result<Delivery> {
    validate(build(new, now))
}

fn build(new: &NewDelivery, now: i64) -> Delivery {
    let event_id = new.event_id.trim().to_owned();
    let sub_id = new.sub_id.trim().to_owned();
    let attempt = new.attempt.unwrap_or(1).max(1);
    let delivery_id = match new.delivery_id.as_deref() {
        Some(id) if !id.is_empty() => id.to_owned(),
        _ => ids::delivery_id(&event_id, &sub_id, attempt),
    };
    let status = new.status.unwrap_or(DeliveryStatus::Queued);
    Delivery {
        delivery_id,
        event_id,
        sub_id,
        client_id: new.client_id.clone().unwrap_or_default(),
        transport: new.transport.unwrap_or(Transport::Poll),
        endpoint: new.endpoint.clone().unwrap_or_default(),
        status,
        attempt,
        claimed_by: String::new(),
        last_error: String::new(),
        meta: new.meta.clone().unwrap_or_default(),
        created_at: now,
        updated_at: now,
        next_attempt_at: if status == DeliveryStatus::Queued {
            new.schedule.due_at(now)
        } else {
            0
        },
        claimed_at: 0,
        lease_expires_at: 0,
        delivered_at: 0,
        place: Place::default(),
        claims: 0,
    }
}

fn validate(delivery: Delivery) -> Result<Delivery> {
    let mut errors = Vec::new();
    if delivery.event_id.is_empty() {
        errors.push("missing:eventId");
    }
    if delivery.sub_id.is_empty() {
        errors.push("missing:subId");
    }
    if !errors.is_empty() {
        return Err(Refusal::InvalidDelivery {
            errors,
            delivery: Box::new(delivery),
        }
        .into());
    }
    Ok(delivery)
}

/// The fields `updateDelivery` may change; `None` keeps the stored value.
#[derive(Clone, Debug, Default)]
pub(crate) struct DeliveryUpdate {
    pub status: Option<DeliveryStatus>,
    pub claimed_by: Option<String>,
    pub claimed_at: Option<i64>,
    pub lease_expires_at: Option<i64>,
    pub next_attempt_at: Option<i64>,
    pub delivered_at: Option<i64>,
    pub last_error: Option<String>,
    pub meta: Option<Object>,
}

/// The reference's `updateDelivery`: applies `update` and the invariants that
/// tie timestamps to the status, then stores the result.
pub(crate) fn update(
    tx: &mut dyn Tx,
    mut delivery: Delivery,
    update: DeliveryUpdate,
    now: i64,
) -> Result<Delivery> {
    let was = delivery.stage();
    let status = update.status.unwrap_or(delivery.status);
    let mut claimed_at = update.claimed_at.unwrap_or(delivery.claimed_at);
    let mut lease_expires_at = update.lease_expires_at.unwrap_or(delivery.lease_expires_at);
    let mut next_attempt_at = update.next_attempt_at.unwrap_or(delivery.next_attempt_at);
    let mut delivered_at = update.delivered_at.unwrap_or(delivery.delivered_at);
    if status == DeliveryStatus::Claimed {
        // A re-claim after an expired lease keeps the first claim time.
        if claimed_at == 0 {
            claimed_at = now;
        }
        if lease_expires_at == 0 {
            lease_expires_at = lease_deadline(None, now);
        }
    } else {
        lease_expires_at = 0;
    }
    if status != DeliveryStatus::Queued {
        next_attempt_at = 0;
    }
    if status == DeliveryStatus::Delivered && delivered_at == 0 {
        delivered_at = now;
    }
    if let Some(meta) = update.meta {
        delivery.meta.extend(meta);
    }
    delivery.status = status;
    if let Some(claimed_by) = update.claimed_by {
        delivery.claimed_by = claimed_by;
    }
    if let Some(last_error) = update.last_error {
        delivery.last_error = last_error;
    }
    delivery.updated_at = now;
    delivery.next_attempt_at = next_attempt_at;
    delivery.claimed_at = claimed_at;
    delivery.lease_expires_at = lease_expires_at;
    delivery.delivered_at = delivered_at;
    if status != DeliveryStatus::Queued {
        delivery.place.held = false;
    }
    tx.update_delivery(was, &delivery)?;
    crate::core::ordering::after_transition(tx, was, &delivery)?;
    Ok(delivery)
}

pub(crate) fn get(tx: &mut dyn Tx, delivery_id: &str) -> Result<Delivery> {
    tx.delivery(delivery_id)?.ok_or_else(|| {
        Refusal::DeliveryNotFound {
            delivery_id: delivery_id.to_owned(),
        }
        .into()
    })
}

pub(crate) fn list(
    tx: &mut dyn Tx,
    filter: &DeliveryFilter,
    limit: Option<i64>,
) -> Result<DeliveryList> {
    let limit = crate::core::reference::limit(limit);
    let mut deliveries = tx.deliveries(filter, limit)?;
    // Queued, in the reference's words, includes the held deliveries, which
    // are kept apart: the two pages, newest first, merged.
    if filter.status == Some(DeliveryStatus::Queued) && !filter.waiting {
        deliveries.extend(tx.deliveries(&filter.held(), limit)?);
        deliveries
            .sort_by(|a, b| (b.created_at, &b.delivery_id).cmp(&(a.created_at, &a.delivery_id)));
        deliveries.truncate(usize::try_from(limit).unwrap_or(0));
    }
    Ok(DeliveryList {
        ok: OkTrue,
        count: deliveries.len(),
        deliveries,
    })
}

pub(crate) fn waiting(
    tx: &mut dyn Tx,
    filter: &DeliveryFilter,
    limit: Option<i64>,
) -> Result<WaitingList> {
    let in_lanes = DeliveryFilter {
        in_lanes: true,
        ..filter.held()
    };
    let held = tx.deliveries(&in_lanes, crate::core::reference::limit(limit))?;
    let mut deliveries = Vec::with_capacity(held.len());
    // Lanes by id, each looked up once: a page often holds many of one.
    let mut heads = std::collections::HashMap::new();
    for delivery in held {
        let lane = delivery.place.lane;
        let waiting_for = match heads.get(&lane) {
            Some(head) => String::clone(head),
            None => {
                let head = tx.waits_for(lane)?.unwrap_or_default();
                heads.insert(lane, head.clone());
                head
            }
        };
        deliveries.push(WaitingDelivery {
            delivery,
            waiting_for,
        });
    }
    // A page reads as the lanes do: by subscription, subject, and place.
    let place = |w: &WaitingDelivery| {
        let d = &w.delivery;
        let subject = d.meta.get("subject").and_then(|s| s.as_str()).unwrap_or("");
        (d.sub_id.clone(), subject.to_owned(), d.place.seq)
    };
    deliveries.sort_by_cached_key(place);
    Ok(WaitingList {
        ok: OkTrue,
        count: deliveries.len(),
        deliveries,
    })
}

pub(crate) fn ready(
    tx: &mut dyn Tx,
    filter: &DeliveryFilter,
    limit: Option<i64>,
    now: i64,
) -> Result<DeliveryPage> {
    let filter = &filter;
    let deliveries = tx.claimable(filter, now, crate::core::reference::limit(limit))?;
    let total = tx.count_claimable(filter, now)?;
    Ok(DeliveryPage {
        ok: OkTrue,
        count: deliveries.len(),
        deliveries,
        total,
    })
}

pub(crate) fn chain(tx: &mut dyn Tx, delivery_id: &str, limit: Option<i64>) -> Result<Chain> {
    let delivery = get(tx, delivery_id)?;
    let mut attempts = tx.attempts(&delivery.event_id, &delivery.sub_id)?;
    let total = attempts.len();
    let root = attempts
        .first()
        .map(|d| d.delivery_id.clone())
        .unwrap_or_default();
    let latest = attempts
        .last()
        .map(|d| d.delivery_id.clone())
        .unwrap_or_default();
    attempts.truncate(crate::core::reference::limit(limit) as usize);
    Ok(Chain {
        ok: OkTrue,
        delivery_id: delivery_id.to_owned(),
        event_id: delivery.event_id,
        sub_id: delivery.sub_id,
        root_delivery_id: root,
        latest_delivery_id: latest,
        count: attempts.len(),
        deliveries: attempts,
        total,
    })
}

pub(crate) fn stats(tx: &mut dyn Tx, filter: &DeliveryFilter, now: i64) -> Result<StatsReply> {
    let mut counts = tx.delivery_counts(filter, now)?;
    // Queued, in the reference's words, includes the held deliveries.
    if filter.status == Some(DeliveryStatus::Queued) && !filter.waiting {
        counts.merge(tx.delivery_counts(&filter.held(), now)?);
    }
    Ok(StatsReply {
        ok: OkTrue,
        count: counts.total,
        stats: counts,
    })
}
