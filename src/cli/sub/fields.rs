//! The flags that say what a subscription is (`sub create` and `sub
//! update`), checked and turned into the core's fields: the policy, the
//! envelope, order, protection and headers among them.

use super::super::{Context, one_of};
use clap::Args;
use outbox::core::ledger::announce::ANNOUNCE_RETRIES;
use outbox::core::ledger::subscriptions::SubscriptionFields;
use outbox::core::ordering::OrderingChange;
use outbox::core::records::model::{SubscriptionStatus, Transport};
use outbox::core::reference::json::Object;
use outbox::core::settings::endpoint::ENVELOPE_KEY;
use outbox::core::settings::policy::MAX_MAX_ATTEMPTS;
use outbox::core::settings::policy::PolicyChange;
use outbox::lifecycle::when::parse_duration;
use outbox::worker::mcp::{self, McpTool};
use outbox::{Error, Result};

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
    /// How the client takes deliveries: poll (it claims them), webhook,
    /// a2a, mcp, or a message broker (nats, amqp, mqtt, redis), which
    /// `outbox work` sends.
    #[arg(long, value_parser = one_of::<Transport>())]
    pub transport: Option<Transport>,
    /// Where deliveries go: an http(s):// URL for webhook, a2a and mcp;
    /// for a broker, nats://HOST/SUBJECT, amqp://HOST/VHOST?exchange=EX&routing_key=KEY,
    /// mqtt://HOST/TOPIC[?qos=0|1|2&version=3.1.1] or redis://HOST/DB?stream=NAME[&maxlen=N]
    /// (tls://, amqps://, mqtts://, rediss:// for TLS; ?envelope=structured
    /// for a whole CloudEvent as the body). The name may hold {type},
    /// {subject}, {source}, {target} and {client}, filled per event.
    #[arg(long)]
    pub endpoint: Option<String>,
    /// active (default), paused (no deliveries for new events) or disabled.
    #[arg(long, value_parser = one_of::<SubscriptionStatus>())]
    pub status: Option<SubscriptionStatus>,
    /// Only events with this `source` or `subject`, as KEY=VALUE; repeatable.
    #[arg(long = "filter", value_name = "KEY=VALUE")]
    pub filters: Vec<String>,
    /// Free-form details, a JSON object (text, @FILE or - for stdin).
    #[arg(long, value_name = "JSON")]
    pub meta: Option<String>,
    /// Delays before attempts 2, 3, ... as durations (5s,5m,30m,2h); the
    /// last one repeats. `none` removes the retry policy.
    #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
    pub retry_schedule: Option<String>,
    /// Move each retry delay by a random amount within ±PCT (e.g. 20%).
    #[arg(long, value_name = "PCT", allow_hyphen_values = true)]
    pub retry_jitter: Option<String>,
    /// Attempts a delivery gets before it is dead (1-100; default 3).
    #[arg(allow_negative_numbers = true, long, value_name = "N")]
    pub max_attempts: Option<i64>,
    /// A header every webhook request carries, `Name: value` (repeatable;
    /// `Name:` removes it). Values of names that look secret
    /// (Authorization, *-Key, *-Token) are shown as ***.
    #[arg(long = "header", value_name = "NAME: VALUE")]
    pub headers: Vec<String>,
    /// The tool an `mcp` subscription's deliveries call on its server
    /// (`tools/call`), kept in `meta.mcp`.
    #[arg(long, value_name = "NAME")]
    pub mcp_tool: Option<String>,
    /// The tool's arguments: `event` (default), `{"event": BODY}` with the
    /// body a webhook posts; or `payload`, the event's payload itself.
    #[arg(long, value_name = "FROM", value_parser = ["event", "payload"], requires = "mcp_tool")]
    pub mcp_arguments: Option<String>,
    /// What a webhook's body is: `standard-webhooks` (default), or a
    /// CloudEvent: `cloudevents` (binary mode: the payload as the body,
    /// the attributes as ce- headers) or `cloudevents-structured` (the
    /// whole event as the body); signed either way. Kept in
    /// `meta.envelope`. A broker endpoint says ?envelope=structured instead.
    #[arg(long, value_name = "ENVELOPE", value_parser = ["standard-webhooks", "cloudevents", "cloudevents-structured"])]
    pub envelope: Option<String>,
    /// `subject`: hand out each subject's deliveries one at a time, in the
    /// order their events were recorded; `none` lifts it.
    #[arg(long, value_name = "BY", value_parser = ["subject", "none"])]
    pub ordered_by: Option<String>,
    /// In an ordered subscription, what a dead letter does to its subject:
    /// `block` (default: the subject waits until it is redriven or
    /// canceled) or `skip` (the next event goes ahead).
    #[arg(long, value_name = "RULE", value_parser = ["block", "skip"])]
    pub on_dead: Option<String>,
    /// Record `outbox.delivery.retrying` each time one of this
    /// subscription's attempts fails and a retry is queued (for a
    /// subscription of `outbox.*` types to take; `false` stops it). Dead
    /// letters (`outbox.delivery.dead`) are announced without it.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true", value_parser = clap::value_parser!(bool))]
    pub announce_retries: Option<bool>,
    #[command(flatten)]
    pub protection: super::super::protection::ProtectionArgs,
}

