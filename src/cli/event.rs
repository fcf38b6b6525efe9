//! `outbox event ...`: record (one or a batch), get, list, ack.

use super::{Context, one_of};
use crate::output::{Batch, OutputFormat, Report};
use clap::{Args, Subcommand};
use outbox::core::batch::BatchSink;
use outbox::core::ledger::events::{AckEvent, EventRecorded, RecordEvent};
use outbox::core::records::model::EventStatus;
use outbox::core::records::prefix::IdKind;
use outbox::core::storage::EventFilter;
use outbox::{Error, Result};
use std::cell::RefCell;

#[derive(Debug, Subcommand)]
pub enum EventCommand {
    /// Record an event and create a delivery for every matching subscription.
    #[command(after_long_help = "Examples:
  outbox event record --type order.created --subject order-1 --payload '{\"total\": 42}'
  outbox event record --type order.paid --payload @order.json
  outbox event record --batch events.ndjson     # one JSON object per line, one transaction")]
    Record(RecordArgs),
    /// Show one event.
    ///
    /// Its payload, status and acknowledgement. The id may be given whole or as
    /// a unique prefix of it (`evt_3f2a`), as anywhere outbox takes an id.
    #[command(after_long_help = "Examples:
  outbox event get evt_3f2a
  outbox event get evt_3f2a --json | jq .event.payload")]
    Get {
        /// The event id (`evt_...`).
        id: String,
    },
    /// List events, newest first.
    ///
    /// Filters combine. A page holds --limit events (100 unless told); the next
    /// page starts after the last id shown (--before ID). --since and --until take
    /// unix seconds, RFC 3339, `2026-11-29 18:00` (UTC) or a duration ago (2h, 7d).
    #[command(after_long_help = "Examples:
  outbox event list --type order.created --since 2h
  outbox event list --subject order-1042 --json
  outbox event list --limit 500 --before evt_9c1e")]
    List(ListArgs),
    /// Mark an event as acknowledged.
    ///
    /// For a consumer that polls events rather than deliveries: --ack keeps what
    /// it says of the event (a JSON object), --ack-at when (unix seconds; now
    /// unless told).
    #[command(after_long_help = "Examples:
  outbox event ack evt_3f2a
  outbox event ack evt_3f2a --ack '{\"by\": \"billing\"}' --json")]
    Ack {
        /// The event id (`evt_...`).
        id: String,
        /// Acknowledgement details, a JSON object (text, @FILE or - for stdin).
        #[arg(long, value_name = "JSON")]
        ack: Option<String>,
        /// When it was acknowledged, unix seconds (default: now).
        #[arg(allow_negative_numbers = true, long, value_name = "UNIX", value_parser = super::unix_time)]
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
    #[arg(allow_negative_numbers = true, long, value_name = "UNIX", value_parser = super::unix_time)]
    pub created_at: Option<i64>,
    /// Record one event per line of this NDJSON file (- for stdin), all in one transaction.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["event_type", "subject", "target", "payload", "status", "event_id", "created_at", "traceparent"]
    )]
    pub batch: Option<String>,
    /// Let types starting with `outbox.` through: they are outbox's own
    /// operational events (outbox.delivery.dead, ...), refused otherwise
    /// (invalid:reservedType). For tests of what takes them.
    #[arg(long)]
    pub allow_reserved: bool,
    /// W3C trace context of the request that records it
    /// (00-<trace id>-<span id>-<flags>): kept with the event, and carried on
    /// by every sender to the receiver, as the parent of outbox's own span.
    #[arg(long, value_name = "TRACEPARENT")]
    pub traceparent: Option<String>,
    /// The `tracestate` that goes with --traceparent.
    #[arg(long, value_name = "TRACESTATE", requires = "traceparent")]
    pub tracestate: Option<String>,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only events of this type.
    #[arg(long = "type", value_name = "TYPE")]
    pub event_type: Option<String>,
    /// Only events from this source.
    #[arg(long)]
    pub source: Option<String>,
    /// Only events for this target.
    #[arg(long)]
    pub target: Option<String>,
    /// Only events about this subject.
    #[arg(long)]
    pub subject: Option<String>,
    /// Only events in this status.
    #[arg(long, value_parser = one_of::<EventStatus>())]
    pub status: Option<EventStatus>,
    #[command(flatten)]
    pub window: super::WindowArgs,
    #[command(flatten)]
    pub page: super::paging::PageArgs,
}

