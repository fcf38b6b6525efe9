//! `outbox delivery claim`: the reference's claim, plus waiting for work
//! (`--wait`) and the claimed deliveries' events in the same answer
//! (`--with-event`), so a worker needs one call instead of two.

use super::{Context, DeliveryFilterArgs};
use crate::output::{Report, WithEvent};
use clap::Args;
use outbox::core::Outbox;
use outbox::core::ledger::leases::Claim;
use outbox::core::records::model::Event;
use outbox::{Error, Result};
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct ClaimArgs {
    #[command(flatten)]
    pub filter: DeliveryFilterArgs,
    /// Who claims; only this worker may then complete, fail or release it.
    #[arg(long = "worker", value_name = "WORKER_ID")]
    pub worker: Option<String>,
    /// Lease length (60, 5m, 1h; 1s-24h, default 5m); after it the delivery may be claimed again.
    #[arg(allow_hyphen_values = true, long = "lease", value_name = "DURATION", value_parser = super::seconds)]
    pub lease_seconds: Option<i64>,
    /// Claim up to N deliveries at once (1-500).
    #[arg(allow_negative_numbers = true, long, value_name = "N")]
    pub batch: Option<i64>,
    /// Add each claimed delivery's event (payload included) to the answer:
    /// `event` (with --batch, `events`, in the same order).
    #[arg(long)]
    pub with_event: bool,
    /// Wait up to this long (30s, 5m) for a delivery to become ready,
    /// polling; then exit 1 as without it.
    #[arg(allow_hyphen_values = true, long, value_name = "DURATION")]
    pub wait: Option<String>,
}

pub fn exec(a: ClaimArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let wait = a
        .wait
        .as_deref()
        .map(|text| super::duration_flag("wait", text))
        .transpose()?
        .unwrap_or_default();
    let claim = Claim {
        filter: ctx.delivery_filter(&a.filter)?,
        worker: a.worker,
        lease_seconds: a.lease_seconds,
    };
    let mut outbox = ctx.outbox()?;
    let deadline = outbox::core::reference::calendar::instant_after(wait);
    let mut pause = Duration::from_millis(50);
    // Where the store can tell (PostgreSQL), a new delivery ends a pause at
    // once; polls go on beside it, since a notice can be missed.
    let (ready_tx, ready) = std::sync::mpsc::channel::<()>();
    let listening =
        !wait.is_zero() && outbox.on_ready(Box::new(move || ready_tx.send(()).is_ok()))?;
    loop {
        // Nothing ready yet and time left: poll again, backing off. Once the
        // time is up the answer is the reference's, empty page or refusal.
        let waiting = Instant::now() < deadline;
        match a.batch {
            Some(n) => {
                let page = outbox.claim_batch(&claim, Some(n))?;
                if !(page.deliveries.is_empty() && waiting) {
                    if !a.with_event {
                        return Ok(Box::new(page));
                    }
                    let ids = page.deliveries.iter().map(|d| &d.event_id);
                    let events = events_of(&mut outbox, ids)?;
                    let claims = page.deliveries.iter().map(|d| d.claims).collect();
                    return Ok(Box::new(WithEvent::Many {
                        page,
                        events,
                        claims,
                    }));
                }
            }
            None => match outbox.claim_next(&claim) {
                Err(Error::Refused(refusal))
                    if waiting && matches!(*refusal, outbox::Refusal::NothingToClaim { .. }) => {}
                claimed => {
                    let reply = claimed?;
                    if !a.with_event {
                        return Ok(Box::new(reply));
                    }
                    let event = events_of(&mut outbox, [&reply.delivery.event_id])?
                        .pop()
                        .flatten()
                        .map(Box::new);
                    let claims = reply.delivery.claims;
                    let reply = Box::new(reply);
                    return Ok(Box::new(WithEvent::One {
                        reply,
                        event,
                        claims,
                    }));
                }
            },
        }
        let rest = pause.min(deadline.saturating_duration_since(Instant::now()));
        if listening {
            let _ = ready.recv_timeout(rest);
        } else {
            std::thread::sleep(rest);
        }
        pause = (pause * 2).min(Duration::from_secs(1));
    }
}

/// The events of claimed deliveries, read after the claim committed (an
/// event with a claimed delivery is never pruned, so it is still there).
fn events_of<'a>(
    outbox: &mut Outbox,
    ids: impl IntoIterator<Item = &'a String>,
) -> Result<Vec<Option<Event>>> {
    ids.into_iter()
        .map(|id| match outbox.get_event(id) {
            Ok(reply) => Ok(Some(reply.event)),
            Err(Error::Refused(_)) => Ok(None),
            Err(e) => Err(e),
        })
        .collect()
}
