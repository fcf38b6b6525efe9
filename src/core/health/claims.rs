//! The worker's claims under each subscription's protection, and the
//! attempts it records into their health. Subscriptions whose health does
//! not guard (no limits, breaker closed, no pause) cost a claim one read of
//! an empty range; each guarded one is left out of the claim and, when it
//! has room, claimed on its own up to that room, under its row's lock so
//! every worker on every host counts against the same room. One held for a
//! while (breaker open, paused, disabled) has its queued deliveries set
//! aside until it has room again, so no claim steps over its backlog.

use super::{Attempt, ClaimTime, Gate, Health};
use crate::core::ledger::leases::{self, Claim};
use crate::core::ledger::subscriptions::{self, SubscriptionFields};
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, SubscriptionStatus, Transport};
use crate::core::settings::protection::Protection;
use crate::core::storage::{DeliveryFilter, Tx};

/// A PostgreSQL claimer that finds another holding a subscription's row
/// tries it again this soon (ms): that one is taking its room now.
const HELD_ELSEWHERE_MS: i64 = 20;

/// A claimed delivery, and the earliest its rate lets it go out (unix ms).
#[derive(Debug)]
pub struct Paced {
    pub delivery: Delivery,
    pub send_at: Option<i64>,
}

/// What a guarded claim took, and when a subscription it left out may
/// have room again by itself (unix ms; a delivery finishing also frees
/// in-flight room, and wakes the worker that ran it).
#[derive(Debug, Default)]
pub struct Guarded {
    pub deliveries: Vec<Paced>,
    /// Probes claimed: `(subscription, delivery)`.
    pub probes: Vec<(String, String)>,
    pub wake_at: Option<i64>,
    /// Some subscription was held only by its rate or in-flight cap.
    pub paced: bool,
}

struct Room {
    health: Health,
    protection: Protection,
    room: i64,
    probe: bool,
}

fn earliest(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// What `health` lets a claim at `at` take, its in-flight count read
/// only when asked.
fn gate_of(
    tx: &mut dyn Tx,
    health: &Health,
    protection: &Protection,
    disabled: bool,
    at: ClaimTime,
) -> Result<Gate> {
    let mut in_flight = || tx.in_flight(&health.sub_id, at.now);
    health.gate(protection, disabled, at, &mut in_flight)
}

/// Claims up to `want` deliveries as `claim` asks, each subscription
/// within what its health lets through.
pub(crate) fn claim(tx: &mut dyn Tx, claim: &Claim, want: i64, at: ClaimTime) -> Result<Guarded> {
    let ClaimTime { now, now_ms, .. } = at;
    tx.settle_lanes()?;
    let mut wake_at = None;
    let mut paced = false;
    let mut except = Vec::new();
    let mut rooms = Vec::new();
    let only = claim.filter.sub_id.as_deref().filter(|s| !s.is_empty());
    for health in tx.guarding_healths()? {
        if only.is_some_and(|s| s != health.sub_id) {
            continue;
        }
        let Some(sub) = tx.subscription_unlocked(&health.sub_id)? else {
            continue;
        };
        let protection = Protection::of(&sub);
        let disabled = sub.status == SubscriptionStatus::Disabled;
        let sub_id = health.sub_id.clone();
        let set_aside = health.sets_aside();
        match gate_of(tx, &health, &protection, disabled, at)? {
            Gate::Open => {
                if set_aside {
                    tx.unpark(&sub_id)?;
                }
                continue;
            }
            Gate::Shut {
                until,
                paced: by_pace,
            } => {
                wake_at = earliest(wake_at, until);
                paced |= by_pace;
                if !by_pace {
                    // Held for a while (a breaker, a pause, disabled): set
                    // aside, so this claim and the next step over nothing.
                    tx.park(&sub_id)?;
                }
                except.push(sub_id);
                continue;
            }
            Gate::Room { .. } => {
                if set_aside {
                    tx.unpark(&sub_id)?;
                }
                except.push(sub_id.clone());
            }
        }
        // Asked again under the row's lock: another claimer may have just
        // taken the room.
        let Some(health) = tx.lock_health(&sub_id, false)? else {
            wake_at = earliest(wake_at, Some(now_ms + HELD_ELSEWHERE_MS));
            paced = true;
            continue;
        };
        match gate_of(tx, &health, &protection, disabled, at)? {
            Gate::Room { room, probe } => rooms.push(Room {
                health,
                protection,
                room,
                probe,
            }),
            Gate::Shut {
                until,
                paced: by_pace,
            } => {
                wake_at = earliest(wake_at, until);
                paced |= by_pace;
            }
            // Its row changed meanwhile and no longer guards: claimed with
            // the rest next time.
            Gate::Open => wake_at = earliest(wake_at, Some(now_ms)),
        }
    }
    let filter = DeliveryFilter {
        except_subs: except,
        ..claim.filter.clone()
    };
    let mut found = if only.is_some() && !filter.except_subs.is_empty() {
        Vec::new()
    } else {
        tx.claim_candidates(&filter, now, want)?
    };
    for room in &rooms {
        let filter = DeliveryFilter {
            sub_id: Some(room.health.sub_id.clone()),
            ..claim.filter.clone()
        };
        found.extend(tx.claim_candidates(&filter, now, room.room.min(want))?);
    }
    found.sort_by(|a, b| (a.created_at, &a.delivery_id).cmp(&(b.created_at, &b.delivery_id)));
    found.truncate(usize::try_from(want).unwrap_or(0));
    let mut deliveries = Vec::with_capacity(found.len());
    for delivery in found {
        deliveries.push(Paced {
            delivery: leases::claim_one(tx, delivery, claim, now)?,
            send_at: None,
        });
    }
    let mut probes = Vec::new();
    for mut room in rooms {
        let mine: Vec<&mut Paced> = deliveries
            .iter_mut()
            .filter(|paced| paced.delivery.sub_id == room.health.sub_id)
            .collect();
        let probe = mine
            .first()
            .filter(|_| room.probe)
            .map(|p| (p.delivery.delivery_id.as_str(), p.delivery.lease_expires_at));
        if let Some((probe_id, _)) = probe {
            probes.push((room.health.sub_id.clone(), probe_id.to_owned()));
        }
        let slots = room
            .health
            .claimed(&room.protection, mine.len() as i64, at, probe);
        for (paced, slot) in mine.into_iter().zip(slots) {
            paced.send_at = Some(slot);
        }
        tx.put_health(&room.health)?;
    }
    Ok(Guarded {
        deliveries,
        probes,
        wake_at,
        paced,
    })
}

/// A change of a subscription's protection a worker tells people of,
/// once, as it happens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Failures in a row opened the breaker (or its probe failed).
    BreakerOpened { failures: i64, until: i64 },
    /// One delivery goes out to test the endpoint.
    Probing { delivery_id: String },
    /// A success closed it.
    BreakerClosed,
    /// The receiver asked for a pause (`Retry-After`).
    Paused { until: i64 },
    /// Disabled for failing (or gone), with the reason.
    Disabled { reason: String },
}