pub fn exec(cmd: EventCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    Ok(match cmd {
        EventCommand::Record(args) => match &args.batch {
            Some(input) => record_batch(input, args.source.as_deref(), args.allow_reserved, ctx)?,
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
                    payload: ctx.maybe_json_object("payload", args.payload.as_deref())?,
                    status: args.status,
                    created_at: args.created_at,
                    allow_reserved: args.allow_reserved,
                    traceparent: args.traceparent,
                    tracestate: args.tracestate,
                    ..RecordEvent::default()
                };
                Box::new(ctx.outbox_creating()?.record_event(&req)?)
            }
        },
        EventCommand::Get { id } => {
            let (mut outbox, id) = ctx.outbox_for(IdKind::Event, &id)?;
            Box::new(outbox.get_event(&id)?)
        }
        EventCommand::List(args) => {
            let (since, until) = args.window.bounds(ctx)?;
            let mut outbox = ctx.outbox()?;
            let mut filter = EventFilter {
                event_type: args.event_type,
                source: args.source,
                target: args.target,
                subject: args.subject,
                status: args.status,
                since,
                until,
                before: None,
            };
            filter.before = args.page.cursor(&mut outbox, IdKind::Event)?;
            let list = outbox.list_events(&filter, args.page.limit)?;
            let (shown, last) = (list.count, list.events.last().map(|e| e.event_id.clone()));
            super::paging::paged(ctx, Box::new(list), shown, args.page.limit, last, || {
                outbox.count_events(&filter)
            })?
        }
        EventCommand::Ack { id, ack, ack_at } => {
            let req = AckEvent {
                ack: ctx
                    .maybe_json_object("ack", ack.as_deref())?
                    .unwrap_or_default(),
                ack_at,
            };
            let (mut outbox, id) = ctx.outbox_for(IdKind::Event, &id)?;
            Box::new(outbox.ack_event(&id, &req)?)
        }
    })
}

/// Records every line of an NDJSON input in one transaction. Blank lines
/// are skipped; line numbers count every line.
fn record_batch(
    input: &str,
    default_source: Option<&str>,
    allow_reserved: bool,
    ctx: &Context,
) -> Result<Box<dyn Report>> {
    let (reader, bytes) = super::open_input(input, "--batch: ")?;
    let mut outbox = ctx.outbox_creating()?;
    if !ctx.serving {
        interrupt::exit_until_committing();
    }
    fn over(limit: usize) -> Error {
        Error::input(
            "invalid:payloadTooLarge",
            format!("the line is over the limit of {limit} bytes (--max-payload)"),
        )
    }
    let lines = super::input::Lines::new(reader, ctx.max_payload, over);
    let default_source = default_source.map(str::to_owned);
    // Read and parsed on a thread of their own, while this one checks and
    // sorts the requests before them.
    let parsed = super::input::parsed_lines(
        lines,
        format!("--batch: cannot read {input}"),
        move |line| {
            RecordEvent::from_line(line, default_source.as_deref()).map(|req| RecordEvent {
                allow_reserved,
                ..req
            })
        },
    );
    let progress = RefCell::new(Progress::new(ctx.serving));
    let requests = parsed.inspect(|(line, _)| progress.borrow_mut().show(*line, "lines read"));
    // With --json, each answer goes to a spool file as it is made and to
    // stdout only once the batch has committed: memory stays flat however
    // long the batch, and nothing is printed for a batch that fails.
    let mut sink = Answers {
        spool: match ctx.format {
            OutputFormat::Json => Some(Spool::new()?),
            OutputFormat::Human => None,
        },
        totals: Batch::default(),
        progress: &progress,
        requests: 0,
    };
    outbox.record_events_into(requests, &mut sink, bytes)?;
    match sink.spool {
        // A server answers the lines as one JSON array.
        Some(spool) if ctx.serving => {
            let mut text = Vec::new();
            spool.copy_to(&mut text, sink.requests)?;
            let lines = text
                .split(|b| *b == b'\n')
                .filter(|line| !line.is_empty())
                .map(|line| serde_json::from_slice(line).expect("the spool holds JSON lines"))
                .collect();
            Ok(Box::new(crate::output::Lines(lines)))
        }
        Some(spool) => {
            spool.copy_to(std::io::stdout().lock(), sink.requests)?;
            Ok(Box::new(sink.totals.printed()))
        }
        None => Ok(Box::new(sink.totals)),
    }
}

