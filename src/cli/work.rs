//! `outbox work`: claim deliveries and run a handler command for each, or
//! send webhooks and A2A messages, until done or told to stop.

use super::{Context, DeliveryFilterArgs};
use crate::output::{self, OutputFormat, Report, View};
use clap::Args;
use outbox::core::ledger::leases::Claim;
use outbox::core::records::model::Transport;
use outbox::worker::handler::Handler;
use outbox::worker::send::{SENT, Sender};
use outbox::worker::settle::Settled;
use outbox::worker::{self, Job, Mode, Work, say};
use outbox::{Error, Result};
use std::ffi::OsString;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct WorkArgs {
    #[command(flatten)]
    pub filter: DeliveryFilterArgs,
    /// Only deliveries of events of this type.
    #[arg(long = "type", value_name = "TYPE")]
    pub event_type: Option<String>,
    /// The worker's name on its claims (default: HOSTNAME-PID).
    #[arg(long = "worker", value_name = "WORKER_ID")]
    pub worker: Option<String>,
    /// Lease of each claim, renewed every third of it while the work runs.
    #[arg(
        allow_hyphen_values = true,
        long,
        value_name = "DURATION",
        default_value = "60s"
    )]
    pub lease: String,
    /// Deliveries worked on at once.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub concurrency: usize,
    /// Longest a handler may run (default 5m; it is killed) or a send may
    /// take (default 15s); either way the delivery fails and is retried.
    #[arg(allow_hyphen_values = true, long, value_name = "DURATION")]
    pub timeout: Option<String>,
    /// One round of claims (up to --concurrency), then exit.
    #[arg(long, conflicts_with = "drain")]
    pub once: bool,
    /// Work until nothing is ready, then exit (for cron).
    #[arg(long)]
    pub drain: bool,
    /// Longest pause between polls while nothing is ready.
    #[arg(
        allow_hyphen_values = true,
        long,
        value_name = "DURATION",
        default_value = "5s"
    )]
    pub poll_max: String,
    /// After SIGTERM or SIGINT, how long running work may finish before it
    /// is killed and its deliveries are released.
    #[arg(
        allow_hyphen_values = true,
        long,
        value_name = "DURATION",
        default_value = "30s"
    )]
    pub grace: String,
    /// The handler and its arguments, after `--`. Without one, outbox sends
    /// webhook, a2a, mcp and broker (nats, amqp, mqtt, redis) deliveries
    /// itself.
    #[arg(last = true, value_name = "CMD")]
    pub command: Vec<OsString>,
}

/// A duration flag that must be longer than zero.
fn duration(flag: &str, text: &str) -> Result<Duration> {
    match super::duration_flag(flag, text)? {
        zero if zero.is_zero() => Err(Error::input(
            "invalid:duration",
            format!("--{flag}: {text:?} must be longer than zero"),
        )),
        positive => Ok(positive),
    }
}

/// `HOSTNAME-PID`, as a worker names itself unless told.
fn default_worker() -> String {
    let host = std::env::var("HOSTNAME")
        .ok()
        .filter(|h| !h.is_empty())
        .or_else(|| std::fs::read_to_string("/proc/sys/kernel/hostname").ok())
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".to_owned());
    format!("{host}-{}", std::process::id())
}

