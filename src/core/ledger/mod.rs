//! The ledger's transitions, as the reference has them: recording events
//! and fanning them out to the subscriptions they match, deliveries and
//! their leases, failures and retries, subscriptions, the tallies counted
//! as it goes, and an application's rows turned into events.

pub mod announce;
pub mod app_rows;
pub mod deliveries;
pub mod events;
pub mod leases;
pub mod matching;
pub mod retries;
pub mod subscriptions;
pub mod tallies;
