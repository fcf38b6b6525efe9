//! What a subscription asks to protect its endpoint, kept in its
//! `meta.protection` (`sub create|update --rate --max-in-flight --breaker
//! --disable-after`): a rate limit, a cap on deliveries claimed at once, a
//! circuit breaker and the rule that disables what keeps failing. Only the
//! keys a person set are stored; the rest take the transport's defaults
//! (the breaker and the disable rule guard the endpoints outbox sends to
//! itself: webhook, A2A and MCP; a poll subscription has none of it).

use crate::core::records::error::{Error, Result};
use crate::core::records::model::{Subscription, Transport};
use crate::core::reference::json::Object;
use serde_json::{Value, json};

/// The key of a subscription's `meta` that holds its protection.
pub const META_KEY: &str = "protection";
/// Consecutive failed attempts that open the breaker, unless set.
pub const BREAKER_FAILURES: u32 = 5;
/// How long an endpoint may fail without a success before it is disabled.
pub const DISABLE_AFTER: i64 = 5 * 86_400;
/// The breaker's first cool-down (seconds), unless set; it doubles with
/// each trip in a row up to [`MAX_COOL_DOWN`].
pub const COOL_DOWN: i64 = 60;
/// The longest cool-down, unless set.
pub const MAX_COOL_DOWN: i64 = 3600;
/// The largest `--rate` and `--max-in-flight`.
pub const MAX_LIMIT: u32 = 100_000;

/// `N/s`, `N/m`, `N/h`: at most `limit` claims in any window of `period`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub limit: u32,
    /// Seconds: 1, 60 or 3600.
    pub period: i64,
}

impl Rate {
    pub fn period_ms(self) -> i64 {
        self.period * 1000
    }

    /// How long a send counts against the rate: its period and a fiftieth
    /// more. A request reaches its receiver some milliseconds after its
    /// slot, sooner or later as the machine is busy; the margin lets one
    /// arrive that much later than the next without both landing in one
    /// period at the receiver's clock.
    pub fn window_ms(self) -> i64 {
        self.period_ms() + self.period_ms() / 50
    }

    /// When the `n`-th send of a run that started at `first` (unix ms) may
    /// go out: the window shared out evenly, `n` windows' worth in `n`
    /// times the limit, so no window holds more than the limit.
    pub fn nth_send(self, first: i64, n: i64) -> i64 {
        let limit = self.sends();
        first + (n * self.window_ms() + limit - 1) / limit
    }

    /// The limit, as the arithmetic of slots takes it (never 0).
    pub fn sends(self) -> i64 {
        i64::from(self.limit.max(1))
    }

    fn unit(self) -> &'static str {
        match self.period {
            1 => "s",
            60 => "m",
            _ => "h",
        }
    }
}

impl std::fmt::Display for Rate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.limit, self.unit())
    }
}

impl std::str::FromStr for Rate {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self> {
        let refuse = || {
            Error::input(
                "invalid:rate",
                format!(
                    "--rate takes N/s, N/m, N/h (N from 1 to {MAX_LIMIT}) or none, not {text:?}"
                ),
            )
        };
        let (number, unit) = text.trim().split_once('/').ok_or_else(refuse)?;
        let limit: u32 = number.trim().parse().map_err(|_| refuse())?;
        let period = match unit.trim() {
            "s" => 1,
            "m" => 60,
            "h" => 3600,
            _ => return Err(refuse()),
        };
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(refuse());
        }
        Ok(Rate { limit, period })
    }
}

/// A subscription's protection, its defaults filled in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Protection {
    pub rate: Option<Rate>,
    pub max_in_flight: Option<u32>,
    /// Consecutive failures that open the breaker; `None`: no breaker.
    pub breaker: Option<u32>,
    /// Seconds of failing without a success that disable; `None`: never.
    pub disable_after: Option<i64>,
    /// Seconds the breaker stays open after its first trip (`--breaker-cooldown`).
    pub cool_down: i64,
    /// Where the doubling of the cool-down stops (`--breaker-max-cooldown`).
    pub max_cool_down: i64,
}

impl Default for Protection {
    /// Nothing guarded, the breaker's cool-downs as outbox sets them.
    fn default() -> Self {
        Protection {
            rate: None,
            max_in_flight: None,
            breaker: None,
            disable_after: None,
            cool_down: COOL_DOWN,
            max_cool_down: MAX_COOL_DOWN,
        }
    }
}

