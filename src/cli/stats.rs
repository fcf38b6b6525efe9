//! `outbox stats`: delivery counts by state, transport and client.

use super::{Context, DeliveryFilterArgs, one_of};
use crate::output::{Metrics, OutputFormat, Report, StatsWithDead, View, sparkline};
use clap::Args;
use outbox::Error;
use outbox::Result;
use outbox::core::Outbox;
use outbox::core::records::model::DeliveryStatus;
use outbox::core::storage::DeliveryFilter;
use outbox::lifecycle::when::parse_duration;

#[derive(Debug, Args)]
pub struct StatsArgs {
    #[command(flatten)]
    pub filter: DeliveryFilterArgs,
    /// Count only deliveries in this status.
    #[arg(long, value_parser = one_of::<DeliveryStatus>())]
    pub status: Option<DeliveryStatus>,
    /// Count every delivery again before answering: the SQLite file keeps
    /// its counts as outbox writes, so a change made by hand (sqlite3, a
    /// script) shows only after this.
    #[arg(long)]
    pub recount: bool,
    /// `prometheus`: the counts, the dead letters and the age of the oldest
    /// ready delivery in the Prometheus text format (for node_exporter's
    /// textfile collector).
    #[arg(long, value_name = "FORMAT", value_parser = ["prometheus"])]
    pub format: Option<String>,
    /// Redraw the stats every DURATION (default 2s) with the rates since the
    /// last redraw and the ready count over the last minutes, until Ctrl-C.
    #[arg(long, value_name = "DURATION", num_args = 0..=1, default_missing_value = "2s",
          conflicts_with_all = ["format", "recount"])]
    pub watch: Option<String>,
    /// Attempts finished (delivered, failed) over the last DURATION (1h,
    /// 24h), a minute each up to 6h and a quarter of an hour beyond. Read
    /// from the ledger: attempts created up to an hour before the window
    /// count, and what `prune` deleted is gone.
    #[arg(long, value_name = "DURATION", conflicts_with_all = ["format", "recount", "watch"])]
    pub history: Option<String>,
}

pub fn exec(args: StatsArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let filter = DeliveryFilter {
        status: args.status,
        ..ctx.delivery_filter(&args.filter)?
    };
    let mut outbox = ctx.outbox()?;
    if let Some(window) = &args.history {
        let window = match parse_duration(window) {
            Ok(seconds) if (60..=7 * 86_400).contains(&seconds) => seconds,
            Ok(_) => {
                return Err(Error::input(
                    "invalid:duration",
                    format!("--history: from a minute to a week (1h, 24h), not {window:?}"),
                ));
            }
            Err(e) => return Err(Error::input("invalid:duration", format!("--history: {e}"))),
        };
        let step = if window <= 6 * 3600 { 60 } else { 900 };
        return Ok(Box::new(crate::output::HistoryReply::new(
            outbox.history(window, step)?,
        )));
    }
    if args.format.is_some() {
        let stats = outbox.delivery_stats(&filter)?.stats;
        let dead = outbox.count_dead(&filter)?;
        let now = ctx.clock.now();
        let oldest = outbox.ready_deliveries(&filter, Some(1))?.deliveries;
        // The head of the queue: claimable since it became due, or since
        // its lease ran out.
        let oldest_ready_age = oldest.first().map_or(0, |d| {
            let since = match d.status {
                DeliveryStatus::Claimed => d.lease_expires_at,
                _ => d.created_at.max(d.next_attempt_at),
            };
            (now - since).max(0)
        });
        return Ok(Box::new(Metrics {
            stats,
            dead,
            oldest_ready_age,
            waiting: outbox.waiting()?,
            guards: outbox.guards()?,
            tallies: outbox.tallies()?,
            subscriptions: outbox.subscription_health(None)?.subscriptions,
            set_aside_by_sub: outbox.set_aside_by_sub()?,
        }));
    }
    if let Some(every) = &args.watch {
        let every = match parse_duration(every) {
            Ok(seconds) if seconds > 0 => seconds,
            Ok(_) => {
                return Err(Error::input(
                    "invalid:duration",
                    format!(
                        "--watch: the pause between redraws must be longer than zero, not {every:?} (2s, 10s)"
                    ),
                ));
            }
            Err(e) => return Err(Error::input("invalid:duration", format!("--watch: {e}"))),
        };
        watch(
            &mut outbox,
            &filter,
            ctx,
            std::time::Duration::from_secs(every as u64),
        )?;
    }
    let stats = if args.recount {
        outbox.recounted_stats(&filter)?
    } else {
        outbox.delivery_stats(&filter)?
    };
    // Counting dead letters reads every failed delivery: only people see it.
    let wants_dead = ctx.format == OutputFormat::Human
        && filter.status.is_none_or(|s| s == DeliveryStatus::Failed);
    let dead = if wants_dead {
        Some(outbox.count_dead(&filter)?)
    } else {
        None
    };
    let waiting = wants_dead.then(|| outbox.waiting()).transpose()?;
    // People are told why deliveries are set aside, where any are.
    let guards = match waiting {
        Some(w) if w.set_aside > 0 => Some(outbox.guards()?),
        _ => None,
    };
    Ok(Box::new(StatsWithDead {
        stats,
        dead,
        waiting,
        guards,
    }))
}

