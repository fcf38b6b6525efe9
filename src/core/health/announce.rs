//! What endpoint protection announces as operational events: a breaker
//! opening or closing (each at most once a minute per subscription, so a
//! flapping one is no storm), a subscription disabled or enabled again, and
//! failures in a row reaching 50%, 70% and 90% of the disable rule's time
//! (each once per failing streak). Nothing is announced about a
//! subscription that takes operational events itself.

use super::Health;
use super::claims::Change;
use crate::core::ledger::announce::{
    self, BREAKER_CLOSED, BREAKER_OPENED, SUBSCRIPTION_DISABLED, SUBSCRIPTION_ENABLED,
    SUBSCRIPTION_FAILING, about_subscription, takes_operational,
};
use crate::core::records::error::Result;
use crate::core::records::model::Subscription;
use crate::core::settings::protection::Protection;
use crate::core::storage::Tx;
use serde_json::json;

/// A breaker's opening, or its closing, is announced at most once in this
/// many seconds per subscription.
pub const BREAKER_QUIET: i64 = 60;
/// The shares (percent) of the disable rule's time at which failures in a
/// row are announced.
pub const FAILING_SHARES: [i64; 3] = [50, 70, 90];

/// Announces what recording attempts changed in `sub_id`'s health; `read`
/// is the subscription when the caller has read it already.
pub(crate) fn recorded(
    tx: &mut dyn Tx,
    (sub_id, read): (&str, Option<&Subscription>),
    (before, after): (Option<&Health>, &Health),
    changes: &[Change],
    protection: &Protection,
    now: i64,
) -> Result<()> {
    let failing = failing_share(before, after, protection);
    if changes.is_empty() && failing.is_none() {
        return Ok(());
    }
    let sub = match read {
        Some(sub) => sub.clone(),
        None => match tx.subscription_unlocked(sub_id)? {
            Some(sub) => sub,
            None => return Ok(()),
        },
    };
    if takes_operational(&sub) {
        return Ok(());
    }
    for change in changes {
        match change {
            Change::BreakerOpened { failures, until } => {
                let mut payload = about_subscription(&sub);
                payload["failures"] = json!(failures);
                payload["openUntil"] = json!(until);
                quietly(tx, BREAKER_OPENED, &sub, payload, now)?;
            }
            Change::BreakerClosed => {
                quietly(tx, BREAKER_CLOSED, &sub, about_subscription(&sub), now)?;
            }
            Change::Disabled { reason } => {
                let mut payload = about_subscription(&sub);
                payload["reason"] = json!(reason);
                announce::announce(tx, SUBSCRIPTION_DISABLED, sub_id, payload, now)?;
            }
            Change::Probing { .. } | Change::Paused { .. } => {}
        }
    }
    if let Some(share) = failing {
        let mut payload = about_subscription(&sub);
        payload["failingSince"] = json!(after.failing_since);
        payload["share"] = json!(share);
        payload["disableAfter"] = json!(protection.disable_after);
        payload["failures"] = json!(after.failures);
        announce::announce(tx, SUBSCRIPTION_FAILING, sub_id, payload, now)?;
    }
    Ok(())
}

/// `sub resume` made a disabled subscription active again.
pub(crate) fn enabled(tx: &mut dyn Tx, sub: &Subscription, now: i64) -> Result<()> {
    if takes_operational(sub) {
        return Ok(());
    }
    let mut payload = about_subscription(sub);
    payload["reason"] = json!("sub resume");
    announce::announce(tx, SUBSCRIPTION_ENABLED, &sub.sub_id, payload, now)?;
    Ok(())
}

/// Announces `event_type` unless it was announced about `sub` within the
/// last [`BREAKER_QUIET`] seconds.
fn quietly(
    tx: &mut dyn Tx,
    event_type: &str,
    sub: &Subscription,
    payload: serde_json::Value,
    now: i64,
) -> Result<()> {
    if !announce::wanted(tx, event_type)?
        || announce::announced_since(tx, event_type, &sub.sub_id, now - BREAKER_QUIET + 1)?
    {
        return Ok(());
    }
    announce::record(tx, event_type, &sub.sub_id, payload, now)
}

/// The highest share of the disable rule's time that failures in a row
/// reached with this record and had not reached before it in the same
/// streak; `None` when none was crossed (or the rule is off, or the
/// subscription was just disabled, which says more).
fn failing_share(before: Option<&Health>, after: &Health, protection: &Protection) -> Option<i64> {
    let limit = protection.disable_after.filter(|l| *l > 0)?;
    if after.failing_since == 0 || after.disabled_at > 0 {
        return None;
    }
    let elapsed = after.last_failure_at - after.failing_since;
    let was = match before {
        Some(b) if b.failing_since == after.failing_since => b.last_failure_at - b.failing_since,
        _ => -1,
    };
    FAILING_SHARES
        .iter()
        .rev()
        .find(|&&share| elapsed * 100 >= share * limit && was * 100 < share * limit)
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failing(since: i64, last: i64) -> Health {
        Health {
            failing_since: since,
            last_failure_at: last,
            failures: 1,
            ..Health::new("sub_1")
        }
    }

    #[test]
    fn each_share_is_announced_once_per_streak() {
        let protection = Protection {
            disable_after: Some(100),
            ..Protection::default()
        };
        let at = |before: Option<&Health>, last: i64| {
            failing_share(before, &failing(1000, last), &protection)
        };
        // The first failure of a streak crosses nothing.
        assert_eq!(at(None, 1000), None);
        assert_eq!(at(Some(&failing(1000, 1000)), 1049), None);
        assert_eq!(at(Some(&failing(1000, 1049)), 1050), Some(50));
        assert_eq!(at(Some(&failing(1000, 1050)), 1069), None);
        // Crossing two at once says the higher.
        assert_eq!(at(Some(&failing(1000, 1060)), 1095), Some(90));
        // A new streak starts over.
        assert_eq!(at(Some(&failing(900, 990)), 1050), Some(50));
        let off = Protection {
            disable_after: None,
            ..Protection::default()
        };
        assert_eq!(failing_share(None, &failing(1000, 1090), &off), None);
    }
}
