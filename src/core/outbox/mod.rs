//! The commands: [`Outbox`], each of its methods one command in one
//! transaction through [`crate::core::storage::Store`], calling into the
//! rooms below it.

mod operations;
pub mod resolve;
pub mod trial;

use crate::core::batch::{self, BatchSink, transfer};
use crate::core::ledger::deliveries::{
    Chain, DeliveryList, DeliveryPage, DeliveryReply, NewDelivery, StatsReply,
};
use crate::core::ledger::events::{AckEvent, EventList, EventRecorded, EventReply, RecordEvent};
use crate::core::ledger::leases::{Cancel, Claim, Complete, Release, Renew, Sweep};
use crate::core::ledger::retries::{Fail, Failed, Retry};
use crate::core::ledger::subscriptions::{SubscriptionFields, SubscriptionList, SubscriptionReply};
use crate::core::ledger::{deliveries, events, leases, matching, retries, subscriptions};
use crate::core::records::error::{Error, Result};
use crate::core::reference::OkTrue;
use crate::core::storage::{
    DeliveryFilter, EventFilter, EventReader, Store, SubscriptionFilter, Tx,
};

/// Where "now" comes from: the system clock, or a fixed time for replays
/// and tests (`OUTBOX_NOW`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    System,
    Fixed(i64),
}

impl Clock {
    /// Unix seconds.
    pub fn now(self) -> i64 {
        match self {
            Clock::Fixed(now) => now,
            Clock::System => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64),
        }
    }

    /// Unix milliseconds, for what counts within a second (rate limits);
    /// a fixed clock's second, exactly.
    pub fn now_ms(self) -> i64 {
        match self {
            Clock::Fixed(now) => now.saturating_mul(1000),
            Clock::System => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as i64),
        }
    }
}

fn retried(tx: &mut dyn Tx, id: &str, req: &Retry, now: i64) -> Result<retries::Retried> {
    let (delivery, existed) = retries::retry(tx, id, req, now)?;
    Ok(retries::Retried {
        ok: OkTrue,
        delivery,
        existed,
    })
}

/// An outbox over some store: one method per reference operation, each in
/// one transaction. Writes read the clock only once they hold the write
/// lock, so a lease never starts before its claim could be made.
pub struct Outbox {
    pub(crate) store: Box<dyn Store>,
    pub(crate) clock: Clock,
}

impl Outbox {
    pub fn new(store: Box<dyn Store>, clock: Clock) -> Self {
        Outbox { store, clock }
    }

    /// See [`Store::on_ready`]: whether `ready` will be called when
    /// deliveries may have become claimable.
    pub fn on_ready(&mut self, ready: Box<dyn Fn() -> bool + Send>) -> Result<bool> {
        self.store.on_ready(ready)
    }

    /// See [`Store::working`].
    pub fn working(&mut self) {
        self.store.working();
    }

    /// See [`Store::event_reader`].
    pub fn event_reader(&self) -> Result<Option<Box<dyn EventReader>>> {
        self.store.event_reader()
    }

    pub(crate) fn read<T>(&mut self, f: impl FnOnce(&mut dyn Tx, i64) -> Result<T>) -> Result<T> {
        let mut tx = self.store.read()?;
        let value = f(tx.as_mut(), self.clock.now())?;
        tx.commit()?;
        Ok(value)
    }

    /// [`Outbox::write`] through [`Store::bulk_write`].
    fn bulk<T>(
        &mut self,
        bytes: Option<u64>,
        f: impl FnOnce(&mut dyn Tx, i64) -> Result<T>,
    ) -> Result<T> {
        let written = self
            .store
            .bulk_write(bytes)
            .and_then(|tx| committed(tx, &self.clock, f));
        self.store.end_bulk();
        written
    }

    pub(crate) fn write<T>(&mut self, f: impl FnOnce(&mut dyn Tx, i64) -> Result<T>) -> Result<T> {
        let tx = self.store.write()?;
        committed(tx, &self.clock, f)
    }

    /// Runs `f` for each id in one write transaction. A refusal answers
    /// for its own id and the others go on; any other failure rolls all back.
    pub(crate) fn write_each<T>(
        &mut self,
        ids: &[String],
        f: impl Fn(&mut dyn Tx, &str, i64) -> Result<T>,
    ) -> Result<Vec<Result<T>>> {
        self.write(|tx, now| {
            tx.prefetch_deliveries(ids)?;
            ids.iter()
                .map(|id| match f(tx, id, now) {
                    Err(refused @ Error::Refused(_)) => Ok(Err(refused)),
                    other => other.map(Ok),
                })
                .collect()
        })
    }

