//! The records the outbox keeps (events, subscriptions, deliveries, the
//! health and tally rows, an application's outbox rows), the one error type
//! that names them, and the kinds and prefixes of their ids. Data only: the
//! rooms above give them their behaviour.

pub mod app_rows;
pub mod error;
pub mod health;
pub mod model;
pub mod prefix;
pub mod trace;
