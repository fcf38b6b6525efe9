//! Acting on everything a `delivery list` selects (every page of it), or
//! on deliveries named by id: redrive, replay or cancel each, in one
//! transaction, the ones the action does not apply to answered apart. With
//! `dry_run`, the same reading and the same rules, nothing written.

use crate::core::Outbox;
use crate::core::ledger::deliveries::get;
use crate::core::ledger::leases::{Cancel, cancel};
use crate::core::records::error::{Error, Refusal, Result};
use crate::core::records::model::{Delivery, DeliveryStatus};
use crate::core::reference::OkTrue;
use crate::core::storage::{Cursor, DeliveryFilter, Tx};
use serde::Serialize;

/// What a bulk action does to each delivery it is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Act {
    /// One more attempt of a dead letter.
    Redrive,
    /// One more attempt of a finished chain (its latest attempt).
    Replay,
    /// Cancel it.
    Cancel,
}

impl Act {
    pub const ALL: [Act; 3] = [Act::Redrive, Act::Replay, Act::Cancel];

    pub fn as_str(self) -> &'static str {
        match self {
            Act::Redrive => "redrive",
            Act::Replay => "replay",
            Act::Cancel => "cancel",
        }
    }
}

/// Which deliveries: those `delivery list` lists with this filter (`dead`:
/// `--dead`), or these ids.
#[derive(Clone, Debug)]
pub enum Chosen {
    Listed { filter: DeliveryFilter, dead: bool },
    Ids(Vec<String>),
}

/// A delivery the action did not apply to, and why.
#[derive(Clone, Debug, Serialize)]
pub struct Skipped {
    #[serde(rename = "deliveryId")]
    pub delivery_id: String,
    pub error: String,
}

/// The answer: how many were chosen, what the action made of them (the
/// new attempts, or the canceled deliveries; with `dryRun`, those it would
/// act on, unchanged), and those it skipped.
#[derive(Clone, Debug, Serialize)]
pub struct BulkDone {
    pub ok: OkTrue,
    pub action: Act,
    pub matched: usize,
    pub deliveries: Vec<Delivery>,
    pub count: usize,
    pub skipped: Vec<Skipped>,
    #[serde(rename = "dryRun")]
    pub dry_run: bool,
}

/// Rows per page while reading what a list selects.
const PAGE: i64 = 500;

impl Outbox {
    /// The ids `chosen` names: every page of its list, newest first.
    pub fn chosen_ids(&mut self, chosen: &Chosen) -> Result<Vec<String>> {
        let (filter, dead) = match chosen {
            Chosen::Ids(ids) => return Ok(ids.clone()),
            Chosen::Listed { filter, dead } => (filter, *dead),
        };
        let mut ids = Vec::new();
        let mut filter = filter.clone();
        loop {
            let page: Vec<Delivery> = if filter.waiting {
                self.waiting_deliveries(&filter, Some(PAGE))?
                    .deliveries
                    .into_iter()
                    .map(|w| w.delivery)
                    .collect()
            } else if dead {
                self.dead_letters(&filter, Some(PAGE))?.deliveries
            } else {
                self.list_deliveries(&filter, Some(PAGE))?.deliveries
            };
            // The next page starts after the oldest of this one.
            let Some(oldest) = page
                .iter()
                .min_by(|a, b| (a.created_at, &a.delivery_id).cmp(&(b.created_at, &b.delivery_id)))
            else {
                return Ok(ids);
            };
            let cursor: Cursor = (oldest.created_at, oldest.delivery_id.clone());
            let full = page.len() as i64 == PAGE;
            ids.extend(page.into_iter().map(|d| d.delivery_id));
            if !full {
                return Ok(ids);
            }
            filter.before = Some(cursor);
        }
    }

    /// `act` on each delivery `chosen` names, in one transaction.
    pub fn act_on(&mut self, act: Act, chosen: &Chosen, dry_run: bool) -> Result<BulkDone> {
        let ids = self.chosen_ids(chosen)?;
        let run = |tx: &mut dyn Tx, now: i64| {
            let mut done = BulkDone {
                ok: OkTrue,
                action: act,
                matched: ids.len(),
                deliveries: Vec::new(),
                count: 0,
                skipped: Vec::new(),
                dry_run,
            };
            let mut seen = std::collections::HashSet::new();
            // Attempts of ordered subscriptions join their lanes in
            // recording order, after the rest.
            let mut in_lanes = Vec::new();
            for id in &ids {
                let delivery = match get(tx, id) {
                    Ok(delivery) => delivery,
                    Err(Error::Refused(refusal)) => {
                        done.skip(id, &refusal);
                        continue;
                    }
                    Err(e) => return Err(e),
                };
                let target = match act {
                    Act::Redrive => super::redrive::dead(tx, delivery)?,
                    Act::Replay => super::replay::latest_finished(tx, delivery)?,
                    Act::Cancel => cancelable(delivery),
                };
                let target = match target {
                    Ok(target) => target,
                    Err(refusal) => {
                        done.skip(id, &refusal);
                        continue;
                    }
                };
                // A chain is acted on once, however many of it were chosen.
                if act != Act::Cancel && !seen.insert(target.delivery_id.clone()) {
                    continue;
                }
                if dry_run {
                    done.deliveries.push(target);
                } else if act != Act::Cancel && target.place.lane > 0 {
                    in_lanes.push(target);
                } else {
                    done.deliveries.push(apply(tx, act, target, now)?);
                }
            }
            for target in super::in_recording_order(in_lanes) {
                done.deliveries.push(apply(tx, act, target, now)?);
            }
            done.count = done.deliveries.len();
            Ok(done)
        };
        if dry_run {
            self.read(run)
        } else {
            self.write(run)
        }
    }
}

impl BulkDone {
    fn skip(&mut self, id: &str, refusal: &Refusal) {
        self.skipped.push(Skipped {
            delivery_id: id.to_owned(),
            error: refusal.code().to_owned(),
        });
    }
}

/// A delivery that can still be canceled: not delivered, not canceled.
fn cancelable(delivery: Delivery) -> Result<Delivery, Refusal> {
    match delivery.status {
        DeliveryStatus::Delivered | DeliveryStatus::Canceled => Err(Refusal::Transition {
            code: "invalid:cancelStatus",
            delivery: Box::new(delivery),
        }),
        _ => Ok(delivery),
    }
}

fn apply(tx: &mut dyn Tx, act: Act, target: Delivery, now: i64) -> Result<Delivery> {
    match act {
        Act::Redrive => super::redrive::redrive_one(tx, target, now),
        Act::Replay => super::replay::replay_one(tx, target, now),
        Act::Cancel => {
            let req = Cancel {
                reason: Some("canceled in bulk".to_owned()),
                ..Cancel::default()
            };
            cancel(tx, &target.delivery_id, &req, now)
        }
    }
}
