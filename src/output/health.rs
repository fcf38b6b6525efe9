//! `sub health` for people: a card for one subscription, a table for many.

use super::tables::{fit, key_values, or_dash, short, when};
use super::{Human, View, relative};
use outbox::core::health::BreakerState;
use outbox::core::health::report::{HealthList, SubscriptionHealth};
use outbox::core::health::span;
use outbox::core::records::model::Subscription;
use outbox::core::settings::protection::Protection;

fn breaker(h: &SubscriptionHealth, view: &View) -> String {
    let b = &h.breaker;
    match b.state {
        BreakerState::Off => "off".to_owned(),
        BreakerState::Closed => "closed".to_owned(),
        BreakerState::Open => format!("open until {}", when(b.open_until, view.now)),
        BreakerState::Probing if b.probe.is_empty() => "probing (next delivery)".to_owned(),
        BreakerState::Probing => format!("probing with {}", short(&b.probe)),
    }
}

fn rate(h: &SubscriptionHealth) -> String {
    h.rate
        .as_ref()
        .map_or("-".to_owned(), |r| format!("{} of {}", r.used, r.rate))
}

fn in_flight(h: &SubscriptionHealth) -> String {
    match h.max_in_flight {
        Some(cap) => format!("{} of {cap}", h.in_flight),
        None => h.in_flight.to_string(),
    }
}

/// A time in a table cell: `3m ago`; 0 is "never".
fn ago(at: i64, view: &View) -> String {
    if at == 0 {
        "-".to_owned()
    } else {
        relative(at, view.now)
    }
}

fn paused(h: &SubscriptionHealth, view: &View) -> String {
    if h.paused_until > view.now {
        format!("until {}", when(h.paused_until, view.now))
    } else {
        "-".to_owned()
    }
}

fn card(h: &SubscriptionHealth, view: &View) -> String {
    let threshold = h.breaker.threshold.map_or("off".to_owned(), |n| {
        format!("opens after {n} failures in a row")
    });
    key_values(
        view,
        vec![
            ("subId", h.sub_id.clone()),
            ("transport", h.transport.to_string()),
            ("status", h.status.to_string()),
            ("breaker", breaker(h, view)),
            ("breakerRule", threshold),
            ("consecutiveFailures", h.consecutive_failures.to_string()),
            ("failingSince", when(h.failing_since, view.now)),
            ("lastSuccessAt", when(h.last_success_at, view.now)),
            ("lastError", or_dash(&h.last_error).to_owned()),
            ("rate", rate(h)),
            ("inFlight", in_flight(h)),
            ("pausedUntil", paused(h, view)),
            (
                "disableAfter",
                h.disable_after.map_or("never".to_owned(), span),
            ),
            (
                "disabled",
                if h.disabled_at == 0 {
                    "-".to_owned()
                } else {
                    format!(
                        "{}: {}",
                        relative(h.disabled_at, view.now),
                        h.disabled_reason
                    )
                },
            ),
        ],
    )
}

impl Human for HealthList {
    fn human(&self, view: &View) -> String {
        if let ([one], true) = (self.subscriptions.as_slice(), self.one) {
            return card(one, view);
        }
        let mut table = view.table(&[
            "sub",
            "transport",
            "status",
            "breaker",
            "fails",
            "last success",
            "rate",
            "in flight",
            "paused",
        ]);
        for h in &self.subscriptions {
            table.add_row(vec![
                short(&h.sub_id),
                h.transport.to_string(),
                h.status.to_string(),
                breaker(h, view),
                h.consecutive_failures.to_string(),
                ago(h.last_success_at, view),
                rate(h),
                in_flight(h),
                paused(h, view),
            ]);
        }
        fit(&mut table, &[0, 1, 2, 4], &[3, 5]);
        let noun = super::tables::counted("subscriptions", self.count as i64);
        format!("{}\n{} {noun}", view.finish(table), self.count)
    }
}

/// The protection a subscription's card shows: what is set and in force.
pub(super) fn protection_in_force(s: &Subscription) -> String {
    let p = Protection::of(s);
    let mut parts = Vec::new();
    if let Some(rate) = p.rate {
        parts.push(format!("at most {rate}"));
    }
    if let Some(cap) = p.max_in_flight {
        parts.push(format!("at most {cap} in flight"));
    }
    parts.push(match p.breaker {
        Some(n) => format!(
            "breaker after {n} failures (open {}, doubling to {})",
            span(p.cool_down),
            span(p.max_cool_down)
        ),
        None => "no breaker".to_owned(),
    });
    parts.push(match p.disable_after {
        Some(after) => format!("disabled after {} failing", span(after)),
        None => "never disabled".to_owned(),
    });
    parts.join("; ")
}
