//! `outbox delivery ...`: the ledger of attempts and the worker protocol
//! (claim, complete, fail, retry, cancel, renew, release, sweep).

use super::{Context, DeliveryFilterArgs, one_of};
use crate::output::{Many, Report};
use clap::{Args, Subcommand};
use outbox::core::Outbox;
use outbox::core::deliveries::{NewDelivery, Schedule};
use outbox::core::leases::{Cancel, Complete, Release, Renew, Sweep};
use outbox::core::model::{DeliveryStatus, Transport};
use outbox::core::prefix::IdKind;
use outbox::core::retries::{Fail, Retry};
use outbox::core::storage::DeliveryFilter;
use outbox::{Error, Result};

#[derive(Debug, Subcommand)]
pub enum DeliveryCommand {
    /// Create a delivery by hand (recording an event creates them for you).
    Create(CreateArgs),
    /// Show one delivery.
    Get {
        /// The delivery id (`delv_...`).
        id: String,
    },
    /// List deliveries, newest first.
    List {
        #[command(flatten)]
        filter: DeliveryFilterArgs,
        /// Only deliveries in this status.
        #[arg(long, value_parser = one_of::<DeliveryStatus>())]
        status: Option<DeliveryStatus>,
        /// Only dead letters: failed, with no attempt to come.
        #[arg(long, conflicts_with = "status")]
        dead: bool,
        /// Only deliveries of ordered subscriptions held behind an earlier
        /// one of their subject, each with the delivery it waits for
        /// (`waitingFor`).
        #[arg(long, conflicts_with_all = ["status", "dead"])]
        waiting: bool,
        /// Only deliveries of events of this type (read newest first until
        /// the page is full: a rare type among many deliveries reads far;
        /// --since bounds it).
        #[arg(long = "type", value_name = "TYPE")]
        event_type: Option<String>,
        /// Only deliveries of events about this subject.
        #[arg(long)]
        subject: Option<String>,
        #[command(flatten)]
        window: super::WindowArgs,
        #[command(flatten)]
        page: super::paging::PageArgs,
    },
    /// List deliveries a worker could claim now, oldest first.
    Ready {
        #[command(flatten)]
        filter: DeliveryFilterArgs,
        #[command(flatten)]
        page: super::paging::PageArgs,
    },
    /// Show every attempt of the event and subscription behind a delivery.
    Chain {
        /// The delivery id (`delv_...`).
        id: String,
        /// At most this many (1-500, default 100).
        #[arg(allow_negative_numbers = true, long)]
        limit: Option<i64>,
    },
    /// Claim the oldest ready delivery under a lease (or several with --batch).
    #[command(after_long_help = "Examples:
  outbox delivery claim --client billing --worker w1 --lease 60 --json
  outbox delivery claim --batch 50 --worker w1 --with-event --json
  outbox delivery claim --worker w1 --wait 30s --json   # wait for work")]
    Claim(super::claim::ClaimArgs),
    /// Mark a claimed delivery as delivered.
    Complete {
        /// Delivery ids (`delv_...`), or `-` to read them from stdin; several
        /// are handled in one transaction, one answer per line.
        #[arg(required = true, value_name = "ID")]
        ids: Vec<String>,
        /// Refuse unless this worker holds the claim.
        #[arg(long = "worker", value_name = "WORKER_ID")]
        worker: Option<String>,
        /// Delivery time, unix seconds (default: now).
        #[arg(allow_negative_numbers = true, long, value_name = "UNIX")]
        delivered_at: Option<i64>,
        /// Leave a note in lastError.
        #[arg(long = "error", value_name = "TEXT")]
        last_error: Option<String>,
        #[command(flatten)]
        meta: MetaArg,
    },
    /// Mark a delivery as failed and queue the next attempt, up to --max-attempts.
    Fail(FailArgs),
    /// Queue the next attempt of a failed or canceled delivery.
    Retry(RetryArgs),
    /// Cancel a delivery that has not been delivered.
    Cancel {
        /// The delivery id (`delv_...`).
        id: String,
        /// Refuse unless this worker holds the claim.
        #[arg(long = "worker", value_name = "WORKER_ID")]
        worker: Option<String>,
        /// Why; kept in lastError.
        #[arg(long)]
        reason: Option<String>,
        #[command(flatten)]
        meta: MetaArg,
    },
    /// Extend the lease of a claimed delivery.
    Renew {
        /// The delivery id (`delv_...`).
        id: String,
        /// Refuse unless this worker holds the claim.
        #[arg(long = "worker", value_name = "WORKER_ID")]
        worker: Option<String>,
        /// New lease length from now (60, 5m, 1h; 1s-24h, default 5m).
        #[arg(allow_hyphen_values = true, long = "lease", value_name = "DURATION", value_parser = super::seconds)]
        lease_seconds: Option<i64>,
    },
    /// Give a claimed delivery back to the queue.
    Release {
        /// Delivery ids (`delv_...`), or `-` to read them from stdin; several
        /// are handled in one transaction, one answer per line.
        #[arg(required = true, value_name = "ID")]
        ids: Vec<String>,
        /// Refuse unless this worker holds the claim.
        #[arg(long = "worker", value_name = "WORKER_ID")]
        worker: Option<String>,
        /// Why; kept in lastError.
        #[arg(long = "error", value_name = "TEXT")]
        last_error: Option<String>,
        #[command(flatten)]
        schedule: ScheduleArgs,
        #[command(flatten)]
        meta: MetaArg,
    },
    /// Put deliveries whose lease expired back in the queue (run it from cron).
    Sweep {
        #[command(flatten)]
        filter: DeliveryFilterArgs,
        /// At most this many (1-500, default 100).
        #[arg(allow_negative_numbers = true, long)]
        limit: Option<i64>,
        /// Note to leave in lastError (default: keep the last one; with
        /// --as-failure, "lease expired").
        #[arg(long = "error", value_name = "TEXT")]
        last_error: Option<String>,
        /// Fail each expired lease through its subscription's retry policy
        /// instead of queueing the same attempt again, so a delivery that
        /// crashes its worker every time ends dead.
        #[arg(long)]
        as_failure: bool,
    },
    /// Send dead letters again: one more attempt each, past maxAttempts.
    #[command(after_long_help = "Examples:
  outbox delivery list --dead --client billing
  outbox delivery redrive delv_2d8e6d3c
  outbox delivery redrive --all --client billing --type order.paid")]
    Redrive(super::lifecycle::RedriveArgs),
    /// Send finished chains of events recorded in a window again (after an
    /// outage); chains already queued or claimed are skipped.
    #[command(after_long_help = "Examples:
  outbox delivery replay --since 2h --dry-run
  outbox delivery replay --since '2026-11-29 18:00' --until '2026-11-29 20:00' --status failed")]
    Replay(super::lifecycle::ReplayArgs),
}

