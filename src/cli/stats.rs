//! `outbox stats`: delivery counts by state, transport and client.

use super::{Context, DeliveryFilterArgs, one_of};
use crate::output::Report;
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
    Ok(Box::new(stats))
}
