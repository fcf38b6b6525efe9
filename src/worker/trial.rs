//! `sub test`: one event sent to a subscription's endpoint now, through
//! the sender `outbox work` uses (signature, headers, protocol and all),
//! and what the endpoint answered, as Svix's "send example" does. Nothing
//! is written to the ledger unless the test is recorded; then the event
//! is recorded for that subscription alone and its delivery completed or
//! failed as the send ended.

use super::send::Sender;
use super::settle::{Claimed, Events};
use super::{Outcome, finish_of, observed};
use crate::core::Outbox;
use crate::core::ledger::events::RecordEvent;
use crate::core::records::error::{Error, Result};
use crate::core::records::model::{Delivery, Secret, Transport};
use crate::core::reference::OkTrue;
use serde::Serialize;
use serde_json::Value;

/// The worker name a recorded test claims its delivery as.
const WORKER: &str = "outbox-sub-test";

/// What `sub test` answers.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrialSent {
    pub ok: OkTrue,
    pub sub_id: String,
    pub event_id: String,
    pub event_type: String,
    pub transport: Transport,
    pub endpoint: String,
    /// `delivered` or `failed`.
    pub outcome: &'static str,
    pub duration_ms: u64,
    /// What the endpoint answered, as `meta.response` keeps it.
    pub response: Option<Value>,
    pub error: Option<String>,
    /// Whether a failure would be tried again under the policy.
    pub retry: Option<bool>,
    pub recorded: bool,
    /// The recorded delivery, completed or failed.
    pub delivery: Option<Delivery>,
}

impl Outbox {
    /// Sends a test event to `sub_id`'s endpoint now with `sender`.
    pub fn send_trial(
        &mut self,
        sub_id: &str,
        req: &RecordEvent,
        record: bool,
        sender: &Sender,
    ) -> Result<TrialSent> {
        let transport = self.get_subscription(sub_id)?.subscription.transport;
        if transport == Transport::Poll {
            return Err(Error::input(
                "invalid:transport",
                format!(
                    "subscription {sub_id} is a poll subscription: it has no endpoint to test (its workers claim its deliveries)"
                ),
            ));
        }
        // A webhook is signed: one without a secret gets it now, as on
        // its first send by a worker.
        let secrets: Vec<Secret> = if transport == Transport::Webhook {
            let shown = self.subscription_secret(sub_id, &super::secrets::SecretChange::Show)?;
            shown
                .secrets
                .into_iter()
                .map(|secret| Secret {
                    sub_id: sub_id.to_owned(),
                    secret,
                    created_at: 0,
                })
                .collect()
        } else {
            self.read(|tx, _| tx.secrets(sub_id))?
        };
        let trial = self.trial_event(sub_id, req, record, WORKER)?;
        let claimed = Claimed {
            delivery: trial.delivery.clone(),
            event: Some(trial.event.clone()),
            subscription: Some(trial.subscription.clone()),
            secrets,
            send_at: None,
        };
        let started = std::time::Instant::now();
        let outcome = sender.send(&claimed, self.clock.now());
        let observed = observed(&claimed, started);
        let duration_ms = observed.duration_ms.unwrap_or(0) as u64;
        let mut delivery = None;
        if trial.recorded
            && let Some(finish) = finish_of(outcome.clone(), WORKER, observed)
        {
            let id = trial.delivery.delivery_id.clone();
            let turn = self.settle_and_claim(&[(id, finish)], &[], 0, 0, Events::InTurn)?;
            if let Some((_, answer)) = turn.settled.into_iter().next() {
                delivery = Some(answer?.delivery().clone());
            }
        }
        let response = |meta: &Option<crate::core::reference::json::Object>| {
            meta.as_ref().and_then(|m| m.get("response")).cloned()
        };
        let (outcome, response, error, retry) = match &outcome {
            Outcome::Delivered { meta } => ("delivered", response(meta), None, None),
            Outcome::Failed {
                error, retry, meta, ..
            } => ("failed", response(meta), Some(error.clone()), Some(*retry)),
            Outcome::Unreached { error, .. } => ("failed", None, Some(error.clone()), Some(true)),
            Outcome::Abandoned => ("failed", None, Some("abandoned".to_owned()), None),
        };
        Ok(TrialSent {
            ok: OkTrue,
            sub_id: sub_id.to_owned(),
            event_id: trial.event.event_id,
            event_type: trial.event.event_type,
            transport,
            endpoint: crate::core::records::model::mask(&trial.subscription.endpoint),
            outcome,
            duration_ms,
            response,
            error,
            retry,
            recorded: trial.recorded,
            delivery,
        })
    }
}
