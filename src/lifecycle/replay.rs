//! Sending again what was finished (replay, after an outage) and what was
//! never sent (backfill, for a subscription created or resumed late).
//! Both walk the events of a time window, oldest first, and skip what is
//! already queued, so running either twice queues nothing the second time.

use super::{PAGE, Queued};
use crate::core::Outbox;
use crate::core::ledger::events::first_attempt;
use crate::core::ledger::matching::takes;
use crate::core::ledger::retries::{Retry, queue_attempt};
use crate::core::ledger::subscriptions::{get as get_subscription, is_pattern, takes_type};
use crate::core::ordering::{Ordering, place_new};
use crate::core::records::error::{Refusal, Result};
use crate::core::records::model::{Delivery, DeliveryStatus, Event, SubscriptionStatus};
use crate::core::reference::json::Object;
use crate::core::storage::{Cursor, EventWindow, SubscriptionFilter, Tx};

/// `delivery replay`: which finished chains to send again.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    /// Events recorded in this window (and of this type, when given).
    pub window: EventWindow,
    /// Latest attempts in these states; empty means every finished state.
    pub statuses: Vec<DeliveryStatus>,
    pub client_id: Option<String>,
    pub sub_id: Option<String>,
    pub dry_run: bool,
}

impl Replay {
    fn wants(&self, latest: &Delivery) -> bool {
        let finished = matches!(
            latest.status,
            DeliveryStatus::Delivered | DeliveryStatus::Failed | DeliveryStatus::Canceled
        );
        let agrees = |wanted: &Option<String>, actual: &str| {
            wanted
                .as_deref()
                .is_none_or(|w| w.is_empty() || w == actual)
        };
        finished
            && (self.statuses.is_empty() || self.statuses.contains(&latest.status))
            && agrees(&self.client_id, &latest.client_id)
            && agrees(&self.sub_id, &latest.sub_id)
    }
}

impl Outbox {
    /// Queues attempt `latest + 1` of every chain `replay` selects whose
    /// latest attempt is finished, all in one transaction (with `dry_run`,
    /// lists those latest attempts and writes nothing).
    pub fn replay(&mut self, replay: &Replay) -> Result<Queued> {
        let run = |tx: &mut dyn Tx, now: i64| {
            let mut found = Vec::new();
            let mut ordered = OrderedSubscriptions::default();
            // Attempts for ordered subscriptions wait to be queued in the
            // order the events were recorded (the walk is by createdAt).
            let mut in_order = Vec::new();
            for_each_event(tx, &replay.window, |tx, event| {
                let chains = chains(tx.event_deliveries(&event.event_id)?);
                for latest in chains.into_iter().filter_map(|mut chain| chain.pop()) {
                    if !replay.wants(&latest) {
                        continue;
                    }
                    if replay.dry_run {
                        found.push(latest);
                    } else if latest.place.lane > 0 || ordered.is(tx, &latest.sub_id)? {
                        in_order.push((event.seq, latest));
                    } else {
                        found.push(replay_one(tx, latest, now)?);
                    }
                }
                Ok(())
            })?;
            in_order.sort_by_key(|(seq, latest)| (*seq, latest.place.seq));
            for (_, latest) in in_order {
                found.push(replay_one(tx, latest, now)?);
            }
            Ok(Queued::new(found, Some(replay.dry_run)))
        };
        if replay.dry_run {
            self.read(run)
        } else {
            self.write(run)
        }
    }

    /// Creates the first attempt for every event in `since..until` that the
    /// subscription takes now and has no delivery for it yet.
    pub fn backfill(
        &mut self,
        sub_id: &str,
        since: Option<i64>,
        until: Option<i64>,
        dry_run: bool,
    ) -> Result<Queued> {
        let run = |tx: &mut dyn Tx, now: i64| {
            let subscription = active(tx, sub_id)?;
            // Literal types are walked one index range each; a pattern
            // (`*`, `order.*`) walks the window once, every event put to the
            // matching rule fan-out uses, so no event is found twice.
            let types: Vec<Option<String>> =
                if subscription.event_types.iter().any(|t| is_pattern(t)) {
                    vec![None]
                } else {
                    subscription.event_types.iter().cloned().map(Some).collect()
                };
            let mut created = Vec::new();
            let ordering = Ordering::from_meta(&subscription.meta);
            // Those of an ordered subscription join their lanes once all
            // are found, in the order the events were recorded.
            let mut in_order = Vec::new();
            for event_type in types {
                let window = EventWindow {
                    event_type,
                    since,
                    until,
                };
                for_each_event(tx, &window, |tx, event| {
                    if !takes_type(&subscription.event_types, &event.event_type)
                        || !takes(&subscription, &event.source, &event.subject, &event.target)
                        || !tx.attempts(&event.event_id, sub_id)?.is_empty()
                    {
                        return Ok(());
                    }
                    let delivery = first_attempt(event, &subscription, now)?;
                    if ordering.is_some() && !dry_run {
                        in_order.push((event.seq, event.subject.clone(), delivery));
                        return Ok(());
                    }
                    if !dry_run {
                        tx.insert_delivery(&delivery)?;
                    }
                    created.push(delivery);
                    Ok(())
                })?;
            }
            in_order.sort_by_key(|(seq, _, _)| *seq);
            for (_, subject, mut delivery) in in_order {
                place_new(tx, &mut delivery, ordering, &subject, None)?;
                tx.insert_delivery(&delivery)?;
                created.push(delivery);
            }
            Ok(Queued::new(created, Some(dry_run)))
        };
        if dry_run {
            self.read(run)
        } else {
            self.write(run)
        }
    }
}

