//! What a subscription says about itself, kept in its `meta`: its endpoint
//! (and how a broker endpoint reads), its own webhook headers, its retry
//! policy and the protection its receiver asks for.

pub mod endpoint;
pub mod headers;
pub mod policy;
pub mod protection;