/// `--meta`: free-form details merged into the delivery's meta.
#[derive(Debug, Args)]
pub struct MetaArg {
    /// Details merged into the delivery's meta, a JSON object (text, @FILE or - for stdin).
    #[arg(long, value_name = "JSON")]
    pub meta: Option<String>,
}

/// When the attempt becomes due.
#[derive(Debug, Args)]
pub struct ScheduleArgs {
    /// Due this long from now (90, 30s, 5m, 2h; at most 30d).
    #[arg(allow_hyphen_values = true, long = "delay", value_name = "DURATION", value_parser = super::seconds)]
    pub delay_seconds: Option<i64>,
    /// Due at this time, unix seconds; wins over --delay.
    #[arg(allow_negative_numbers = true, long, value_name = "UNIX")]
    pub next_attempt_at: Option<i64>,
}

impl ScheduleArgs {
    fn schedule(&self) -> Schedule {
        Schedule {
            next_attempt_at: self.next_attempt_at,
            delay_seconds: self.delay_seconds,
        }
    }
}

#[derive(Debug, Args)]
pub struct CreateArgs {
    /// The event delivered (required).
    #[arg(long = "event", value_name = "EVENT_ID")]
    pub event_id: Option<String>,
    /// The subscription it is delivered for (required).
    #[arg(long = "sub", value_name = "SUB_ID")]
    pub sub_id: Option<String>,
    /// The client it goes to.
    #[arg(long = "client", value_name = "CLIENT_ID")]
    pub client_id: Option<String>,
    /// How it goes (default poll).
    #[arg(long, value_parser = one_of::<Transport>())]
    pub transport: Option<Transport>,
    /// Where it goes (a URL for webhooks).
    #[arg(long)]
    pub endpoint: Option<String>,
    /// Attempt number (default 1); part of the derived id.
    #[arg(allow_negative_numbers = true, long)]
    pub attempt: Option<i64>,
    /// Its status (default queued).
    #[arg(long, value_parser = one_of::<DeliveryStatus>())]
    pub status: Option<DeliveryStatus>,
    #[command(flatten)]
    pub schedule: ScheduleArgs,
    #[command(flatten)]
    pub meta: MetaArg,
    /// Use this id instead of one derived from event, subscription and attempt.
    #[arg(long = "id", value_name = "DELIVERY_ID")]
    pub delivery_id: Option<String>,
}

