//! How each claimed delivery is run and its outcome recorded: a handler
//! on a thread of its own, an HTTP send on one of the sender runtime's
//! blocking threads, a broker publish as a task on that runtime; each
//! reports back to the worker's loop over its channel.

use super::settle::{Claimed, Finish};
use super::{Job, Outcome, Signal, pacing};
use crate::core::Clock;
use crate::core::ledger::leases::{Complete, Release};
use crate::core::ledger::retries::Fail;
use crate::core::ledger::tallies::Observed;
use crate::core::settings::policy::RetryPolicy;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, mpsc};
use std::time::Instant;

pub(super) fn spawn(
    job: Arc<Job>,
    claimed: Claimed,
    cancel: Arc<AtomicBool>,
    clock: Clock,
    done: mpsc::Sender<Signal>,
) {
    // A sender's runtime (started by its first delivery).
    let runtime = match job.as_ref() {
        Job::Send(sender) => Some(sender.brokers.handle()),
        Job::Handler(_) => None,
    };
    // A broker delivery is a task: it waits on the network, not on a
    // thread of its own.
    if let Some(runtime) = &runtime
        && crate::core::settings::endpoint::is_broker(claimed.delivery.transport)
    {
        runtime.spawn(async move {
            if let Some(wait) = pacing::wait_for(claimed.send_at, clock) {
                tokio::time::sleep(wait).await;
            }
            let Job::Send(sender) = job.as_ref() else {
                unreachable!("checked above")
            };
            let started = Instant::now();
            let outcome = sender.brokers.send_claimed(&claimed).await;
            let observed = observed(&claimed, started);
            let _ = done.send(Signal::Done(
                claimed.delivery.delivery_id,
                outcome,
                observed,
            ));
        });
        return;
    }
    let run = move || {
        pacing::hold_until(claimed.send_at, clock);
        let started = Instant::now();
        let outcome = match job.as_ref() {
            Job::Handler(handler) => handler.run(&claimed, &cancel),
            Job::Send(sender) => sender.send(&claimed, clock.now()),
        };
        let observed = observed(&claimed, started);
        let _ = done.send(Signal::Done(
            claimed.delivery.delivery_id,
            outcome,
            observed,
        ));
    };
    match runtime {
        // An HTTP send blocks a thread: one of the runtime's blocking
        // threads, kept for the next send (starting a thread for each
        // took a drain of webhooks more time than the sends).
        Some(runtime) => drop(runtime.spawn_blocking(run)),
        // A handler's process outweighs its thread.
        None => drop(std::thread::spawn(run)),
    }
}

/// What the tallies keep of an attempt that started at `started`.
pub(crate) fn observed(claimed: &Claimed, started: Instant) -> Observed {
    Observed {
        duration_ms: Some(started.elapsed().as_millis().min(i64::MAX as u128) as i64),
        recorded_at: claimed.event.as_ref().map(|e| e.created_at),
    }
}

/// How an outcome is recorded; `None` for one that is not.
pub(crate) fn finish_of(outcome: Outcome, worker: &str, observed: Observed) -> Option<Finish> {
    let worker = Some(worker.to_owned());
    match outcome {
        Outcome::Delivered { meta } => Some(Finish::Complete(Complete {
            worker,
            meta,
            observed,
            ..Complete::default()
        })),
        Outcome::Failed {
            error,
            retry,
            not_before,
            meta,
            disable,
        } => {
            let fail = Fail {
                worker,
                last_error: Some(error),
                retry,
                not_before,
                meta,
                fallback: Some(RetryPolicy::worker_default()),
                observed,
                ..Fail::default()
            };
            Some(if disable {
                Finish::FailAndDisable(fail)
            } else {
                Finish::Fail(fail)
            })
        }
        Outcome::Unreached { error, pause } => Some(Finish::GiveBack(
            Release {
                worker,
                last_error: Some(error),
                schedule: crate::core::ledger::deliveries::Schedule {
                    next_attempt_at: None,
                    delay_seconds: Some(pause),
                },
                meta: None,
            },
            pause,
        )),
        Outcome::Abandoned => None,
    }
}
