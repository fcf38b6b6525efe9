//! The command line: clap definitions, one file per noun, and the glue that
//! turns flags into the core's requests and answers into output.

pub mod claim;
pub mod completions;
mod context;
pub mod delivery;
mod durations;
pub mod event;
mod flags;
pub mod help;
pub mod init;
pub mod input;
mod lazy;
pub mod lifecycle;
pub mod paging;
pub mod protection;
pub mod prune;
pub mod relay;
pub mod schema;
pub mod stats;
pub mod sub;
pub mod transfer;
pub mod work;

pub use context::Context;
use durations::duration_ms;
pub use durations::{duration_flag, seconds, unix_time};
pub use flags::{DeliveryFilterArgs, WindowArgs};
pub use input::open_input;
pub use lazy::{Lazy, full as full_command};

use crate::output::{ColorChoice, OutputFormat, Report, View, render};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};
use outbox::core::records::model::Vocabulary;
use outbox::store::Durability;
use outbox::{Error, Result};
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  outbox sub create --client billing --types 'order.*' --any-target
  outbox event record --type order.created --subject order-1 --payload '{\"total\": 42}'
  outbox work --client billing --drain -- ./handle.sh
  outbox delivery list --dead
  outbox stats

Every command has --help; `outbox man` prints the man page.";

