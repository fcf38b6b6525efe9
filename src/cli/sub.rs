//! `outbox sub ...`: create, get, list, update, pause, resume, match.

use super::{Context, one_of};
use crate::output::Report;
use clap::{Args, Subcommand};
use outbox::core::json::Object;
use outbox::core::model::{SubscriptionStatus, Transport};
use outbox::core::subscriptions::SubscriptionFields;
use outbox::store::SubscriptionFilter;
use outbox::{Error, Result};

#[derive(Debug, Subcommand)]
pub enum SubCommand {
    /// Subscribe a client to event types.
    Create {
        #[command(flatten)]
        fields: FieldArgs,
        /// Use this id instead of one derived from the content.
        #[arg(long = "id", value_name = "SUB_ID")]
        sub_id: Option<String>,
    },
    /// Show one subscription.
    Get {
        /// The subscription id (`sub_...`).
        id: String,
    },
    /// List subscriptions, newest first.
    List(ListArgs),
    /// Change a subscription; only the flags given change.
    Update {
        /// The subscription id (`sub_...`).
        id: String,
        #[command(flatten)]
        fields: FieldArgs,
    },
    /// Stop creating deliveries for a subscription.
    Pause {
        /// The subscription id (`sub_...`).
        id: String,
    },
    /// Start creating deliveries for a paused subscription again.
    Resume {
        /// The subscription id (`sub_...`).
        id: String,
    },
    /// Show which subscriptions an event would reach; writes nothing.
    Match(MatchArgs),
}

#[derive(Debug, Args)]
pub struct FieldArgs {
    /// The client that receives the deliveries.
    #[arg(long = "client", value_name = "CLIENT_ID")]
    pub client_id: Option<String>,
    /// Event types, comma-separated or repeated; `*` means every type.
    #[arg(long = "types", value_name = "TYPES", value_delimiter = ',')]
    pub types: Vec<String>,
    /// Only events with this target match (default: the client id).
    #[arg(long, conflicts_with = "any_target")]
    pub target: Option<String>,
    /// Match events whatever their target.
    #[arg(long)]
    pub any_target: bool,
    /// How the client takes deliveries.
    #[arg(long, value_parser = one_of::<Transport>())]
    pub transport: Option<Transport>,
    /// Where deliveries go (a URL for webhooks).
    #[arg(long)]
    pub endpoint: Option<String>,
    #[arg(long, value_parser = one_of::<SubscriptionStatus>())]
    pub status: Option<SubscriptionStatus>,
    /// Only events with this `source` or `subject`, as KEY=VALUE; repeatable.
    #[arg(long = "filter", value_name = "KEY=VALUE")]
    pub filters: Vec<String>,
    /// Free-form details, a JSON object (text, @FILE or - for stdin).
    #[arg(long, value_name = "JSON")]
    pub meta: Option<String>,
}

impl FieldArgs {
    fn fields(self, ctx: &Context) -> Result<SubscriptionFields> {
        let filters = if self.filters.is_empty() {
            None
        } else {
            let mut map = Object::new();
            for pair in &self.filters {
                let (key, value) = pair.split_once('=').ok_or_else(|| {
                    Error::input(
                        "invalid:filter",
                        format!("--filter {pair:?} is not KEY=VALUE"),
                    )
                })?;
                map.insert(key.to_owned(), value.into());
            }
            Some(map)
        };
        Ok(SubscriptionFields {
            client_id: self.client_id,
            event_types: (!self.types.is_empty()).then_some(self.types),
            target: if self.any_target {
                Some(String::new())
            } else {
                self.target
            },
            transport: self.transport,
            endpoint: self.endpoint,
            status: self.status,
            filters,
            meta: ctx.maybe_json_object("meta", self.meta.as_deref())?,
        })
    }
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[arg(long = "client", value_name = "CLIENT_ID")]
    pub client_id: Option<String>,
    /// Subscriptions to this type (including `*` ones).
    #[arg(long = "type", value_name = "TYPE")]
    pub event_type: Option<String>,
    #[arg(long, value_parser = one_of::<SubscriptionStatus>())]
    pub status: Option<SubscriptionStatus>,
    #[arg(long, value_parser = one_of::<Transport>())]
    pub transport: Option<Transport>,
    /// At most this many (1-500, default 100).
    #[arg(allow_negative_numbers = true, long)]
    pub limit: Option<i64>,
}

#[derive(Debug, Args)]
pub struct MatchArgs {
    #[arg(long = "type", value_name = "TYPE")]
    pub event_type: Option<String>,
    #[arg(long)]
    pub source: Option<String>,
    #[arg(long)]
    pub subject: Option<String>,
    #[arg(long)]
    pub target: Option<String>,
}

pub fn exec(cmd: SubCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    let status_change = |status| SubscriptionFields {
        status: Some(status),
        ..SubscriptionFields::default()
    };
    Ok(match cmd {
        SubCommand::Create { fields, sub_id } => {
            let fields = fields.fields(ctx)?;
            Box::new(
                ctx.outbox()?
                    .create_subscription(&fields, sub_id.as_deref())?,
            )
        }
        SubCommand::Get { id } => Box::new(ctx.outbox()?.get_subscription(&id)?),
        SubCommand::List(args) => {
            let filter = SubscriptionFilter {
                client_id: args.client_id,
                event_type: args.event_type,
                status: args.status,
                transport: args.transport,
            };
            Box::new(ctx.outbox()?.list_subscriptions(&filter, args.limit)?)
        }
        SubCommand::Update { id, fields } => {
            let fields = fields.fields(ctx)?;
            Box::new(ctx.outbox()?.update_subscription(&id, &fields)?)
        }
        SubCommand::Pause { id } => Box::new(
            ctx.outbox()?
                .update_subscription(&id, &status_change(SubscriptionStatus::Paused))?,
        ),
        SubCommand::Resume { id } => Box::new(
            ctx.outbox()?
                .update_subscription(&id, &status_change(SubscriptionStatus::Active))?,
        ),
        SubCommand::Match(args) => {
            let text = |v: Option<String>| v.unwrap_or_default();
            Box::new(ctx.outbox()?.match_event(
                &text(args.event_type),
                &text(args.source),
                &text(args.subject),
                &text(args.target),
            )?)
        }
    })
}