#[derive(Debug, Args)]
pub struct FailArgs {
    /// Delivery ids (`delv_...`), or `-` to read them from stdin; several
    /// are handled in one transaction, one answer per line.
    #[arg(required = true, value_name = "ID")]
    pub ids: Vec<String>,
    /// Refuse unless this worker holds the claim.
    #[arg(long = "worker", value_name = "WORKER_ID")]
    pub worker: Option<String>,
    /// What went wrong; kept in lastError.
    #[arg(long = "error", value_name = "TEXT")]
    pub last_error: Option<String>,
    /// Fail for good: queue no further attempt.
    #[arg(long)]
    pub no_retry: bool,
    /// Queue no attempt beyond this number (1-100, default 3).
    #[arg(allow_negative_numbers = true, long, value_name = "N")]
    pub max_attempts: Option<i64>,
    /// When the next attempt becomes due.
    #[command(flatten)]
    pub schedule: ScheduleArgs,
    #[command(flatten)]
    pub meta: MetaArg,
    /// Details for the next attempt's meta, a JSON object.
    #[arg(long, value_name = "JSON")]
    pub retry_meta: Option<String>,
}

#[derive(Debug, Args)]
pub struct RetryArgs {
    /// Delivery ids (`delv_...` or a unique prefix), or `-` to read them
    /// from stdin; several are handled in one transaction, one answer per line.
    #[arg(required = true, value_name = "ID")]
    pub ids: Vec<String>,
    /// Send the next attempt to this client instead.
    #[arg(long = "client", value_name = "CLIENT_ID")]
    pub client_id: Option<String>,
    /// Send the next attempt over this transport instead.
    #[arg(long, value_parser = one_of::<Transport>())]
    pub transport: Option<Transport>,
    /// Send the next attempt to this endpoint instead.
    #[arg(long)]
    pub endpoint: Option<String>,
    /// Attempt number (default: the failed one's plus one).
    #[arg(allow_negative_numbers = true, long)]
    pub attempt: Option<i64>,
    #[command(flatten)]
    pub schedule: ScheduleArgs,
    #[command(flatten)]
    pub meta: MetaArg,
}