/// Where a batch's answers go: counted, spooled with `--json`, and the
/// progress of the writing shown.
struct Answers<'a> {
    spool: Option<Spool>,
    totals: Batch,
    progress: &'a RefCell<Progress>,
    requests: usize,
}

impl BatchSink for Answers<'_> {
    fn answer(&mut self, index: usize, recorded: EventRecorded) -> Result<()> {
        self.totals.events += 1;
        self.totals.deliveries += recorded.deliveries.len();
        match &mut self.spool {
            Some(spool) => spool.write(index, &recorded),
            None => Ok(()),
        }
    }

    fn read_all(&mut self, requests: usize) {
        self.requests = requests;
        self.progress
            .borrow_mut()
            .step(&format!("all {requests} lines read, writing..."));
    }

    fn written(&mut self, events: usize) {
        self.progress.borrow_mut().show(events, "events written");
    }

    fn committing(&mut self) {
        // From here on a Ctrl-C would no longer mean "nothing was written".
        interrupt::committing();
        self.progress
            .borrow_mut()
            .step("all events written, committing...");
    }
}

/// Answers of a batch waiting for its commit, in two unnamed temporary
/// files: the answers in the order they are made (by event id), and, at
/// 16 bytes per request, where each request's answer lies, so that they
/// reach stdout in the order of the requests.
struct Spool {
    answers: std::io::BufWriter<std::fs::File>,
    end: u64,
    places: std::fs::File,
    line: Vec<u8>,
}

impl Spool {
    fn new() -> Result<Self> {
        Ok(Spool {
            answers: std::io::BufWriter::new(unnamed_file()?),
            end: 0,
            places: unnamed_file()?,
            line: Vec::new(),
        })
    }

    fn write(&mut self, index: usize, recorded: &EventRecorded) -> Result<()> {
        use std::io::Write;
        use std::os::unix::fs::FileExt;
        self.line.clear();
        serde_json::to_writer(&mut self.line, recorded)
            .map_err(std::io::Error::from)
            .map_err(|e| spool_error(&e))?;
        self.line.push(b'\n');
        let mut place = [0u8; 16];
        place[..8].copy_from_slice(&self.end.to_le_bytes());
        place[8..].copy_from_slice(&(self.line.len() as u64).to_le_bytes());
        self.answers
            .write_all(&self.line)
            .and_then(|()| self.places.write_all_at(&place, index as u64 * 16))
            .map_err(|e| spool_error(&e))?;
        self.end += self.line.len() as u64;
        Ok(())
    }

