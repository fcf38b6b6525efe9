//! `outbox delivery claim`: the reference's claim, plus waiting for work
//! (`--wait`) and the claimed deliveries' events in the same answer
//! (`--with-event`), so a worker needs one call instead of two.

use super::{Context, DeliveryFilterArgs};
use crate::output::{Report, WithEvent};
use clap::Args;
use outbox::core::Outbox;
use outbox::core::leases::Claim;
use outbox::core::model::Event;
use outbox::lifecycle::when::parse_duration;
use outbox::{Error, Result};
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct ClaimArgs {
    #[command(flatten)]
    pub filter: DeliveryFilterArgs,
    /// Who claims; only this worker may then complete, fail or release it.
    #[arg(long = "worker", value_name = "WORKER_ID")]
    pub worker: Option<String>,
    /// Lease length in seconds (1-86400, default 300); after it the delivery may be claimed again.
    #[arg(allow_negative_numbers = true, long = "lease", value_name = "SECONDS")]
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
    #[arg(long, value_name = "DURATION")]
    pub wait: Option<String>,
}

pub fn exec(a: ClaimArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let wait = match a.wait.as_deref().map(parse_duration) {
        None => Duration::ZERO,
        Some(Ok(seconds)) if seconds >= 0 => Duration::from_secs(seconds as u64),
        Some(Ok(_)) => {
            return Err(Error::input(
                "invalid:duration",
                "--wait must not be negative",
            ));
        }
        Some(Err(e)) => return Err(Error::input("invalid:duration", format!("--wait: {e}"))),
    };
    let claim = Claim {
        filter: ctx.delivery_filter(&a.filter)?,
        worker: a.worker,
        lease_seconds: a.lease_seconds,
    };
    let mut outbox = ctx.outbox()?;
    let deadline = Instant::now() + wait;
    let mut pause = Duration::from_millis(50);
    loop {
        let claimed: Result<Box<dyn Report>> = match a.batch {
            Some(n) => outbox.claim_batch(&claim, Some(n)).and_then(|page| {
                if page.deliveries.is_empty() && Instant::now() < deadline {
                    return Err(outbox::Refusal::NothingToClaim {
                        filters: Vec::new(),
                    }
                    .into());
                }
                if !a.with_event {
                    return Ok(Box::new(page) as Box<dyn Report>);
                }
                let events = events_of(&mut outbox, page.deliveries.iter().map(|d| &d.event_id))?;
                Ok(Box::new(WithEvent::Many { page, events }) as Box<dyn Report>)
            }),
            None => outbox.claim_next(&claim).and_then(|reply| {
                if !a.with_event {
                    return Ok(Box::new(reply) as Box<dyn Report>);
                }
                let event = events_of(&mut outbox, [&reply.delivery.event_id])?
                    .pop()
                    .flatten()
                    .map(Box::new);
                let reply = Box::new(reply);
                Ok(Box::new(WithEvent::One { reply, event }) as Box<dyn Report>)
            }),
        };
        match claimed {
            Err(Error::Refused(refusal))
                if matches!(*refusal, outbox::Refusal::NothingToClaim { .. })
                    && Instant::now() < deadline =>
            {
                std::thread::sleep(pause.min(deadline - Instant::now()));
                pause = (pause * 2).min(Duration::from_secs(1));
            }
            // The empty batch made up above to keep waiting: answer as the
            // reference does once the time is up.
            other => return other,
        }
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