impl FieldArgs {
    pub(super) fn fields(self, ctx: &Context) -> Result<SubscriptionFields> {
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
            retry: policy_change(
                self.retry_schedule.as_deref(),
                self.retry_jitter.as_deref(),
                self.max_attempts,
            )?,
            meta_set: {
                let mut set = Object::new();
                if let Some(tool) = self.mcp_tool.filter(|t| !t.trim().is_empty()) {
                    let tool = McpTool {
                        tool,
                        payload_as_arguments: self.mcp_arguments.as_deref() == Some("payload"),
                    };
                    set.insert(mcp::META_KEY.to_owned(), tool.to_json());
                }
                if let Some(envelope) = self.envelope {
                    // The default is kept as no key at all.
                    let value = match envelope.as_str() {
                        "standard-webhooks" => serde_json::Value::Null,
                        other => serde_json::Value::String(other.to_owned()),
                    };
                    set.insert(ENVELOPE_KEY.to_owned(), value);
                }
                if let Some(announce) = self.announce_retries {
                    // Off is kept as no key at all.
                    let value = if announce {
                        serde_json::Value::Bool(true)
                    } else {
                        serde_json::Value::Null
                    };
                    set.insert(ANNOUNCE_RETRIES.to_owned(), value);
                }
                set
            },
            ordering: OrderingChange {
                ordered: self.ordered_by.map(|by| by == "subject"),
                on_dead: self.on_dead.as_deref().map(str::parse).transpose()?,
            },
            protection: self.protection.change()?,
            headers: self
                .headers
                .iter()
                .map(|h| outbox::core::settings::headers::parse(h))
                .collect::<Result<_>>()?,
        })
    }
}

/// The retry policy flags, checked: every delay positive, jitter within
/// 0-100%, 1-100 attempts. Anything else is refused before a write.
fn policy_change(
    schedule: Option<&str>,
    jitter: Option<&str>,
    max_attempts: Option<i64>,
) -> Result<PolicyChange> {
    let schedule = match schedule.map(str::trim) {
        None => None,
        Some("none") => Some(Vec::new()),
        Some(list) => Some(
            list.split(',')
                .map(|entry| match parse_duration(entry) {
                    Ok(seconds) if seconds > 0 => Ok(seconds),
                    Ok(_) => Err(format!("{:?} is not a positive delay", entry.trim())),
                    Err(e) => Err(e),
                })
                .collect::<std::result::Result<Vec<_>, _>>()
                .map_err(|e| {
                    Error::input("invalid:retrySchedule", format!("--retry-schedule: {e}"))
                })?,
        ),
    };
    let jitter = jitter
        .map(|text| {
            let number = text.trim().trim_end_matches('%').trim();
            match number.parse::<f64>() {
                Ok(pct) if (0.0..=100.0).contains(&pct) => Ok(pct / 100.0),
                _ => Err(Error::input(
                    "invalid:retryJitter",
                    format!("--retry-jitter: {text:?} is not a percentage from 0% to 100%"),
                )),
            }
        })
        .transpose()?;
    if let Some(n) = max_attempts.filter(|n| !(1..=MAX_MAX_ATTEMPTS).contains(n)) {
        return Err(Error::input(
            "invalid:maxAttempts",
            format!("--max-attempts: {n} is outside 1-{MAX_MAX_ATTEMPTS}"),
        ));
    }
    Ok(PolicyChange {
        schedule,
        jitter,
        max_attempts,
    })
}
