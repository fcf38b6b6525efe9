//! `outbox relay`: the transactional outbox. `schema` and `init` give an
//! application its outbox table; `run` moves its rows into the outbox as
//! events; `status` tells how many wait and for how long.

use super::Context;
use crate::output::relay::{
    BatchLine, Initialised, RejectedList, RejectedMoved, RelayMetrics, RelayStatus, rejected_line,
};
use crate::output::{OutputFormat, Report};
use clap::{Args, Subcommand};
use outbox::core::ledger::app_rows::Conversion;
use outbox::core::records::app_rows::TableName;
use outbox::core::storage::app_table::AppTable;
use outbox::relay::{Mode, Relay, Said};
use outbox::store::postgres::{self, app_table::PgAppTable};
use outbox::store::sqlite::app_table::{self as sqlite_table, SqliteAppTable};
use outbox::worker::duration_text;
use outbox::{Error, Result};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::Ordering;

#[derive(Debug, Subcommand)]
pub enum RelayCommand {
    /// Print the DDL of the application's outbox table, for migrations of
    /// its own.
    #[command(after_long_help = "Examples:
  outbox relay schema --dialect sqlite > migrations/0007_outbox.sql
  outbox relay schema --dialect postgres --table app.outbox")]
    Schema {
        /// The application's database: sqlite or postgres.
        #[arg(long, value_parser = ["sqlite", "postgres"])]
        dialect: String,
        /// The table's name (schema-qualified on PostgreSQL: app.outbox).
        #[arg(long, default_value = "outbox", value_name = "NAME")]
        table: String,
    },
    /// Create the outbox table (and its rejected table; on PostgreSQL, the
    /// trigger that wakes the relay) in the application's database; run
    /// again, it changes nothing.
    #[command(after_long_help = "Examples:
  outbox relay init --from /var/lib/app/app.db
  outbox relay init --from postgres://app@db.internal/shop --table app.outbox
  outbox relay init --from new-app.db --create")]
    Init {
        #[command(flatten)]
        from: FromArgs,
        /// Create the application's SQLite file when there is none (without
        /// it, a missing file is refused: most likely a mistyped path).
        #[arg(long)]
        create: bool,
    },
    /// Move the rows of the application's outbox table into this outbox as
    /// events, oldest first, deleting each once its event is recorded.
    #[command(after_long_help = "Examples:
  outbox --db /var/lib/app/outbox.db relay run --from /var/lib/app/app.db
  outbox relay run --from postgres://app@db.internal/shop --drain     # cron
  outbox relay run --from app.db --once --json")]
    Run(RunArgs),
    /// How many rows wait, how long the oldest has waited, how many were
    /// rejected, and whether a relay holds the table.
    #[command(after_long_help = "Examples:
  outbox relay status --from app.db
  outbox relay status --from postgres://app@db.internal/shop --json
  outbox relay status --from app.db --format prometheus > /var/lib/node_exporter/relay.prom")]
    Status {
        #[command(flatten)]
        from: FromArgs,
        /// `prometheus`: the same as metrics in the Prometheus text format.
        #[arg(long, value_name = "FORMAT", value_parser = ["prometheus"])]
        format: Option<String>,
    },
    /// The rows the relay set aside (in the rejected table beside the
    /// application's): list them, move mended ones back, or drop them.
    #[command(
        subcommand,
        after_long_help = "Examples:
  outbox relay rejected list --from /var/lib/app/app.db
  outbox relay rejected retry --from /var/lib/app/app.db 17 18
  outbox relay rejected drop --from /var/lib/app/app.db 19"
    )]
    Rejected(RejectedCommand),
}

impl RelayCommand {
    /// Whether it answers and ends: all but `relay run`, which lasts.
    pub fn answers_once(&self) -> bool {
        !matches!(self, RelayCommand::Run(_))
    }
}

#[derive(Debug, Subcommand)]
pub enum RejectedCommand {
    /// The rejected rows, oldest first, with why each was refused.
    #[command(after_long_help = "Examples:
  outbox relay rejected list --from /var/lib/app/app.db
  outbox relay rejected list --from postgres://app@db.internal/shop --table app.outbox --json")]
    List {
        #[command(flatten)]
        from: FromArgs,
        /// At most this many (default 100).
        #[arg(long, value_name = "N", default_value_t = 100)]
        limit: i64,
    },
    /// Move rejected rows back into the application's outbox table, as they
    /// are now (mend them first, e.g. with UPDATE), in one transaction; the
    /// relay takes them again.
    #[command(after_long_help = "Examples:
  sqlite3 app.db \"UPDATE outbox_rejected SET payload = '{}' WHERE seq = 42\"
  outbox relay rejected retry --from app.db 42")]
    Retry(Chosen),
    /// Delete rejected rows for good.
    #[command(after_long_help = "Examples:
  outbox relay rejected drop --from app.db 42 43
  outbox relay rejected drop --from app.db --all")]
    Drop(Chosen),
}

