//! How each claimed delivery is run and its outcome recorded: a handler
//! or an HTTP send on one of the worker's threads, a broker publish as a
//! task on the sender's runtime; each reports back to the worker's loop
//! over its channel. Where the worker's turns leave events unread, the
//! deliveries start once their events are read (see `loader`).

use super::loader::Loader;
use super::settle::{Claimed, Events, Finish};
use super::{Job, Outcome, Signal, pacing};
use crate::core::Clock;
use crate::core::ledger::leases::{Complete, Release};
use crate::core::ledger::retries::Fail;
use crate::core::ledger::tallies::Observed;
use crate::core::settings::policy::RetryPolicy;
use crate::core::storage::EventReader;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Instant;

/// Starts deliveries, here or, where the worker's turns leave events
/// unread, on the thread that reads them (see `loader`).
pub(super) enum Dispatch {
    Here(Starter),
    AfterLoading(Loader),
}

impl Dispatch {
    /// For a worker running at most `concurrency` deliveries at once;
    /// with `reader`, each delivery's event is read before it starts.
    pub fn new(
        job: Arc<Job>,
        clock: Clock,
        done: mpsc::Sender<Signal>,
        concurrency: usize,
        reader: Option<Box<dyn EventReader>>,
    ) -> Self {
        let mut starter = Starter {
            job,
            clock,
            done,
            threads: Threads::new(concurrency),
        };
        match reader {
            None => Dispatch::Here(starter),
            Some(reader) => {
                Dispatch::AfterLoading(Loader::spawn(reader, move |claimed, cancel, loaded| {
                    match loaded {
                        // Given back while its event was read (a stop's
                        // grace ran out): not sent at all.
                        _ if cancel.load(Ordering::Relaxed) => starter.abandon(&claimed),
                        Ok(event) => starter.start(Claimed { event, ..claimed }, cancel),
                        Err(why) => {
                            super::say(&format!(
                                "delivery {} not sent: its event could not be read ({why}); it is sent again once its lease runs out",
                                claimed.delivery.delivery_id
                            ));
                            starter.abandon(&claimed);
                        }
                    }
                }))
            }
        }
    }

    /// Where the turns read the events of what they claim.
    pub fn events(&self) -> Events {
        match self {
            Dispatch::Here(_) => Events::InTurn,
            Dispatch::AfterLoading(_) => Events::Apart,
        }
    }

    /// Runs `claimed` apart; its outcome comes back as a `Signal::Done`.
    pub fn start(&mut self, claimed: Claimed, cancel: Arc<AtomicBool>) {
        match self {
            Dispatch::Here(starter) => starter.start(claimed, cancel),
            Dispatch::AfterLoading(loader) => loader.start(claimed, cancel),
        }
    }
}

/// What each delivery needs to run, and the threads they run on.
pub(super) struct Starter {
    job: Arc<Job>,
    clock: Clock,
    done: mpsc::Sender<Signal>,
    threads: Threads,
}

impl Starter {
    fn start(&mut self, claimed: Claimed, cancel: Arc<AtomicBool>) {
        let (job, clock, done) = (self.job.clone(), self.clock, self.done.clone());
        // A broker delivery is a task: it waits on the network, not on a
        // thread of its own.
        if let Job::Send(sender) = job.as_ref()
            && crate::core::settings::endpoint::is_broker(claimed.delivery.transport)
        {
            let runtime = sender.brokers.handle(claimed.delivery.transport);
            runtime.spawn(async move {
                if let Some(wait) = pacing::wait_for(claimed.send_at, clock) {
                    tokio::time::sleep(wait).await;
                }
                let Job::Send(sender) = job.as_ref() else {
                    unreachable!("checked above")
                };
                let started = Instant::now();
                let outcome = sender.brokers.send_claimed(&claimed).await;
                report(&done, claimed, outcome, started);
            });
            return;
        }
        self.threads.run(move || {
            pacing::hold_until(claimed.send_at, clock);
            let started = Instant::now();
            let outcome = match job.as_ref() {
                Job::Handler(handler) => handler.run(&claimed, &cancel),
                Job::Send(sender) => sender.send(&claimed, clock.now()),
            };
            report(&done, claimed, outcome, started);
        });
    }

    /// Reports `claimed` unsent, its attempt unspent: nothing is recorded
    /// (a delivery whose event could not be read, the file failing rather
    /// than the event missing, is claimed again once its lease runs out).
    fn abandon(&self, claimed: &Claimed) {
        let _ = self.done.send(Signal::Done(
            claimed.delivery.delivery_id.clone(),
            Outcome::Abandoned,
            observed(claimed, Instant::now()),
        ));
    }
}

fn report(done: &mpsc::Sender<Signal>, claimed: Claimed, outcome: Outcome, started: Instant) {
    let observed = observed(&claimed, started);
    let _ = done.send(Signal::Done(
        claimed.delivery.delivery_id,
        outcome,
        observed,
    ));
}

type Work = Box<dyn FnOnce() + Send>;

/// The threads handlers and HTTP sends block: started as deliveries need
/// them, never more than the worker's concurrency, each kept for the next
/// delivery. A thread started for each send took a drain of webhooks
/// more time than the sends; tokio's blocking pool starts one whenever
/// none is idle at that instant, which is every time a worker hands a
/// place over the moment it frees (450 threads at --concurrency 100).
struct Threads {
    most: usize,
    started: usize,
    queue: mpsc::Sender<Work>,
    taken: Arc<Mutex<mpsc::Receiver<Work>>>,
}

impl Threads {
    fn new(most: usize) -> Self {
        let (queue, taken) = mpsc::channel();
        Threads {
            most: most.max(1),
            started: 0,
            queue,
            taken: Arc::new(Mutex::new(taken)),
        }
    }

    fn run(&mut self, work: impl FnOnce() + Send + 'static) {
        if self.started < self.most {
            self.started += 1;
            let taken = self.taken.clone();
            std::thread::spawn(move || {
                // The queue is locked only while taking: the work runs
                // free of it. Ends once the worker is gone (queue closed).
                let next = || taken.lock().ok()?.recv().ok();
                while let Some(work) = next() {
                    work();
                }
            });
        }
        self.queue
            .send(Box::new(work))
            .expect("the threads outlive the queue's sender");
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

#[cfg(test)]
mod tests {
    use super::Threads;
    use std::collections::HashSet;
    use std::sync::mpsc;

    #[test]
    fn work_runs_on_no_more_threads_than_asked_for() {
        let mut threads = Threads::new(2);
        let (ran, seen) = mpsc::channel();
        for n in 0..10 {
            let ran = ran.clone();
            threads.run(move || ran.send((n, std::thread::current().id())).unwrap());
        }
        let done: Vec<_> = seen.iter().take(10).collect();
        let works: HashSet<_> = done.iter().map(|(n, _)| *n).collect();
        let on: HashSet<_> = done.iter().map(|(_, thread)| *thread).collect();
        assert_eq!(works.len(), 10, "every piece of work ran once");
        assert!(on.len() <= 2, "on {} threads", on.len());
        assert!(!on.contains(&std::thread::current().id()));
    }
}
