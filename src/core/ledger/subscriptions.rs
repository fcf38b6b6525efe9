//! Subscriptions: which clients want which event types, as the reference's
//! `EventSubscriptionBook` keeps them.

use crate::core::ledger::events::nonzero;
use crate::core::ordering::{Ordering, OrderingChange};
use crate::core::records::error::{Error, Refusal, Result};
use crate::core::records::health::Health;
use crate::core::records::model::{Subscription, SubscriptionStatus, Transport};
use crate::core::reference::OkTrue;
use crate::core::reference::ids;
use crate::core::reference::json::Object;
use crate::core::settings::policy::PolicyChange;
use crate::core::settings::protection::{Protection, ProtectionChange};
use crate::core::storage::{SubscriptionFilter, Tx};
use serde::Serialize;

/// The fields of `createSubscription`'s payload, and of
/// `updateSubscription`'s updates. `None` is a key not given.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SubscriptionFields {
    pub client_id: Option<String>,
    /// As given; cleaned (trimmed, de-duplicated, blanks dropped) when used.
    pub event_types: Option<Vec<String>>,
    /// `Some("")` matches events of any target.
    pub target: Option<String>,
    pub transport: Option<Transport>,
    pub endpoint: Option<String>,
    pub status: Option<SubscriptionStatus>,
    pub filters: Option<Object>,
    pub meta: Option<Object>,
    /// Changes to the retry policy kept in `meta.retry`, applied after `meta`.
    pub retry: PolicyChange,
    /// Keys of `meta` set after `meta` and the retry policy, each whole
    /// (`mcp`: the tool an MCP subscription calls).
    pub meta_set: Object,
    /// Changes to the ordering kept in `meta.ordering`, applied last.
    pub ordering: OrderingChange,
    /// Changes to the protection kept in `meta.protection`.
    pub protection: ProtectionChange,
    /// Headers to set (or, with an empty value, remove) in `meta.headers`.
    pub headers: Vec<(String, String)>,
}

/// One subscription.
#[derive(Clone, Debug, Serialize)]
pub struct SubscriptionReply {
    pub ok: OkTrue,
    #[serde(serialize_with = "shown")]
    pub subscription: Subscription,
}

/// A subscription in an answer: secret-looking header values as `***`
/// (see [`crate::core::settings::headers`]); an export writes them whole.
fn shown<S: serde::Serializer>(sub: &Subscription, serializer: S) -> Result<S::Ok, S::Error> {
    crate::core::settings::headers::masked(sub.clone()).serialize(serializer)
}

fn all_shown<S: serde::Serializer>(
    subs: &[Subscription],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = serializer.serialize_seq(Some(subs.len()))?;
    for sub in subs {
        seq.serialize_element(&crate::core::settings::headers::masked(sub.clone()))?;
    }
    seq.end()
}

/// `listSubscriptions` and `matchEvent` answers.
#[derive(Clone, Debug, Serialize)]
pub struct SubscriptionList {
    pub ok: OkTrue,
    #[serde(serialize_with = "all_shown")]
    pub subscriptions: Vec<Subscription>,
    pub count: usize,
}

/// The reference's `_cleanList`: trimmed, blanks dropped, first occurrence kept.
fn clean_types(types: &[String]) -> Vec<String> {
    let mut cleaned: Vec<String> = Vec::with_capacity(types.len());
    for text in types.iter().map(|t| t.trim()) {
        if !text.is_empty() && !cleaned.iter().any(|c| c == text) {
            cleaned.push(text.to_owned());
        }
    }
    cleaned
}

/// The keys of `subscription_types` an event of this type is found under:
/// the type itself, `*`, and a `prefix.*` pattern for each dot in it
/// (`order.paid.late`: `order.*`, `order.paid.*`), one index lookup each.
pub fn type_keys(event_type: &str) -> Vec<String> {
    let mut keys = vec![event_type.to_owned()];
    // `*` never takes outbox's own events: only a type or pattern that
    // itself starts with `outbox.` does.
    if !super::announce::is_reserved(event_type) {
        keys.push("*".to_owned());
    }
    for (at, _) in event_type.match_indices('.') {
        keys.push(format!("{}*", &event_type[..=at]));
    }
    keys
}

