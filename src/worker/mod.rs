//! `outbox work`: the worker outbox users would otherwise write as a shell
//! loop. It claims ready deliveries, runs a handler command for each (or
//! sends webhooks, A2A messages, MCP tool calls and broker messages
//! itself), keeps their leases alive while they run, and records each
//! outcome through the subscription's retry policy. One thread owns the
//! database; each delivery runs apart (see `dispatch`) and reports back
//! over a channel.

mod ahead;
pub mod brokers;
mod dispatch;
pub mod envelope;
pub mod handler;
mod leases;
mod loader;
pub mod mcp;
pub mod pacing;
mod rotation;
pub mod secrets;
pub mod send;
pub mod settle;
pub mod signing;
mod told;
mod traced;
pub mod trial;

use dispatch::Dispatch;
pub(crate) use dispatch::{finish_of, observed};
use leases::{give_back, release_waiting, renew_due};

use crate::core::ledger::leases::Claim;
use crate::core::records::error::{Error, Result, StorageCode};
use crate::core::reference::json::Object;
use crate::core::{Clock, Outbox};
use handler::Handler;
use pacing::Lead;
use send::Sender;
use settle::{Finish, Settled};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// How one delivery's work ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Delivered {
        meta: Option<Object>,
    },
    Failed {
        error: String,
        /// False: no further attempt (dead at once).
        retry: bool,
        /// The next attempt waits at least this many seconds.
        not_before: Option<i64>,
        meta: Option<Object>,
        /// The receiver is gone for good: disable the subscription.
        disable: bool,
    },
    /// The receiver (a message broker) could not be reached: the delivery
    /// goes back to the queue without spending an attempt, due again after
    /// `pause` seconds, and the subscription rests as long, counted as a
    /// failure by its breaker.
    Unreached {
        error: String,
        pause: i64,
    },
    /// Stopped before it ended (its lease was lost, or the worker is
    /// shutting down): nothing is recorded for it.
    Abandoned,
}

impl Outcome {
    pub fn failed(error: String, retry: bool) -> Self {
        Outcome::Failed {
            error,
            retry,
            not_before: None,
            meta: None,
            disable: false,
        }
    }
}

/// What is done with each claimed delivery.
pub enum Job {
    Handler(Handler),
    Send(Sender),
}

/// When the worker stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One round of claims, then wait for them and stop.
    Once,
    /// Until nothing is ready.
    Drain,
    /// Until told to stop, polling while nothing is ready.
    Forever,
}

/// Everything `outbox work` was asked.
pub struct Work {
    /// Filters, worker name and lease of the claims, tried in turn.
    pub claims: Vec<Claim>,
    pub concurrency: usize,
    pub mode: Mode,
    /// Longest pause between polls while nothing is ready.
    pub poll_max: Duration,
    /// How long running deliveries may finish after a stop is asked.
    pub grace: Duration,
    /// Shared with the thread of every running delivery.
    pub job: Arc<Job>,
    /// The OpenTelemetry export of each attempt's span, when asked for.
    pub telemetry: Option<Arc<crate::telemetry::Telemetry>>,
}

/// What wakes the worker's loop.
enum Signal {
    /// A delivery's work ended, with what the tallies keep of it.
    Done(String, Outcome, crate::core::ledger::tallies::Observed),
    /// Another connection committed deliveries that may be claimable.
    Ready,
}

/// The shortest pause between polls while nothing is ready.
const POLL_MIN: Duration = Duration::from_millis(100);

/// A delivery the worker holds a lease on: running, or claimed ahead and
/// waiting for a place (see `ahead`).
struct Running {
    cancel: Arc<AtomicBool>,
    renew_at: Instant,
    /// Its lease went to another worker: its outcome is not recorded.
    lost: bool,
    sub_id: String,
}

/// How a worker's run ended, beyond what it reported as it went.
#[derive(Debug, Default)]
pub struct Stopped {
    /// Deliveries given back to the queue by the stop: those still
    /// running when the grace period ran out, and those claimed ahead
    /// and not yet sent.
    pub given_back: usize,
}