/// An integration event outbox in one SQLite file (or a PostgreSQL database):
/// record events, fan them out to subscriptions, and let workers claim,
/// complete and retry deliveries.
#[derive(Debug, Parser)]
#[command(
    name = "outbox",
    version,
    propagate_version = true,
    max_term_width = 100,
    after_long_help = EXAMPLES
)]
pub struct Cli {
    /// The outbox database: a SQLite file (created with its schema by
    /// `outbox init` or the first command that adds data), or a
    /// postgres://user@host:port/dbname URL.
    #[arg(
        long,
        global = true,
        help_heading = "Global options",
        env = "OUTBOX_DB",
        // A URL's password must never show in --help.
        hide_env_values = true,
        default_value = "outbox.db",
        value_name = "PATH"
    )]
    pub db: PathBuf,

    /// Print the result object as one line of JSON.
    #[arg(long, global = true, help_heading = "Global options")]
    pub json: bool,

    /// Durability of commits: `full` survives power loss; `normal` is faster
    /// but a power cut (PostgreSQL: a server crash) may lose the last commits.
    #[arg(long, global = true, help_heading = "Global options", env = "OUTBOX_SYNC", hide_env_values = true, default_value = "full", value_name = "MODE",
          value_parser = PossibleValuesParser::new(Durability::NAMES).map(|s| s.parse::<Durability>().expect("listed")))]
    pub sync: Durability,

    /// Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes.
    #[arg(long, global = true, help_heading = "Global options", env = "OUTBOX_MAX_PAYLOAD", hide_env_values = true, default_value_t = 1024 * 1024, value_name = "BYTES")]
    pub max_payload: usize,

    /// How long to wait for a database locked by another writer (SQLite;
    /// PostgreSQL: for a row lock) before failing with storage:locked.
    #[arg(long, global = true, help_heading = "Global options", env = "OUTBOX_BUSY_TIMEOUT", hide_env_values = true,
          default_value = "10s", value_name = "DURATION", value_parser = duration_ms,
          allow_hyphen_values = true)]
    pub busy_timeout: std::time::Duration,

    /// Colour in tables: auto (on a terminal, unless NO_COLOR is set),
    /// always or never.
    #[arg(long, global = true, help_heading = "Global options", default_value = "auto",
          value_name = "WHEN",
          value_parser = PossibleValuesParser::new(ColorChoice::NAMES).map(|s| s.parse::<ColorChoice>().expect("listed")))]
    pub color: ColorChoice,

    /// No stderr line for an expected refusal (exit 1: nothing to claim,
    /// not found); the exit status and any --json answer stay.
    #[arg(short, long, global = true, help_heading = "Global options")]
    pub quiet: bool,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create the database (and its schema) before first use.
    ///
    /// Any command that adds data creates it too; init makes it explicit (and,
    /// on PostgreSQL, the tables in the schema the URL's search_path names).
    #[command(after_long_help = "Examples:
  outbox init
  outbox --db postgres://app@db.internal/app?options=-c%20search_path%3Doutbox init")]
    Init(Lazy<init::InitArgs>),
    /// Record, read, list and ack events.
    ///
    /// Recording an event makes one delivery for each active subscription
    /// whose types and target take it, in the same transaction.
    #[command(
        subcommand,
        after_long_help = "Examples:
  outbox event record --type order.paid --subject order-1001 --payload '{\"total\": 42.5}'
  outbox event record --batch events.ndjson            # one transaction, all or nothing
  outbox event list --type order.paid --since 1h
  outbox event get evt_1a2b3c4d --json"
    )]
    Event(Lazy<event::EventCommand>),
    /// Create and manage subscriptions: which clients want which events.
    ///
    /// A subscription names a client, the event types it takes (`order.*`,
    /// `*`), a target, and how its deliveries travel: polled by a worker of
    /// the client's, or sent by `outbox work` over webhook, A2A, MCP or a
    /// message broker.
    #[command(
        subcommand,
        after_long_help = "Examples:
  outbox sub create --client billing --types 'order.*' --any-target
  outbox sub create --client shop --types order.paid --any-target \\
      --transport webhook --endpoint https://shop.example/hooks/outbox
  outbox sub list --client billing
  outbox sub health
  outbox sub match --type order.paid --explain"
    )]
    Sub(Lazy<Box<sub::SubCommand>>),
    /// Claim, complete, fail, retry and inspect deliveries.
    ///
    /// A delivery is one event for one subscription: queued, claimed under a
    /// lease, then delivered, failed (retried by the subscription's policy
    /// until its attempts run out) or cancelled.
    #[command(
        subcommand,
        after_long_help = "Examples:
  outbox delivery claim --client billing --worker w1 --with-event --json
  outbox delivery complete delv_7b1c --worker w1
  outbox delivery fail delv_7b1c --worker w1 --error \"HTTP 503\"
  outbox delivery list --dead --client billing
  outbox delivery redrive --all --client billing"
    )]
    Delivery(Lazy<delivery::DeliveryCommand>),
    /// Count deliveries by state, transport and client.
    ///
    /// Read from counts kept as outbox writes, so it answers at once at any size;
    /// --recount counts every delivery again after changes made by hand. --watch
    /// redraws with rates; --format prometheus writes gauges, counters and
    /// histograms for a scraper (node_exporter's textfile collector).
    #[command(after_long_help = "Examples:
  outbox stats
  outbox stats --client billing --json
  outbox stats --watch 5s
  outbox stats --format prometheus > /var/lib/node_exporter/outbox.prom")]
    Stats(Lazy<stats::StatsArgs>),
    /// Delete finished deliveries, dead chains and emptied events older than a cut-off.
    #[command(after_long_help = "Examples:
  outbox prune --older-than 30d --dry-run
  outbox prune --older-than 30d --keep-dead
  outbox prune --older-than 7d --vacuum          # SQLite: give the space back (run when quiet)")]
    Prune(Lazy<prune::PruneArgs>),
    /// Work deliveries: run a handler command for each, or send webhooks, A2A messages, MCP tool calls and broker messages.
    #[command(
        after_long_help = "The handler (the command after --), once per delivery:
  stdin     {\"delivery\": {...}, \"event\": {...}}, as delivery get and event get print them
  exit 0    completes the delivery
  exit 65   fails it for good (EX_DATAERR): no retry, whatever the policy
  other     fails it; the subscription's retry policy schedules the next attempt
            (as does being killed by a signal, or running past --timeout)
  stderr    its last lines become the delivery's lastError
  environment:
    OUTBOX_DELIVERY_ID, OUTBOX_EVENT_ID, OUTBOX_EVENT_TYPE, OUTBOX_SUBJECT,
    OUTBOX_CLIENT_ID, OUTBOX_SUB_ID, OUTBOX_ATTEMPT (1 for the first try),
    OUTBOX_CLAIMS (how many times this attempt was claimed: above 1 after a lapsed lease),
    OUTBOX_WORKER (the worker's name), OUTBOX_DB (so the handler can call outbox),
    OUTBOX_TRACEPARENT, OUTBOX_TRACESTATE (the event's W3C trace context, under
    a span of this attempt's own; empty without one)
  The lease is renewed while it runs; on SIGTERM or SIGINT running handlers get
  --grace to finish, then are killed with their process group and their
  deliveries released.

OpenTelemetry: with OTEL_EXPORTER_OTLP_ENDPOINT set, a span per attempt goes
over OTLP/HTTP (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER
honoured); spans a slow or absent collector costs are counted, never waited for
(outbox_spans_dropped_total).

Examples:
  outbox work --client billing --drain -- ./handle.sh      # cron: until nothing is ready
  outbox work --client billing --concurrency 4 -- ./handle.sh
  outbox work --concurrency 8                              # send webhook, a2a, mcp and broker deliveries"
    )]
    Work(Lazy<work::WorkArgs>),
    /// The transactional outbox: relay the rows an application writes to an
    /// outbox table of its own database, in its own transactions.
    ///
    /// `relay init` creates the table in the application's database, `relay
    /// run` moves its rows into this outbox as events (each row once, in
    /// order), and `relay status` shows how far behind it is.
    #[command(
        subcommand,
        after_long_help = "Examples:
  outbox relay init --from /var/lib/app/app.db
  outbox relay run --from /var/lib/app/app.db              # until stopped
  outbox relay run --from postgres://app@db.internal/shop --once
  outbox relay status --from /var/lib/app/app.db

With OTEL_EXPORTER_OTLP_ENDPOINT set, relay run exports a span per batch."
    )]
    Relay(Lazy<relay::RelayCommand>),
    /// Write every subscription, event and delivery as NDJSON (to move an outbox).
    ///
    /// Secrets and endpoint passwords travel whole: keep the file as you keep the
    /// database. import reads it into another outbox, SQLite or PostgreSQL.
    #[command(after_long_help = "Examples:
  outbox export -o outbox.ndjson
  outbox --db outbox.db export | outbox --db postgres://app@db.internal/app import -")]
    Export(Lazy<transfer::ExportArgs>),
    /// Read an export into this database, in one transaction.
    ///
    /// All of it or none of it; ids are kept, so reading the same export twice
    /// changes nothing the second time.
    #[command(after_long_help = "Examples:
  outbox --db new.db import outbox.ndjson")]
    Import(Lazy<transfer::ImportArgs>),
    /// Serve the outbox to agents as an MCP server (stdio, or Streamable HTTP with --http).
    #[command(after_long_help = "Examples:
  outbox --db /var/lib/app/outbox.db mcp                  # stdio, for an agent host's config
  outbox mcp --read-only --http 127.0.0.1:8765            # http://127.0.0.1:8765/mcp
  OUTBOX_MCP_TOKEN=... outbox mcp --http 0.0.0.0:8765     # beyond loopback: a bearer token")]
    Mcp(Lazy<crate::mcp::McpArgs>),
    /// Serve the outbox over HTTP: a JSON API under /api/v1/ (its OpenAPI
    /// document at /api/v1/openapi.json) and Prometheus metrics at /metrics.
    ///
    /// Every answer is the object the matching command prints with --json.
    /// It listens on 127.0.0.1:8080 unless told; beyond loopback it needs a
    /// token (OUTBOX_SERVE_TOKEN), sent as `Authorization: Bearer TOKEN`.
    /// It stops on SIGTERM or Ctrl-C once the requests in flight are answered.
    #[command(after_long_help = "Examples:
  outbox serve                                            # http://127.0.0.1:8080/api/v1/
  outbox serve --read-only --listen 127.0.0.1:9000
  OUTBOX_SERVE_TOKEN=... outbox serve --listen 0.0.0.0:8080 --base-path /outbox
  curl -s localhost:8080/api/v1/deliveries?status=dead&client=billing")]
    Serve(Lazy<crate::serve::ServeArgs>),
    /// Print a shell completion script.
    ///
    /// For bash, zsh, fish, elvish or PowerShell; the same scripts are in the
    /// source's completions/ folder.
    #[command(after_long_help = "Examples:
  outbox completions bash > /etc/bash_completion.d/outbox
  outbox completions zsh > \"${fpath[1]}/_outbox\"
  outbox completions fish > ~/.config/fish/completions/outbox.fish")]
    Completions(Lazy<completions::CompletionsArgs>),
    /// Print a man page (outbox man, outbox man work), or write them all: outbox man --dir /usr/local/share/man/man1
    ///
    /// On a terminal the page is shown through man; piped, it is the roff.
    /// Every command has one, outbox-delivery-claim(1) and so on.
    #[command(after_long_help = "Examples:
  outbox man work
  outbox man delivery claim
  outbox man --dir /usr/local/share/man/man1")]
    Man(Lazy<completions::ManArgs>),
    /// The JSON Schemas of what outbox writes: the payloads of its
    /// operational events.
    #[command(
        subcommand,
        after_long_help = "Examples:
  outbox schema events
  outbox schema events --type outbox.delivery.dead"
    )]
    Schema(Lazy<schema::SchemaCommand>),
}