/// Whether a subscription of these types takes an event of this type: the
/// one matching rule, shared by fan-out (through `type_keys`) and every walk
/// that matches events against a subscription afterwards (backfill).
pub fn takes_type(types: &[String], event_type: &str) -> bool {
    type_keys(event_type).iter().any(|key| types.contains(key))
}

/// Whether a subscription type is a pattern (`*`, `order.*`) rather than
/// one event type.
pub fn is_pattern(subscription_type: &str) -> bool {
    subscription_type.ends_with('*')
}

/// Why outbox's own senders (`outbox work` without a handler) cannot send
/// a delivery over `transport` to `endpoint`, or `None` when they can. The
/// reference stores any endpoint, and a handler may know what `agent://c`
/// means, so this warns and fails sends; it never refuses a subscription.
pub fn unsendable(transport: Transport, endpoint: &str) -> Option<String> {
    if !matches!(
        transport,
        Transport::Webhook | Transport::A2a | Transport::Mcp
    ) {
        // A broker endpoint was checked as its subscription was written.
        return None;
    }
    if endpoint.is_empty() {
        return Some(format!(
            "a {transport} subscription needs an http:// or https:// --endpoint; it has none"
        ));
    }
    let host = endpoint.split_once("://").and_then(|(scheme, rest)| {
        let web = scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https");
        web.then(|| rest.split(['/', '?', '#']).next().unwrap_or(""))
    });
    match host {
        Some(host) if !host.is_empty() && !endpoint.contains(char::is_whitespace) => None,
        _ => Some(format!(
            "the endpoint {endpoint:?} is not an http:// or https:// URL, which {transport} needs"
        )),
    }
}

/// Sets each key of `set` in `meta`; a null removes the key.
fn set_keys(meta: &mut Object, set: &Object) {
    for (key, value) in set {
        if value.is_null() {
            meta.remove(key);
        } else {
            meta.insert(key.clone(), value.clone());
        }
    }
}

/// Refuses a type with a `*` that is neither the lone `*` nor a trailing
/// `.*` (exit 2): it would be matched literally and never by accident.
fn check_patterns(types: &[String]) -> Result<()> {
    for t in types {
        let star = t.find('*');
        let pattern = t == "*" || (t.ends_with(".*") && star == Some(t.len() - 1) && t.len() > 2);
        if star.is_some() && !pattern {
            return Err(Error::input(
                "invalid:types",
                format!(
                    "--types {t:?}: a * stands alone or ends a type after a dot (order.*), nowhere else"
                ),
            ));
        }
    }
    Ok(())
}

fn validate(subscription: Subscription) -> Result<Subscription> {
    // A broker endpoint is outbox's own addition: a malformed one is
    // refused at once rather than failing every send.
    crate::core::settings::endpoint::check(subscription.transport, &subscription.endpoint)?;
    let mut errors = Vec::new();
    if subscription.client_id.is_empty() {
        errors.push("missing:clientId");
    }
    if subscription.event_types.is_empty() {
        errors.push("missing:eventTypes");
    }
    if errors.is_empty() {
        Ok(subscription)
    } else {
        Err(Refusal::InvalidSubscription {
            errors,
            subscription: Box::new(subscription),
        }
        .into())
    }
}

pub(crate) fn create(
    tx: &mut dyn Tx,
    fields: &SubscriptionFields,
    sub_id: Option<&str>,
    now: i64,
) -> Result<Subscription> {
    // A subscription given only a target belongs to the client of that name.
    let client_id = fields
        .client_id
        .as_ref()
        .or(fields.target.as_ref())
        .map_or("", |c| c.trim())
        .to_owned();
    let event_types = clean_types(fields.event_types.as_deref().unwrap_or_default());
    check_patterns(&event_types)?;
    let target = fields.target.clone().unwrap_or_else(|| client_id.clone());
    let transport = fields.transport.unwrap_or(Transport::Poll);
    crate::core::settings::endpoint::check_envelope(transport, &fields.meta_set)?;
    let endpoint = fields.endpoint.clone().unwrap_or_default();
    let mut meta = fields.meta.clone().unwrap_or_default();
    fields.retry.apply(&mut meta);
    set_keys(&mut meta, &fields.meta_set);
    crate::core::settings::headers::apply(&mut meta, &fields.headers);
    fields.ordering.apply(&mut meta)?;
    fields.protection.apply(&mut meta);
    let sub_id = match sub_id {
        Some(id) if !id.is_empty() => id.to_owned(),
        _ => ids::subscription_id(
            &client_id,
            &event_types,
            &target,
            transport.as_str(),
            &endpoint,
        ),
    };
    let subscription = validate(Subscription {
        sub_id,
        client_id,
        event_types,
        target,
        transport,
        endpoint,
        status: fields.status.unwrap_or(SubscriptionStatus::Active),
        filters: fields.filters.clone().unwrap_or_default(),
        meta,
        created_at: now,
        updated_at: now,
    })?;
    tx.put_subscription(&subscription)?;
    limits_changed(tx, &subscription)?;
    Ok(subscription)
}

