//! `outbox event ...`: record (one or a batch), get, list, ack.

use super::{Context, maybe_json_object, one_of};
use crate::output::{Batch, Report};
use clap::{Args, Subcommand};
use outbox::core::events::{AckEvent, RecordEvent};
use outbox::core::json;
use outbox::core::model::EventStatus;
use outbox::store::EventFilter;
use outbox::{Error, Result};
use serde_json::Value;
use std::io::{BufRead, BufReader};

#[derive(Debug, Subcommand)]
pub enum EventCommand {
    /// Record an event and create a delivery for every matching subscription.
    Record(RecordArgs),
    /// Show one event.
    Get {
        /// The event id (`evt_...`).
        id: String,
    },
    /// List events, newest first.
    List(ListArgs),
    /// Mark an event as acknowledged.
    Ack {
        /// The event id (`evt_...`).
        id: String,
        /// Acknowledgement details, a JSON object (text, @FILE or - for stdin).
        #[arg(long, value_name = "JSON")]
        ack: Option<String>,
        /// When it was acknowledged, unix seconds (default: now).
        #[arg(allow_negative_numbers = true, long, value_name = "UNIX")]
        ack_at: Option<i64>,
    },
}

#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The event type, e.g. `order.created`.
    #[arg(long = "type", value_name = "TYPE")]
    pub event_type: Option<String>,
    /// What the event is about, e.g. an order id.
    #[arg(long)]
    pub subject: Option<String>,
    /// Who produced it (default: $OUTBOX_SOURCE, else `picux`).
    #[arg(long, env = "OUTBOX_SOURCE", hide_env = true)]
    pub source: Option<String>,
    /// The client it is meant for; subscriptions with a target only match their own.
    #[arg(long)]
    pub target: Option<String>,
    /// The event body, a JSON object (text, @FILE or - for stdin).
    #[arg(long, value_name = "JSON")]
    pub payload: Option<String>,
    /// Initial status.
    #[arg(long, value_parser = one_of::<EventStatus>())]
    pub status: Option<EventStatus>,
    /// Use this id instead of one derived from the content.
    #[arg(long = "id", value_name = "EVENT_ID")]
    pub event_id: Option<String>,
    /// Creation time, unix seconds (default: now); part of the derived id.
    #[arg(allow_negative_numbers = true, long, value_name = "UNIX")]
    pub created_at: Option<i64>,
    /// Record one event per line of this NDJSON file (- for stdin), all in one transaction.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["event_type", "subject", "target", "payload", "status", "event_id", "created_at"]
    )]
    pub batch: Option<String>,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[arg(long = "type", value_name = "TYPE")]
    pub event_type: Option<String>,
    #[arg(long)]
    pub source: Option<String>,
    #[arg(long)]
    pub target: Option<String>,
    #[arg(long)]
    pub subject: Option<String>,
    #[arg(long, value_parser = one_of::<EventStatus>())]
    pub status: Option<EventStatus>,
    /// At most this many (1-500, default 100).
    #[arg(allow_negative_numbers = true, long)]
    pub limit: Option<i64>,
}

pub fn exec(cmd: EventCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    Ok(match cmd {
        EventCommand::Record(args) => match &args.batch {
            Some(input) => Box::new(record_batch(input, args.source.as_deref(), ctx)?),
            None => {
                let req = RecordEvent {
                    event_type: args
                        .event_type
                        .as_deref()
                        .unwrap_or_default()
                        .trim()
                        .to_owned(),
                    event_id: args.event_id,
                    subject: args.subject,
                    source: args.source,
                    target: args.target,
                    payload: maybe_json_object("payload", args.payload.as_deref())?,
                    status: args.status,
                    created_at: args.created_at,
                    ..RecordEvent::default()
                };
                Box::new(ctx.outbox()?.record_event(&req)?)
            }
        },
        EventCommand::Get { id } => Box::new(ctx.outbox()?.get_event(&id)?),
        EventCommand::List(args) => {
            let filter = EventFilter {
                event_type: args.event_type,
                source: args.source,
                target: args.target,
                subject: args.subject,
                status: args.status,
            };
            Box::new(ctx.outbox()?.list_events(&filter, args.limit)?)
        }
        EventCommand::Ack { id, ack, ack_at } => {
            let req = AckEvent {
                ack: maybe_json_object("ack", ack.as_deref())?.unwrap_or_default(),
                ack_at,
            };
            Box::new(ctx.outbox()?.ack_event(&id, &req)?)
        }
    })
}

/// Records every line of an NDJSON input in one transaction. Blank lines
/// are skipped; line numbers count every line.
fn record_batch(input: &str, default_source: Option<&str>, ctx: &Context) -> Result<Batch> {
    let reader: Box<dyn BufRead> = if input == "-" {
        Box::new(BufReader::new(std::io::stdin()))
    } else {
        let file = std::fs::File::open(input).map_err(|e| {
            Error::input("invalid:file", format!("--batch: cannot read {input}: {e}"))
        })?;
        Box::new(BufReader::new(file))
    };
    let requests = reader.lines().enumerate().filter_map(|(i, line)| {
        let request = match line {
            Ok(line) if line.trim().is_empty() => return None,
            Ok(line) => parse_line(&line, default_source),
            Err(e) => Err(Error::input(
                "invalid:file",
                format!("--batch: cannot read {input}: {e}"),
            )),
        };
        Some((i + 1, request))
    });
    Ok(Batch(ctx.outbox()?.record_events(requests)?))
}

/// One NDJSON line: a JSON object, read as `recordEvent`'s payload.
fn parse_line(line: &str, default_source: Option<&str>) -> Result<RecordEvent> {
    match json::parse(line) {
        Ok(Value::Object(object)) => RecordEvent::from_json(&object, default_source),
        Ok(other) => Err(Error::input(
            "invalid:line",
            format!(
                "expected a JSON object, found {}",
                outbox::core::events::kind_of(&other)
            ),
        )),
        Err(e) => Err(Error::input("invalid:json", format!("not valid JSON: {e}"))),
    }
}