/// Runs a command that answers with a result object.
pub fn exec(command: Command, ctx: &Context) -> Result<Box<dyn Report>> {
    match command {
        Command::Init(Lazy(args)) => init::exec(args, ctx),
        Command::Event(Lazy(cmd)) => event::exec(cmd, ctx),
        Command::Sub(Lazy(cmd)) => sub::exec(*cmd, ctx),
        Command::Delivery(Lazy(cmd)) => delivery::exec(cmd, ctx),
        Command::Stats(Lazy(args)) => stats::exec(args, ctx),
        Command::Prune(Lazy(args)) => prune::exec(args, ctx),
        Command::Work(Lazy(args)) => work::exec(args, ctx),
        Command::Relay(Lazy(cmd)) => relay::exec(cmd, ctx),
        Command::Export(Lazy(args)) => transfer::export(args, ctx),
        Command::Import(Lazy(args)) => transfer::import(args, ctx),
        Command::Mcp(Lazy(args)) => {
            // A mistyped --db fails now, not at every tool call.
            drop(ctx.outbox()?);
            if crate::mcp::serve(args, tool_runner(ctx))? == crate::mcp::Stop::Interrupted {
                std::process::exit(130);
            }
            Ok(Box::new(crate::output::Silent))
        }
        Command::Serve(Lazy(args)) => {
            // A mistyped --db fails now, not at every request; a new file
            // is made, as the first event recorded would make it.
            drop(ctx.outbox_creating()?);
            let clock = ctx.clock;
            let now = std::sync::Arc::new(move || clock.now());
            if crate::serve::serve(args, route_runner(ctx), now)? == crate::serve::Stop::Interrupted
            {
                std::process::exit(130);
            }
            Ok(Box::new(crate::output::Silent))
        }
        Command::Completions(Lazy(args)) => {
            Ok(Box::new(completions::Text(completions::script(args.shell))))
        }
        Command::Man(Lazy(args)) => completions::man(args),
        Command::Schema(Lazy(cmd)) => schema::exec(cmd),
    }
}