impl Protection {
    /// What `sub` asks, from its `meta.protection` and its transport.
    pub fn of(sub: &Subscription) -> Protection {
        Protection::from_meta(&sub.meta, sub.transport)
    }

    pub fn from_meta(meta: &Object, transport: Transport) -> Protection {
        let guarded = transport != Transport::Poll;
        let set = meta.get(META_KEY).and_then(Value::as_object);
        let key = |name: &str| set.and_then(|s| s.get(name));
        let count = |v: &Value| {
            v.as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .filter(|n| *n > 0)
        };
        Protection {
            rate: key("rate")
                .and_then(Value::as_str)
                .and_then(|r| r.parse().ok()),
            max_in_flight: key("maxInFlight").and_then(count),
            breaker: match key("breaker") {
                Some(v) => count(v),
                None => guarded.then_some(BREAKER_FAILURES),
            },
            disable_after: match key("disableAfter") {
                Some(v) => v.as_i64().filter(|s| *s > 0),
                None => guarded.then_some(DISABLE_AFTER),
            },
            cool_down: key("breakerCooldown")
                .and_then(Value::as_i64)
                .filter(|s| *s > 0)
                .unwrap_or(COOL_DOWN),
            max_cool_down: key("breakerMaxCooldown")
                .and_then(Value::as_i64)
                .filter(|s| *s > 0)
                .unwrap_or(MAX_COOL_DOWN),
        }
    }

    /// How long the breaker stays open after its `trips`-th trip in a row:
    /// the first cool-down, doubling each time up to the longest.
    pub fn cool_down_after(&self, trips: i64) -> i64 {
        let doublings = u32::try_from(trips.saturating_sub(1))
            .unwrap_or(u32::MAX)
            .min(40);
        self.cool_down
            .saturating_mul(1_i64 << doublings)
            .min(self.max_cool_down.max(self.cool_down))
    }

    /// Whether claims of the subscription are counted (rate or cap set),
    /// so every claim reads its health.
    pub fn limited(&self) -> bool {
        self.rate.is_some() || self.max_in_flight.is_some()
    }
}

/// `sub create|update` flags; `Some(None)` lifts the setting (`none`,
/// `off`, `never`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProtectionChange {
    pub rate: Option<Option<Rate>>,
    pub max_in_flight: Option<Option<u32>>,
    pub breaker: Option<Option<u32>>,
    pub disable_after: Option<Option<i64>>,
    /// Seconds: `--breaker-cooldown`, `--breaker-max-cooldown`.
    pub cool_down: Option<i64>,
    pub max_cool_down: Option<i64>,
}

impl ProtectionChange {
    pub fn is_empty(&self) -> bool {
        *self == ProtectionChange::default()
    }

    /// Writes the change into a subscription's meta. A lifted rate or cap
    /// is removed; a breaker turned off or a disable rule of `never` is
    /// kept as such, since on webhooks they are on unless said otherwise.
    pub fn apply(self, meta: &mut Object) {
        if self.is_empty() {
            return;
        }
        crate::core::reference::json::edit_object(meta, META_KEY, |set| {
            let mut put = |name: &str, value: Option<Value>| match value {
                Some(v) => {
                    set.insert(name.to_owned(), v);
                }
                None => {
                    set.remove(name);
                }
            };
            if let Some(rate) = self.rate {
                put("rate", rate.map(|r| json!(r.to_string())));
            }
            if let Some(cap) = self.max_in_flight {
                put("maxInFlight", cap.map(|n| json!(n)));
            }
            if let Some(breaker) = self.breaker {
                put("breaker", Some(breaker.map_or(json!("off"), |n| json!(n))));
            }
            if let Some(seconds) = self.cool_down {
                put("breakerCooldown", Some(json!(seconds)));
            }
            if let Some(seconds) = self.max_cool_down {
                put("breakerMaxCooldown", Some(json!(seconds)));
            }
            if let Some(after) = self.disable_after {
                put(
                    "disableAfter",
                    Some(after.map_or(json!("never"), |s| json!(s))),
                );
            }
        });
    }
}