impl Outbox {
    /// [`Outbox::backfill`] for several subscriptions, each in a
    /// transaction of its own (running it again creates nothing), after
    /// checking that every one is active; the attempts of all in one answer.
    pub fn backfill_each(
        &mut self,
        sub_ids: &[String],
        since: Option<i64>,
        until: Option<i64>,
        dry_run: bool,
    ) -> Result<Queued> {
        self.read(|tx, _| {
            for sub_id in sub_ids {
                active(tx, sub_id)?;
            }
            Ok(())
        })?;
        let mut all = Vec::new();
        for sub_id in sub_ids {
            all.extend(self.backfill(sub_id, since, until, dry_run)?.deliveries);
        }
        Ok(Queued::new(all, Some(dry_run)))
    }

    /// Every active subscription of `client_id`, newest first.
    pub fn active_subscriptions_of(&mut self, client_id: &str) -> Result<Vec<String>> {
        let mut filter = SubscriptionFilter {
            client_id: Some(client_id.to_owned()),
            status: Some(SubscriptionStatus::Active),
            ..SubscriptionFilter::default()
        };
        let mut ids = Vec::new();
        loop {
            let page = self.list_subscriptions(&filter, Some(PAGE))?.subscriptions;
            let Some(last) = page.last() else {
                return Ok(ids);
            };
            filter.before = Some((last.created_at, last.sub_id.clone()));
            let full = page.len() as i64 == PAGE;
            ids.extend(page.into_iter().map(|s| s.sub_id));
            if !full {
                return Ok(ids);
            }
        }
    }
}

/// The subscription, when it is active: backfill is refused otherwise.
fn active(tx: &mut dyn Tx, sub_id: &str) -> Result<crate::core::records::model::Subscription> {
    let subscription = get_subscription(tx, sub_id)?;
    if subscription.status != SubscriptionStatus::Active {
        return Err(Refusal::SubscriptionStatus {
            code: "invalid:subscriptionStatus",
            subscription: Box::new(subscription),
        }
        .into());
    }
    Ok(subscription)
}

/// Whether subscriptions are ordered, each read once.
#[derive(Default)]
struct OrderedSubscriptions(std::collections::HashMap<String, bool>);

impl OrderedSubscriptions {
    fn is(&mut self, tx: &mut dyn Tx, sub_id: &str) -> Result<bool> {
        if let Some(known) = self.0.get(sub_id) {
            return Ok(*known);
        }
        let ordered = crate::core::ordering::of_subscription(tx, sub_id)?.is_some();
        self.0.insert(sub_id.to_owned(), ordered);
        Ok(ordered)
    }
}

/// The latest attempt of the delivery's chain, when it is finished
/// (delivered, failed or canceled); a refusal while the chain is queued or
/// claimed.
pub(super) fn latest_finished(
    tx: &mut dyn Tx,
    delivery: Delivery,
) -> Result<Result<Delivery, Refusal>> {
    let latest = tx
        .attempts(&delivery.event_id, &delivery.sub_id)?
        .into_iter()
        .max_by_key(|a| a.attempt)
        .unwrap_or(delivery);
    Ok(match latest.status {
        DeliveryStatus::Delivered | DeliveryStatus::Failed | DeliveryStatus::Canceled => Ok(latest),
        _ => Err(Refusal::Transition {
            code: "invalid:replayStatus",
            delivery: Box::new(latest),
        }),
    })
}

/// Queues the attempt after `latest`, naming it in `replayOf`.
pub(super) fn replay_one(tx: &mut dyn Tx, latest: Delivery, now: i64) -> Result<Delivery> {
    let mut extra = Object::new();
    extra.insert("replayOf".to_owned(), latest.delivery_id.clone().into());
    let req = to_subscription_now(tx, &latest, Some(extra))?;
    queue_attempt(tx, latest, &req, now)
}

/// Calls `f` for every event of `window`, oldest first, a page at a time.
pub(super) fn for_each_event(
    tx: &mut dyn Tx,
    window: &EventWindow,
    mut f: impl FnMut(&mut dyn Tx, &Event) -> Result<()>,
) -> Result<()> {
    let mut cursor: Option<Cursor> = None;
    loop {
        let page = tx.events_in_window(window, cursor.as_ref(), PAGE)?;
        let Some(last) = page.last() else {
            return Ok(());
        };
        cursor = Some((last.created_at, last.event_id.clone()));
        let full = page.len() as i64 == PAGE;
        for event in &page {
            f(tx, event)?;
        }
        if !full {
            return Ok(());
        }
    }
}

/// One event's deliveries (sorted by `(subId, attempt)`) cut into chains,
/// each ending with its latest attempt.
pub(super) fn chains(deliveries: Vec<Delivery>) -> Vec<Vec<Delivery>> {
    let mut chains: Vec<Vec<Delivery>> = Vec::new();
    for delivery in deliveries {
        match chains.last_mut() {
            Some(chain) if chain[0].sub_id == delivery.sub_id => chain.push(delivery),
            _ => chains.push(vec![delivery]),
        }
    }
    chains
}

/// The request for the attempt after `latest`: due now, to where its
/// subscription sends today (an endpoint fixed after an outage is used),
/// with `extra` merged into its meta.
pub(super) fn to_subscription_now(
    tx: &mut dyn Tx,
    latest: &Delivery,
    extra: Option<Object>,
) -> Result<Retry> {
    let subscription = tx.subscription(&latest.sub_id)?;
    Ok(Retry {
        client_id: subscription.as_ref().map(|s| s.client_id.clone()),
        transport: subscription.as_ref().map(|s| s.transport),
        endpoint: subscription.map(|s| s.endpoint),
        meta: Some(extra.unwrap_or_default()),
        ..Retry::default()
    })
}