/// Redraws the stats every `every` until interrupted: on a terminal the
/// screen is cleared first; piped, frames follow each other.
fn watch(
    outbox: &mut Outbox,
    filter: &DeliveryFilter,
    ctx: &Context,
    every: std::time::Duration,
) -> Result<()> {
    use std::io::{IsTerminal, Write};
    let terminal = std::io::stdout().is_terminal();
    let mut ready_history: Vec<i64> = Vec::new();
    let mut last: Option<(std::time::Instant, std::collections::BTreeMap<String, i64>)> = None;
    loop {
        let stats = outbox.delivery_stats(filter)?;
        let dead = outbox.count_dead(filter)?;
        let at = std::time::Instant::now();
        ready_history.push(stats.stats.ready);
        // The last 60 redraws.
        let excess = ready_history.len().saturating_sub(60);
        ready_history.drain(..excess);
        let by_status = stats.stats.by_status.clone();
        let rates = match &last {
            Some((then, before)) => {
                let secs = at.duration_since(*then).as_secs_f64().max(0.001);
                let delta = |s: &str| {
                    (by_status.get(s).copied().unwrap_or(0) - before.get(s).copied().unwrap_or(0))
                        as f64
                };
                // Every finished delivery was claimed first, so claims are
                // the growth of the claimed, delivered and failed counts.
                let claimed = delta("claimed") + delta("delivered") + delta("failed");
                format!(
                    "claimed {:.1}/s  completed {:.1}/s  failed {:.1}/s",
                    claimed.max(0.0) / secs,
                    delta("delivered").max(0.0) / secs,
                    delta("failed").max(0.0) / secs
                )
            }
            None => "rates from the next redraw on".to_owned(),
        };
        last = Some((at, by_status));
        let view = View::new(ctx.clock.now(), ctx.color);
        let waiting = outbox.waiting()?;
        let guards = (waiting.set_aside > 0)
            .then(|| outbox.guards())
            .transpose()?;
        let table = StatsWithDead {
            stats,
            dead: Some(dead),
            waiting: Some(waiting),
            guards,
        }
        .human(&view);
        let mut out = std::io::stdout().lock();
        if terminal {
            // Home and clear, then the frame.
            let _ = write!(out, "\x1b[H\x1b[2J");
        }
        let frame = format!(
            "{table}\n\n{rates}\nready  {}  (every {}s)\n",
            sparkline(&ready_history),
            every.as_secs()
        );
        if writeln!(out, "{frame}").and_then(|_| out.flush()).is_err() {
            // The reader went away (`| head`): done.
            return Ok(());
        }
        drop(out);
        std::thread::sleep(every);
    }
}
