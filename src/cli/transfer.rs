//! `outbox export` and `outbox import`: a whole outbox as NDJSON, to move it
//! between a SQLite file and PostgreSQL (or to back it up).

use super::Context;
use crate::output::{Report, View};
use clap::Args;
use outbox::core::batch::transfer::{Imported, Record};
use outbox::{Error, Result};
use std::io::{BufWriter, Write};

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Write to this file instead of stdout.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<String>,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// An export's NDJSON file, or - for stdin.
    pub input: String,
}

/// What `export` says once the lines are out: how many records.
pub struct Exported(usize);

impl Report for Exported {
    fn json(&self) -> serde_json::Value {
        serde_json::json!({"ok": true, "exported": self.0})
    }
    fn json_text(&self) -> String {
        String::new() // stdout carries the records themselves
    }
    fn human(&self, _view: &View) -> String {
        String::new()
    }
}

impl Report for Imported {
    fn json(&self) -> serde_json::Value {
        serde_json::json!({"ok": true, "imported": self})
    }
    fn human(&self, _view: &View) -> String {
        format!(
            "imported {} subscriptions, {} events, {} deliveries",
            self.subscriptions, self.events, self.deliveries
        )
    }
}

/// A file created (or truncated) for its owner alone: 0600 when new.
fn private_file(path: &std::path::Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

pub fn export(args: ExportArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let io_error =
        |e: std::io::Error| Error::input("io:output", format!("cannot write the export: {e}"));
    ctx.warn_if_readable_by_others();
    let sink: Box<dyn Write> = match &args.output {
        // An export carries signing secrets: its file is the owner's alone.
        Some(path) => Box::new(private_file(path.as_ref()).map_err(io_error)?),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut out = BufWriter::new(sink);
    let mut outbox = ctx.outbox()?;
    let mut failed: Option<std::io::Error> = None;
    let count = outbox.export(&mut |record| {
        if failed.is_none() {
            let line = record.to_line();
            if let Err(e) = writeln!(out, "{line}") {
                failed = Some(e);
            }
        }
        Ok(())
    })?;
    let flushed = out.flush();
    match failed.map_or(flushed, Err) {
        // A reader that stopped early (`| head`) is not a failure.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(io_error(e)),
        _ => Ok(Box::new(Exported(count))),
    }
}

pub fn import(args: ImportArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let (reader, bytes) = super::open_input(&args.input, "")?;
    // A record is an event with its payload and ack, or a smaller row: a
    // line many times --max-payload (16 MiB at least) is no record.
    fn over(limit: usize) -> Error {
        Error::input(
            "invalid:line",
            format!("the line is over {limit} bytes, longer than any record (16 x --max-payload)"),
        )
    }
    let limit = ctx.max_payload.saturating_mul(16).max(16 << 20);
    let lines = super::input::Lines::new(reader, limit, over);
    // Read and parsed on a thread of their own while this one writes the
    // records before them.
    let unreadable = format!("cannot read {}", args.input);
    let records = super::input::parsed_lines(lines, unreadable, Record::from_line);
    Ok(Box::new(ctx.outbox_creating()?.import(records, bytes)?))
}