/// Runs the worker until `mode` says it is done or `stop` is set; calls
/// `report` with each recorded outcome (or its refusal). Deliveries still
/// running when the grace period ends are killed and released.
pub fn run(
    outbox: &mut Outbox,
    work: &Work,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&str, &Result<Settled>),
) -> Result<Stopped> {
    let first = work.claims.first().cloned().unwrap_or_default();
    let worker = first.worker.unwrap_or_default();
    let lease = first.lease_seconds.unwrap_or(60).max(1);
    let renew_every = Duration::from_secs(u64::try_from(lease).unwrap_or(60)).div_f64(3.0);
    let clock = outbox.clock;
    outbox.working();
    let (done_tx, done_rx) = mpsc::channel::<Signal>();
    if work.mode == Mode::Forever {
        // New deliveries wake the loop at once (PostgreSQL notifies; on
        // SQLite a thread watches the file); it still polls, since a
        // notice can be missed.
        let ready = done_tx.clone();
        if let Err(e) = outbox.on_ready(Box::new(move || ready.send(Signal::Ready).is_ok())) {
            say(&format!("polling only: {e}"));
        }
    }
    // A sender's deliveries start once their events are read, on a thread
    // of its own (see `loader`); a handler's come with theirs, and so do
    // those traced, whose spans start with the event's trace context.
    let reader = match (work.job.as_ref(), &work.telemetry) {
        // Best effort: without a reader of its own, the turns read them.
        (Job::Send(_), None) => outbox.event_reader().ok().flatten(),
        _ => None,
    };
    let mut dispatch = Dispatch::new(work.job.clone(), clock, done_tx, work.concurrency, reader);
    let events = dispatch.events();
    let mut running: HashMap<String, Running> = HashMap::new();
    // A sender that keeps going claims up to twice its concurrency, so a
    // freed place is filled at once (see `ahead`); a handler's deliveries,
    // and a single round's, are claimed only as they can run.
    let window = match (work.job.as_ref(), work.mode) {
        (Job::Send(_), Mode::Drain | Mode::Forever) => work.concurrency.saturating_mul(2),
        _ => work.concurrency,
    };
    let mut ahead = ahead::Ahead::default();
    let mut given_back = 0;
    let mut finished: Vec<(String, Finish)> = Vec::new();
    let mut claiming = true;
    let mut idle = POLL_MIN;
    let mut next_poll = Instant::now();
    let mut grace_ends: Option<Instant> = None;
    // Another writer holds the outbox past the busy timeout.
    let mut held = false;
    // Claims are tried in turn, starting one further each round, so a
    // sender busy with webhooks still takes A2A deliveries.
    let mut rotation = rotation::Rotation::new(work.claims.clone(), POLL_MIN);
    let mut lead = Lead::new(clock);
    let mut told = told::Told::default();
    let handler = matches!(*work.job, Job::Handler(_));
    let mut traced = work
        .telemetry
        .clone()
        .map(|telemetry| traced::Traced::new(telemetry, handler));
    loop {
        told.pauses_over(clock.now());
        if stop.load(Ordering::Relaxed) && grace_ends.is_none() {
            claiming = false;
            grace_ends = Some(crate::core::reference::calendar::instant_after(work.grace));
            let waiting = ahead.take_where(|_| true);
            // Claimed ahead, never sent: back to the queue at once.
            given_back += release_waiting(outbox, &worker, waiting, &mut running)?;
        }
        if grace_ends.is_some_and(|at| Instant::now() >= at) && !running.is_empty() {
            let mut stopped = give_back(outbox, &worker, running, &done_rx, finished, report)?;
            stopped.given_back += given_back;
            return Ok(stopped);
        }
        let want = if claiming {
            window.saturating_sub(running.len()) as i64
        } else {
            0
        };
        let mut nothing_ready = false;
        let poll_due = Instant::now() >= next_poll;
        let attempt = if (want > 0 && poll_due) || !finished.is_empty() {
            let trying = rotation.trying(Instant::now());
            let turn = outbox.settle_and_claim(&finished, &trying.claims, want, lead.ms(), events);
            let answer = wait_out(turn, &mut held)?;
            if answer.is_none() {
                next_poll = crate::core::reference::calendar::instant_after(idle);
            }
            answer.map(|turn| (turn, trying))
        } else {
            None
        };
        if let Some((turn, trying)) = attempt {
            rotation.turned(&trying, &turn.dry, Instant::now());
            finished.clear();
            for (id, answer) in &turn.settled {
                if let Some(traced) = traced.as_mut() {
                    traced.settled(id, answer);
                }
                report(id, answer);
            }
            if let Some(traced) = &traced
                && let Err(e) =
                    outbox.count_spans_dropped(traced.telemetry().dropped_to_count(false))
            {
                say(&format!("the spans dropped are not counted: {e}"));
            }
            told.changes(&turn.changes);
            let resting = ahead.recorded(&turn.changes);
            release_waiting(outbox, &worker, resting, &mut running)?;
            let none_claimed = want > 0 && turn.claimed.is_empty();
            // Deliveries held only by a rate or an in-flight cap are ready,
            // only paced: a drain waits for them.
            nothing_ready = none_claimed && !turn.paced && !trying.left_out;
            if none_claimed && trying.left_out {
                // Ask every claim before taking nothing for an answer.
                rotation.wake();
                next_poll = Instant::now();
            } else if none_claimed {
                // Polls back off while nothing is ready, up to --poll-max.
                next_poll = crate::core::reference::calendar::instant_after(idle);
                idle = (idle * 2).min(work.poll_max.max(POLL_MIN));
            } else if !turn.claimed.is_empty() {
                idle = POLL_MIN;
                next_poll = Instant::now();
            }
            if want > 0
                && let Some(at) = wake_instant(turn.wake_at, clock)
            {
                // A subscription held back by its rate or breaker has room
                // again then: poll no later, whatever the back-off.
                next_poll = next_poll.min(at);
            }
            for claimed in turn.claimed {
                let renew_at = crate::core::reference::calendar::instant_after(renew_every);
                ahead::hold(&mut running, &mut ahead, claimed, renew_at);
            }
            ahead::start_waiting(work, &mut ahead, &running, traced.as_mut(), &mut dispatch);
            if want > 0 {
                lead.handed_over(turn.claimed_at_ms);
            }
            if work.mode == Mode::Once && want > 0 {
                claiming = false;
            }
        }
        let done = match work.mode {
            Mode::Drain => nothing_ready && running.is_empty(),
            Mode::Once | Mode::Forever => !claiming && running.is_empty(),
        };
        if done && finished.is_empty() {
            return Ok(Stopped { given_back });
        }
        renew_due(outbox, &worker, lease, renew_every, &mut running, &mut held)?;
        // A waiting delivery whose lease was lost is simply dropped.
        for id in ahead.take_where(|claimed| {
            running
                .get(&claimed.delivery.delivery_id)
                .is_none_or(|run| run.lost)
        }) {
            running.remove(&id);
        }
        // Sleep until a delivery ends, a lease needs renewing, or (while
        // nothing is ready) the next poll; never so long that a stop waits.
        let next_renewal = running.values().map(|r| r.renew_at).min();
        let mut wait = Duration::from_millis(250);
        if let Some(at) = next_renewal {
            wait = wait.min(at.saturating_duration_since(Instant::now()));
        }
        let full = !claiming || running.len() >= window;
        if !full {
            wait = wait.min(next_poll.saturating_duration_since(Instant::now()));
        }
        let mut receive = |signal: Signal| {
            let Signal::Done(id, outcome, observed) = signal else {
                idle = POLL_MIN;
                next_poll = Instant::now();
                rotation.wake();
                return;
            };
            if let Some(run) = running.remove(&id)
                && !run.lost
                && let Some(finish) = finish_of(outcome, &worker, observed)
            {
                if let Some(traced) = traced.as_mut() {
                    traced.ended(&id);
                }
                if !matches!(finish, Finish::Complete(_)) {
                    ahead.hold_back(&run.sub_id);
                }
                finished.push((id, finish));
            } else if let Some(traced) = traced.as_mut() {
                traced.forget(&id);
            }
        };
        if let Ok(outcome) = done_rx.recv_timeout(wait) {
            receive(outcome);
        }
        while let Ok(outcome) = done_rx.try_recv() {
            receive(outcome);
        }
        // Places freed: fill them now, not a turn later.
        ahead::start_waiting(work, &mut ahead, &running, traced.as_mut(), &mut dispatch);
    }
}