pub fn exec(cmd: DeliveryCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    let meta = |m: &MetaArg| ctx.maybe_json_object("meta", m.meta.as_deref());
    Ok(match cmd {
        DeliveryCommand::Create(a) => {
            let new = NewDelivery {
                event_id: a.event_id.unwrap_or_default(),
                sub_id: a.sub_id.unwrap_or_default(),
                client_id: a.client_id,
                transport: a.transport,
                endpoint: a.endpoint,
                attempt: a.attempt,
                status: a.status,
                schedule: a.schedule.schedule(),
                meta: meta(&a.meta)?,
                delivery_id: a.delivery_id,
            };
            Box::new(ctx.outbox_creating()?.create_delivery(&new)?)
        }
        DeliveryCommand::Get { id } => {
            let (mut outbox, id) = ctx.outbox_for(IdKind::Delivery, &id)?;
            Box::new(outbox.get_delivery(&id)?)
        }
        DeliveryCommand::List {
            filter,
            status,
            dead,
            waiting,
            event_type,
            subject,
            window,
            page,
        } => {
            let (since, until) = window.bounds(ctx)?;
            let mut outbox = ctx.outbox()?;
            let filter = DeliveryFilter {
                status,
                waiting,
                event_type,
                subject,
                since,
                until,
                before: page.cursor(&mut outbox, IdKind::Delivery)?,
                ..ctx.delivery_filter(&filter)?
            };
            if waiting {
                let list = outbox.waiting_deliveries(&filter, page.limit)?;
                // The page reads by lane; the next starts after its oldest.
                let last = list
                    .deliveries
                    .iter()
                    .map(|w| &w.delivery)
                    .min_by(|a, b| {
                        (a.created_at, &a.delivery_id).cmp(&(b.created_at, &b.delivery_id))
                    })
                    .map(|d| d.delivery_id.clone());
                let shown = list.count;
                return super::paging::paged(ctx, Box::new(list), shown, page.limit, last, || {
                    outbox.count_deliveries(&filter)
                });
            }
            let list = if dead {
                outbox.dead_letters(&filter, page.limit)?
            } else {
                outbox.list_deliveries(&filter, page.limit)?
            };
            let last = list.deliveries.last().map(|d| d.delivery_id.clone());
            let shown = list.count;
            // People see a held delivery as held, and why; and a dead
            // letter's subject.
            let list: Box<dyn crate::output::Report> =
                if ctx.format == crate::output::OutputFormat::Human {
                    let why = outbox.why_held(&list.deliveries)?;
                    Box::new(crate::output::Explained {
                        list,
                        why,
                        subject: dead,
                    })
                } else {
                    Box::new(list)
                };
            super::paging::paged(ctx, list, shown, page.limit, last, || {
                if dead {
                    outbox.count_dead(&filter)
                } else {
                    outbox.count_deliveries(&filter)
                }
            })?
        }
        DeliveryCommand::Ready { filter, page } => {
            let mut outbox = ctx.outbox()?;
            let filter = DeliveryFilter {
                before: page.cursor(&mut outbox, IdKind::Delivery)?,
                ..ctx.delivery_filter(&filter)?
            };
            Box::new(outbox.ready_deliveries(&filter, page.limit)?)
        }
        DeliveryCommand::Chain { id, limit } => {
            let (mut outbox, id) = ctx.outbox_for(IdKind::Delivery, &id)?;
            Box::new(outbox.delivery_chain(&id, limit)?)
        }
        DeliveryCommand::Claim(a) => super::claim::exec(a, ctx)?,
        DeliveryCommand::Complete {
            ids,
            worker,
            delivered_at,
            last_error,
            meta: m,
        } => {
            let req = Complete {
                worker,
                delivered_at,
                last_error,
                meta: meta(&m)?,
                ..Complete::default()
            };
            each_id(
                ids,
                ctx,
                |outbox, id| outbox.complete_delivery(id, &req),
                |outbox, ids| outbox.complete_deliveries(ids, &req),
            )?
        }
        DeliveryCommand::Fail(a) => {
            let req = Fail {
                worker: a.worker,
                last_error: a.last_error,
                retry: !a.no_retry,
                max_attempts: a.max_attempts,
                schedule: a.schedule.schedule(),
                meta: meta(&a.meta)?,
                retry_meta: ctx.maybe_json_object("retry-meta", a.retry_meta.as_deref())?,
                ..Fail::default()
            };
            each_id(
                a.ids,
                ctx,
                |outbox, id| outbox.fail_delivery(id, &req),
                |outbox, ids| outbox.fail_deliveries(ids, &req),
            )?
        }
        DeliveryCommand::Retry(a) => {
            let req = Retry {
                client_id: a.client_id,
                transport: a.transport,
                endpoint: a.endpoint,
                attempt: a.attempt,
                schedule: a.schedule.schedule(),
                meta: meta(&a.meta)?,
            };
            each_id(
                a.ids,
                ctx,
                |outbox, id| outbox.retry_delivery(id, &req),
                |outbox, ids| outbox.retry_deliveries(ids, &req),
            )?
        }
        DeliveryCommand::Cancel {
            id,
            worker,
            reason,
            meta: m,
        } => {
            let req = Cancel {
                worker,
                reason,
                meta: meta(&m)?,
            };
            let (mut outbox, id) = ctx.outbox_for(IdKind::Delivery, &id)?;
            Box::new(outbox.cancel_delivery(&id, &req)?)
        }
        DeliveryCommand::Renew {
            id,
            worker,
            lease_seconds,
        } => {
            let (mut outbox, id) = ctx.outbox_for(IdKind::Delivery, &id)?;
            let req = Renew {
                worker,
                lease_seconds,
            };
            Box::new(outbox.renew_lease(&id, &req)?)
        }
        DeliveryCommand::Release {
            ids,
            worker,
            last_error,
            schedule,
            meta: m,
        } => {
            let req = Release {
                worker,
                last_error,
                schedule: schedule.schedule(),
                meta: meta(&m)?,
            };
            each_id(
                ids,
                ctx,
                |outbox, id| outbox.release_delivery(id, &req),
                |outbox, ids| outbox.release_deliveries(ids, &req),
            )?
        }
        DeliveryCommand::Sweep {
            filter,
            limit,
            last_error,
            as_failure,
        } => {
            let req = Sweep {
                filter: ctx.delivery_filter(&filter)?,
                limit,
                last_error,
            };
            if as_failure {
                Box::new(ctx.outbox()?.sweep_expired_as_failed(&req)?)
            } else {
                Box::new(ctx.outbox()?.sweep_expired_leases(&req)?)
            }
        }
        DeliveryCommand::Redrive(args) => super::lifecycle::redrive(args, ctx)?,
        DeliveryCommand::Replay(args) => super::lifecycle::replay(args, ctx)?,
    })
}