/// Runs a command line a server was asked for (`["delivery", "claim",
/// ...]`, as if typed after `outbox`), on this outbox, for `serving`;
/// what runs until stopped (serving, working, relaying) is not one.
fn called(ctx: &Context, line: Vec<String>) -> Result<Box<dyn Report>> {
    let args = std::iter::once("outbox".to_owned()).chain(line);
    let cli = Cli::try_parse_from(args).map_err(|e| {
        let rendered = e.render().to_string();
        let first = rendered.lines().next().unwrap_or("invalid arguments");
        Error::input(
            "invalid:usage",
            first.trim_start_matches("error: ").to_owned(),
        )
    })?;
    let lasting = match &cli.command {
        Command::Mcp(_) | Command::Serve(_) | Command::Work(_) => true,
        Command::Relay(Lazy(relay)) => !relay.answers_once(),
        Command::Stats(Lazy(stats)) => stats.watch.is_some(),
        _ => false,
    };
    if lasting {
        return Err(Error::input(
            "invalid:tool",
            "not a command a server runs for a call",
        ));
    }
    exec(cli.command, ctx)
}

/// The context a server's calls run in: answers as `--json` gives them.
fn serving(ctx: &Context) -> Context {
    Context {
        format: OutputFormat::Json,
        serving: true,
        // As many as commands run at once (the blocking threads' work).
        pool: Some(outbox::store::pool::Pool::new(16)),
        ..ctx.clone()
    }
}

