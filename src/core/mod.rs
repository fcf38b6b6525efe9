//! The core: what each command does to events, subscriptions and
//! deliveries. Knows nothing of the command line or of SQL; it reads and
//! writes through the traits of [`storage`], which each backend in
//! `crate::store` implements. Its rooms, each using only those listed
//! before it:
//!
//! - [`reference`](mod@reference): the reference's JSON, coercions, ids and calendar;
//! - [`records`]: the records kept, the error type, id kinds;
//! - [`storage`]: every trait the core reads and writes through;
//! - [`settings`]: what a subscription says about itself (endpoint,
//!   headers, retry policy, protection);
//! - [`ordering`]: lanes, for delivery in order per subject;
//! - [`ledger`]: the reference's transitions, and the tallies;
//! - [`health`]: endpoint protection at claim time, and `sub health`;
//! - [`batch`]: batches and their sort, export and import;
//! - [`outbox`]: the commands, one transaction each.

pub mod batch;
pub mod health;
pub mod ledger;
pub mod ordering;
pub mod outbox;
pub mod records;
pub mod reference;
pub mod settings;
pub mod storage;

pub use outbox::{Clock, Outbox};
