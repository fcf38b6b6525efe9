//! Which subscriptions take an event: the match made when it is recorded
//! (a subscription's type, target and filters), and `sub match --explain`,
//! which says of every subscription of the type why it does or does not.

use crate::core::records::error::Result;
use crate::core::records::model::{Subscription, SubscriptionStatus};
use crate::core::reference::OkTrue;
use crate::core::reference::coerce::truthy;
use crate::core::storage::Tx;
use serde::Serialize;
use std::sync::Arc;

/// The active subscriptions an event with these fields reaches, by `subId`.
pub(crate) fn matching(
    tx: &mut dyn Tx,
    event_type: &str,
    source: &str,
    subject: &str,
    target: &str,
) -> Result<Vec<Arc<Subscription>>> {
    let mut found = tx.active_subscriptions_for(event_type)?;
    found.retain(|s| takes(s, source, subject, target));
    Ok(found)
}

/// Shared subscriptions as an answer of their own.
pub(crate) fn owned(shared: Vec<Arc<Subscription>>) -> Vec<Subscription> {
    shared.into_iter().map(Arc::unwrap_or_clone).collect()
}

/// Whether a subscription of the event's type takes an event with this
/// source, subject and target: its target and its filters agree.
pub(crate) fn takes(
    subscription: &Subscription,
    source: &str,
    subject: &str,
    target: &str,
) -> bool {
    let passes = |key: &str, actual: &str| match subscription.filters.get(key) {
        Some(wanted) if truthy(wanted) => wanted.as_str() == Some(actual),
        _ => true,
    };
    (subscription.target.is_empty() || subscription.target == target)
        && passes("source", source)
        && passes("subject", subject)
}

/// Why a subscription of the event's type does not take an event with this
/// source, subject and target; `None` when it does.
pub fn why_not(
    subscription: &Subscription,
    source: &str,
    subject: &str,
    target: &str,
) -> Option<String> {
    if subscription.status != SubscriptionStatus::Active {
        return Some(format!("it is {}", subscription.status));
    }
    if !subscription.target.is_empty() && subscription.target != target {
        let given = if target.is_empty() {
            "none".to_owned()
        } else {
            format!("{target:?}")
        };
        return Some(format!(
            "it takes only target {:?} (the event's is {given}; --any-target takes every target)",
            subscription.target
        ));
    }
    for (key, actual) in [("source", source), ("subject", subject)] {
        if let Some(wanted) = subscription.filters.get(key).filter(|w| truthy(w))
            && wanted.as_str() != Some(actual)
        {
            return Some(format!(
                "its {key} filter wants {wanted}, the event's is {actual:?}"
            ));
        }
    }
    None
}

/// One subscription of the event's type, and whether (or why not) it
/// takes the event.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Considered {
    pub sub_id: String,
    pub client_id: String,
    pub event_types: Vec<String>,
    pub matches: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_not: Option<String>,
}

/// `sub match --explain`: the reference's answer, and every subscription
/// of the event's type (or of `*` and its patterns) considered.
#[derive(Clone, Debug, Serialize)]
pub struct Explained {
    pub ok: OkTrue,
    pub subscriptions: Vec<Subscription>,
    pub count: usize,
    pub considered: Vec<Considered>,
}

pub(crate) fn explain(
    tx: &mut dyn Tx,
    event_type: &str,
    source: &str,
    subject: &str,
    target: &str,
) -> Result<Explained> {
    let subscriptions = owned(matching(tx, event_type, source, subject, target)?);
    let considered = tx
        .subscriptions_of_type(event_type, false)?
        .into_iter()
        .map(|s| {
            let why_not = why_not(&s, source, subject, target);
            Considered {
                matches: why_not.is_none(),
                sub_id: s.sub_id,
                client_id: s.client_id,
                event_types: s.event_types,
                why_not,
            }
        })
        .collect();
    Ok(Explained {
        ok: OkTrue,
        count: subscriptions.len(),
        subscriptions,
        considered,
    })
}
