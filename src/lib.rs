//! outbox: an integration event outbox over one SQLite file. Applications
//! record events, subscriptions fan them out into deliveries, and workers
//! claim deliveries under leases until they complete, fail or are released.
//!
//! [`core`] holds the semantics and the one error type ([`Error`]), [`store`]
//! the SQL; [`lifecycle`], [`worker`] and [`relay`] (the transactional
//! outbox's publisher) build on the core, and [`telemetry`] exports the
//! spans of the last two (OpenTelemetry).

pub mod core;
pub mod lifecycle;
pub mod relay;
pub mod store;
pub mod telemetry;
pub mod worker;

pub use core::records::error::{Error, ErrorKind, Refusal, Result, StorageCode};