/// `--max-in-flight N|none` and `--breaker N|off`: a count from 1 to
/// [`MAX_LIMIT`], or the word that lifts it.
pub fn parse_count(text: &str, flag: &str, lift: &str, code: &'static str) -> Result<Option<u32>> {
    let text = text.trim();
    if text == lift {
        return Ok(None);
    }
    match text.parse::<u32>() {
        Ok(n) if (1..=MAX_LIMIT).contains(&n) => Ok(Some(n)),
        _ => Err(Error::input(
            code,
            format!("{flag} takes a number from 1 to {MAX_LIMIT} or {lift}, not {text:?}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_parse_and_print_back() {
        let rate: Rate = "50/s".parse().unwrap();
        assert_eq!((rate.limit, rate.period), (50, 1));
        assert_eq!(rate.to_string(), "50/s");
        assert_eq!("20/h".parse::<Rate>().unwrap().period_ms(), 3_600_000);
        assert_eq!("20/s".parse::<Rate>().unwrap().window_ms(), 1020);
        for bad in ["50", "0/s", "5/d", "x/s", "200000/s"] {
            assert_eq!(bad.parse::<Rate>().unwrap_err().code(), "invalid:rate");
        }
    }

    #[test]
    fn defaults_guard_what_outbox_sends_and_leave_poll_alone() {
        let none = Object::new();
        let webhook = Protection::from_meta(&none, Transport::Webhook);
        assert_eq!(webhook.breaker, Some(BREAKER_FAILURES));
        assert_eq!(webhook.disable_after, Some(DISABLE_AFTER));
        assert!(!webhook.limited());
        let poll = Protection::from_meta(&none, Transport::Poll);
        assert_eq!(poll, Protection::default());
    }

    #[test]
    fn changes_are_kept_in_meta_and_lifted_again() {
        let mut meta = Object::new();
        ProtectionChange {
            rate: Some(Some("50/s".parse().unwrap())),
            max_in_flight: Some(Some(3)),
            breaker: Some(None),
            disable_after: Some(None),
            ..ProtectionChange::default()
        }
        .apply(&mut meta);
        assert_eq!(
            Value::Object(meta.clone()),
            json!({"protection": {"rate": "50/s", "maxInFlight": 3, "breaker": "off", "disableAfter": "never"}})
        );
        let p = Protection::from_meta(&meta, Transport::Webhook);
        assert_eq!(
            (p.breaker, p.disable_after, p.max_in_flight),
            (None, None, Some(3))
        );
        assert!(p.limited());
        ProtectionChange {
            rate: Some(None),
            max_in_flight: Some(None),
            ..ProtectionChange::default()
        }
        .apply(&mut meta);
        assert_eq!(
            Value::Object(meta.clone()),
            json!({"protection": {"breaker": "off", "disableAfter": "never"}})
        );
        ProtectionChange {
            breaker: Some(Some(5)),
            disable_after: Some(Some(60)),
            ..ProtectionChange::default()
        }
        .apply(&mut meta);
        let p = Protection::from_meta(&meta, Transport::Poll);
        assert_eq!((p.breaker, p.disable_after), (Some(5), Some(60)));
    }

    #[test]
    fn counts_take_a_word_that_lifts_them() {
        assert_eq!(
            parse_count("3", "--max-in-flight", "none", "invalid:maxInFlight").unwrap(),
            Some(3)
        );
        assert_eq!(
            parse_count("off", "--breaker", "off", "invalid:breaker").unwrap(),
            None
        );
        let e = parse_count("0", "--breaker", "off", "invalid:breaker").unwrap_err();
        assert_eq!(e.code(), "invalid:breaker");
    }
}

#[cfg(test)]
mod cool_downs {
    use super::*;

    #[test]
    fn the_cool_down_doubles_from_its_first_to_its_longest() {
        let p = Protection::default();
        let seen: Vec<i64> = (1..=8).map(|t| p.cool_down_after(t)).collect();
        assert_eq!(seen, [60, 120, 240, 480, 960, 1920, 3600, 3600]);
        let p = Protection {
            cool_down: 10,
            max_cool_down: 15,
            ..Protection::default()
        };
        assert_eq!((p.cool_down_after(1), p.cool_down_after(2)), (10, 15));
        assert_eq!(p.cool_down_after(i64::MAX), 15);
    }
}
