//! outbox: an integration event outbox over one SQLite file. Applications
//! record events, subscriptions fan them out into deliveries, and workers
//! claim deliveries under leases until they complete, fail or are released.
//!
//! [`core`] holds the semantics, [`store`] the SQL, [`error`] the one error type.

pub mod core;
pub mod error;
pub mod lifecycle;
pub mod store;
pub mod worker;

pub use error::{Error, ErrorKind, Refusal, Result, StorageCode};
