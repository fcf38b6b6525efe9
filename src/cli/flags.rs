//! Flags several commands share: a window of time (`--since`, `--until`)
//! and the filters of the delivery commands (`--event`, `--sub`,
//! `--client`, `--transport`).

use super::{Context, one_of};
use clap::Args;
use outbox::core::records::model::Transport;
use outbox::core::storage::DeliveryFilter;
use outbox::lifecycle::when::parse_time;
use outbox::{Error, Result};

/// A window of time by when events were recorded.
#[derive(Debug, Clone, Default, Args)]
pub struct WindowArgs {
    /// Only what was recorded (events) or created (deliveries) at or after
    /// this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29
    /// 18:00` (UTC), or a duration ago (2h, 7d).
    #[arg(long, value_name = "TIME")]
    pub since: Option<String>,
    /// Only what was recorded or created before this time (same forms as --since).
    #[arg(long, value_name = "TIME")]
    pub until: Option<String>,
}

impl WindowArgs {
    /// `(since, until)` in unix seconds.
    pub fn bounds(&self, ctx: &Context) -> Result<(Option<i64>, Option<i64>)> {
        let now = ctx.clock.now();
        let parse = |flag: &str, text: &Option<String>| {
            text.as_deref()
                .map(|t| {
                    parse_time(t, now)
                        .map_err(|e| Error::input("invalid:time", format!("--{flag}: {e}")))
                })
                .transpose()
        };
        let (since, until) = (parse("since", &self.since)?, parse("until", &self.until)?);
        if let (Some(since), Some(until)) = (since, until)
            && since >= until
        {
            // An inverted window would quietly answer nothing.
            return Err(Error::input(
                "invalid:window",
                format!(
                    "--since ({}) is not before --until ({}): the window holds no time; a duration counts back from now, so the longer one is the earlier (--since 2h --until 1h)",
                    self.since.as_deref().unwrap_or_default(),
                    self.until.as_deref().unwrap_or_default()
                ),
            ));
        }
        Ok((since, until))
    }
}

/// Filters shared by the delivery commands.
#[derive(Debug, Clone, Default, Args)]
pub struct DeliveryFilterArgs {
    /// Only deliveries of this event.
    #[arg(long = "event", value_name = "EVENT_ID")]
    pub event_id: Option<String>,
    /// Only deliveries for this subscription.
    #[arg(long = "sub", value_name = "SUB_ID")]
    pub sub_id: Option<String>,
    /// Only deliveries to this client.
    #[arg(long = "client", value_name = "CLIENT_ID")]
    pub client_id: Option<String>,
    /// Only deliveries over this transport.
    #[arg(long, value_parser = one_of::<Transport>())]
    pub transport: Option<Transport>,
}

impl DeliveryFilterArgs {
    pub fn filter(&self) -> DeliveryFilter {
        DeliveryFilter {
            event_id: self.event_id.clone(),
            sub_id: self.sub_id.clone(),
            client_id: self.client_id.clone(),
            transport: self.transport,
            ..DeliveryFilter::default()
        }
    }
}
