//! How the ledger's own answers (events, subscriptions, deliveries, their
//! chains, retries and stats) read for people: cards for one, tables for
//! many.

use super::tables::{
    ATTEMPTS, DELIVERIES, EVENTS, SUBSCRIPTIONS, delivery_card, delivery_table, due, event_card,
    event_table, short, subscription_card, subscription_table, tally,
};
use super::{Human, View};
use outbox::core::health::report::{Held, WhyHeld};
use outbox::core::ledger::deliveries::{
    Chain, DeliveryList, DeliveryPage, DeliveryReply, StatsReply, WaitingList,
};
use outbox::core::ledger::events::{EventList, EventRecorded, EventReply};
use outbox::core::ledger::retries::{Failed, Retried, RetryOutcome};
use outbox::core::ledger::subscriptions::{
    SubscriptionDeleted, SubscriptionList, SubscriptionReply,
};
use outbox::core::storage::lanes::Waiting;
use outbox::worker::trial::TrialSent;

impl Human for EventRecorded {
    fn human(&self, view: &View) -> String {
        let mut out = event_card(&self.event, view);
        if !self.deliveries.is_empty() {
            out.push('\n');
            out.push_str(&delivery_table(&self.deliveries, view));
        }
        out
    }
}

impl Human for EventReply {
    fn human(&self, view: &View) -> String {
        event_card(&self.event, view)
    }
}

impl Human for EventList {
    fn human(&self, view: &View) -> String {
        format!(
            "{}\n{}",
            event_table(&self.events, view),
            tally(self.count, None, EVENTS)
        )
    }
}

impl Human for SubscriptionReply {
    fn human(&self, view: &View) -> String {
        subscription_card(&self.subscription, view)
    }
}

impl Human for SubscriptionDeleted {
    fn human(&self, _view: &View) -> String {
        let canceled = self.canceled_deliveries.len();
        let mut out = format!(
            "deleted subscription {} ({})",
            self.subscription.sub_id, self.subscription.client_id
        );
        if canceled > 0 {
            out.push_str(&format!(
                "; canceled {canceled} pending {}",
                if canceled == 1 {
                    "delivery"
                } else {
                    "deliveries"
                }
            ));
        }
        out
    }
}

/// `sub test`'s answer: the exit status says whether the endpoint took
/// the event (1 when it did not), as `curl --fail` would.
pub struct Trial(pub TrialSent);

impl super::Report for Trial {
    fn json(&self) -> serde_json::Value {
        serde_json::to_value(&self.0).expect("answers serialise")
    }
    fn human(&self, view: &View) -> String {
        trial_text(&self.0, view)
    }
    fn refusals(&self) -> Vec<String> {
        match (&self.0.outcome, &self.0.error) {
            (&"failed", Some(error)) => vec![format!(
                "subscription {}: the endpoint did not take the test event: {error}",
                self.0.sub_id
            )],
            _ => Vec::new(),
        }
    }
}

fn trial_text(this: &TrialSent, _view: &View) -> String {
    let answered = this
        .response
        .as_ref()
        .map(|r| {
            let body = r["body"].as_str().unwrap_or("").replace(['\r', '\n'], " ");
            let body: String = body.chars().take(200).collect();
            format!("HTTP {} {}", r["status"], body)
                .trim_end()
                .to_owned()
        })
        .unwrap_or_default();
    let mut out = match (this.outcome, &this.error) {
        ("delivered", _) => format!(
            "delivered {} ({}) to {} in {} ms: {answered}",
            this.event_id, this.event_type, this.endpoint, this.duration_ms
        ),
        (_, error) => format!(
            "failed to deliver {} ({}) to {} after {} ms: {}",
            this.event_id,
            this.event_type,
            this.endpoint,
            this.duration_ms,
            error.as_deref().unwrap_or(&answered)
        ),
    };
    if this.retry == Some(false) {
        out.push_str(" (a worker would not retry it)");
    }
    match &this.delivery {
        Some(d) => out.push_str(&format!(
            "\nrecorded: delivery {} is {}",
            d.delivery_id, d.status
        )),
        None => out.push_str("\nnothing recorded (--record records it)"),
    }
    out
}

impl Human for SubscriptionList {
    fn human(&self, view: &View) -> String {
        format!(
            "{}\n{}",
            subscription_table(&self.subscriptions, view),
            tally(self.count, None, SUBSCRIPTIONS)
        )
    }
}

impl Human for DeliveryReply {
    fn human(&self, view: &View) -> String {
        delivery_card(&self.delivery, view)
    }
}

impl Human for WaitingList {
    fn human(&self, view: &View) -> String {
        let mut table = view.table(&["id", "type", "subject", "waits for", "try"]);
        for w in &self.deliveries {
            let d = &w.delivery;
            let meta = |key: &str| d.meta.get(key).and_then(|v| v.as_str()).unwrap_or("-");
            table.add_row(vec![
                short(&d.delivery_id),
                meta("eventType").to_owned(),
                meta("subject").to_owned(),
                if w.waiting_for.is_empty() {
                    "-".to_owned()
                } else {
                    short(&w.waiting_for)
                },
                d.attempt.to_string(),
            ]);
        }
        format!(
            "{}\n{}",
            view.finish(table),
            tally(self.count, None, DELIVERIES)
        )
    }
}

/// A delivery list for people: held deliveries shown as held and why, and
/// for dead letters their subjects; the JSON is the list's own.
pub struct Explained {
    pub list: DeliveryList,
    pub why: Vec<(String, WhyHeld)>,
    pub subject: bool,
}

