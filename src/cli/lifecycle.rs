//! The lifecycle verbs of `outbox delivery`: `redrive` (dead letters) and
//! `replay` (finished chains, after an outage). `list --dead` and
//! `sweep --as-failure` are flags of the reference's own verbs.

use super::{Context, WindowArgs, one_of};
use crate::output::Report;
use clap::Args;
use outbox::core::records::model::DeliveryStatus;
use outbox::core::records::prefix::IdKind;
use outbox::core::storage::{DeliveryFilter, EventWindow};
use outbox::lifecycle::{Act, Chosen, Replay};
use outbox::{Error, Result};

#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("which").required(true).args(["ids", "all"]))]
pub struct RedriveArgs {
    /// Dead letters to send again (`delv_...`), or `-` to read ids from stdin.
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,
    /// Every dead letter (narrowed by --client, --sub, --type).
    #[arg(long, conflicts_with = "ids")]
    pub all: bool,
    /// With --all: only deliveries to this client.
    #[arg(long = "client", value_name = "CLIENT_ID", requires = "all")]
    pub client_id: Option<String>,
    /// With --all: only deliveries for this subscription.
    #[arg(long = "sub", value_name = "SUB_ID", requires = "all")]
    pub sub_id: Option<String>,
    /// With --all: only deliveries of events of this type.
    #[arg(long = "type", value_name = "TYPE", requires = "all")]
    pub event_type: Option<String>,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub window: WindowArgs,
    /// Latest attempts in these states only (comma-separated; default all
    /// three: delivered, failed, canceled).
    #[arg(long, value_delimiter = ',', value_parser = one_of::<DeliveryStatus>())]
    pub status: Vec<DeliveryStatus>,
    /// Only deliveries to this client.
    #[arg(long = "client", value_name = "CLIENT_ID")]
    pub client_id: Option<String>,
    /// Only deliveries for this subscription.
    #[arg(long = "sub", value_name = "SUB_ID")]
    pub sub_id: Option<String>,
    /// Only events of this type.
    #[arg(long = "type", value_name = "TYPE")]
    pub event_type: Option<String>,
    /// Show the latest attempts that would be replayed; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Debug, Args)]
pub struct BulkArgs {
    /// What to do to each: redrive, replay or cancel.
    #[arg(value_parser = ["redrive", "replay", "cancel"])]
    pub action: String,
    /// These deliveries (`delv_...`, or `-` to read ids from stdin) instead
    /// of a list's.
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,
    #[command(flatten)]
    pub selection: super::delivery::Selection,
    /// Every delivery: no filter narrows them.
    #[arg(long, conflicts_with = "ids")]
    pub all: bool,
    /// Count and show what would be done; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

pub fn bulk(args: BulkArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let act = Act::ALL
        .into_iter()
        .find(|a| a.as_str() == args.action)
        .expect("clap checked the action");
    let narrows = args.selection.narrows();
    let chosen = match (args.ids.is_empty(), narrows, args.all) {
        (false, true, _) => {
            return Err(Error::input(
                "invalid:usage",
                "delivery bulk takes ids or a list's filters, not both; see outbox delivery bulk --help",
            ));
        }
        (false, false, _) => {
            let ids = super::delivery::expand_ids(args.ids)?;
            Chosen::Ids(ctx.outbox()?.resolve_all(IdKind::Delivery, &ids)?)
        }
        (true, false, false) => {
            return Err(Error::input(
                "invalid:usage",
                "delivery bulk needs ids, a filter of delivery list (--dead --client billing), or --all; see outbox delivery bulk --help",
            ));
        }
        (true, _, _) => Chosen::Listed {
            filter: args.selection.filter(ctx)?,
            dead: args.selection.dead,
        },
    };
    Ok(Box::new(ctx.outbox()?.act_on(
        act,
        &chosen,
        args.dry_run,
    )?))
}

pub fn redrive(args: RedriveArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    if args.all {
        let filter = DeliveryFilter {
            client_id: args.client_id,
            sub_id: args.sub_id,
            ..DeliveryFilter::default()
        };
        let event_type = args.event_type.as_deref();
        return Ok(Box::new(ctx.outbox()?.redrive_all(&filter, event_type)?));
    }
    let ids = super::delivery::expand_ids(args.ids)?;
    let mut outbox = ctx.outbox()?;
    let ids = outbox.resolve_all(IdKind::Delivery, &ids)?;
    Ok(Box::new(outbox.redrive(&ids)?))
}

pub fn replay(args: ReplayArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let (since, until) = args.window.bounds(ctx)?;
    if since.is_none() {
        return Err(Error::input(
            "invalid:usage",
            "delivery replay needs --since (e.g. --since 2h); see outbox delivery replay --help",
        ));
    }
    if let Some(status) = args.status.iter().find(|s| {
        !matches!(
            s,
            DeliveryStatus::Delivered | DeliveryStatus::Failed | DeliveryStatus::Canceled
        )
    }) {
        return Err(Error::input(
            "invalid:status",
            format!(
                "--status {status}: only finished chains are replayed (delivered, failed, canceled)"
            ),
        ));
    }
    let replay = Replay {
        window: EventWindow {
            event_type: args.event_type,
            since,
            until,
        },
        statuses: args.status,
        client_id: args.client_id,
        sub_id: args.sub_id,
        dry_run: args.dry_run,
    };
    Ok(Box::new(ctx.outbox()?.replay(&replay)?))
}