/// What the MCP server runs for a tool call: the command's `--json`
/// object, or its refusal as the failure.
fn tool_runner(ctx: &Context) -> crate::mcp::Run {
    let ctx = serving(ctx);
    std::sync::Arc::new(move |line: Vec<String>| {
        let report = called(&ctx, line)?;
        if let Some(refusal) = report.refusals().into_iter().next() {
            return Err(Error::input("invalid:refused", refusal));
        }
        Ok(report.json())
    })
}

/// What `outbox serve` runs for a request: the command's `--json` object
/// (several ids' answers, refusals among them, as an array), and the text
/// for people when asked (the Prometheus page).
fn route_runner(ctx: &Context) -> crate::serve::Run {
    let ctx = serving(ctx);
    std::sync::Arc::new(move |call: crate::serve::Call| {
        let report = called(&ctx, call.line)?;
        let text = call.text.then(|| {
            let view = View::new(ctx.clock.now(), ColorChoice::Never);
            render(report.as_ref(), OutputFormat::Human, &view)
        });
        Ok(crate::serve::Answer {
            json: report.json(),
            text,
        })
    })
}

/// A parser that accepts exactly the names of a vocabulary (statuses,
/// transports); completions offer the same names.
pub fn one_of<T: Vocabulary + Send + Sync>() -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(T::ALL.iter().map(|v| PossibleValue::new(v.as_str())))
        .map(|name| name.parse::<T>().expect("possible values parse"))
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every option and argument of every command has a line of help, and
    /// every command a description.
    #[test]
    fn every_option_says_what_it_is_for() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            if cmd.get_about().is_none() && !path.is_empty() {
                missing.push(format!("{path} (command)"));
            }
            for arg in cmd.get_arguments() {
                let name = arg.get_id().as_str();
                if arg.get_help().is_none() && !matches!(name, "help" | "version") {
                    missing.push(format!("{path} {name}"));
                }
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        walk(&super::full_command(), "", &mut missing);
        assert!(missing.is_empty(), "no help for:\n{}", missing.join("\n"));
    }

    /// The words of one shell command line: split at spaces, `"..."` and
    /// `'...'` kept whole; the part after `#` left out.
    fn words(line: &str) -> Vec<String> {
        let mut words = Vec::new();
        let mut word = String::new();
        let mut quote = None;
        let mut any = false;
        for c in line.chars() {
            match (quote, c) {
                // A comment, or a redirection: the shell's, not outbox's.
                (None, '#' | '>' | '<') => break,
                (None, '"' | '\'') => (quote, any) = (Some(c), true),
                (Some(q), c) if c == q => quote = None,
                (None, ' ') => {
                    if any {
                        words.push(std::mem::take(&mut word));
                    }
                    any = false;
                }
                (_, c) => {
                    word.push(c);
                    any = true;
                }
            }
        }
        if any {
            words.push(word);
        }
        words
    }

    /// Every example a command's help gives parses as a command line: no
    /// example names a flag or value that does not exist. The part of a
    /// line after a pipe is another program's.
    #[test]
    fn every_example_parses() {
        fn walk(cmd: &clap::Command, examples: &mut Vec<String>) {
            let help = cmd.get_after_long_help().map(|h| h.to_string());
            // Every page, a noun's too, shows how it is used.
            assert!(
                help.as_deref().is_some_and(|h| h.contains("Examples:\n")),
                "{} has no examples",
                cmd.get_name()
            );
            if let Some((_, listed)) = help.as_deref().and_then(|h| h.split_once("Examples:")) {
                // A line ending in a backslash goes on in the next.
                let joined = listed.replace("\\\n", " ");
                for line in joined.lines().map(str::trim) {
                    let command = line.split(" | ").find(|part| part.starts_with("outbox "));
                    examples.extend(command.map(str::to_owned));
                }
            }
            for sub in cmd.get_subcommands().filter(|sub| sub.get_name() != "help") {
                walk(sub, examples);
            }
        }
        let mut examples = Vec::new();
        walk(&super::full_command(), &mut examples);
        assert!(examples.len() > 60, "{} examples", examples.len());
        for example in examples {
            let args = words(&example);
            if let Err(e) = Cli::command().try_get_matches_from(&args) {
                panic!("{example}\n{args:?}\n{e}");
            }
        }
    }
}
