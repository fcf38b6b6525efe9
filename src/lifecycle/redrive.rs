//! Dead letters: failed attempts whose chain has no later attempt and will
//! get none. Listing them, counting them, and redriving them: one more
//! attempt each, past the policy's `maxAttempts`.

use super::{PAGE, Queued};
use crate::core::Outbox;
use crate::core::ledger::deliveries::{DeliveryList, get};
use crate::core::ledger::retries::queue_attempt;
use crate::core::records::error::{Refusal, Result};
use crate::core::records::model::{Delivery, DeliveryStatus};
use crate::core::reference::OkTrue;
use crate::core::storage::{Cursor, DeliveryFilter, Tx};
use std::collections::HashMap;

impl Outbox {
    /// `delivery list --dead`: newest first.
    pub fn dead_letters(
        &mut self,
        filter: &DeliveryFilter,
        limit: Option<i64>,
    ) -> Result<DeliveryList> {
        self.read(|tx, _| {
            let deliveries = tx.dead_letters(
                filter,
                filter.before.as_ref(),
                crate::core::reference::limit(limit),
            )?;
            Ok(DeliveryList {
                ok: OkTrue,
                count: deliveries.len(),
                deliveries,
            })
        })
    }

    /// How many dead letters `filter` selects.
    pub fn count_dead(&mut self, filter: &DeliveryFilter) -> Result<i64> {
        self.read(|tx, _| tx.count_dead(filter))
    }

    /// Queues one new attempt for each of these dead letters, in one
    /// transaction: any id that is missing or no dead letter refuses all.
    pub fn redrive(&mut self, ids: &[String]) -> Result<Queued> {
        self.write(|tx, now| {
            let mut seen = std::collections::HashSet::new();
            let mut queued = Vec::new();
            let mut in_lanes = Vec::new();
            for id in ids.iter().filter(|id| seen.insert(id.as_str())) {
                let delivery = get(tx, id)?;
                if !is_dead(tx, &delivery)? {
                    return Err(Refusal::Transition {
                        code: "invalid:redriveStatus",
                        delivery: Box::new(delivery),
                    }
                    .into());
                }
                if delivery.place.lane > 0 {
                    in_lanes.push(delivery);
                } else {
                    queued.push(redrive_one(tx, delivery, now)?);
                }
            }
            for delivery in super::in_recording_order(in_lanes) {
                queued.push(redrive_one(tx, delivery, now)?);
            }
            Ok(Queued::new(queued, None))
        })
    }

    /// Redrives every dead letter `filter` (and `event_type`) selects, in
    /// one transaction.
    pub fn redrive_all(
        &mut self,
        filter: &DeliveryFilter,
        event_type: Option<&str>,
    ) -> Result<Queued> {
        self.write(|tx, now| {
            let mut types = EventTypes::default();
            let mut queued = Vec::new();
            let mut in_lanes = Vec::new();
            let mut cursor: Option<Cursor> = None;
            loop {
                let page = tx.dead_letters(filter, cursor.as_ref(), PAGE)?;
                let Some(last) = page.last() else { break };
                cursor = Some((last.created_at, last.delivery_id.clone()));
                for delivery in page {
                    if !types.matches(tx, &delivery, event_type)? {
                        continue;
                    }
                    if delivery.place.lane > 0 {
                        in_lanes.push(delivery);
                    } else {
                        queued.push(redrive_one(tx, delivery, now)?);
                    }
                }
            }
            for delivery in super::in_recording_order(in_lanes) {
                queued.push(redrive_one(tx, delivery, now)?);
            }
            Ok(Queued::new(queued, None))
        })
    }
}

/// Failed, and no later attempt of its chain exists.
fn is_dead(tx: &mut dyn Tx, delivery: &Delivery) -> Result<bool> {
    if delivery.status != DeliveryStatus::Failed {
        return Ok(false);
    }
    let attempts = tx.attempts(&delivery.event_id, &delivery.sub_id)?;
    Ok(attempts.iter().all(|a| a.attempt <= delivery.attempt))
}

/// The delivery, when it is a dead letter; its refusal otherwise.
pub(super) fn dead(tx: &mut dyn Tx, delivery: Delivery) -> Result<Result<Delivery, Refusal>> {
    Ok(if is_dead(tx, &delivery)? {
        Ok(delivery)
    } else {
        Err(Refusal::Transition {
            code: "invalid:redriveStatus",
            delivery: Box::new(delivery),
        })
    })
}

pub(super) fn redrive_one(tx: &mut dyn Tx, dead: Delivery, now: i64) -> Result<Delivery> {
    let req = super::replay::to_subscription_now(tx, &dead, None)?;
    queue_attempt(tx, dead, &req, now)
}

/// Event types by event id, read once each.
#[derive(Default)]
pub(super) struct EventTypes(HashMap<String, Option<String>>);

impl EventTypes {
    /// Whether the delivery's event has type `wanted` (always, when none is wanted).
    pub(super) fn matches(
        &mut self,
        tx: &mut dyn Tx,
        delivery: &Delivery,
        wanted: Option<&str>,
    ) -> Result<bool> {
        let Some(wanted) = wanted.filter(|t| !t.is_empty()) else {
            return Ok(true);
        };
        if !self.0.contains_key(&delivery.event_id) {
            let found = tx.event(&delivery.event_id)?.map(|e| e.event_type);
            self.0.insert(delivery.event_id.clone(), found);
        }
        Ok(self.0[&delivery.event_id].as_deref() == Some(wanted))
    }
}
