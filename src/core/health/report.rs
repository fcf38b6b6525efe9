//! `sub health`: each subscription's protection and the health the worker
//! recorded, as one answer; and `sub resume`, which starts it over.

use super::claims;
use super::{BreakerState, Health};
use crate::core::ledger::subscriptions::{self, SubscriptionFields, SubscriptionReply};
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, Subscription, SubscriptionStatus, Transport};
use crate::core::reference::OkTrue;
use crate::core::settings::protection::Protection;
use crate::core::storage::{SubscriptionFilter, Tx};
use serde::Serialize;

/// The breaker of one subscription.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Breaker {
    pub state: BreakerState,
    /// Failed attempts in a row that open it; null when off.
    pub threshold: Option<u32>,
    /// Open until then, probing after (0: closed).
    pub open_until: i64,
    /// Trips in a row: each doubles the cool-down.
    pub trips: i64,
    /// The delivery out as the probe, if one is.
    pub probe: String,
}

/// The rate limit of one subscription and what of it the last period used.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RateUse {
    /// `50/s`.
    pub rate: String,
    pub limit: u32,
    pub period_seconds: i64,
    pub used: i64,
}

/// One subscription's health.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionHealth {
    pub sub_id: String,
    pub client_id: String,
    pub transport: Transport,
    pub status: SubscriptionStatus,
    pub breaker: Breaker,
    pub consecutive_failures: i64,
    pub failing_since: i64,
    pub last_success_at: i64,
    pub last_failure_at: i64,
    pub last_error: String,
    pub rate: Option<RateUse>,
    pub in_flight: i64,
    pub max_in_flight: Option<u32>,
    pub paused_until: i64,
    /// Seconds of failing without a success that disable; null: never.
    pub disable_after: Option<i64>,
    pub disabled_at: i64,
    pub disabled_reason: String,
}

/// `sub health`'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct HealthList {
    pub ok: OkTrue,
    /// Unix seconds the answer was read at (its states are as of then).
    pub now: i64,
    pub subscriptions: Vec<SubscriptionHealth>,
    pub count: usize,
    /// One subscription was asked for by its id: shown as a card, where a
    /// list (of any length) is a table.
    #[serde(skip)]
    pub one: bool,
}

fn of(
    tx: &mut dyn Tx,
    sub: Subscription,
    health: Health,
    now: i64,
    now_ms: i64,
) -> Result<SubscriptionHealth> {
    let protection = Protection::of(&sub);
    let in_flight = tx.in_flight(&sub.sub_id, now)?;
    Ok(SubscriptionHealth {
        breaker: Breaker {
            state: health.breaker(&protection, now),
            threshold: protection.breaker,
            open_until: health.open_until,
            trips: health.trips,
            probe: health.probe.clone(),
        },
        consecutive_failures: health.failures,
        failing_since: health.failing_since,
        last_success_at: health.last_success_at,
        last_failure_at: health.last_failure_at,
        last_error: health.last_error.clone(),
        rate: protection.rate.map(|rate| RateUse {
            rate: rate.to_string(),
            limit: rate.limit,
            period_seconds: rate.period,
            used: health.used(rate, now_ms),
        }),
        in_flight,
        max_in_flight: protection.max_in_flight,
        paused_until: health.paused_until,
        disable_after: protection.disable_after,
        disabled_at: health.disabled_at,
        disabled_reason: health.disabled_reason,
        sub_id: sub.sub_id,
        client_id: sub.client_id,
        transport: sub.transport,
        status: sub.status,
    })
}

/// The gauges `stats --format prometheus` adds, and which subscriptions
/// are held and why, for `stats` to say.
#[derive(Clone, Debug, Default)]
pub struct Guards {
    /// Breakers tripped: open, or probing after their cool-down.
    pub breakers_open: i64,
    /// Subscriptions paused by a receiver's `Retry-After`.
    pub paused: i64,
    pub disabled: i64,
    /// Each subscription held now (the newest 500 disabled ones at most).
    pub held: Vec<(String, Held)>,
}

/// Why a subscription's deliveries are set aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// Its breaker is open until then (or probing, once it has passed).
    Breaker {
        until: i64,
    },
    /// Its receiver asked for a pause until then.
    Paused {
        until: i64,
    },
    Disabled,
}

/// Why a held delivery is not claimable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WhyHeld {
    /// In its subject's lane, behind this delivery (empty for a moment
    /// within a commit).
    WaitsFor(String),
    /// Set aside while its subscription is held.
    SetAside(Option<Held>),
}