    /// `completeDelivery` for several deliveries in one transaction.
    pub fn complete_deliveries(
        &mut self,
        ids: &[String],
        req: &Complete,
    ) -> Result<Vec<Result<DeliveryReply>>> {
        self.write_each(ids, |tx, id, now| {
            Ok(DeliveryReply {
                ok: OkTrue,
                delivery: leases::complete(tx, id, req, now)?,
            })
        })
    }

    /// `failDelivery` for several deliveries in one transaction.
    pub fn fail_deliveries(&mut self, ids: &[String], req: &Fail) -> Result<Vec<Result<Failed>>> {
        self.write_each(ids, |tx, id, now| retries::fail(tx, id, req, now))
    }

    /// `releaseDelivery` for several deliveries in one transaction.
    pub fn release_deliveries(
        &mut self,
        ids: &[String],
        req: &Release,
    ) -> Result<Vec<Result<DeliveryReply>>> {
        self.write_each(ids, |tx, id, now| {
            Ok(DeliveryReply {
                ok: OkTrue,
                delivery: leases::release(tx, id, req, now)?,
            })
        })
    }

    /// Every record, in one snapshot, to `emit`; returns how many.
    pub fn export(
        &mut self,
        emit: &mut dyn FnMut(transfer::Record) -> Result<()>,
    ) -> Result<usize> {
        self.read(|tx, _| transfer::export(tx, emit))
    }

    /// Writes exported records in one transaction: all of them or none.
    /// `bytes`, the size of the input where known, lets a large import into
    /// an empty outbox load it the store's fastest way.
    pub fn import<I>(&mut self, records: I, bytes: Option<u64>) -> Result<transfer::Imported>
    where
        I: IntoIterator<Item = (usize, Result<transfer::Record>)>,
    {
        self.bulk(bytes, |tx, _| {
            transfer::import(tx, &mut records.into_iter())
        })
    }

    pub fn record_event(&mut self, req: &RecordEvent) -> Result<EventRecorded> {
        self.write(|tx, now| events::record(tx, req, now))
    }

    /// Records every event of a batch in one transaction: all or nothing.
    /// Requests come numbered by input line; a failure names its line.
    pub fn record_events<I>(&mut self, requests: I) -> Result<Vec<EventRecorded>>
    where
        I: IntoIterator<Item = (usize, Result<RecordEvent>)>,
    {
        /// Answers put back in the order of their requests.
        struct InOrder(Vec<Option<EventRecorded>>);
        impl BatchSink for InOrder {
            fn answer(&mut self, index: usize, recorded: EventRecorded) -> Result<()> {
                if self.0.len() <= index {
                    self.0.resize(index + 1, None);
                }
                self.0[index] = Some(recorded);
                Ok(())
            }
        }
        let mut answers = InOrder(Vec::new());
        self.record_events_into(requests, &mut answers, None)?;
        Ok(answers.0.into_iter().flatten().collect())
    }

    /// [`Outbox::record_events`], handing each answer to `sink` as it is
    /// made instead of holding them all: a batch of any size in bounded
    /// memory. The answers count only once the batch commits; on a failure
    /// nothing is written and the sink's answers mean nothing. `bytes`, as
    /// for [`Outbox::import`].
    pub fn record_events_into<I>(
        &mut self,
        requests: I,
        sink: &mut dyn BatchSink,
        bytes: Option<u64>,
    ) -> Result<()>
    where
        I: IntoIterator<Item = (usize, Result<RecordEvent>)>,
    {
        self.bulk(bytes, |tx, now| batch::record(tx, requests, now, sink))
    }

    pub fn get_event(&mut self, event_id: &str) -> Result<EventReply> {
        self.read(|tx, _| {
            Ok(EventReply {
                ok: OkTrue,
                event: events::get(tx, event_id)?,
            })
        })
    }

    pub fn list_events(&mut self, filter: &EventFilter, limit: Option<i64>) -> Result<EventList> {
        self.read(|tx, _| events::list(tx, filter, limit))
    }

