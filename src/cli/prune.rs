//! `outbox prune`: delete finished deliveries, dead chains and emptied
//! events older than a cut-off, in short transactions (run it from cron).

use super::Context;
use crate::output::Report;
use clap::Args;
use outbox::lifecycle::when::parse_duration;
use outbox::lifecycle::{DEFAULT_BATCH_SIZE, Prune};
use outbox::{Error, Result};

#[derive(Debug, Args)]
pub struct PruneArgs {
    /// Delete what finished longer ago than this (30s, 12h, 7d, 1h30m, or seconds).
    #[arg(allow_hyphen_values = true, long, value_name = "DURATION")]
    pub older_than: String,
    /// Count what would be deleted; delete nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Rows deleted per transaction: workers wait at most for one batch.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_BATCH_SIZE, allow_negative_numbers = true)]
    pub batch_size: i64,
    /// Keep dead chains (failed, no attempt to come) for inspection and redrive.
    #[arg(long)]
    pub keep_dead: bool,
    /// Vacuum afterwards: SQLite gives the freed space back to the file
    /// system (VACUUM, which holds the write lock while it rewrites the
    /// file); PostgreSQL runs VACUUM (ANALYZE) on outbox's tables now.
    #[arg(long, conflicts_with = "dry_run")]
    pub vacuum: bool,
}

pub fn exec(args: PruneArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let older_than = parse_duration(&args.older_than)
        .map_err(|e| Error::input("invalid:olderThan", format!("--older-than: {e}")))?;
    if older_than < 0 {
        return Err(Error::input(
            "invalid:olderThan",
            "--older-than must not be negative",
        ));
    }
    if args.batch_size < 1 {
        return Err(Error::input(
            "invalid:batchSize",
            format!(
                "--batch-size: {} is not a positive number of rows",
                args.batch_size
            ),
        ));
    }
    let prune = Prune {
        older_than,
        batch_size: args.batch_size,
        keep_dead: args.keep_dead,
        dry_run: args.dry_run,
    };
    let mut outbox = ctx.outbox()?;
    let mut pruned = outbox.prune(&prune)?;
    if args.vacuum {
        pruned.vacuumed = outbox.vacuum()?;
    }
    pruned.space_after = outbox.space()?;
    Ok(Box::new(pruned))
}