pub(crate) fn get(tx: &mut dyn Tx, sub_id: &str) -> Result<Subscription> {
    tx.subscription(sub_id)?.ok_or_else(|| {
        Refusal::SubscriptionNotFound {
            sub_id: sub_id.to_owned(),
        }
        .into()
    })
}

/// Applies `changes` over the stored subscription. As in the reference, the
/// id and `updatedAt` stay what they were.
pub(crate) fn update(
    tx: &mut dyn Tx,
    sub_id: &str,
    changes: &SubscriptionFields,
    now: i64,
) -> Result<Subscription> {
    if let Some(types) = &changes.event_types {
        check_patterns(&clean_types(types))?;
    }
    let current = get(tx, sub_id)?;
    crate::core::settings::endpoint::check_envelope(
        changes.transport.unwrap_or(current.transport),
        &changes.meta_set,
    )?;
    let was_ordered = Ordering::from_meta(&current.meta).is_some();
    let rate_was = Protection::of(&current).rate;
    let mut meta = changes.meta.clone().unwrap_or(current.meta);
    changes.retry.apply(&mut meta);
    set_keys(&mut meta, &changes.meta_set);
    crate::core::settings::headers::apply(&mut meta, &changes.headers);
    changes.ordering.apply(&mut meta)?;
    changes.protection.apply(&mut meta);
    if was_ordered && Ordering::from_meta(&meta).is_none() {
        // Nothing holds its deliveries back any more.
        tx.drop_lanes(sub_id)?;
    }
    let subscription = validate(Subscription {
        sub_id: sub_id.to_owned(),
        client_id: changes.client_id.clone().unwrap_or(current.client_id),
        event_types: clean_types(changes.event_types.as_ref().unwrap_or(&current.event_types)),
        target: changes.target.clone().unwrap_or(current.target),
        transport: changes.transport.unwrap_or(current.transport),
        endpoint: changes.endpoint.clone().unwrap_or(current.endpoint),
        status: changes.status.unwrap_or(current.status),
        filters: changes.filters.clone().unwrap_or(current.filters),
        meta,
        created_at: nonzero(Some(current.created_at)).unwrap_or(now),
        updated_at: nonzero(Some(current.updated_at)).unwrap_or(now),
    })?;
    tx.put_subscription(&subscription)?;
    limits_changed(tx, &subscription)?;
    if Protection::of(&subscription).rate != rate_was {
        rate_changed(tx, sub_id)?;
    }
    Ok(subscription)
}

pub(crate) fn list(
    tx: &mut dyn Tx,
    filter: &SubscriptionFilter,
    limit: Option<i64>,
) -> Result<SubscriptionList> {
    let subscriptions = tx.subscriptions(filter, crate::core::reference::limit(limit))?;
    Ok(SubscriptionList {
        ok: OkTrue,
        count: subscriptions.len(),
        subscriptions,
    })
}

/// `sub delete`'s answer: the subscription as it was, and the deliveries
/// still pending that were canceled with it.
#[derive(Clone, Debug, Serialize)]
pub struct SubscriptionDeleted {
    pub ok: OkTrue,
    #[serde(serialize_with = "shown")]
    pub subscription: Subscription,
    pub deleted: bool,
    #[serde(rename = "canceledDeliveries")]
    pub canceled_deliveries: Vec<String>,
}