/// Which rejected rows: by their `seq`, or all of them.
#[derive(Debug, Args)]
pub struct Chosen {
    #[command(flatten)]
    from: FromArgs,
    /// The rows' `seq` (as `list` shows them).
    #[arg(
        value_name = "SEQ",
        required_unless_present = "all",
        conflicts_with = "all"
    )]
    seqs: Vec<i64>,
    /// Every rejected row.
    #[arg(long)]
    all: bool,
}

#[derive(Debug, Args)]
pub struct FromArgs {
    /// The application's database: a SQLite file or a postgres:// URL
    /// (passwords as for --db: PGPASSWORD, ~/.pgpass).
    #[arg(long, value_name = "SRC")]
    pub from: String,
    /// The application's outbox table (schema-qualified on PostgreSQL: app.outbox).
    #[arg(long, default_value = "outbox", value_name = "NAME")]
    pub table: String,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    pub from: FromArgs,
    /// One batch, then exit.
    #[arg(long, conflicts_with = "drain")]
    pub once: bool,
    /// Relay until the table is empty, then exit (for cron).
    #[arg(long)]
    pub drain: bool,
    /// Rows relayed per transaction while the relay keeps up.
    #[arg(long, value_name = "N", default_value_t = 500)]
    pub batch_size: i64,
    /// The most rows of one transaction under a backlog (the first batch,
    /// and one after a full batch): up to this many, read and recorded as
    /// a stream.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub max_batch_size: i64,
    /// Longest pause between looks at an idle table (wake-ups come sooner).
    #[arg(
        allow_hyphen_values = true,
        long,
        value_name = "DURATION",
        default_value = "5s"
    )]
    pub poll_max: String,
    /// `source` of rows that leave it empty (default: $OUTBOX_SOURCE, else `picux`).
    #[arg(long, env = "OUTBOX_SOURCE", hide_env = true)]
    pub source: Option<String>,
}

fn table(from: &FromArgs) -> Result<TableName> {
    TableName::parse(&from.table)
}

/// The application's table, in whichever database `from` names.
fn open_table(from: &str, table: &TableName) -> Result<Box<dyn AppTable>> {
    if postgres::is_url(from) {
        Ok(Box::new(PgAppTable::open(from, table)?))
    } else {
        Ok(Box::new(SqliteAppTable::open(Path::new(from), table)?))
    }
}

pub fn exec(cmd: RelayCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    match cmd {
        RelayCommand::Schema { dialect, table } => {
            let table = TableName::parse(&table)?;
            let ddl = match dialect.as_str() {
                "postgres" => postgres::app_table::schema(&table),
                _ if table.schema.is_some() => {
                    return Err(Error::input(
                        "invalid:table",
                        format!("--table {table}: SQLite has no schemas; give a plain name"),
                    ));
                }
                _ => sqlite_table::schema(&table),
            };
            Ok(Box::new(super::completions::Text(ddl)))
        }
        RelayCommand::Init { from, create } => {
            let table = table(&from)?;
            if postgres::is_url(&from.from) {
                postgres::app_table::init(&from.from, &table)?;
            } else {
                sqlite_table::init(Path::new(&from.from), &table, create)?;
            }
            Ok(Box::new(Initialised {
                ok: true,
                table: table.to_string(),
                rejected: table.rejected().to_string(),
            }))
        }
        RelayCommand::Status { from, format } => {
            let table = table(&from)?;
            let status = open_table(&from.from, &table)?.status()?;
            let status = RelayStatus::new(&table, status, ctx.clock.now());
            Ok(match format {
                Some(_) => Box::new(super::completions::Text(RelayMetrics(status).text())),
                None => Box::new(status),
            })
        }
        RelayCommand::Run(args) => run(args, ctx),
        RelayCommand::Rejected(cmd) => rejected(cmd),
    }
}