/// One id answers exactly as the reference does. Several ids, or `-` for
/// ids on stdin, run in one transaction and answer one line each. Ids may
/// be unique prefixes.
fn each_id<T: Report + 'static>(
    ids: Vec<String>,
    ctx: &Context,
    one: impl FnOnce(&mut Outbox, &str) -> Result<T>,
    many: impl FnOnce(&mut Outbox, &[String]) -> Result<Vec<Result<T>>>,
) -> Result<Box<dyn Report>> {
    if let [id] = ids.as_slice()
        && id != "-"
    {
        let (mut outbox, id) = ctx.outbox_for(IdKind::Delivery, id)?;
        return Ok(Box::new(one(&mut outbox, &id)?));
    }
    let given = expand_ids(ids)?;
    let mut outbox = ctx.outbox()?;
    let expanded = outbox.resolve_all(IdKind::Delivery, &given)?;
    let answers = many(&mut outbox, &expanded)?;
    let answers = expanded
        .into_iter()
        .zip(answers)
        .map(|(id, answer)| (id, answer.map(|r| Box::new(r) as Box<dyn Report>)))
        .collect();
    Ok(Box::new(Many(answers)))
}

/// The ids given, with `-` replaced by the ids read from stdin.
pub fn expand_ids(ids: Vec<String>) -> Result<Vec<String>> {
    let mut expanded = Vec::with_capacity(ids.len());
    for id in ids {
        if id == "-" {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).map_err(|e| {
                Error::input("invalid:stdin", format!("cannot read ids from stdin: {e}"))
            })?;
            expanded.extend(text.split_whitespace().map(str::to_owned));
        } else {
            expanded.push(id);
        }
    }
    Ok(expanded)
}