/// The instant of a unix-ms time on the system clock; none on a fixed one.
fn wake_instant(at_ms: Option<i64>, clock: Clock) -> Option<Instant> {
    if clock != Clock::System {
        return None;
    }
    let wait = at_ms? - clock.now_ms();
    Some(crate::core::reference::calendar::instant_after(
        Duration::from_millis(u64::try_from(wait).unwrap_or(0)),
    ))
}

/// A write that found the outbox held by another writer past the busy
/// timeout (a long batch, an initial load) is `None`, to be tried again:
/// a worker outlasts them, its finished deliveries kept until they are
/// recorded. Says so once per wait, and once when it is over.
fn wait_out<T>(answer: Result<T>, held: &mut bool) -> Result<Option<T>> {
    match answer {
        Err(Error::Storage {
            code: StorageCode::Locked,
            message,
        }) => {
            if !*held {
                say(&format!("waiting for another writer ({message})"));
                *held = true;
            }
            Ok(None)
        }
        answer => {
            let value = answer?;
            if std::mem::take(held) {
                say("the outbox is free again");
            }
            Ok(Some(value))
        }
    }
}

/// One line on stderr, for whoever watches the worker.
pub fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "outbox work: {line}");
}

/// The last `max` bytes of `text`, trimmed, cut at a character boundary.
pub fn clip_tail(text: &str, max: usize) -> String {
    let text = text.trim();
    let mut start = text.len().saturating_sub(max);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    text[start..].to_owned()
}

/// `15s`, `5m`, `1h30m`.
pub fn duration_text(d: Duration) -> String {
    let s = d.as_secs();
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    let mut text = String::new();
    for (n, unit) in [(h, "h"), (m, "m"), (s, "s")] {
        if n > 0 {
            text.push_str(&format!("{n}{unit}"));
        }
    }
    if text.is_empty() {
        format!("{}ms", d.as_millis())
    } else {
        text
    }
}

/// Checks the numbers of a [`Work`] before it starts.
pub fn check(work: &Work) -> Result<()> {
    if work.concurrency == 0 {
        return Err(Error::input(
            "invalid:concurrency",
            "--concurrency must be at least 1",
        ));
    }
    Ok(())
}