/// The deliveries of `sub_id` not yet finished: queued, waiting in a lane
/// or set aside, and claimed; at most `limit` of them.
fn pending(
    tx: &mut dyn Tx,
    sub_id: &str,
    limit: i64,
) -> Result<Vec<crate::core::records::model::Delivery>> {
    use crate::core::records::model::DeliveryStatus;
    use crate::core::storage::DeliveryFilter;
    let mut found = Vec::new();
    for (status, waiting) in [
        (Some(DeliveryStatus::Queued), false),
        (None, true),
        (Some(DeliveryStatus::Claimed), false),
    ] {
        let filter = DeliveryFilter {
            sub_id: Some(sub_id.to_owned()),
            status,
            waiting,
            ..DeliveryFilter::default()
        };
        found.extend(tx.deliveries(&filter, limit - found.len() as i64)?);
        if found.len() as i64 >= limit {
            break;
        }
    }
    Ok(found)
}

/// How many deliveries of `sub_id` are not yet finished, counted without
/// reading them (a held delivery counts as queued).
fn pending_count(tx: &mut dyn Tx, sub_id: &str, now: i64) -> Result<i64> {
    let filter = crate::core::storage::DeliveryFilter {
        sub_id: Some(sub_id.to_owned()),
        ..Default::default()
    };
    let counts = tx.delivery_counts(&filter, now)?;
    Ok(["queued", "claimed"]
        .iter()
        .filter_map(|status| counts.by_status.get(*status))
        .sum())
}

/// Keeps a subscription's health row in step with whether it limits its
/// claims and what opens its breaker (`sub create|update`), so claims
/// know to read it.
pub(crate) fn limits_changed(tx: &mut dyn Tx, sub: &Subscription) -> Result<()> {
    let protection = Protection::of(sub);
    let limited = protection.limited();
    let breaker = protection.breaker.map_or(0, i64::from);
    let health = tx.health(&sub.sub_id)?;
    let kept = health
        .as_ref()
        .map_or((false, 0), |h| (h.limited, h.breaker));
    if kept == (limited, breaker) {
        return Ok(());
    }
    let mut health = health.unwrap_or_else(|| Health::new(&sub.sub_id));
    health.limited = limited;
    health.breaker = breaker;
    tx.put_health(&health)
}

/// A new rate paces from the next claim on: the runs of sends counted at
/// the old one would space out as the new one's.
pub(crate) fn rate_changed(tx: &mut dyn Tx, sub_id: &str) -> Result<()> {
    if let Some(mut health) = tx.lock_health(sub_id, true)? {
        health.window.clear();
        tx.put_health(&health)?;
    }
    Ok(())
}

/// `sub delete`: the subscription goes, with its event types, secrets,
/// health and lanes; its finished deliveries stay in the ledger. One
/// with deliveries still pending is refused (`invalid:subscriptionPending`)
/// unless `cancel_pending`, which cancels them as `delivery cancel`
/// would, in the same transaction.
pub(crate) fn delete_subscription(
    tx: &mut dyn Tx,
    now: i64,
    sub_id: &str,
    cancel_pending: bool,
) -> Result<SubscriptionDeleted> {
    let subscription = get(tx, sub_id)?;
    let mut canceled = Vec::new();
    loop {
        let batch = pending(tx, sub_id, 500)?;
        if batch.is_empty() {
            break;
        }
        if !cancel_pending {
            let all = pending_count(tx, sub_id, now)?;
            return Err(Error::input(
                "invalid:subscriptionPending",
                format!(
                    "subscription {sub_id} has {all} deliveries queued or claimed; cancel them with it (--cancel-pending) or let them finish first"
                ),
            ));
        }
        // Canceling a lane's head queues the next: look again
        // until none is left. A claimed one is canceled whoever
        // holds it (no worker named).
        let req = crate::core::ledger::leases::Cancel {
            reason: Some(format!("subscription {sub_id} deleted")),
            ..Default::default()
        };
        for delivery in batch {
            crate::core::ledger::leases::cancel(tx, &delivery.delivery_id, &req, now)?;
            canceled.push(delivery.delivery_id);
        }
    }
    tx.delete_subscription(sub_id)?;
    Ok(SubscriptionDeleted {
        ok: OkTrue,
        subscription,
        deleted: true,
        canceled_deliveries: canceled,
    })
}
