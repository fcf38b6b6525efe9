//! `outbox stats`: delivery counts by state, transport and client.

use super::{Context, DeliveryFilterArgs, one_of};
use crate::output::{OutputFormat, Report, StatsWithDead};
use clap::Args;
use outbox::Result;
use outbox::core::model::DeliveryStatus;
use outbox::store::DeliveryFilter;

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
}

pub fn exec(args: StatsArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let filter = DeliveryFilter {
        status: args.status,
        ..args.filter.filter()
    };
    let mut outbox = ctx.outbox()?;
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
    Ok(Box::new(StatsWithDead { stats, dead }))
}