    pub fn ack_event(&mut self, event_id: &str, req: &AckEvent) -> Result<EventReply> {
        self.write(|tx, now| {
            Ok(EventReply {
                ok: OkTrue,
                event: events::ack(tx, event_id, req, now)?,
            })
        })
    }

    pub fn create_subscription(
        &mut self,
        fields: &SubscriptionFields,
        sub_id: Option<&str>,
    ) -> Result<SubscriptionReply> {
        self.write(|tx, now| {
            let subscription = subscriptions::create(tx, fields, sub_id, now)?;
            Ok(SubscriptionReply {
                ok: OkTrue,
                subscription,
            })
        })
    }

    pub fn get_subscription(&mut self, sub_id: &str) -> Result<SubscriptionReply> {
        self.read(|tx, _| {
            Ok(SubscriptionReply {
                ok: OkTrue,
                subscription: subscriptions::get(tx, sub_id)?,
            })
        })
    }

    pub fn list_subscriptions(
        &mut self,
        filter: &SubscriptionFilter,
        limit: Option<i64>,
    ) -> Result<SubscriptionList> {
        self.read(|tx, _| subscriptions::list(tx, filter, limit))
    }

    pub fn update_subscription(
        &mut self,
        sub_id: &str,
        changes: &SubscriptionFields,
    ) -> Result<SubscriptionReply> {
        self.write(|tx, now| {
            let subscription = subscriptions::update(tx, sub_id, changes, now)?;
            Ok(SubscriptionReply {
                ok: OkTrue,
                subscription,
            })
        })
    }

    /// Which subscriptions an event with these fields would reach; writes nothing.
    pub fn match_event(
        &mut self,
        event_type: &str,
        source: &str,
        subject: &str,
        target: &str,
    ) -> Result<SubscriptionList> {
        self.read(|tx, _| {
            let subscriptions =
                matching::owned(matching::matching(tx, event_type, source, subject, target)?);
            Ok(SubscriptionList {
                ok: OkTrue,
                count: subscriptions.len(),
                subscriptions,
            })
        })
    }

    /// [`Outbox::match_event`], with every subscription of the type and why
    /// each that does not match does not.
    pub fn explain_match(
        &mut self,
        event_type: &str,
        source: &str,
        subject: &str,
        target: &str,
    ) -> Result<matching::Explained> {
        self.read(|tx, _| matching::explain(tx, event_type, source, subject, target))
    }

    pub fn create_delivery(&mut self, new: &NewDelivery) -> Result<DeliveryReply> {
        self.write(|tx, now| {
            Ok(DeliveryReply {
                ok: OkTrue,
                delivery: deliveries::create_delivery(tx, new, now)?,
            })
        })
    }

    pub fn get_delivery(&mut self, delivery_id: &str) -> Result<DeliveryReply> {
        self.read(|tx, _| {
            Ok(DeliveryReply {
                ok: OkTrue,
                delivery: deliveries::get(tx, delivery_id)?,
            })
        })
    }

    pub fn list_deliveries(
        &mut self,
        filter: &DeliveryFilter,
        limit: Option<i64>,
    ) -> Result<DeliveryList> {
        self.read(|tx, _| deliveries::list(tx, filter, limit))
    }

    /// `delivery list --waiting`.
    pub fn waiting_deliveries(
        &mut self,
        filter: &DeliveryFilter,
        limit: Option<i64>,
    ) -> Result<deliveries::WaitingList> {
        self.read(|tx, _| deliveries::waiting(tx, filter, limit))
    }

    pub fn ready_deliveries(
        &mut self,
        filter: &DeliveryFilter,
        limit: Option<i64>,
    ) -> Result<DeliveryPage> {
        self.read(|tx, now| deliveries::ready(tx, filter, limit, now))
    }

    pub fn delivery_chain(&mut self, delivery_id: &str, limit: Option<i64>) -> Result<Chain> {
        self.read(|tx, _| deliveries::chain(tx, delivery_id, limit))
    }

    /// How many events `filter` selects.
    pub fn count_events(&mut self, filter: &EventFilter) -> Result<i64> {
        self.read(|tx, _| tx.count_events(filter))
    }

    /// How many subscriptions `filter` selects.
    pub fn count_subscriptions(&mut self, filter: &SubscriptionFilter) -> Result<i64> {
        self.read(|tx, _| tx.count_subscriptions(filter))
    }

