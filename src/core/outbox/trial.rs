//! A test event for one subscription (`sub test`): made as recording would
//! make it (the same id, body and first delivery), and written, for that
//! subscription alone and claimed at once, only when asked to record it.

use crate::core::Outbox;
use crate::core::ledger::deliveries::{self, NewDelivery, new_delivery};
use crate::core::ledger::events::{self, RecordEvent};
use crate::core::ledger::leases::{self, Claim};
use crate::core::ledger::subscriptions;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, Event, Subscription};
use crate::core::reference::ids;

/// The event, its subscription and the delivery that carries it.
#[derive(Clone, Debug)]
pub struct TrialEvent {
    pub event: Event,
    pub subscription: Subscription,
    pub delivery: Delivery,
    /// Written to the ledger, its delivery claimed by `worker`.
    pub recorded: bool,
}

impl Outbox {
    /// A test event for `sub_id`. Without `record` nothing is written;
    /// with it the event is recorded for that subscription alone (no other
    /// subscription gets it) and its first delivery claimed by `worker`,
    /// to be completed or failed as the send ends.
    pub fn trial_event(
        &mut self,
        sub_id: &str,
        req: &RecordEvent,
        record: bool,
        worker: &str,
    ) -> Result<TrialEvent> {
        let make = |tx: &mut dyn crate::core::storage::Tx, now: i64| {
            let subscription = subscriptions::get(tx, sub_id)?;
            let mut prepared = events::prepare(tx, req, now)?;
            prepared.only_for(subscription.clone());
            Ok::<_, crate::core::records::error::Error>((subscription, prepared))
        };
        if !record {
            return self.read(|tx, now| {
                let (subscription, prepared) = make(tx, now)?;
                let event = prepared.event;
                let delivery = new_delivery(
                    &NewDelivery {
                        event_id: event.event_id.clone(),
                        sub_id: subscription.sub_id.clone(),
                        client_id: Some(subscription.client_id.clone()),
                        transport: Some(subscription.transport),
                        endpoint: Some(subscription.endpoint.clone()),
                        ..NewDelivery::default()
                    },
                    now,
                )?;
                Ok(TrialEvent {
                    event,
                    subscription,
                    delivery,
                    recorded: false,
                })
            });
        }
        self.write(|tx, now| {
            let (subscription, prepared) = make(tx, now)?;
            let mut recorded = events::write(tx, vec![prepared], now)?;
            let event = recorded.pop().expect("one answer per event").event;
            let first = ids::delivery_id(&event.event_id, sub_id, 1);
            let delivery = deliveries::get(tx, &first)?;
            let claim = Claim {
                worker: Some(worker.to_owned()),
                lease_seconds: Some(300),
                ..Claim::default()
            };
            let delivery = leases::claim_one(tx, delivery, &claim, now)?;
            Ok(TrialEvent {
                event,
                subscription,
                delivery,
                recorded: true,
            })
        })
    }
}
