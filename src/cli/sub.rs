//! `outbox sub ...`: create, get, list, update, pause, resume, health, match.

use super::{Context, one_of};
use crate::output::Report;
use clap::{Args, Subcommand};
use outbox::Result;
use outbox::core::ledger::subscriptions::{SubscriptionFields, unsendable};
use outbox::core::records::model::{Subscription, SubscriptionStatus, Transport};
use outbox::core::records::prefix::IdKind;
use outbox::core::settings::endpoint::BrokerEndpoint;
use outbox::core::storage::SubscriptionFilter;
use outbox::worker::secrets::SecretChange;

mod fields;
pub use fields::FieldArgs;

#[derive(Debug, Subcommand)]
pub enum SubCommand {
    /// Subscribe a client to event types.
    #[command(after_long_help = "Examples:
  outbox sub create --client billing --types order.created,order.paid --any-target
  outbox sub create --client shop --types 'order.*' --any-target --transport webhook \\
    --endpoint https://shop.example/hooks --retry-schedule 5s,5m,30m,2h --retry-jitter 20%
  outbox sub create --client warehouse --types 'order.*' --any-target --transport nats \
    --endpoint 'nats://127.0.0.1/orders.{type}' --ordered-by subject")]
    Create {
        #[command(flatten)]
        fields: FieldArgs,
        /// Use this id instead of one derived from the content.
        #[arg(long = "id", value_name = "SUB_ID")]
        sub_id: Option<String>,
    },
    /// Show one subscription.
    ///
    /// Its client, types, target, transport and endpoint (a password shown as
    /// ***), status, retry policy, ordering and protection, and when a delivery
    /// counts as delivered. The id may be a unique prefix.
    #[command(after_long_help = "Examples:
  outbox sub get sub_8bbd
  outbox sub get sub_8bbd --json | jq .subscription.meta")]
    Get {
        /// The subscription id (`sub_...`).
        id: String,
    },
    /// List subscriptions, newest first.
    ///
    /// --type lists those an event of that type would reach (patterns such as
    /// `order.*` included). Pages as event list does (--limit, --before).
    #[command(after_long_help = "Examples:
  outbox sub list --client billing
  outbox sub list --type order.created --status active --json")]
    List(ListArgs),
    /// Change a subscription; only the flags given change.
    ///
    /// Deliveries already made keep the endpoint and transport they were made
    /// with; new ones take the change. `none` lifts a retry schedule, a rate or
    /// an in-flight cap.
    #[command(after_long_help = "Examples:
  outbox sub update sub_8bbd --endpoint https://billing.example.com/hooks/v2
  outbox sub update sub_8bbd --rate 50/s --max-in-flight 10
  outbox sub update sub_8bbd --retry-schedule 10s,1m,10m,1h --max-attempts 8")]
    Update {
        /// The subscription id (`sub_...`).
        id: String,
        #[command(flatten)]
        fields: FieldArgs,
    },
    /// Stop creating deliveries for a subscription.
    ///
    /// Events recorded while it is paused make no delivery for it (sub backfill
    /// makes them later); deliveries already queued stay queued. sub resume
    /// starts it again.
    #[command(after_long_help = "Examples:
  outbox sub pause sub_8bbd
  outbox sub pause sub_8bbd --json")]
    Pause {
        /// The subscription id (`sub_...`).
        id: String,
    },
    /// Send one test event to the subscription's endpoint now, through the
    /// sender outbox work uses, and show what it answered. Nothing is
    /// written to the ledger unless --record.
    #[command(after_long_help = "Examples:
  outbox sub test sub_3a78f5b5
  outbox sub test sub_3a78f5b5 --type order.created --payload '{\"orderId\": \"o-1\"}'
  outbox sub test sub_3a78f5b5 --record --json")]
    Test {
        /// The subscription id (`sub_...`, or a unique prefix).
        id: String,
        /// The event's type (default: the subscription's first type, a
        /// `*` in it read as `test`).
        #[arg(long = "type", value_name = "TYPE")]
        event_type: Option<String>,
        /// The event's subject (default: none).
        #[arg(long)]
        subject: Option<String>,
        /// The event's payload, a JSON object (text, @FILE or - for stdin;
        /// default {}).
        #[arg(long, value_name = "JSON")]
        payload: Option<String>,
        /// Record the event, for this subscription alone, and its delivery
        /// as delivered or failed (retried by the policy as any other).
        #[arg(long)]
        record: bool,
        /// How long to wait for the endpoint's answer.
        #[arg(
            allow_hyphen_values = true,
            long,
            value_name = "DURATION",
            default_value = "15s"
        )]
        timeout: String,
    },
    /// Delete a subscription: no more deliveries for it. Its finished
    /// deliveries stay in the ledger (delivery get and chain still answer);
    /// its secrets, health and lanes go with it. Refused while it has
    /// deliveries queued or claimed, unless --cancel-pending.
    #[command(after_long_help = "Examples:
  outbox sub delete sub_3a78f5b5
  outbox sub delete sub_3a78f5b5 --cancel-pending --json")]
    Delete {
        /// The subscription id (`sub_...`, or a unique prefix).
        id: String,
        /// Cancel its queued and claimed deliveries, as delivery cancel
        /// would, in the same transaction.
        #[arg(long)]
        cancel_pending: bool,
    },
    /// Start creating deliveries for a paused or disabled subscription
    /// again, and reset its health: breaker closed, failures forgotten.
    #[command(after_long_help = "Examples:
  outbox sub resume sub_8bbd
  outbox sub resume sub_8bbd
  outbox sub backfill sub_8bbd --since 2h   # what it missed while paused")]
    Resume {
        /// The subscription id (`sub_...`).
        id: String,
    },
    /// Show each subscription's endpoint health: breaker, failures, last
    /// success, rate and in-flight use, pauses (every subscription, the
    /// newest 500, or the one named).
    #[command(after_long_help = "Examples:
  outbox sub health
  outbox sub health sub_3f2a --json")]
    Health {
        /// The subscription id (`sub_...`).
        id: Option<String>,
    },
    /// Show which subscriptions an event would reach; writes nothing.
    ///
    /// --explain says for every subscription why it would or would not: its
    /// types, target, filters and status.
    #[command(after_long_help = "Examples:
  outbox sub match --type order.created
  outbox sub match --type order.created --target billing --explain")]
    Match(MatchArgs),
    /// Show the subscription's webhook signing secret (made on first use),
    /// set one, or rotate it. The secret never appears in `sub get`/`list`.
    #[command(after_long_help = "Examples:
  outbox sub secret sub_8bbd
  outbox sub secret sub_8bbd --rotate   # both secrets sign until --expire-old
  outbox sub secret sub_8bbd --expire-old")]
    Secret {
        /// The subscription id (`sub_...`).
        id: String,
        /// Use this secret (`whsec_` + base64 of at least 24 bytes) instead.
        #[arg(long, value_name = "SECRET", conflicts_with_all = ["rotate", "expire_old"])]
        set: Option<String>,
        /// Add a new secret; deliveries are signed with the old one too
        /// until --expire-old, so receivers can switch at their pace.
        #[arg(long, conflicts_with = "expire_old")]
        rotate: bool,
        /// Keep only the newest secret.
        #[arg(long)]
        expire_old: bool,
    },
    /// Create deliveries for past events this subscription takes now but
    /// never got (created or resumed late); running it again creates nothing.
    #[command(after_long_help = "Examples:
  outbox sub backfill sub_8bbd --since 24h --dry-run
  outbox sub backfill sub_8bbd --since 2026-11-29T00:00:00Z --json
  outbox sub backfill --client billing --since 24h      # every active subscription of billing")]
    #[command(group = clap::ArgGroup::new("which").required(true).args(["ids", "client"]))]
    Backfill {
        /// The subscription ids (`sub_...`); several are backfilled each in
        /// a transaction of its own, once all are found active.
        #[arg(value_name = "ID")]
        ids: Vec<String>,
        /// Every active subscription of this client instead.
        #[arg(long = "client", value_name = "CLIENT_ID", conflicts_with = "ids")]
        client: Option<String>,
        #[command(flatten)]
        window: super::WindowArgs,
        /// Show what would be created; write nothing.
        #[arg(long)]
        dry_run: bool,
    },
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only this client's subscriptions.
    #[arg(long = "client", value_name = "CLIENT_ID")]
    pub client_id: Option<String>,
    /// Subscriptions to this type (including `*` ones).
    #[arg(long = "type", value_name = "TYPE")]
    pub event_type: Option<String>,
    /// Only subscriptions in this status.
    #[arg(long, value_parser = one_of::<SubscriptionStatus>())]
    pub status: Option<SubscriptionStatus>,
    /// Only subscriptions over this transport.
    #[arg(long, value_parser = one_of::<Transport>())]
    pub transport: Option<Transport>,
    #[command(flatten)]
    pub page: super::paging::PageArgs,
}