fn rejected(cmd: RejectedCommand) -> Result<Box<dyn Report>> {
    match cmd {
        RejectedCommand::List { from, limit } => {
            if limit < 1 {
                return Err(Error::input("invalid:limit", "--limit must be at least 1"));
            }
            let table = table(&from)?;
            let rows = open_table(&from.from, &table)?.rejected_rows(limit)?;
            Ok(Box::new(RejectedList {
                ok: true,
                count: rows.len(),
                rejected: rows,
            }))
        }
        RejectedCommand::Retry(chosen) => move_rejected(chosen, true),
        RejectedCommand::Drop(chosen) => move_rejected(chosen, false),
    }
}

/// `relay rejected retry` (back into the table) or `drop` (gone): the
/// rows named by their seq, or every one with `--all`.
fn move_rejected(chosen: Chosen, retry: bool) -> Result<Box<dyn Report>> {
    if chosen.seqs.is_empty() && !chosen.all {
        return Err(Error::input(
            "invalid:usage",
            "name the rows (their seq) or give --all",
        ));
    }
    let table = table(&chosen.from)?;
    let seqs = (!chosen.all).then_some(chosen.seqs.as_slice());
    let mut app_table = open_table(&chosen.from.from, &table)?;
    let (retried, dropped) = if retry {
        (Some(app_table.retry_rejected(seqs)?), None)
    } else {
        (None, Some(app_table.drop_rejected(seqs)?))
    };
    Ok(Box::new(RejectedMoved {
        ok: true,
        retried,
        dropped,
        table: table.to_string(),
    }))
}

fn run(args: RunArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let table = table(&args.from)?;
    if args.batch_size < 1 || args.max_batch_size < 1 {
        return Err(Error::input(
            "invalid:batchSize",
            "--batch-size and --max-batch-size must be at least 1",
        ));
    }
    let poll_max = super::duration_flag("poll-max", &args.poll_max)?;
    let from = args.from.from.clone();
    // The same PostgreSQL database as the outbox: each batch is one
    // transaction there, naming the table as the application's session does.
    let same_database = match ctx.db.to_str() {
        Some(db)
            if postgres::is_url(db)
                && postgres::is_url(&from)
                && postgres::app_table::same_database(db, &from) =>
        {
            Some(PgAppTable::open(&from, &table)?.qualified().clone())
        }
        _ => None,
    };
    let relay = Relay {
        table: table.clone(),
        batch_size: args.batch_size,
        max_batch_size: args.max_batch_size,
        conversion: Conversion {
            default_source: args.source.clone(),
            max_payload: ctx.max_payload,
        },
        mode: if args.once {
            Mode::Once
        } else if args.drain {
            Mode::Drain
        } else {
            Mode::Forever
        },
        poll_max,
        same_database,
        telemetry: outbox::telemetry::Telemetry::from_env()?,
    };
    let (stop, interrupted) = crate::signals::flags()?;
    let json = ctx.format == OutputFormat::Json;
    // The application's table first: a mistyped --from leaves no outbox
    // file behind.
    let mut open = || {
        let app = open_table(&from, &table)?;
        Ok((ctx.outbox_creating()?, app))
    };
    let mut say = |said: Said| {
        let line = match said {
            Said::Batch(batch) => {
                for rejected in &batch.rejected {
                    say_line(&rejected_line(&table, rejected));
                }
                if json {
                    let line =
                        serde_json::to_string(&BatchLine::from(&batch)).expect("lines serialise");
                    let mut out = std::io::stdout().lock();
                    let _ = writeln!(out, "{line}");
                    let _ = out.flush();
                }
                return;
            }
            Said::Standby => format!("another relay holds {table}; this one waits to take over"),
            Said::TookOver => format!("took over {table}: the relay that held it stopped"),
            Said::HeldElsewhere => format!("another relay holds {table}; nothing relayed"),
            Said::Retrying { error, after } => {
                format!("{error}; trying again in {}", duration_text(after))
            }
        };
        say_line(&line);
    };
    let ran = relay.run(&mut open, &stop, &mut say);
    if let Some(telemetry) = &relay.telemetry {
        telemetry.shutdown();
        let dropped = telemetry.dropped_to_count(true);
        if dropped > 0 {
            ctx.outbox()?.count_spans_dropped(dropped)?;
        }
    }
    ran?;
    if interrupted.load(Ordering::Relaxed) {
        let _ = std::io::stdout().flush();
        std::process::exit(130);
    }
    Ok(Box::new(crate::output::Silent))
}

fn say_line(line: &str) {
    let _ = writeln!(std::io::stderr(), "outbox relay: {line}");
}
