//! The flags of `sub create|update` that protect an endpoint: a rate, a cap
//! on deliveries in flight, the breaker and its cool-downs, and the rule
//! that disables what keeps failing.

use clap::Args;
use outbox::core::settings::protection::{ProtectionChange, Rate, parse_count};
use outbox::lifecycle::when::parse_duration;
use outbox::{Error, Result};

#[derive(Debug, Default, Args)]
pub struct ProtectionArgs {
    /// At most N deliveries sent (or handed to a handler) a second, minute
    /// or hour, across every worker: N/s, N/m or N/h; `none` lifts it.
    #[arg(long, value_name = "N/PER")]
    pub rate: Option<String>,
    /// At most N deliveries claimed at once, across every worker; `none`
    /// lifts it.
    #[arg(long, value_name = "N")]
    pub max_in_flight: Option<String>,
    /// Stop sending for a cool-down (--breaker-cooldown, doubling to
    /// --breaker-max-cooldown) after N failed attempts in a row, then probe
    /// with one; `off`. Default 5 for every transport outbox sends; off for poll.
    #[arg(long, value_name = "N")]
    pub breaker: Option<String>,
    /// How long the breaker stays open after its first trip (default 1m);
    /// each trip in a row doubles it.
    #[arg(
        allow_hyphen_values = true,
        long = "breaker-cooldown",
        value_name = "DUR"
    )]
    pub cool_down: Option<String>,
    /// Where the doubling of the breaker's cool-down stops (default 1h).
    #[arg(
        allow_hyphen_values = true,
        long = "breaker-max-cooldown",
        value_name = "DUR"
    )]
    pub max_cool_down: Option<String>,
    /// Disable the subscription once every attempt has failed this long
    /// with no success (5d, 12h); `never`. Default 5d for every transport
    /// outbox sends; never for poll.
    #[arg(allow_hyphen_values = true, long, value_name = "DUR")]
    pub disable_after: Option<String>,
}

/// A duration longer than zero, or refused with `code` naming `flag`.
fn positive(flag: &str, code: &str, text: &str) -> Result<i64> {
    match parse_duration(text) {
        Ok(seconds) if seconds > 0 => Ok(seconds),
        Ok(_) => Err(format!("{text:?} is not a positive duration")),
        Err(e) => Err(e),
    }
    .map_err(|e| Error::input(code, format!("{flag}: {e}")))
}

impl ProtectionArgs {
    /// The change the flags ask, each checked: a number in range, a rate,
    /// a duration, or the word that lifts it.
    pub fn change(&self) -> Result<ProtectionChange> {
        let cool_down = self
            .cool_down
            .as_deref()
            .map(|d| positive("--breaker-cooldown", "invalid:breakerCooldown", d))
            .transpose()?;
        let max_cool_down = self
            .max_cool_down
            .as_deref()
            .map(|d| positive("--breaker-max-cooldown", "invalid:breakerMaxCooldown", d))
            .transpose()?;
        if let (Some(first), Some(most)) = (cool_down, max_cool_down)
            && most < first
        {
            return Err(Error::input(
                "invalid:breakerMaxCooldown",
                "--breaker-max-cooldown must not be shorter than --breaker-cooldown",
            ));
        }
        Ok(ProtectionChange {
            rate: self
                .rate
                .as_deref()
                .map(|r| match r.trim() {
                    "none" => Ok(None),
                    r => r.parse::<Rate>().map(Some),
                })
                .transpose()?,
            max_in_flight: self
                .max_in_flight
                .as_deref()
                .map(|n| parse_count(n, "--max-in-flight", "none", "invalid:maxInFlight"))
                .transpose()?,
            breaker: self
                .breaker
                .as_deref()
                .map(|n| parse_count(n, "--breaker", "off", "invalid:breaker"))
                .transpose()?,
            disable_after: self
                .disable_after
                .as_deref()
                .map(|d| match d.trim() {
                    "never" => Ok(None),
                    d => positive(
                        "--disable-after takes a duration or never",
                        "invalid:disableAfter",
                        d,
                    )
                    .map(Some),
                })
                .transpose()?,
            cool_down,
            max_cool_down,
        })
    }
}