#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The event's type.
    #[arg(long = "type", value_name = "TYPE")]
    pub event_type: Option<String>,
    /// The event's source.
    #[arg(long)]
    pub source: Option<String>,
    /// The event's subject.
    #[arg(long)]
    pub subject: Option<String>,
    /// The event's target (none by default: only --any-target
    /// subscriptions take an event without one).
    #[arg(long)]
    pub target: Option<String>,
    /// Also list every subscription of the type and why each that does not
    /// match does not (paused, target, source or subject filter).
    #[arg(long)]
    pub explain: bool,
}

/// One line on stderr when outbox's own senders cannot send to the
/// subscription's endpoint; the subscription is kept as given (a handler
/// may know how), and the answer and exit status stay the reference's.
fn warn_if_unsendable(subscription: &Subscription) {
    if let Some(note) = BrokerEndpoint::parse(subscription.transport, &subscription.endpoint)
        .ok()
        .and_then(|endpoint| endpoint.unchecked())
    {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "outbox: note: {note}");
    }
    if let Some(why) = unsendable(subscription.transport, &subscription.endpoint) {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "outbox: warning: {why}: outbox work cannot send its deliveries itself (a handler, outbox work -- CMD, can take them)"
        );
    }
}

pub fn exec(cmd: SubCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    let status_change = |status| SubscriptionFields {
        status: Some(status),
        ..SubscriptionFields::default()
    };
    Ok(match cmd {
        SubCommand::Create { fields, sub_id } => {
            let fields = fields.fields(ctx)?;
            let reply = ctx
                .outbox_creating()?
                .create_subscription(&fields, sub_id.as_deref())?;
            warn_if_unsendable(&reply.subscription);
            Box::new(reply)
        }
        SubCommand::Get { id } => {
            let (mut outbox, id) = ctx.outbox_for(IdKind::Subscription, &id)?;
            Box::new(outbox.get_subscription(&id)?)
        }
        SubCommand::List(args) => {
            let mut outbox = ctx.outbox()?;
            let mut filter = SubscriptionFilter {
                client_id: args.client_id,
                event_type: args.event_type,
                status: args.status,
                transport: args.transport,
                before: None,
            };
            filter.before = args.page.cursor(&mut outbox, IdKind::Subscription)?;
            let list = outbox.list_subscriptions(&filter, args.page.limit)?;
            let last = list.subscriptions.last().map(|s| s.sub_id.clone());
            let shown = list.count;
            super::paging::paged(ctx, Box::new(list), shown, args.page.limit, last, || {
                outbox.count_subscriptions(&filter)
            })?
        }
        SubCommand::Update { id, fields } => {
            let fields = fields.fields(ctx)?;
            let (mut outbox, id) = ctx.outbox_for(IdKind::Subscription, &id)?;
            let reply = outbox.update_subscription(&id, &fields)?;
            warn_if_unsendable(&reply.subscription);
            Box::new(reply)
        }
        SubCommand::Pause { id } => {
            let (mut outbox, id) = ctx.outbox_for(IdKind::Subscription, &id)?;
            let paused = status_change(SubscriptionStatus::Paused);
            Box::new(outbox.update_subscription(&id, &paused)?)
        }
        SubCommand::Test {
            id,
            event_type,
            subject,
            payload,
            record,
            timeout,
        } => {
            let timeout = super::duration_flag("timeout", &timeout)?;
            let payload = ctx.maybe_json_object("payload", payload.as_deref())?;
            let (mut outbox, id) = ctx.outbox_for(IdKind::Subscription, &id)?;
            let event_type = match event_type {
                Some(t) => t,
                None => {
                    let sub = outbox.get_subscription(&id)?.subscription;
                    let first = sub.event_types.first().cloned().unwrap_or_default();
                    first.replace('*', "test")
                }
            };
            let req = outbox::core::ledger::events::RecordEvent {
                event_type,
                subject,
                payload,
                source: Some("outbox".to_owned()),
                // An example of outbox's own events may be sent too.
                allow_reserved: true,
                ..Default::default()
            };
            let sender = outbox::worker::send::Sender::new(timeout);
            Box::new(crate::output::Trial(
                outbox.send_trial(&id, &req, record, &sender)?,
            ))
        }
        SubCommand::Delete { id, cancel_pending } => {
            let (mut outbox, id) = ctx.outbox_for(IdKind::Subscription, &id)?;
            Box::new(outbox.delete_subscription(&id, cancel_pending)?)
        }
        SubCommand::Resume { id } => {
            let (mut outbox, id) = ctx.outbox_for(IdKind::Subscription, &id)?;
            Box::new(outbox.resume_subscription(&id)?)
        }
        SubCommand::Health { id: Some(id) } => {
            let (mut outbox, id) = ctx.outbox_for(IdKind::Subscription, &id)?;
            Box::new(outbox.subscription_health(Some(&id))?)
        }
        SubCommand::Health { id: None } => Box::new(ctx.outbox()?.subscription_health(None)?),
        SubCommand::Secret {
            id,
            set,
            rotate,
            expire_old,
        } => {
            ctx.warn_if_readable_by_others();
            let change = match (set, rotate, expire_old) {
                (Some(secret), _, _) => SecretChange::Set(secret),
                (None, true, _) => SecretChange::Rotate,
                (None, false, true) => SecretChange::ExpireOld,
                (None, false, false) => SecretChange::Show,
            };
            let (mut outbox, id) = ctx.outbox_for(IdKind::Subscription, &id)?;
            Box::new(outbox.subscription_secret(&id, &change)?)
        }
        SubCommand::Backfill {
            ids,
            client,
            window,
            dry_run,
        } => {
            let (since, until) = window.bounds(ctx)?;
            let mut outbox = ctx.outbox()?;
            if let [id] = ids.as_slice() {
                let id = outbox.resolve(IdKind::Subscription, id)?;
                return Ok(Box::new(outbox.backfill(&id, since, until, dry_run)?));
            }
            let ids = match client {
                Some(client) => outbox.active_subscriptions_of(&client)?,
                None => outbox.resolve_all(IdKind::Subscription, &ids)?,
            };
            Box::new(outbox.backfill_each(&ids, since, until, dry_run)?)
        }
        SubCommand::Match(args) => {
            let text = |v: Option<String>| v.unwrap_or_default();
            let (event_type, source, subject, target) = (
                text(args.event_type),
                text(args.source),
                text(args.subject),
                text(args.target),
            );
            let mut outbox = ctx.outbox()?;
            if args.explain {
                Box::new(outbox.explain_match(&event_type, &source, &subject, &target)?)
            } else {
                Box::new(outbox.match_event(&event_type, &source, &subject, &target)?)
            }
        }
    })
}