    /// Writes the answers to `out` in the order of the requests.
    fn copy_to(self, out: impl std::io::Write, requests: usize) -> Result<()> {
        use std::io::{Read, Seek, Write};
        use std::os::unix::fs::FileExt;
        let answers = self
            .answers
            .into_inner()
            .map_err(|e| spool_error(e.error()))?;
        let mut places = self.places;
        places
            .seek(std::io::SeekFrom::Start(0))
            .map_err(|e| spool_error(&e))?;
        let mut places = std::io::BufReader::new(places);
        let mut out = std::io::BufWriter::new(out);
        let mut line = Vec::new();
        let copied = (0..requests).try_for_each(|_| {
            let mut place = [0u8; 16];
            places.read_exact(&mut place)?;
            let at = u64::from_le_bytes(place[..8].try_into().expect("8 bytes"));
            let len = u64::from_le_bytes(place[8..].try_into().expect("8 bytes"));
            line.resize(len as usize, 0);
            answers.read_exact_at(&mut line, at)?;
            out.write_all(&line)
        });
        match copied.and_then(|()| out.flush()) {
            // A reader that stopped early (`| head`) is not a failure.
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(Error::storage(
                outbox::StorageCode::Other,
                format!("the batch is recorded, but its answers could not be written: {e}"),
            )),
            _ => Ok(()),
        }
    }
}

/// A temporary file that lives while it is open and goes with the
/// process however it ends.
fn unnamed_file() -> Result<std::fs::File> {
    tempfile::tempfile().map_err(|e| spool_error(&e))
}

fn spool_error(e: &std::io::Error) -> Error {
    Error::storage(
        outbox::StorageCode::Other,
        format!("cannot keep the batch's answers in a temporary file: {e}"),
    )
}

/// Progress on stderr (lines read, events written, with their rate), for a
/// batch that runs longer than a second with a terminal to see it (never
/// when stderr is not one).
struct Progress {
    started: std::time::Instant,
    shown: Option<std::time::Instant>,
    terminal: bool,
}

impl Progress {
    /// Shown on a terminal's stderr, never for a server.
    fn new(serving: bool) -> Self {
        use std::io::IsTerminal;
        Progress {
            started: std::time::Instant::now(),
            shown: None,
            terminal: !serving && std::io::stderr().is_terminal(),
        }
    }

    fn show(&mut self, count: usize, what: &str) {
        if !self.terminal || !count.is_multiple_of(500) {
            return;
        }
        let now = std::time::Instant::now();
        let elapsed = now.duration_since(self.started);
        let due = self.shown.map_or(elapsed.as_secs_f64() >= 1.0, |at| {
            now.duration_since(at).as_millis() >= 500
        });
        if due {
            let rate = count as f64 / elapsed.as_secs_f64();
            eprint!("\r{count} {what}, {rate:.0}/s ");
            self.shown = Some(now);
        }
    }

    /// A step reached, said only where progress has been shown; the
    /// rates shown next are of the next step.
    fn step(&mut self, said: &str) {
        if self.shown.is_some() {
            eprintln!("\r{said}");
        }
        self.started = std::time::Instant::now();
    }
}

/// Ctrl-C during a batch: until the transaction starts to commit, SIGINT
/// ends the process at once with status 130. SQLite never applies an
/// uncommitted transaction, so nothing of the batch is written, even when
/// the process is blocked reading its input.
mod interrupt {
    use std::sync::atomic::{AtomicBool, Ordering};

    static COMMITTING: AtomicBool = AtomicBool::new(false);

    pub fn exit_until_committing() {
        let on_sigint = || {
            if !COMMITTING.load(Ordering::SeqCst) {
                const SAID: &[u8] = b"\noutbox: interrupted: nothing of the batch was written\n";
                // SAFETY: write(2) on stderr is async-signal-safe.
                unsafe {
                    libc::write(2, SAID.as_ptr().cast(), SAID.len());
                }
                signal_hook::low_level::exit(130);
            }
        };
        // SAFETY: the handler only reads an atomic, writes to stderr and
        // calls `_exit`, all async-signal-safe.
        let registered =
            unsafe { signal_hook::low_level::register(signal_hook::consts::SIGINT, on_sigint) };
        if let Err(e) = registered {
            eprintln!(
                "outbox: cannot handle Ctrl-C ({e}); an interrupted batch still writes nothing"
            );
        }
    }

    pub fn committing() {
        COMMITTING.store(true, Ordering::SeqCst);
    }
}
