//! `outbox delivery ...`: the ledger of attempts and the worker protocol
//! (claim, complete, fail, retry, cancel, renew, release, sweep).

use super::{Context, DeliveryFilterArgs};
use crate::output::{Many, Report};
use clap::Subcommand;
use outbox::core::Outbox;
use outbox::core::ledger::deliveries::NewDelivery;
use outbox::core::ledger::leases::{Cancel, Complete, Release, Renew, Sweep};
use outbox::core::ledger::retries::{Fail, Retry};
use outbox::core::records::prefix::IdKind;
use outbox::core::storage::DeliveryFilter;
use outbox::{Error, Result};

mod args;
pub use args::{CreateArgs, FailArgs, MetaArg, RetryArgs, ScheduleArgs, Selection};

#[derive(Debug, Subcommand)]
pub enum DeliveryCommand {
    /// Create a delivery by hand (recording an event creates them for you).
    ///
    /// One delivery of an event to a subscription, both of which must exist, as
    /// the reference's createDelivery makes it: its id derived from event,
    /// subscription and attempt unless --id gives one.
    #[command(after_long_help = "Examples:
  outbox delivery create --event evt_3f2a --sub sub_8bbd --json
  outbox delivery create --event evt_3f2a --sub sub_8bbd --attempt 2 --delay 5m")]
    Create(CreateArgs),
    /// Show one delivery.
    ///
    /// Its status, attempt, lease, last error and meta (a sender keeps the
    /// receiver's answer in meta.response). The id may be a unique prefix.
    #[command(after_long_help = "Examples:
  outbox delivery get delv_7b1c
  outbox delivery get delv_7b1c --json | jq .delivery.meta.response")]
    Get {
        /// The delivery id (`delv_...`).
        id: String,
    },
    /// List deliveries, newest first.
    ///
    /// Filters combine: by event, subscription, client, transport, status, the
    /// event's type and subject, and a window of time. A held delivery shows why
    /// it waits (its lane's head, a breaker, a pause); --dead lists failed ones
    /// with no attempt to come; --waiting those behind an earlier one of their
    /// subject. Pages as event list does (--limit, --before).
    #[command(after_long_help = "Examples:
  outbox delivery list --status failed --client billing
  outbox delivery list --dead --since 24h --json
  outbox delivery list --subject order-1042
  outbox delivery list --waiting --sub sub_8bbd")]
    List {
        #[command(flatten)]
        selection: Selection,
        #[command(flatten)]
        page: super::paging::PageArgs,
    },
    /// List deliveries a worker could claim now, oldest first.
    ///
    /// Queued deliveries that are due, and claimed ones whose lease ran out, in
    /// the order a claim takes them; nothing is claimed.
    #[command(after_long_help = "Examples:
  outbox delivery ready --client billing --limit 20
  outbox delivery ready --transport webhook --json")]
    Ready {
        #[command(flatten)]
        filter: DeliveryFilterArgs,
        #[command(flatten)]
        page: super::paging::PageArgs,
    },
    /// Show every attempt of the event and subscription behind a delivery.
    ///
    /// Attempt by attempt, each with its status and last error: what happened
    /// to one event for one subscriber.
    #[command(after_long_help = "Examples:
  outbox delivery chain delv_7b1c
  outbox delivery chain delv_7b1c --json")]
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
    ///
    /// With --worker, refused unless that worker holds the claim (a lease that
    /// lapsed may have gone to another). Several ids, or `-` and one per line on stdin, are completed in one
    /// transaction, one answer per line. Completing a delivered one again answers
    /// as the first time.
    #[command(after_long_help = "Examples:
  outbox delivery complete delv_7b1c --worker w1
  outbox delivery claim --batch 50 --worker w1 --json | jq -r '.deliveries[].deliveryId' | outbox delivery complete - --worker w1")]
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
    ///
    /// When the next attempt comes is the subscription's retry policy's to say,
    /// unless --delay or --next-attempt-at do; --no-retry makes it a dead letter
    /// at once. The error is kept in lastError.
    #[command(after_long_help = "Examples:
  outbox delivery fail delv_7b1c --worker w1 --error \"HTTP 503\"
  outbox delivery fail delv_7b1c --worker w1 --error \"bad payload\" --no-retry
  outbox delivery fail delv_7b1c --worker w1 --delay 10m")]
    Fail(FailArgs),
    /// Queue the next attempt of a failed or canceled delivery.
    ///
    /// A new attempt in the same chain, due now unless --delay or
    /// --next-attempt-at say otherwise; redrive does the same for every dead
    /// letter a filter selects.
    #[command(after_long_help = "Examples:
  outbox delivery retry delv_7b1c
  outbox delivery retry delv_7b1c --delay 5m --json")]
    Retry(RetryArgs),
    /// Cancel a delivery that has not been delivered.
    ///
    /// With --worker, a claimed one is refused unless that worker holds it.
    /// Nothing more is attempted; retry queues it again.
    #[command(after_long_help = "Examples:
  outbox delivery cancel delv_7b1c --reason \"customer deleted\"")]
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
    ///
    /// For a worker that needs longer than its lease; with --worker, refused
    /// unless that worker holds the claim. outbox work renews its own.
    #[command(after_long_help = "Examples:
  outbox delivery renew delv_7b1c --worker w1 --lease 2m")]
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
    ///
    /// Its attempt is not spent; it is due again at once, or after --delay.
    /// For a worker shutting down, or one that cannot take this delivery now.
    #[command(after_long_help = "Examples:
  outbox delivery release delv_7b1c --worker w1
  outbox delivery release delv_7b1c --worker w1 --delay 30s")]
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
    ///
    /// A claim takes expired ones anyway; the sweep keeps the ledger's counts
    /// honest. --as-failure counts each as a failed attempt instead, through its
    /// subscription's retry policy, so one that kills its worker every time ends
    /// dead.
    #[command(after_long_help = "Examples:
  outbox delivery sweep
  outbox delivery sweep --as-failure --error \"worker died\" --json")]
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
    /// Redrive, replay or cancel every delivery `delivery list` lists with
    /// the same filters (every page), or the ids given, in one transaction.
    ///
    /// redrive: one more attempt of each dead letter; replay: one more
    /// attempt of each finished chain; cancel: each not yet delivered. Those
    /// the action does not apply to are answered apart (`skipped`), each
    /// chain is acted on once, and --dry-run answers the same without
    /// writing: how many match and what would be done.
    #[command(after_long_help = "Examples:
  outbox delivery bulk redrive --dead --client billing --since 24h --dry-run
  outbox delivery bulk redrive --dead --client billing --since 24h
  outbox delivery bulk cancel --status queued --sub sub_8bbd
  outbox delivery bulk replay delv_7b1c delv_2d8e")]
    Bulk(super::lifecycle::BulkArgs),
    /// Send finished chains of events recorded in a window again (after an
    /// outage); chains already queued or claimed are skipped.
    #[command(after_long_help = "Examples:
  outbox delivery replay --since 2h --dry-run
  outbox delivery replay --since '2026-11-29 18:00' --until '2026-11-29 20:00' --status failed")]
    Replay(super::lifecycle::ReplayArgs),
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
        DeliveryCommand::List { selection, page } => {
            let mut outbox = ctx.outbox()?;
            let (waiting, dead) = (selection.waiting, selection.dead);
            let filter = DeliveryFilter {
                before: page.cursor(&mut outbox, IdKind::Delivery)?,
                ..selection.filter(ctx)?
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
        DeliveryCommand::Bulk(args) => super::lifecycle::bulk(args, ctx)?,
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