/// Why each held delivery of `deliveries` waits, by id: behind an
/// earlier one of its subject, or set aside while its subscription is
/// held (and why that is). Each lane and subscription is read once.
pub(crate) fn why_held(
    tx: &mut dyn Tx,
    now: i64,
    deliveries: &[Delivery],
) -> Result<Vec<(String, WhyHeld)>> {
    use std::collections::HashMap;
    let mut heads: HashMap<i64, String> = HashMap::new();
    let mut subs: HashMap<String, Option<Held>> = HashMap::new();
    let mut why = Vec::new();
    for d in deliveries.iter().filter(|d| d.place.held) {
        let reason = if d.place.lane > 0 {
            let head = match heads.get(&d.place.lane) {
                Some(head) => head.clone(),
                None => {
                    let head = tx.waits_for(d.place.lane)?.unwrap_or_default();
                    heads.insert(d.place.lane, head.clone());
                    head
                }
            };
            WhyHeld::WaitsFor(head)
        } else {
            if !subs.contains_key(&d.sub_id) {
                let disabled = tx
                    .subscription_unlocked(&d.sub_id)?
                    .is_some_and(|s| s.status == SubscriptionStatus::Disabled);
                let health = tx.health(&d.sub_id)?;
                let held = match health {
                    _ if disabled => Some(Held::Disabled),
                    Some(h) if h.open_until > 0 => Some(Held::Breaker {
                        until: h.open_until,
                    }),
                    Some(h) if h.paused_until > now => Some(Held::Paused {
                        until: h.paused_until,
                    }),
                    _ => None,
                };
                subs.insert(d.sub_id.clone(), held);
            }
            WhyHeld::SetAside(subs[&d.sub_id])
        };
        why.push((d.delivery_id.clone(), reason));
    }
    Ok(why)
}

/// See [`Guards`].
pub(crate) fn guards(tx: &mut dyn Tx, now: i64) -> Result<Guards> {
    let mut guards = Guards::default();
    for health in tx.guarding_healths()? {
        guards.breakers_open += i64::from(health.open_until > 0);
        guards.paused += i64::from(health.paused_until > now);
        if health.open_until > 0 {
            let until = health.open_until;
            guards
                .held
                .push((health.sub_id.clone(), Held::Breaker { until }));
        } else if health.paused_until > now {
            let until = health.paused_until;
            guards
                .held
                .push((health.sub_id.clone(), Held::Paused { until }));
        }
    }
    let disabled = SubscriptionFilter {
        status: Some(SubscriptionStatus::Disabled),
        ..SubscriptionFilter::default()
    };
    guards.disabled = tx.count_subscriptions(&disabled)?;
    for sub in tx.subscriptions(&disabled, 500)? {
        guards.held.push((sub.sub_id, Held::Disabled));
    }
    Ok(guards)
}

/// The health of one subscription, or of every subscription (the
/// newest 500).
pub(crate) fn subscription_health(
    tx: &mut dyn Tx,
    now: i64,
    now_ms: &dyn Fn() -> i64,
    sub_id: Option<&str>,
) -> Result<HealthList> {
    let subs = match sub_id {
        Some(id) => vec![subscriptions::get(tx, id)?],
        None => tx.subscriptions(&SubscriptionFilter::default(), 500)?,
    };
    let mut healths = Vec::with_capacity(subs.len());
    for sub in subs {
        let health = tx
            .health(&sub.sub_id)?
            .unwrap_or_else(|| Health::new(&sub.sub_id));
        healths.push(of(tx, sub, health, now, now_ms())?);
    }
    Ok(HealthList {
        ok: OkTrue,
        one: sub_id.is_some(),
        now,
        count: healths.len(),
        subscriptions: healths,
    })
}

/// `sub resume`: active again, its health reset (breaker closed, no
/// failures, no pause, no longer disabled for failing).
pub(crate) fn resume_subscription(
    tx: &mut dyn Tx,
    now: i64,
    sub_id: &str,
) -> Result<SubscriptionReply> {
    let active = SubscriptionFields {
        status: Some(SubscriptionStatus::Active),
        ..SubscriptionFields::default()
    };
    let was = subscriptions::get(tx, sub_id)?.status;
    let subscription = subscriptions::update(tx, sub_id, &active, now)?;
    claims::reset(tx, sub_id)?;
    if was == SubscriptionStatus::Disabled {
        super::announce::enabled(tx, &subscription, now)?;
    }
    Ok(SubscriptionReply {
        ok: OkTrue,
        subscription,
    })
}
