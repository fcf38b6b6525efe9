//! Delivery in order per subject, for a subscription that asks for it
//! (`sub create --ordered-by subject`): the deliveries of one subscription
//! and one non-empty subject form a lane, in the order the outbox recorded
//! their events, and only the lane's head (its earliest delivery not yet
//! done) may be claimed. The rest are held: kept out of the claimable
//! queue altogether, so a claim never passes over them, and queued again
//! one at a time as the head before them is done.
//!
//! The head is done when it is delivered or canceled, or when it is a dead
//! letter and the subscription says `onDead: skip`; a failed head whose
//! retry is queued stays the head (the retry keeps its place), and so does
//! a dead one under `onDead: block` until it is redriven or canceled.
//! Where a place comes from: each transaction that adds to a lane takes a
//! block of places after every earlier one (under the lane's lock, so
//! concurrent writers take them in commit order), and orders its own
//! deliveries within the block by the order it recorded their events.

use crate::core::records::error::{Error, Result};
use crate::core::records::model::{Delivery, DeliveryStatus, Place, Stage};
use crate::core::reference::json::Object;
use crate::core::storage::Tx;
use serde_json::{Value, json};

/// The key of a subscription's `meta` that holds its ordering.
pub const META_KEY: &str = "ordering";

/// What a dead letter at a lane's head does to the lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnDead {
    /// The lane waits until the dead letter is redriven or canceled.
    Block,
    /// The next delivery goes ahead.
    Skip,
}

impl OnDead {
    pub fn as_str(self) -> &'static str {
        match self {
            OnDead::Block => "block",
            OnDead::Skip => "skip",
        }
    }
}

impl std::str::FromStr for OnDead {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "block" => Ok(OnDead::Block),
            "skip" => Ok(OnDead::Skip),
            _ => Err(Error::input(
                "invalid:onDead",
                format!("--on-dead takes block or skip, not {s:?}"),
            )),
        }
    }
}

/// An ordered subscription's rule: `{"by": "subject", "onDead": "block"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ordering {
    pub on_dead: OnDead,
}

impl Ordering {
    /// The ordering a subscription's meta asks for, if any. Only `by:
    /// subject` orders; anything else (an edit by hand) leaves it unordered.
    pub fn from_meta(meta: &Object) -> Option<Ordering> {
        let ordering = meta.get(META_KEY)?.as_object()?;
        if ordering.get("by").and_then(Value::as_str) != Some("subject") {
            return None;
        }
        let on_dead = match ordering.get("onDead").and_then(Value::as_str) {
            Some("skip") => OnDead::Skip,
            _ => OnDead::Block,
        };
        Some(Ordering { on_dead })
    }

    /// The object stored under `meta.ordering`.
    pub fn to_json(self) -> Value {
        json!({"by": "subject", "onDead": self.on_dead.as_str()})
    }
}

/// `sub create|update --ordered-by subject|none --on-dead block|skip`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OrderingChange {
    /// `Some(true)`: ordered by subject; `Some(false)`: unordered.
    pub ordered: Option<bool>,
    pub on_dead: Option<OnDead>,
}

impl OrderingChange {
    /// Writes the change into a subscription's meta.
    pub fn apply(self, meta: &mut Object) -> Result<()> {
        let current = Ordering::from_meta(meta);
        let ordering = match (self.ordered, current) {
            (Some(false), _) => {
                if self.on_dead.is_some() {
                    return Err(on_dead_unordered());
                }
                meta.remove(META_KEY);
                return Ok(());
            }
            (Some(true), current) => Ordering {
                on_dead: self
                    .on_dead
                    .or(current.map(|c| c.on_dead))
                    .unwrap_or(OnDead::Block),
            },
            (None, Some(current)) => match self.on_dead {
                Some(on_dead) => Ordering { on_dead },
                None => current,
            },
            (None, None) if self.on_dead.is_some() => return Err(on_dead_unordered()),
            (None, None) => return Ok(()),
        };
        meta.insert(META_KEY.to_owned(), ordering.to_json());
        Ok(())
    }
}

fn on_dead_unordered() -> Error {
    Error::input(
        "invalid:onDead",
        "--on-dead is for a subscription ordered by subject: add --ordered-by subject",
    )
}

/// The ordering of the subscription `sub_id`, read without locking it.
pub(crate) fn of_subscription(tx: &mut dyn Tx, sub_id: &str) -> Result<Option<Ordering>> {
    Ok(tx
        .subscription_meta(sub_id)?
        .as_ref()
        .and_then(Ordering::from_meta))
}

/// Places a new delivery of an event whose subject is `subject`, for a
/// subscription ordered by `ordering`: at the end of its lane, held (the
/// transaction's commit queues it if the lane has no head). `index` orders
/// it among the deliveries this transaction places in the same lane (a
/// batch passes its request's index); `None` puts it after them.
pub(crate) fn place_new(
    tx: &mut dyn Tx,
    delivery: &mut Delivery,
    ordering: Option<Ordering>,
    subject: &str,
    index: Option<i64>,
) -> Result<()> {
    if ordering.is_none() || subject.is_empty() || delivery.status != DeliveryStatus::Queued {
        return Ok(());
    }
    let (lane, seq) = tx.join_lane(&delivery.sub_id, subject, index)?;
    delivery.place.lane = lane;
    delivery.place.seq = seq;
    delivery.place.held = true;
    Ok(())
}

