//! The human side of the worker's answers: signing secrets, claims that
//! carry their events, and the line `outbox work` says of a failure.

use super::answers::retry_text;
use super::tables::event_card;
use super::{Human, Report, View};
use outbox::core::ledger::deliveries::{DeliveryPage, DeliveryReply};
use outbox::core::ledger::matching::Explained;
use outbox::core::ledger::retries::Failed;
use outbox::core::records::model::Event;
use outbox::worker::secrets::Secrets;
use serde::Serialize;

impl Human for Secrets {
    fn human(&self, _view: &View) -> String {
        // The secret alone on the first line: `secret=$(outbox sub secret ID)`.
        let mut out = self.secret.clone();
        if self.secrets.len() > 1 {
            out.push_str(&format!(
                "\n({} secrets sign each delivery while rotating; `outbox sub secret {} --expire-old` keeps only the newest)",
                self.secrets.len(),
                self.sub_id
            ));
        }
        out
    }
}

/// A claim with `--with-event`: the reference's answer and the event (or
/// events, in the order of the deliveries) under their own key.
#[derive(Serialize)]
#[serde(untagged)]
pub enum WithEvent {
    One {
        #[serde(flatten)]
        reply: Box<DeliveryReply>,
        event: Option<Box<Event>>,
        /// How many times the delivery has been claimed (above 1 after a
        /// lapsed lease), beside the reference's keys.
        claims: i64,
    },
    Many {
        #[serde(flatten)]
        page: DeliveryPage,
        events: Vec<Option<Event>>,
        /// The claims of each delivery, in their order.
        claims: Vec<i64>,
    },
}

impl Human for WithEvent {
    fn human(&self, view: &View) -> String {
        match self {
            WithEvent::One { reply, event, .. } => {
                let mut out = Report::human(reply.as_ref(), view);
                if let Some(event) = event {
                    out.push_str("\n\n");
                    out.push_str(&event_card(event, view));
                }
                out
            }
            WithEvent::Many { page, events, .. } => {
                let mut out = Report::human(page, view);
                for event in events.iter().flatten() {
                    out.push_str("\n\n");
                    out.push_str(&event_card(event, view));
                }
                out
            }
        }
    }
}

impl Human for Explained {
    fn human(&self, view: &View) -> String {
        let mut table = view.table(&["subscription", "client", "types", "matches"]);
        for c in &self.considered {
            table.add_row(vec![
                super::tables::short(&c.sub_id),
                c.client_id.clone(),
                c.event_types.join(","),
                match &c.why_not {
                    None => "yes".to_owned(),
                    Some(why) => format!("no: {why}"),
                },
            ]);
        }
        let matched = super::tables::tally(self.count, None, super::tables::SUBSCRIPTIONS);
        format!(
            "{}\n{matched} of {} considered would get this event",
            view.finish(table),
            self.considered.len()
        )
    }
}

/// The most of a delivery's `lastError` that [`failure_line`] shows.
const ERROR_SHOWN: usize = 160;

/// One line for a delivery a worker failed, for whoever watches it (a
/// terminal, a journal, cron's mail): which delivery, why, and what comes
/// next. A handler's stderr has already passed through whole, so only the
/// first line of the error is shown.
pub fn failure_line(failed: &Failed, view: &View) -> String {
    let d = &failed.delivery;
    let first = d.last_error.lines().next().unwrap_or_default().trim();
    let why = match first.char_indices().nth(ERROR_SHOWN) {
        Some((cut, _)) => format!("{}…", &first[..cut]),
        None if first.is_empty() => "no reason given".to_owned(),
        None => first.to_owned(),
    };
    format!(
        "{} failed on attempt {}: {why}; {}",
        d.delivery_id,
        d.attempt,
        retry_text(&failed.retry, view)
    )
}