    /// How many deliveries `filter` selects (from the kept counts where
    /// they serve).
    pub fn count_deliveries(&mut self, filter: &DeliveryFilter) -> Result<i64> {
        self.read(|tx, now| Ok(deliveries::stats(tx, filter, now)?.count))
    }

    /// How many deliveries and subjects wait in ordered subscriptions.
    pub fn waiting(&mut self) -> Result<crate::core::storage::lanes::Waiting> {
        self.read(|tx, _| tx.waiting())
    }

    pub fn delivery_stats(&mut self, filter: &DeliveryFilter) -> Result<StatsReply> {
        self.read(|tx, now| deliveries::stats(tx, filter, now))
    }

    /// [`Outbox::delivery_stats`] after counting every delivery again, for a
    /// database whose deliveries were changed by hand.
    pub fn recounted_stats(&mut self, filter: &DeliveryFilter) -> Result<StatsReply> {
        self.write(|tx, now| {
            tx.recount_deliveries()?;
            deliveries::stats(tx, filter, now)
        })
    }

    pub fn claim_next(&mut self, claim: &Claim) -> Result<DeliveryReply> {
        self.write(|tx, now| {
            Ok(DeliveryReply {
                ok: OkTrue,
                delivery: leases::claim_next(tx, claim, now)?,
            })
        })
    }

    pub fn claim_batch(&mut self, claim: &Claim, limit: Option<i64>) -> Result<DeliveryPage> {
        self.write(|tx, now| leases::claim_batch(tx, claim, limit, now))
    }

    pub fn complete_delivery(
        &mut self,
        delivery_id: &str,
        req: &Complete,
    ) -> Result<DeliveryReply> {
        self.write(|tx, now| {
            Ok(DeliveryReply {
                ok: OkTrue,
                delivery: leases::complete(tx, delivery_id, req, now)?,
            })
        })
    }

    pub fn fail_delivery(&mut self, delivery_id: &str, req: &Fail) -> Result<Failed> {
        self.write(|tx, now| retries::fail(tx, delivery_id, req, now))
    }

    pub fn retry_delivery(&mut self, delivery_id: &str, req: &Retry) -> Result<retries::Retried> {
        self.write(|tx, now| retried(tx, delivery_id, req, now))
    }

    /// `retryDelivery` for several deliveries in one transaction.
    pub fn retry_deliveries(
        &mut self,
        ids: &[String],
        req: &Retry,
    ) -> Result<Vec<Result<retries::Retried>>> {
        self.write_each(ids, |tx, id, now| retried(tx, id, req, now))
    }

    pub fn cancel_delivery(&mut self, delivery_id: &str, req: &Cancel) -> Result<DeliveryReply> {
        self.write(|tx, now| {
            Ok(DeliveryReply {
                ok: OkTrue,
                delivery: leases::cancel(tx, delivery_id, req, now)?,
            })
        })
    }

    pub fn renew_lease(&mut self, delivery_id: &str, req: &Renew) -> Result<DeliveryReply> {
        self.write(|tx, now| {
            Ok(DeliveryReply {
                ok: OkTrue,
                delivery: leases::renew(tx, delivery_id, req, now)?,
            })
        })
    }

    pub fn release_delivery(&mut self, delivery_id: &str, req: &Release) -> Result<DeliveryReply> {
        self.write(|tx, now| {
            Ok(DeliveryReply {
                ok: OkTrue,
                delivery: leases::release(tx, delivery_id, req, now)?,
            })
        })
    }

    pub fn sweep_expired_leases(&mut self, req: &Sweep) -> Result<DeliveryList> {
        self.write(|tx, now| leases::sweep(tx, req, now))
    }

    /// Fails every expired lease through its subscription's retry policy
    /// (`sweep --as-failure`), instead of queueing the same attempt again.
    pub fn sweep_expired_as_failed(&mut self, req: &Sweep) -> Result<leases::SweptAsFailed> {
        self.write(|tx, now| leases::sweep_as_failed(tx, req, now))
    }
}

/// Runs `f` in the write transaction `tx`, at the time read now that it
/// holds the write lock, and commits.
fn committed<T>(
    mut tx: Box<dyn Tx + '_>,
    clock: &Clock,
    f: impl FnOnce(&mut dyn Tx, i64) -> Result<T>,
) -> Result<T> {
    let value = f(tx.as_mut(), clock.now())?;
    tx.commit()?;
    Ok(value)
}