pub fn exec(args: WorkArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let lease = duration("lease", &args.lease)?;
    let poll_max = duration("poll-max", &args.poll_max)?;
    let grace = duration("grace", &args.grace)?;
    let handler = !args.command.is_empty();
    ctx.warn_if_readable_by_others();
    let timeout = match &args.timeout {
        Some(text) => duration("timeout", text)?,
        None if handler => Duration::from_secs(300),
        None => Duration::from_secs(15),
    };
    let worker = args.worker.clone().unwrap_or_else(default_worker);
    let filter = ctx.delivery_filter(&args.filter)?;
    let claim_for = |transport: Option<Transport>| Claim {
        filter: outbox::core::storage::DeliveryFilter {
            transport,
            event_type: args.event_type.clone(),
            ..filter.clone()
        },
        worker: Some(worker.clone()),
        // Leases are kept in whole seconds: a part of one counts whole.
        lease_seconds: Some(lease.as_millis().div_ceil(1000) as i64),
    };
    let (job, claims) = if handler {
        let mut command = args.command.clone().into_iter();
        let handler = Handler {
            program: command.next().expect("a command was given"),
            args: command.collect(),
            db: ctx.db.clone().into_os_string(),
            worker: worker.clone(),
            timeout,
        };
        handler.check()?;
        (
            Job::Handler(handler),
            vec![claim_for(args.filter.transport)],
        )
    } else {
        let claims = match args.filter.transport {
            Some(Transport::Poll) => {
                return Err(Error::input(
                    "invalid:transport",
                    "outbox does not send poll deliveries itself (their clients claim them); give a handler: outbox work -- CMD",
                ));
            }
            Some(t) => vec![claim_for(Some(t))],
            None => SENT
                .iter()
                .map(|&transport| claim_for(Some(transport)))
                .collect(),
        };
        (Job::Send(Sender::new(timeout)), claims)
    };
    let work = Work {
        claims,
        concurrency: args.concurrency,
        mode: if args.once {
            Mode::Once
        } else if args.drain {
            Mode::Drain
        } else {
            Mode::Forever
        },
        poll_max,
        grace,
        job: Arc::new(job),
        telemetry: outbox::telemetry::Telemetry::from_env()?,
    };
    worker::check(&work)?;
    let (stop, interrupted) = crate::signals::flags()?;
    let mut outbox = ctx.outbox()?;
    if !handler && args.filter.transport.is_none() {
        let filter = outbox::core::storage::DeliveryFilter {
            event_type: args.event_type.clone(),
            ..filter.clone()
        };
        if let Some(note) = untaken(&mut outbox, &filter)? {
            say(&note);
        }
    }
    let json = ctx.format == OutputFormat::Json;
    // A worker that runs until stopped says when it starts and stops, for
    // a terminal or a journal; --drain and --once stay quiet for cron.
    let narrate = !json && work.mode == Mode::Forever;
    if narrate {
        let what = if handler {
            let command: Vec<_> = args.command.iter().map(|a| a.to_string_lossy()).collect();
            format!("runs {} for each delivery", command.join(" "))
        } else {
            "sends webhook, a2a, mcp and broker deliveries".to_owned()
        };
        say(&format!(
            "worker {worker} started: {what}, {} at a time; SIGTERM or Ctrl-C stops it",
            args.concurrency
        ));
    }
    let (mut delivered, mut failed) = (0, 0);
    // Retries this run queued and did not send: a drain that ends before
    // they are due says so, lest they seem lost.
    let mut retries: std::collections::HashMap<String, i64> = std::collections::HashMap::new();
    let mut report = |id: &str, answer: &Result<worker::settle::Settled>| {
        retries.remove(id);
        match answer {
            Ok(Settled::Completed(_)) => delivered += 1,
            Ok(Settled::Failed(failure)) => {
                failed += 1;
                if let outbox::core::ledger::retries::RetryOutcome::Scheduled {
                    scheduled: true,
                    delivery,
                    ..
                } = &failure.retry
                {
                    retries.insert(delivery.delivery_id.clone(), delivery.next_attempt_at);
                }
            }
            Ok(Settled::Released(_)) | Err(_) => {}
        }
        let mut out = std::io::stdout().lock();
        match answer {
            Ok(settled) if json => {
                let _ = writeln!(
                    out,
                    "{}",
                    serde_json::to_string(settled).expect("answers serialise")
                );
            }
            // People and journals hear of failures; successes stay quiet.
            Ok(Settled::Failed(failure)) => {
                let view = View::new(ctx.clock.now(), ctx.color);
                say(&output::failure_line(failure, &view));
            }
            Ok(Settled::Completed(_)) => {}
            Ok(Settled::Released(reply)) => {
                let d = &reply.delivery;
                say(&format!(
                    "{} back in the queue, its attempt {} unspent: {}",
                    d.delivery_id, d.attempt, d.last_error
                ));
            }
            Err(e) => {
                if json {
                    let _ = writeln!(out, "{}", e.to_json());
                }
                say(&format!("{id}: {e}"));
            }
        }
        let _ = out.flush();
    };
    let stopped = worker::run(&mut outbox, &work, &stop, &mut report);
    if let Some(telemetry) = &work.telemetry {
        telemetry.shutdown();
        outbox.count_spans_dropped(telemetry.dropped_to_count(true))?;
    }
    let stopped = stopped?;
    if work.mode == Mode::Drain
        && let Some(next) = retries.values().copied().min()
    {
        let now = ctx.clock.now();
        let count = retries.len();
        say(&format!(
            "drained: {delivered} delivered, {failed} failed; {count} {} scheduled, the next due {} ({}): run outbox work --drain again then",
            if count == 1 {
                "retry is"
            } else {
                "retries are"
            },
            output::relative(next, now),
            outbox::lifecycle::when::rfc3339(next)
        ));
    }
    if narrate {
        say(&format!(
            "worker {worker} stopped: {delivered} delivered, {failed} failed, {} given back to the queue",
            stopped.given_back
        ));
    }
    if interrupted.load(Ordering::Relaxed) {
        // 130 as a shell reports a Ctrl-C; everything is recorded by now.
        let _ = std::io::stdout().flush();
        std::process::exit(130);
    }
    Ok(Box::new(crate::output::Silent))
}

/// What a worker without a handler says once before it starts when the
/// filters match ready deliveries it will never take (`poll` ones):
/// otherwise `--drain` exits at once and a long-running worker idles, both
/// without a word.
fn untaken(
    outbox: &mut outbox::core::Outbox,
    filter: &outbox::core::storage::DeliveryFilter,
) -> Result<Option<String>> {
    let counts = outbox.delivery_stats(&outbox::core::storage::DeliveryFilter {
        transport: Some(Transport::Poll),
        ..filter.clone()
    })?;
    let ready = counts.stats.ready + counts.stats.expired;
    if ready == 0 {
        return Ok(None);
    }
    Ok(Some(format!(
        "{ready} poll deliveries are ready that this worker will not take: without a handler it sends every transport but poll; \
         run outbox work [FILTERS] -- CMD to hand them to a program, or take them with outbox delivery claim"
    )))
}
