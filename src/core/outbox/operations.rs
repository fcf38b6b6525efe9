//! The commands operators reach for beyond the reference's ledger:
//! deleting a subscription, its health and resuming it, why a delivery is
//! held, and the tallies behind the metrics.

use super::Outbox;
use crate::core::health::report::{self, Guards, HealthList, WhyHeld};
use crate::core::ledger::announce;
use crate::core::ledger::subscriptions::{self, SubscriptionDeleted, SubscriptionReply};
use crate::core::records::app_rows::Rejected;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, Tally};

impl Outbox {
    /// The relay set `rejected` rows of `table` (in another database)
    /// aside: `outbox.relay.rejected` for each, when a subscription takes it.
    pub fn announce_rejected(&mut self, table: &str, rejected: &[Rejected]) -> Result<()> {
        if rejected.is_empty() {
            return Ok(());
        }
        self.write(|tx, now| announce::rejected(tx, table, rejected, now))
    }

    /// Adds `n` spans that the process's OpenTelemetry export dropped (a
    /// full queue, a collector down) to their tally.
    pub fn count_spans_dropped(&mut self, n: u64) -> Result<()> {
        if n == 0 {
            return Ok(());
        }
        self.write(|tx, _| {
            crate::core::ledger::tallies::spans_dropped(tx, n);
            Ok(())
        })
    }

    /// `sub delete`: the subscription goes, with its event types, secrets,
    /// health and lanes; its finished deliveries stay in the ledger. One
    /// with deliveries still pending is refused (`invalid:subscriptionPending`)
    /// unless `cancel_pending`, which cancels them as `delivery cancel`
    /// would, in the same transaction.
    pub fn delete_subscription(
        &mut self,
        sub_id: &str,
        cancel_pending: bool,
    ) -> Result<SubscriptionDeleted> {
        self.write(|tx, now| subscriptions::delete_subscription(tx, now, sub_id, cancel_pending))
    }

    /// Why each held delivery of `deliveries` waits, by id: behind an
    /// earlier one of its subject, or set aside while its subscription is
    /// held (and why that is). Each lane and subscription is read once.
    pub fn why_held(&mut self, deliveries: &[Delivery]) -> Result<Vec<(String, WhyHeld)>> {
        self.read(|tx, now| report::why_held(tx, now, deliveries))
    }

    /// See [`Guards`].
    pub fn guards(&mut self) -> Result<Guards> {
        self.read(|tx, now| report::guards(tx, now))
    }

    /// The health of one subscription, or of every subscription (the
    /// newest 500).
    pub fn subscription_health(&mut self, sub_id: Option<&str>) -> Result<HealthList> {
        let clock = self.clock;
        self.read(|tx, now| report::subscription_health(tx, now, &|| clock.now_ms(), sub_id))
    }

    /// `sub resume`: active again, its health reset (breaker closed, no
    /// failures, no pause, no longer disabled for failing).
    pub fn resume_subscription(&mut self, sub_id: &str) -> Result<SubscriptionReply> {
        self.write(|tx, now| report::resume_subscription(tx, now, sub_id))
    }

    /// Every tally kept, by name and labels.
    pub fn tallies(&mut self) -> Result<Vec<Tally>> {
        self.read(|tx, _| tx.tallies())
    }

    /// Attempts finished per `step` seconds over the last `window` seconds.
    pub fn history(
        &mut self,
        window: i64,
        step: i64,
    ) -> Result<crate::core::ledger::tallies::History> {
        self.read(|tx, now| crate::core::ledger::tallies::history(tx, now, window, step))
    }

    /// Deliveries set aside while their subscription is held, by
    /// subscription.
    pub fn set_aside_by_sub(&mut self) -> Result<Vec<(String, i64)>> {
        self.read(|tx, _| tx.set_aside_by_sub())
    }
}
