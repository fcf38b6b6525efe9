//! The flags of `outbox delivery ...` that are more than a line: what a
//! list selects, a new delivery, a failure and a retry, and the schedule
//! and meta several of them take.

use super::super::{Context, DeliveryFilterArgs, WindowArgs, one_of};
use clap::Args;
use outbox::Result;
use outbox::core::ledger::deliveries::Schedule;
use outbox::core::records::model::{DeliveryStatus, Transport};
use outbox::core::storage::DeliveryFilter;

/// What `delivery list` selects (and `delivery bulk` acts on): every
/// filter of the list.
#[derive(Debug, Clone, Default, Args)]
pub struct Selection {
    #[command(flatten)]
    pub filter: DeliveryFilterArgs,
    /// Only deliveries in this status.
    #[arg(long, value_parser = one_of::<DeliveryStatus>())]
    pub status: Option<DeliveryStatus>,
    /// Only dead letters: failed, with no attempt to come.
    #[arg(long, conflicts_with = "status")]
    pub dead: bool,
    /// Only deliveries of ordered subscriptions held behind an earlier
    /// one of their subject, each with the delivery it waits for
    /// (`waitingFor`).
    #[arg(long, conflicts_with_all = ["status", "dead"])]
    pub waiting: bool,
    /// Only deliveries of events of this type (a type of at most 10,000
    /// events is found through them; a commoner one is read newest
    /// first until the page is full, which --since bounds).
    #[arg(long = "type", value_name = "TYPE")]
    pub event_type: Option<String>,
    /// Only deliveries of events about this subject.
    #[arg(long)]
    pub subject: Option<String>,
    #[command(flatten)]
    pub window: WindowArgs,
}

impl Selection {
    /// The list's filter (no page yet).
    pub fn filter(&self, ctx: &Context) -> Result<DeliveryFilter> {
        let (since, until) = self.window.bounds(ctx)?;
        Ok(DeliveryFilter {
            status: self.status,
            waiting: self.waiting,
            event_type: self.event_type.clone(),
            subject: self.subject.clone(),
            since,
            until,
            ..ctx.delivery_filter(&self.filter)?
        })
    }

    /// Whether it narrows anything.
    pub fn narrows(&self) -> bool {
        let f = &self.filter;
        f.event_id.is_some()
            || f.sub_id.is_some()
            || f.client_id.is_some()
            || f.transport.is_some()
            || self.status.is_some()
            || self.dead
            || self.waiting
            || self.event_type.is_some()
            || self.subject.is_some()
            || self.window.since.is_some()
            || self.window.until.is_some()
    }
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
    #[arg(allow_hyphen_values = true, long = "delay", value_name = "DURATION", value_parser = super::super::seconds)]
    pub delay_seconds: Option<i64>,
    /// Due at this time, unix seconds; wins over --delay.
    #[arg(allow_negative_numbers = true, long, value_name = "UNIX")]
    pub next_attempt_at: Option<i64>,
}

impl ScheduleArgs {
    pub(super) fn schedule(&self) -> Schedule {
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