impl Change {
    /// Nothing more goes to the subscription for now: deliveries claimed
    /// for it and not yet sent should go back unsent.
    pub fn rests(&self) -> bool {
        matches!(
            self,
            Change::BreakerOpened { .. } | Change::Paused { .. } | Change::Disabled { .. }
        )
    }
}

/// What changed from `before` to `after` that people hear of.
fn changes(before: Option<&Health>, after: &Health) -> Vec<Change> {
    let (open, trips, paused) =
        before.map_or((0, 0, 0), |b| (b.open_until, b.trips, b.paused_until));
    let mut found = Vec::new();
    if after.open_until > 0 && (open == 0 || after.trips > trips) {
        found.push(Change::BreakerOpened {
            failures: after.failures,
            until: after.open_until,
        });
    } else if open > 0 && after.open_until == 0 {
        found.push(Change::BreakerClosed);
    }
    if after.paused_until > paused {
        found.push(Change::Paused {
            until: after.paused_until,
        });
    }
    found
}

/// One attempt the worker recorded: its subscription, its delivery.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub sub_id: String,
    pub delivery_id: String,
    pub attempt: Attempt,
}

/// Records attempts into their subscriptions' health, in the order given
/// for each; disables those that keep failing (or whose receiver is
/// gone). Answers what changed for each subscription: its breaker, a
/// pause, being disabled (with the reason).
pub(crate) fn record(
    tx: &mut dyn Tx,
    recorded: &[Recorded],
    now: i64,
) -> Result<Vec<(String, Change)>> {
    let mut sub_ids: Vec<&str> = recorded.iter().map(|r| r.sub_id.as_str()).collect();
    // Rows are locked in one order by every worker: none waits in a cycle.
    sub_ids.sort_unstable();
    sub_ids.dedup();
    let mut disabled = Vec::new();
    for sub_id in sub_ids {
        let before = tx.lock_health(sub_id, true)?;
        let mut health = before.clone().unwrap_or_else(|| Health::new(sub_id));
        let attempts = recorded.iter().filter(|r| r.sub_id == sub_id);
        let failed = attempts
            .clone()
            .any(|r| matches!(r.attempt, Attempt::Failed { .. }));
        // Only a failure needs the policy; a success resets whatever it is.
        let sub = if failed {
            tx.subscription_unlocked(sub_id)?
        } else {
            None
        };
        let protection = match &sub {
            Some(sub) => Protection::of(sub),
            None => Protection::from_meta(&Default::default(), Transport::Poll),
        };
        if sub.is_some() {
            health.breaker = protection.breaker.map_or(0, i64::from);
        }
        let mut reason = None;
        for r in attempts {
            reason = reason.or(health.record(&protection, &r.delivery_id, &r.attempt, now));
        }
        // A healthy endpoint's successes within one second change nothing:
        // a busy worker writes its row once a second, not once a commit.
        let mut found = Vec::new();
        if before.as_ref() != Some(&health) {
            tx.put_health(&health)?;
            found = changes(before.as_ref(), &health);
        }
        if before.as_ref().is_some_and(Health::sets_aside) && !health.sets_aside() {
            // Healthy again: what its breaker or a pause set aside goes.
            tx.unpark(sub_id)?;
        }
        if let (Some(reason), Some(sub)) = (reason, &sub) {
            if sub.status != SubscriptionStatus::Disabled {
                let disable = SubscriptionFields {
                    status: Some(SubscriptionStatus::Disabled),
                    ..SubscriptionFields::default()
                };
                subscriptions::update(tx, sub_id, &disable, now)?;
            }
            found.push(Change::Disabled { reason });
        }
        super::announce::recorded(
            tx,
            (sub_id, sub.as_ref()),
            (before.as_ref(), &health),
            &found,
            &protection,
            now,
        )?;
        disabled.extend(found.into_iter().map(|change| (sub_id.to_owned(), change)));
    }
    Ok(disabled)
}

/// `sub resume`: the subscription's health starts over (its limits kept).
pub(crate) fn reset(tx: &mut dyn Tx, sub_id: &str) -> Result<()> {
    if let Some(mut health) = tx.lock_health(sub_id, true)? {
        health.reset();
        tx.put_health(&health)?;
    }
    tx.unpark(sub_id)?;
    Ok(())
}