/// Places the attempt that follows `parent` (a retry, a redrive, a
/// replay): in the parent's place while that place is its lane's head or
/// still waits (a retry keeps the lane waiting, a redriven dead head runs
/// first); at the end of the lane once the lane has moved past it (a
/// replay of a delivered event, a skipped dead letter redriven).
pub(crate) fn place_next(tx: &mut dyn Tx, next: &mut Delivery, parent: Place) -> Result<()> {
    let Some(ordering) = of_subscription(tx, &next.sub_id)? else {
        return Ok(());
    };
    if parent.lane > 0
        && let Some(head) = tx.lane_head(parent.lane)?
        && head.seq > 0
        && parent.seq >= head.seq
    {
        next.place = parent;
        next.place.held = parent.seq != head.seq;
        if head.dead && !next.place.held {
            tx.mark_dead(parent.lane, head.seq, false)?;
        }
        return Ok(());
    }
    let subject = match tx.event_unlocked(&next.event_id)? {
        Some(event) => event.subject,
        None => return Ok(()),
    };
    place_new(tx, next, Some(ordering), &subject, None)
}

/// After `delivery` moved from `was` to its stage now: a head that is
/// delivered or canceled lets its lane move on. (A dead head is
/// [`dead_letter`]'s.)
pub(crate) fn after_transition(tx: &mut dyn Tx, was: Stage, delivery: &Delivery) -> Result<()> {
    let done = matches!(
        delivery.status,
        DeliveryStatus::Delivered | DeliveryStatus::Canceled
    );
    if delivery.place.lane > 0 && done && was != delivery.stage() {
        tx.leave_head(delivery.place.lane, delivery.place.seq)?;
    }
    Ok(())
}

/// `delivery` failed and gets no further attempt: at its lane's head it
/// holds the lane (`onDead: block`) or lets the next one go (`skip`).
pub(crate) fn dead_letter(tx: &mut dyn Tx, delivery: &Delivery) -> Result<()> {
    if delivery.place.lane == 0 {
        return Ok(());
    }
    match of_subscription(tx, &delivery.sub_id)?.map(|o| o.on_dead) {
        Some(OnDead::Block) => tx.mark_dead(delivery.place.lane, delivery.place.seq, true),
        _ => tx.leave_head(delivery.place.lane, delivery.place.seq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_by_subject_orders_and_on_dead_defaults_to_block() {
        let meta = |v: Value| -> Object {
            let mut m = Object::new();
            m.insert(META_KEY.to_owned(), v);
            m
        };
        assert_eq!(
            Ordering::from_meta(&meta(json!({"by": "subject"}))),
            Some(Ordering {
                on_dead: OnDead::Block
            })
        );
        assert_eq!(
            Ordering::from_meta(&meta(json!({"by": "subject", "onDead": "skip"}))),
            Some(Ordering {
                on_dead: OnDead::Skip
            })
        );
        assert_eq!(Ordering::from_meta(&meta(json!({"by": "source"}))), None);
        assert_eq!(Ordering::from_meta(&meta(json!("subject"))), None);
        assert_eq!(Ordering::from_meta(&Object::new()), None);
        let skip = Ordering {
            on_dead: OnDead::Skip,
        };
        assert_eq!(
            Ordering::from_meta(&meta(skip.to_json())),
            Some(skip),
            "what is stored reads back"
        );
        assert!("sometimes".parse::<OnDead>().is_err());
    }

    #[test]
    fn a_change_sets_keeps_or_lifts_the_ordering() {
        let mut meta = Object::new();
        let change = |ordered, on_dead| OrderingChange { ordered, on_dead };
        change(None, None).apply(&mut meta).unwrap();
        assert!(meta.is_empty(), "no flags, no ordering");
        assert!(change(None, Some(OnDead::Skip)).apply(&mut meta).is_err());
        change(Some(true), None).apply(&mut meta).unwrap();
        assert_eq!(meta[META_KEY], json!({"by": "subject", "onDead": "block"}));
        change(None, Some(OnDead::Skip)).apply(&mut meta).unwrap();
        assert_eq!(meta[META_KEY], json!({"by": "subject", "onDead": "skip"}));
        change(Some(true), None).apply(&mut meta).unwrap();
        assert_eq!(meta[META_KEY]["onDead"], "skip", "kept when not given");
        assert!(
            change(Some(false), Some(OnDead::Block))
                .apply(&mut meta)
                .is_err()
        );
        change(Some(false), None).apply(&mut meta).unwrap();
        assert!(!meta.contains_key(META_KEY));
    }
}