/// Why a held delivery waits, in a table cell.
fn why_text(why: &WhyHeld, view: &View) -> String {
    match why {
        WhyHeld::WaitsFor(head) if head.is_empty() => "waits in its lane".to_owned(),
        WhyHeld::WaitsFor(head) => format!("waits for {}", short(head)),
        WhyHeld::SetAside(Some(Held::Breaker { until })) if *until > view.now => {
            format!(
                "breaker open until {}",
                super::tables::when(*until, view.now)
            )
        }
        WhyHeld::SetAside(Some(Held::Breaker { .. })) => "breaker probing".to_owned(),
        WhyHeld::SetAside(Some(Held::Paused { until })) => {
            format!("paused until {}", super::tables::when(*until, view.now))
        }
        WhyHeld::SetAside(Some(Held::Disabled)) => "subscription disabled".to_owned(),
        WhyHeld::SetAside(None) => "set aside".to_owned(),
    }
}

impl super::Report for Explained {
    fn json(&self) -> serde_json::Value {
        super::Report::json(&self.list)
    }
    fn json_text(&self) -> String {
        super::Report::json_text(&self.list)
    }
    fn human(&self, view: &View) -> String {
        let why: std::collections::HashMap<String, String> = self
            .why
            .iter()
            .map(|(id, why)| (id.clone(), why_text(why, view)))
            .collect();
        let extras = super::tables::Extras {
            why: Some(&why),
            subject: self.subject,
        };
        format!(
            "{}\n{}",
            super::tables::delivery_table_with(&self.list.deliveries, view, &extras),
            tally(self.list.count, None, DELIVERIES)
        )
    }
}

impl Human for DeliveryList {
    fn human(&self, view: &View) -> String {
        format!(
            "{}\n{}",
            delivery_table(&self.deliveries, view),
            tally(self.count, None, DELIVERIES)
        )
    }
}

impl Human for DeliveryPage {
    fn human(&self, view: &View) -> String {
        format!(
            "{}\n{}",
            delivery_table(&self.deliveries, view),
            tally(self.count, Some(self.total), DELIVERIES)
        )
    }
}

impl Human for Chain {
    fn human(&self, view: &View) -> String {
        format!(
            "{}\n{} for event {} and subscription {}; latest {}",
            delivery_table(&self.deliveries, view),
            tally(self.count, Some(self.total as i64), ATTEMPTS),
            self.event_id,
            self.sub_id,
            self.latest_delivery_id
        )
    }
}

impl Human for Retried {
    fn human(&self, view: &View) -> String {
        let card = delivery_card(&self.delivery, view);
        if self.existed {
            format!(
                "{card}\nattempt {} existed already ({}): returned as it is, nothing queued",
                self.delivery.attempt, self.delivery.status
            )
        } else {
            format!("{card}\nqueued attempt {}", self.delivery.attempt)
        }
    }
}

impl Human for Failed {
    fn human(&self, view: &View) -> String {
        format!(
            "{}\n{}",
            delivery_card(&self.delivery, view),
            retry_text(&self.retry, view)
        )
    }
}

/// What failing a delivery left to come: the attempt queued, or none and why.
pub(super) fn retry_text(retry: &RetryOutcome, view: &View) -> String {
    match retry {
        RetryOutcome::Scheduled {
            delivery,
            max_attempts,
            ..
        } => format!(
            "retry: attempt {} of {max_attempts} queued as {} ({})",
            delivery.attempt,
            delivery.delivery_id,
            due(delivery, view.now).as_deref().unwrap_or("-")
        ),
        RetryOutcome::Exhausted { max_attempts, .. } => {
            format!("retry: none, all {max_attempts} attempts used")
        }
        RetryOutcome::Disabled { .. } => "retry: none, retries disabled".to_owned(),
    }
}

impl Human for StatsReply {
    fn human(&self, view: &View) -> String {
        stats_table(self, None, None, view)
    }
}

/// The stats as a table; `dead` adds the dead letters (failed, with no
/// attempt to come) after the states.
pub(super) fn stats_table(
    reply: &StatsReply,
    dead: Option<i64>,
    waiting: Option<Waiting>,
    view: &View,
) -> String {
    let s = &reply.stats;
    let mut table = view.table(&["deliveries", "count"]);
    for (label, n) in [
        ("total", s.total),
        ("ready to claim", s.ready),
        ("scheduled later", s.scheduled),
        ("claimed, lease live", s.active_claims),
        ("claimed, lease expired", s.expired),
    ] {
        table.add_row(vec![label.to_owned(), n.to_string()]);
    }
    if let Some(dead) = dead {
        table.add_row(vec!["dead letters".to_owned(), dead.to_string()]);
    }
    if let Some(w) = waiting {
        let lanes = [
            ("waiting behind their subject", w.deliveries),
            ("subjects waiting", w.subjects),
            ("subjects held by a dead letter", w.held_by_dead),
        ];
        let set_aside = [("set aside by their endpoint's protection", w.set_aside)];
        // Each group only where it has something to say.
        for group in [&lanes[..], &set_aside[..]] {
            if group.iter().any(|(_, n)| *n != 0) {
                for (label, n) in group {
                    table.add_row(vec![(*label).to_owned(), n.to_string()]);
                }
            }
        }
    }
    for (group, counts) in [
        ("status", &s.by_status),
        ("transport", &s.by_transport),
        ("client", &s.by_client),
    ] {
        for (key, n) in counts {
            table.add_row(vec![format!("{group} {key}"), n.to_string()]);
        }
    }
    view.finish(table)
}
